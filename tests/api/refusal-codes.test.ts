// Every refusal carries a stable `code` beside SPEC §8's unchanged `message`
// (supabase/functions/_shared/refusals.ts), and every refusal the database makes names its code
// in the error's HINT, so the api never reads the English and the PWA can show it in the member's
// language.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { matchTemplate, placeholdersOf } from '../../supabase/functions/_shared/message-template.ts';
import {
  GENERIC_REFUSAL_CODES,
  isKnownRefusalCode,
  refusal,
  REFUSALS,
} from '../../supabase/functions/_shared/refusals.ts';
import { findValidationMessage } from '../../supabase/functions/_shared/validation.ts';
import { fromDatabaseError, HttpError, refusalCodeOf } from '../../supabase/functions/api/lib/http-error.ts';
import { liftThrottles, raw } from '../support/accounts.ts';
import { createRide, PASSWORD, registerMember, registerVendor, TestClient } from '../support/api-client.ts';
import { backends, ownerQuery } from '../support/databases.ts';
import { useSuite } from '../support/suite.ts';
import { joinBody } from './ride-test-kit.ts';

const SCHEMAS = join(import.meta.dirname, '../../supabase/schemas');

// What is wrong with the `raise exception` statements of some SQL (a schema file, a function's
// body): each must name its refusal's code in its HINT, written in the raise (a literal, or a
// `case` whose every branch is one), a key of REFUSALS or 'invalid_input' (a field check the
// api's schemas make too). A refusal's own text (PTxxx, a literal or format()'s literal pattern)
// must read as its code's, so the PWA's translation by code says the same thing.
function raiseProblems(sql: string): string[] {
  const problems: string[] = [];
  const code = sql.replace(/--[^\n]*/g, '');
  for (const [statement] of code.matchAll(/\braise\s+exception\b[\s\S]*?;/gi)) {
    const said = statement.replace(/\s+/g, ' ');
    const hint = /\bhint\s*=\s*('(?:[^']|'')*'|case\b[\s\S]*?\bend\b)/i.exec(statement)?.[1];
    if (!hint) {
      problems.push(`names no code: ${said}`);
      continue;
    }
    const codes = hint.startsWith("'")
      ? [hint.slice(1, -1)]
      : [...hint.matchAll(/\b(?:then|else)\s+'([^']*)'/gi)].map((match) => match[1]!);
    if (codes.length === 0) problems.push(`names no code: ${said}`);
    for (const named of codes) {
      if (named !== 'invalid_input' && !isKnownRefusalCode(named)) problems.push(`unknown code ${named}: ${said}`);
    }
    const errcode = /\berrcode\s*=\s*'([^']*)'/i.exec(statement)?.[1] ?? '';
    const text = /\bmessage\s*=\s*(?:format\(\s*)?'((?:[^']|'')*)'/i.exec(statement)?.[1];
    if (!/^PT[0-9]{3}$/.test(errcode) || text === undefined || codes.length !== 1) continue;
    if (codes[0] !== 'invalid_input' && !isKnownRefusalCode(codes[0])) continue;
    // format()'s %s and %L stand for the registry's {...}.
    let n = 0;
    const sample = text.replace(/''/g, "'").replace(/%[sL]/g, () => `⟨value${(n += 1)}⟩`);
    const reads =
      codes[0] === 'invalid_input'
        ? findValidationMessage(sample) !== null
        : matchTemplate(REFUSALS[codes[0] as keyof typeof REFUSALS].message, sample) !== null;
    if (!reads) problems.push(`text is not its code's (${codes[0]}): ${said}`);
  }
  return problems;
}

function raiseCount(sql: string): number {
  return [...sql.replace(/--[^\n]*/g, '').matchAll(/\braise\s+exception\b/gi)].length;
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

  it('fills its templates', () => {
    expect(refusal('spots_remaining', { count: 3 })).toEqual({
      code: 'spots_remaining',
      message: 'Only 3 spots remaining',
    });
    for (const descriptor of Object.values(REFUSALS)) {
      for (const name of placeholdersOf(descriptor.message)) expect(name).toMatch(/^[a-z]+$/);
    }
  });

  it('finds a raise that names no code, an unknown one, or one whose text is another', () => {
    const sample = `
      begin
        raise exception using errcode = 'PT409', message = 'This ride is full';
        raise exception using errcode = 'PT409', message = 'This ride is full', hint = 'ride_fulll';
        raise exception using errcode = 'PT409', message = 'This ride is full', hint = 'already_joined';
        raise exception using errcode = 'PT429', message = format(p_message, v_wait), hint = v_retry::text;
        raise exception 'This ride is full' using errcode = 'PT409';
        -- raise exception using errcode = 'PT409', message = 'a comment is no raise';
        raise exception using errcode = 'PT409', message = 'This ride is full', hint = 'ride_full';
        raise exception using errcode = 'PT409',
          message = format('Only %s spots remaining', v_remaining), hint = 'spots_remaining';
        raise exception using errcode = 'PT400', message = 'Drop-off location is required', hint = 'invalid_input';
        raise exception using errcode = 'PT429', message = format(p_message, v_wait), detail = v_retry::text,
          hint = case p_limit when 'rides:edits' then 'too_many_ride_edits' when 'x:y' then 'no_such_code' end;
      end`;
    expect(raiseProblems(sample).map((problem) => problem.replace(/:.*/, ''))).toEqual([
      'names no code',
      'unknown code ride_fulll',
      "text is not its code's (already_joined)",
      'names no code',
      'names no code',
      'unknown code no_such_code',
    ]);
  });

  it('every raise of supabase/schemas/ names a code of the registry (or invalid_input)', () => {
    let raises = 0;
    const problems: string[] = [];
    for (const file of readdirSync(SCHEMAS).filter((name) => name.endsWith('.sql'))) {
      const sql = readFileSync(join(SCHEMAS, file), 'utf8');
      raises += raiseCount(sql);
      problems.push(...raiseProblems(sql).map((problem) => `${file}: ${problem}`));
    }
    // The parse found the raises it should (a change of style would empty it).
    expect(raises).toBeGreaterThan(60);
    expect(problems).toEqual([]);
  });

  it("reads the code from the HINT, never from the English; no code is the status's generic one", () => {
    const byHint = fromDatabaseError({ code: 'PT409', message: 'This ride is full', hint: 'ride_full' });
    expect(byHint).toBeInstanceOf(HttpError);
    expect([byHint!.status, byHint!.message, byHint!.code]).toEqual([409, 'This ride is full', 'ride_full']);
    // Reworded, the refusal keeps its code; the text is sent as the database wrote it.
    const reworded = fromDatabaseError({ code: 'PT409', message: 'No seats are left on this ride', hint: 'ride_full' });
    expect([reworded!.message, reworded!.code]).toEqual(['No seats are left on this ride', 'ride_full']);
    // A registry text that names no code is not looked up.
    const unnamed = fromDatabaseError({ code: 'PT409', message: 'This ride is full' });
    expect(unnamed!.code).toBe(GENERIC_REFUSAL_CODES[409]);
    const validation = fromDatabaseError({
      code: 'PT400',
      message: 'Drop-off location is required',
      hint: 'invalid_input',
    });
    expect([validation!.status, validation!.code]).toEqual([400, 'invalid_input']);
    const throttled = fromDatabaseError({
      code: 'PT429',
      message: 'Too many joins and leaves. Please try again in 2 minutes.',
      detail: '90',
      hint: 'too_many_joins',
    });
    expect([throttled!.code, throttled!.headers]).toEqual(['too_many_joins', { 'Retry-After': '90' }]);
    const unknown = fromDatabaseError({ code: 'PT404', message: 'A text nobody registered', hint: 'made_up' });
    expect([unknown!.message, unknown!.code]).toEqual(['A text nobody registered', GENERIC_REFUSAL_CODES[404]]);
    expect(fromDatabaseError({ code: '23505', message: 'duplicate key' })!.code).toBe('already_exists');
    expect(fromDatabaseError({ code: '40001', message: 'could not serialize' })!.code).toBe('concurrent_change');
    expect(refusalCodeOf(418, undefined)).toBe('refused');
  });
});

describe.each(backends)("the database's refusals on %s", (backend) => {
  const suite = useSuite(backend);

  it('the driver hands over the HINT and the DETAIL, and the api answers with them', async () => {
    const error = await ownerQuery(
      suite.db,
      `do $$ begin
         raise exception using errcode = 'PT429', message = 'Too many joins and leaves. Please try again in 2 minutes.',
           detail = '90', hint = 'too_many_joins';
       end $$`,
    ).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'PT429', hint: 'too_many_joins', detail: '90' });
    const answer = fromDatabaseError(error)!;
    expect([answer.status, answer.code, answer.message, answer.headers]).toEqual([
      429,
      'too_many_joins',
      'Too many joins and leaves. Please try again in 2 minutes.',
      { 'Retry-After': '90' },
    ]);
  });

  it('every function of the migrated database names a code in each raise', async () => {
    // The bodies as the migrations left them, not as the schema files say they are.
    const functions = await ownerQuery<{ name: string; body: string }>(
      suite.db,
      `select p.oid::regprocedure::text as name, p.prosrc as body
         from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname in ('public', 'app', 'private', 'admin') and p.prosrc ~* 'raise\\s+exception'`,
    );
    const raises = functions.reduce((sum, { body }) => sum + raiseCount(body), 0);
    expect(raises).toBeGreaterThan(60);
    expect(functions.flatMap(({ name, body }) => raiseProblems(body).map((problem) => `${name}: ${problem}`))).toEqual(
      [],
    );
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
    expect(answer.body).toEqual({ message, code, requestId: expect.any(String) });
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
    expect(answer.body).toEqual({
      message: 'Vendors cannot create rides',
      code: 'vendor_cannot_create_ride',
      requestId: expect.any(String),
    });
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
    expect(malformed.body).toEqual({
      message: 'Request body must be valid JSON',
      code: 'invalid_json',
      requestId: expect.any(String),
    });
  });
});
