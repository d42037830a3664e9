// Every refusal carries a stable `code` and the values its text names (`params`) beside a
// `message` in the caller's language (supabase/functions/_shared/refusals.ts, ADR 0047). Every
// refusal the database makes names its code in the error's HINT and sends its values as JSON in
// DETAIL, so the api never reads the English and the PWA says the refusal from code and params.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { fillTemplate, placeholdersOf } from '../../supabase/functions/_shared/message-template.ts';
import { REFUSAL_CATALOGUES } from '../../supabase/functions/_shared/refusal-catalogues.ts';
import {
  GENERIC_REFUSAL_CODES,
  isKnownRefusalCode,
  refusal,
  REFUSALS,
  waitText,
} from '../../supabase/functions/_shared/refusals.ts';
import { isValidationKey, VALIDATION } from '../../supabase/functions/_shared/validation.ts';
import {
  fromDatabaseError,
  HttpError,
  paramsOfDetail,
  refusalCodeOf,
} from '../../supabase/functions/api/lib/http-error.ts';
import { acceptedLanguage, refusalMessageIn } from '../../supabase/functions/api/lib/refusal-language.ts';
import { liftThrottles, raw } from '../support/accounts.ts';
import { createRide, PASSWORD, registerMember, registerVendor, TestClient } from '../support/api-client.ts';
import { backends, ownerQuery } from '../support/databases.ts';
import { useSuite } from '../support/suite.ts';
import { joinBody } from './ride-test-kit.ts';

const SCHEMAS = join(import.meta.dirname, '../../supabase/schemas');

// A call's arguments at its top level: commas inside parentheses or quotes do not split.
function argumentsOf(text: string): string[] {
  const args: string[] = [];
  let depth = 0;
  let quoted = false;
  let current = '';
  for (const char of text) {
    if (char === "'") quoted = !quoted;
    if (!quoted && char === '(') depth += 1;
    if (!quoted && char === ')') depth -= 1;
    if (!quoted && depth === 0 && char === ',') {
      args.push(current.trim());
      current = '';
    } else {
      current += char;
    }
  }
  if (current.trim()) args.push(current.trim());
  return args;
}

// The text of a call's parentheses, starting at the one after `at`.
function parenthesised(text: string, at: number): string | null {
  const open = text.indexOf('(', at);
  if (open < 0) return null;
  let depth = 0;
  let quoted = false;
  for (let index = open; index < text.length; index += 1) {
    const char = text[index];
    if (char === "'") quoted = !quoted;
    if (quoted) continue;
    if (char === '(') depth += 1;
    if (char === ')' && (depth -= 1) === 0) return text.slice(open + 1, index);
  }
  return null;
}

// The DETAIL a raise writes as `detail = json_build_object('name', value, ...)::text`: its names,
// and the values written as literals ('required', 300), or null when it writes none that way.
function detailOf(statement: string): { names: string[]; literals: Record<string, string | number> } | null {
  const at = /\bdetail\s*=\s*json_build_object\s*\(/i.exec(statement);
  if (!at) return null;
  const inside = parenthesised(statement, at.index);
  if (inside === null) return null;
  const args = argumentsOf(inside);
  const names: string[] = [];
  const literals: Record<string, string | number> = {};
  for (let index = 0; index + 1 < args.length; index += 2) {
    const name = /^'([a-z_]+)'$/i.exec(args[index]!)?.[1];
    if (!name) return null;
    names.push(name);
    const value = args[index + 1]!;
    const text = /^'((?:[^']|'')*)'$/.exec(value)?.[1];
    if (text !== undefined) literals[name] = text.replace(/''/g, "'");
    else if (/^[0-9]+$/.test(value)) literals[name] = Number(value);
  }
  return { names, literals };
}

const sorted = (names: Iterable<string>) => [...new Set(names)].sort();

// What is wrong with the `raise exception` statements of some SQL (a schema file, a function's
// body):
// - each names its refusal's code in its HINT, written in the raise (a literal, or a `case`
//   whose every branch is one), a key of REFUSALS or 'invalid_input';
// - a message with values (format()) sends them in DETAIL as json_build_object(...)::text;
// - a refusal (PTxxx) whose code's text names values ({count}, {wait}) sends exactly those in
//   DETAIL, and a format() text has as many %s as its code's text has placeholders;
// - an 'invalid_input' sends its validation rule and the rule's values in DETAIL, and the rule
//   filled with them is the message it raises (what the PWA will say in English).
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
    const formatted = /\bmessage\s*=\s*format\(/i.test(statement);
    const literal = /\bmessage\s*=\s*'((?:[^']|'')*)'/i.exec(statement)?.[1]?.replace(/''/g, "'");
    const pattern = /\bmessage\s*=\s*format\(\s*'((?:[^']|'')*)'/i.exec(statement)?.[1];
    const detail = detailOf(statement);
    if (formatted && !detail) {
      problems.push(`values not in DETAIL: ${said}`);
      continue;
    }
    if (!/^PT[0-9]{3}$/.test(errcode)) continue;
    for (const named of codes) {
      if (named === 'invalid_input') {
        const rule = detail?.literals.rule;
        if (!isValidationKey(rule)) {
          problems.push(`no validation rule in DETAIL: ${said}`);
          continue;
        }
        const names = detail!.names.filter((name) => name !== 'rule' && name !== 'field');
        if (sorted(names).join() !== sorted(placeholdersOf(VALIDATION[rule].message)).join())
          problems.push(`DETAIL is not the values of ${rule}: ${said}`);
        else if (literal !== undefined && fillTemplate(VALIDATION[rule].message, detail!.literals) !== literal)
          problems.push(`${rule} with its DETAIL is not the message: ${said}`);
        continue;
      }
      if (!isKnownRefusalCode(named)) continue;
      const wanted = sorted(placeholdersOf(REFUSALS[named].message));
      if (sorted(detail?.names ?? []).join() !== wanted.join())
        problems.push(`DETAIL is not ${named}'s values (${wanted.join(', ') || 'none'}): ${said}`);
      if (
        pattern !== undefined &&
        (pattern.match(/%[sL]/g) ?? []).length !== placeholdersOf(REFUSALS[named].message).length
      )
        problems.push(`text has not ${named}'s values: ${said}`);
    }
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

  it('fills its templates from params, a wait given in seconds said in words', () => {
    expect(refusal('spots_remaining', { count: 3 })).toEqual({
      code: 'spots_remaining',
      params: { count: 3 },
      message: 'Only 3 spots remaining',
    });
    expect(refusal('too_many_joins', { wait: 600 })).toEqual({
      code: 'too_many_joins',
      params: { wait: 600 },
      message: 'Too many joins and leaves. Please try again in 10 minutes.',
    });
    expect(refusal('ride_full')).toEqual({ code: 'ride_full', params: {}, message: 'This ride is full' });
    for (const descriptor of Object.values(REFUSALS)) {
      for (const name of placeholdersOf(descriptor.message)) expect(name).toMatch(/^[a-z]+$/);
    }
    // A validation rule's values sit beside its name and the field in one params object.
    for (const descriptor of Object.values(VALIDATION)) {
      expect(placeholdersOf(descriptor.message)).not.toContain('rule');
      expect(placeholdersOf(descriptor.message)).not.toContain('field');
    }
  });

  it('finds a raise that names no code, an unknown one, or sends not the values its text names', () => {
    const sample = `
      begin
        raise exception using errcode = 'PT409', message = 'This ride is full';
        raise exception using errcode = 'PT409', message = 'This ride is full', hint = 'ride_fulll';
        raise exception using errcode = 'PT429', message = format(p_message, v_wait), hint = v_retry::text;
        raise exception 'This ride is full' using errcode = 'PT409';
        -- raise exception using errcode = 'PT409', message = 'a comment is no raise';
        raise exception using errcode = 'PT409', message = 'This ride is full', hint = 'ride_full';
        raise exception using errcode = 'PT409',
          message = format('Only %s spots remaining', v_remaining), hint = 'spots_remaining';
        raise exception using errcode = 'PT409', message = format('Only %s spots remaining', v_remaining),
          detail = json_build_object('remaining', v_remaining)::text, hint = 'spots_remaining';
        raise exception using errcode = 'PT409', message = format('Only %s spots remaining', v_remaining),
          detail = json_build_object('count', v_remaining)::text, hint = 'spots_remaining';
        raise exception using errcode = 'PT409', message = format('Only so many spots remaining'),
          detail = json_build_object('count', v_remaining)::text, hint = 'spots_remaining';
        raise exception using errcode = 'PT400', message = 'Drop-off location is required', hint = 'invalid_input';
        raise exception using errcode = 'PT400', message = 'Drop-off location is required',
          detail = json_build_object('rule', 'required', 'label', 'Drop-off location')::text, hint = 'invalid_input';
        raise exception using errcode = 'PT400', message = 'Drop-off location is required',
          detail = json_build_object('rule', 'required', 'label', 'Pickup')::text, hint = 'invalid_input';
        raise exception using errcode = 'PT400', message = 'Reason must be at most 300 characters',
          detail = json_build_object('rule', 'too_long', 'label', 'Reason')::text, hint = 'invalid_input';
        raise exception using errcode = 'PT429', message = format(p_message, v_wait),
          detail = json_build_object('wait', p_retry)::text,
          hint = case p_limit when 'rides:edits' then 'too_many_ride_edits' when 'x:y' then 'no_such_code' end;
        raise exception using errcode = 'PT429', message = format(p_message, v_wait), detail = p_retry::text,
          hint = case p_limit when 'rides:edits' then 'too_many_ride_edits' end;
        raise exception using errcode = 'no_data_found', message = format('No member with id %s', p_id),
          hint = 'user_not_found';
      end`;
    expect(raiseProblems(sample).map((problem) => problem.replace(/:.*/, ''))).toEqual([
      'names no code',
      'unknown code ride_fulll',
      'names no code',
      'names no code',
      'values not in DETAIL',
      "DETAIL is not spots_remaining's values (count)",
      "text has not spots_remaining's values",
      'no validation rule in DETAIL',
      'required with its DETAIL is not the message',
      'DETAIL is not the values of too_long',
      'unknown code no_such_code',
      'values not in DETAIL',
      'values not in DETAIL',
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

  it("reads the code from the HINT and the params from the DETAIL, never the English; no code is the status's generic one", () => {
    const byHint = fromDatabaseError({ code: 'PT409', message: 'This ride is full', hint: 'ride_full' });
    expect(byHint).toBeInstanceOf(HttpError);
    expect([byHint!.status, byHint!.message, byHint!.code, byHint!.params]).toEqual([
      409,
      'This ride is full',
      'ride_full',
      {},
    ]);
    // Reworded, the refusal keeps its code and values; the text is sent as the database wrote it.
    const reworded = fromDatabaseError({
      code: 'PT409',
      message: 'Just 3 seats are left',
      detail: '{"count": 3}',
      hint: 'spots_remaining',
    });
    expect([reworded!.message, reworded!.code, reworded!.params]).toEqual([
      'Just 3 seats are left',
      'spots_remaining',
      { count: 3 },
    ]);
    // A registry text that names no code is not looked up.
    const unnamed = fromDatabaseError({ code: 'PT409', message: 'This ride is full' });
    expect(unnamed!.code).toBe(GENERIC_REFUSAL_CODES[409]);
    const validation = fromDatabaseError({
      code: 'PT400',
      message: 'Drop-off location is required',
      detail: '{"rule" : "required", "label" : "Drop-off location"}',
      hint: 'invalid_input',
    });
    expect([validation!.status, validation!.code, validation!.params]).toEqual([
      400,
      'invalid_input',
      { rule: 'required', label: 'Drop-off location' },
    ]);
    const throttled = fromDatabaseError({
      code: 'PT429',
      message: 'Too many joins and leaves. Please try again in 2 minutes.',
      detail: '{"wait" : 90}',
      hint: 'too_many_joins',
    });
    expect([throttled!.code, throttled!.params, throttled!.headers]).toEqual([
      'too_many_joins',
      { wait: 90 },
      { 'Retry-After': '90' },
    ]);
    const unknown = fromDatabaseError({ code: 'PT404', message: 'A text nobody registered', hint: 'made_up' });
    expect([unknown!.message, unknown!.code]).toEqual(['A text nobody registered', GENERIC_REFUSAL_CODES[404]]);
    expect(fromDatabaseError({ code: '23505', message: 'duplicate key' })!.code).toBe('already_exists');
    expect(fromDatabaseError({ code: '40001', message: 'could not serialize' })!.code).toBe('concurrent_change');
    expect(refusalCodeOf(418, undefined)).toBe('refused');
  });

  it("keeps of a DETAIL only a JSON object's strings and numbers", () => {
    expect(paramsOfDetail('{"count": 2, "username": "ana", "nested": {"a": 1}, "list": [1], "none": null}')).toEqual({
      count: 2,
      username: 'ana',
    });
    // Postgres's own errors write prose in DETAIL; the throttles once wrote bare seconds.
    expect(paramsOfDetail('Key (id)=(3) already exists.')).toEqual({});
    expect(paramsOfDetail('90')).toEqual({});
    expect(paramsOfDetail('{not json')).toEqual({});
    expect(paramsOfDetail(undefined)).toEqual({});
  });

  it('takes the first language of Accept-Language the app speaks', () => {
    expect(acceptedLanguage('zh-CN,zh;q=0.9,en;q=0.8')).toBe('zh');
    expect(acceptedLanguage('fr-FR, ms;q=0.5, en;q=0.7')).toBe('en');
    expect(acceptedLanguage('ms-MY')).toBe('ms');
    expect(acceptedLanguage('en;q=0, zh;q=0.1')).toBe('zh');
    expect(acceptedLanguage('fr, de')).toBeNull();
    expect(acceptedLanguage(undefined)).toBeNull();
  });
});

describe.each(backends)("the database's refusals on %s", (backend) => {
  const suite = useSuite(backend);

  it('the driver hands over the HINT and the DETAIL, and the api answers with them', async () => {
    const error = await ownerQuery(
      suite.db,
      `do $$ begin
         raise exception using errcode = 'PT409', message = 'Only 3 spots remaining',
           detail = json_build_object('count', 3)::text, hint = 'spots_remaining';
       end $$`,
    ).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'PT409', hint: 'spots_remaining' });
    const answer = fromDatabaseError(error)!;
    expect([answer.status, answer.code, answer.params, answer.message]).toEqual([
      409,
      'spots_remaining',
      { count: 3 },
      'Only 3 spots remaining',
    ]);
  });

  it("a throttle's refusal sends the wait in seconds, and the api its Retry-After", async () => {
    const error = await ownerQuery(
      suite.db,
      `select private.refuse_throttled('rides:edits', 'Too many ride edits. Please try again in %s.', 300)`,
    ).catch((caught: unknown) => caught);
    const answer = fromDatabaseError(error)!;
    expect([answer.status, answer.code, answer.params, answer.message, answer.headers]).toEqual([
      429,
      'too_many_ride_edits',
      { wait: 300 },
      'Too many ride edits. Please try again in 5 minutes.',
      { 'Retry-After': '300' },
    ]);
  });

  it('says a wait in the words private.wait_text does', async () => {
    const waits = [1, 59, 60, 61, 600, 5399, 5400, 5401, 7200, 86_400, 172_800, 172_801, 864_000];
    const rows = await ownerQuery<{ seconds: number; text: string }>(
      suite.db,
      'select s as seconds, private.wait_text(s) as text from unnest($1::integer[]) as s',
      [waits],
    );
    expect(rows.map((row) => row.text)).toEqual(waits.map((seconds) => waitText(seconds)));
    expect(rows.map((row) => row.text)).toContain('1 minute');
    expect(rows.map((row) => row.text)).toContain('3 days');
  });

  it('every function of the migrated database names a code and sends its values in each raise', async () => {
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
    params: Record<string, string | number>,
    message: string,
  ) {
    const answer = await answerPromise;
    expect(answer.status, JSON.stringify(answer.body)).toBe(status);
    expect(answer.body).toEqual({ code, params, message, requestId: expect.any(String) });
  }

  it('joining a full ride: 409 ride_full, no params, SPEC’s text unchanged', async () => {
    await liftThrottles(suite.db);
    const organiser = await registerMember(suite.app, 'fullorg');
    const ride = await createRide(organiser, { maxPassengers: 2, organizerPassengerCount: 1 });
    const first = await registerMember(suite.app, 'fullone');
    expect((await first.post(`/api/rides/${ride.id}/join`, joinBody())).status).toBe(201);
    const late = await registerMember(suite.app, 'fulltwo');
    await expectCoded(late.post(`/api/rides/${ride.id}/join`, joinBody()), 409, 'ride_full', {}, 'This ride is full');
  });

  it('a party bigger than the seats left: the count in params', async () => {
    const organiser = await registerMember(suite.app, 'spotsorg');
    const ride = await createRide(organiser, { maxPassengers: 4, organizerPassengerCount: 1 });
    const party = await registerMember(suite.app, 'spotsparty');
    await expectCoded(
      party.post(`/api/rides/${ride.id}/join`, joinBody({ passengerCount: 3 + 1 })),
      409,
      'spots_remaining',
      { count: 3 },
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
      {},
      'Invalid Discord username or password',
    );
  });

  it('a vendor creating a ride: 403 vendor_cannot_create_ride', async () => {
    const vendor = await registerVendor(suite.app);
    await expectCoded(
      vendor.post('/api/rides', {
        direction: 'SG->FC',
        date: new Date(Date.now() + 3 * 86_400_000).toISOString(),
        maxPassengers: 4,
        pickupLocation: 'Pasir Ris MRT',
        dropoffLocations: [{ location: 'Pasir Ris MRT', passengerCount: 1 }],
        organizerPassengerCount: 1,
      }),
      403,
      'vendor_cannot_create_ride',
      {},
      'Vendors cannot create rides',
    );
  });

  it('not logged in, not found, and a validation failure with its rule, values and field', async () => {
    await expectCoded(suite.anonymous.post('/api/rides', {}), 401, 'login_required', {}, 'You must be logged in');
    await expectCoded(suite.anonymous.get('/api/auth/me'), 401, 'not_logged_in', {}, 'Not logged in');
    await expectCoded(suite.anonymous.get('/api/no-such-thing'), 404, 'not_found', {}, 'Not found');
    await expectCoded(suite.anonymous.get('/api/rides/987654'), 404, 'ride_not_found', {}, 'Ride not found');
    await expectCoded(suite.anonymous.get('/api/rides/abc'), 400, 'invalid_id', { label: 'ride' }, 'Invalid ride id');
    // zod's first message, as SPEC §8 has it, with the one validation code.
    await expectCoded(
      suite.anonymous.post('/api/login', { discordUsername: '', password: 'x' }),
      400,
      'invalid_input',
      { rule: 'required', label: 'Discord username', field: 'discordUsername' },
      'Discord username is required',
    );
    const malformed = await raw(suite.app, 'POST', '/api/login', { body: '{not json' });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({
      code: 'invalid_json',
      params: {},
      message: 'Request body must be valid JSON',
      requestId: expect.any(String),
    });
  });

  it("a body's field: 'invalid_input' names the field by its path in the body", async () => {
    const organiser = await registerMember(suite.app, 'fieldorg');
    const ride = await createRide(organiser, { maxPassengers: 4, organizerPassengerCount: 1 });
    const member = await registerMember(suite.app, 'fieldone');
    const answer = await member.post(`/api/rides/${ride.id}/join`, joinBody({ passengerCount: 'two' }));
    expect(answer.status, JSON.stringify(answer.body)).toBe(400);
    expect(answer.body).toEqual({
      code: 'invalid_input',
      params: { rule: 'not_a_number', label: 'Passenger count', field: 'passengerCount' },
      message: 'Passenger count must be a number',
      requestId: expect.any(String),
    });
  });
});

// The message of a refusal in 中文: the server catalogue's text filled with the same params.
describe.each(backends)("refusals in the member's language on %s", (backend) => {
  const suite = useSuite(backend);
  const zh = REFUSAL_CATALOGUES.zh;
  const CHINESE = /[\u4e00-\u9fff]/;

  it('Accept-Language zh: a Chinese message, the same code and params', async () => {
    const english = await suite.anonymous.get('/api/rides/987654');
    const reader = new TestClient(suite.app);
    reader.headers['accept-language'] = 'zh-CN,zh;q=0.9,en;q=0.8';
    const chinese = await reader.get('/api/rides/987654');
    expect(chinese.status).toBe(404);
    expect(chinese.body).toEqual({
      code: 'ride_not_found',
      params: {},
      message: zh['refusal.ride_not_found'],
      requestId: expect.any(String),
    });
    expect(chinese.body.message).toMatch(CHINESE);
    expect([english.body.code, english.body.params]).toEqual([chinese.body.code, chinese.body.params]);
    expect(english.body.message).toBe('Ride not found');
  });

  it("a member who reads 中文 gets the count in a Chinese sentence, whatever the browser's language", async () => {
    const organiser = await registerMember(suite.app, 'zhspotsorg');
    const ride = await createRide(organiser, { maxPassengers: 4, organizerPassengerCount: 1 });
    const member = await registerMember(suite.app, 'zhspots');
    expect((await member.patch(`/api/users/${member.user.id}`, { language: 'zh' })).status).toBe(200);
    member.headers['accept-language'] = 'en';
    const answer = await member.post(`/api/rides/${ride.id}/join`, joinBody({ passengerCount: 4 }));
    expect(answer.status, JSON.stringify(answer.body)).toBe(409);
    expect(answer.body).toEqual({
      code: 'spots_remaining',
      params: { count: 3 },
      message: fillTemplate(zh['refusal.spots_remaining']!, { count: 3 }),
      requestId: expect.any(String),
    });
    expect(answer.body.message).toMatch(CHINESE);
    expect(answer.body.message).toContain('3');
  });

  it('a validation failure in 中文: the rule and the field label in Chinese, the same params', async () => {
    const reader = new TestClient(suite.app);
    reader.headers['accept-language'] = 'zh';
    const answer = await reader.post('/api/login', { discordUsername: '', password: 'x' });
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('invalid_input');
    expect(answer.body.params).toEqual({ rule: 'required', label: 'Discord username', field: 'discordUsername' });
    expect(answer.body.message).toBe(
      fillTemplate(zh['validation.required']!, { label: zh['field.discord_username']! }),
    );
    expect(answer.body.message).toMatch(CHINESE);
  });

  it("a throttle's wait in 中文 words", () => {
    const say = (descriptor: { id: string; message: string }, values: Record<string, string | number>) =>
      fillTemplate(zh[descriptor.id] ?? descriptor.message, values);
    expect(waitText(300, say)).toBe(fillTemplate(zh['refusal.wait.minutes']!, { count: 5 }));
    expect(waitText(300, say)).toMatch(CHINESE);
    expect(refusalMessageIn('zh', 'too_many_joins', { wait: 300 }, 'English')).toBe(
      fillTemplate(zh['refusal.too_many_joins']!, { wait: waitText(300, say) }),
    );
    // A code the catalogues cannot say keeps the English it was given.
    expect(refusalMessageIn('zh', 'conflict', {}, 'As the database said it')).toBe('As the database said it');
    expect(refusalMessageIn('zh', 'spots_remaining', {}, 'Only 3 spots remaining')).toBe('Only 3 spots remaining');
  });
});
