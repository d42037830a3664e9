// Every refusal carries a stable `code` beside SPEC §8's unchanged `message`
// (supabase/functions/_shared/refusals.ts), and every text the database refuses with is in the
// registry, so the PWA can show it in the member's language.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { placeholdersOf } from '../../supabase/functions/_shared/message-template.ts';
import { codeForMessage, GENERIC_REFUSAL_CODES, refusal, REFUSALS } from '../../supabase/functions/_shared/refusals.ts';
import { findValidationMessage } from '../../supabase/functions/_shared/validation.ts';
import { fromDatabaseError, HttpError, refusalCodeOf } from '../../supabase/functions/api/lib/http-error.ts';
import { liftThrottles, raw } from '../support/accounts.ts';
import { createRide, PASSWORD, registerMember, registerVendor, TestClient } from '../support/api-client.ts';
import { backends } from '../support/databases.ts';
import { useSuite } from '../support/suite.ts';
import { joinBody } from './ride-test-kit.ts';

const MIGRATIONS = join(import.meta.dirname, '../../supabase/migrations');

// The texts a `raise exception` with a PTxxx SQLSTATE can send, and the messages handed to the
// throttle (private.take_throttle formats its message with the wait), from every migration. The
// older definitions of a function are read too: their texts are the same as the latest ones', so
// this is the latest texts and nothing more. format()'s %s and %L become the registry's {...}.
function databaseRefusalTexts(): Array<{ file: string; text: string }> {
  const texts: Array<{ file: string; text: string }> = [];
  for (const file of readdirSync(MIGRATIONS)
    .filter((name) => name.endsWith('.sql'))
    .sort()) {
    const sql = readFileSync(join(MIGRATIONS, file), 'utf8').replace(/--[^\n]*/g, '');
    // From `raise exception` to the end of its statement.
    for (const statement of sql.matchAll(/raise exception\b([\s\S]*?);/gi)) {
      const body = statement[1]!;
      if (!/errcode\s*=\s*'PT[0-9]{3}'/i.test(body)) continue;
      for (const literal of body.matchAll(/'((?:[^']|'')*)'/g)) {
        const text = literal[1]!.replace(/''/g, "'");
        // SQLSTATEs, and the values a `case` compares with (tg_op, a status), are not texts.
        if (/^PT[0-9]{3}$/.test(text) || /^(INSERT|DELETE|UPDATE)$/.test(text) || /^[a-z_]+$/.test(text)) continue;
        texts.push({ file, text });
      }
    }
    for (const call of sql.matchAll(/'((?:[^']|'')*Please try again in %s\.)'/g)) {
      texts.push({ file, text: call[1]!.replace(/''/g, "'") });
    }
  }
  return texts;
}

// A format() pattern as the registry writes it: each %s or %L a placeholder.
function asTemplateSample(text: string): string {
  let n = 0;
  return text.replace(/%[sL]/g, () => `⟨value${(n += 1)}⟩`);
}

describe('the refusal registry', () => {
  it('has one snake_case code per entry, with the id refusal.<code>', () => {
    for (const [code, descriptor] of Object.entries(REFUSALS)) {
      expect(code).toMatch(/^[a-z][a-z0-9_]*$/);
      expect(descriptor.id).toBe(`refusal.${code}`);
      expect(descriptor.message.trim()).toBe(descriptor.message);
    }
    const texts = Object.values(REFUSALS).map((descriptor) => descriptor.message);
    expect(new Set(texts).size).toBe(texts.length);
  });

  it('fills and reads back its templates', () => {
    expect(refusal('spots_remaining', { count: 3 })).toEqual({
      code: 'spots_remaining',
      message: 'Only 3 spots remaining',
    });
    expect(codeForMessage('Only 3 spots remaining')).toBe('spots_remaining');
    expect(codeForMessage('Only 1 spot remaining')).toBe('one_spot_remaining');
    expect(codeForMessage('Only 2 spots remaining for your party')).toBe('party_too_big');
    expect(codeForMessage('Too many failed attempts. Please try again in 15 minutes.')).toBe(
      'too_many_failed_attempts',
    );
    expect(codeForMessage('Something nobody wrote')).toBeNull();
    for (const descriptor of Object.values(REFUSALS)) {
      for (const name of placeholdersOf(descriptor.message)) expect(name).toMatch(/^[a-z]+$/);
    }
  });

  it('knows every text the migrations refuse with (PTxxx), here or among the validation texts', () => {
    const texts = databaseRefusalTexts();
    // The parse found the refusals it should (a change of style in a migration would empty it).
    expect(texts.length).toBeGreaterThan(60);
    const missing = texts.filter(({ text }) => {
      const sample = asTemplateSample(text);
      if (!sample.includes('⟨')) return codeForMessage(text) === null && findValidationMessage(text) === null;
      // A format() text: some registry template must read it with values in place of each %s.
      return codeForMessage(sample) === null && findValidationMessage(sample) === null;
    });
    expect(missing).toEqual([]);
  });

  it('codes a database refusal by its text, and an unknown text by its status', () => {
    const byText = fromDatabaseError({ code: 'PT409', message: 'This ride is full' });
    expect(byText).toBeInstanceOf(HttpError);
    expect([byText!.status, byText!.message, byText!.code]).toEqual([409, 'This ride is full', 'ride_full']);
    const validation = fromDatabaseError({ code: 'PT400', message: 'Drop-off location is required' });
    expect([validation!.status, validation!.code]).toEqual([400, 'invalid_input']);
    const throttled = fromDatabaseError({
      code: 'PT429',
      message: 'Too many joins and leaves. Please try again in 2 minutes.',
      hint: '90',
    });
    expect([throttled!.code, throttled!.headers]).toEqual(['too_many_joins', { 'Retry-After': '90' }]);
    const unknown = fromDatabaseError({ code: 'PT404', message: 'A text nobody registered' });
    expect([unknown!.message, unknown!.code]).toEqual(['A text nobody registered', GENERIC_REFUSAL_CODES[404]]);
    expect(fromDatabaseError({ code: '23505', message: 'duplicate key' })!.code).toBe('already_exists');
    expect(fromDatabaseError({ code: '40001', message: 'could not serialize' })!.code).toBe('concurrent_change');
    expect(refusalCodeOf(418, 'I am a teapot')).toBe('refused');
  });
});

describe.each(backends)('refusal codes on %s', (backend) => {
  const suite = useSuite(backend);

  async function expectCoded(
    answerPromise: Promise<{ status: number; body: any }>,
    status: number,
    code: string,
    message: string,
  ) {
    const answer = await answerPromise;
    expect(answer.status, JSON.stringify(answer.body)).toBe(status);
    expect(answer.body).toEqual({ message, code });
  }

  it('joining a full ride: 409 ride_full, SPEC’s text unchanged', async () => {
    await liftThrottles(suite.db);
    const organiser = await registerMember(suite.app, 'fullorg');
    const ride = await createRide(organiser, { maxPassengers: 2, organizerPassengerCount: 1 });
    const first = await registerMember(suite.app, 'fullone');
    expect((await first.post(`/api/rides/${ride.id}/join`, joinBody())).status).toBe(201);
    const late = await registerMember(suite.app, 'fulltwo');
    await expectCoded(late.post(`/api/rides/${ride.id}/join`, joinBody()), 409, 'ride_full', 'This ride is full');
  });

  it('a party bigger than the seats left: the count stays in the text', async () => {
    const organiser = await registerMember(suite.app, 'spotsorg');
    const ride = await createRide(organiser, { maxPassengers: 4, organizerPassengerCount: 1 });
    const party = await registerMember(suite.app, 'spotsparty');
    await expectCoded(
      party.post(`/api/rides/${ride.id}/join`, joinBody({ passengerCount: 3 + 1 })),
      409,
      'spots_remaining',
      'Only 3 spots remaining',
    );
  });

  it('a wrong password: 401 invalid_credentials', async () => {
    const member = await registerMember(suite.app, 'wrongpw');
    await expectCoded(
      new TestClient(suite.app).post('/api/login', {
        discordUsername: member.user.discordUsername,
        password: `${PASSWORD}x`,
      }),
      401,
      'invalid_credentials',
      'Invalid Discord username or password',
    );
  });

  it('a vendor creating a ride: 403 vendor_cannot_create_ride', async () => {
    const vendor = await registerVendor(suite.app);
    const answer = await vendor.post('/api/rides', {
      direction: 'SG->FC',
      date: new Date(Date.now() + 3 * 86_400_000).toISOString(),
      maxPassengers: 4,
      pickupLocation: 'Pasir Ris MRT',
      dropoffLocations: [{ location: 'Pasir Ris MRT', passengerCount: 1 }],
      organizerPassengerCount: 1,
    });
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual({ message: 'Vendors cannot create rides', code: 'vendor_cannot_create_ride' });
  });

  it('not logged in, not found, and a validation failure', async () => {
    await expectCoded(suite.anonymous.post('/api/rides', {}), 401, 'login_required', 'You must be logged in');
    await expectCoded(suite.anonymous.get('/api/auth/me'), 401, 'not_logged_in', 'Not logged in');
    await expectCoded(suite.anonymous.get('/api/no-such-thing'), 404, 'not_found', 'Not found');
    await expectCoded(suite.anonymous.get('/api/rides/987654'), 404, 'ride_not_found', 'Ride not found');
    await expectCoded(suite.anonymous.get('/api/rides/abc'), 400, 'invalid_id', 'Invalid ride id');
    // zod's first message, as SPEC §8 has it, with the one validation code.
    await expectCoded(
      suite.anonymous.post('/api/login', { discordUsername: '', password: 'x' }),
      400,
      'invalid_input',
      'Discord username is required',
    );
    const malformed = await raw(suite.app, 'POST', '/api/login', { body: '{not json' });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ message: 'Request body must be valid JSON', code: 'invalid_json' });
  });
});
