// The api's request log, request ids and /api/health (issue 26 §3): every answer names its
// request in x-request-id, a refusal's JSON carries it too, one JSON line per request holds the
// route's pattern and never a secret, and health reads the database and its newest migration.
import { readdirSync } from 'node:fs';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { refusal } from '../../supabase/functions/_shared/refusals.ts';
import { type Logger, type LogLevel, logLine, parseLogLevel } from '../../supabase/functions/api/lib/logger.ts';
import {
  createRide,
  createTestApp,
  PASSWORD,
  registerMember,
  type TestApp,
  TestClient,
} from '../support/api-client.ts';
import { backends, createTestDatabase, type TestDatabase } from '../support/databases.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const NEWEST_MIGRATION = readdirSync(new URL('../../supabase/migrations', import.meta.url))
  .filter((file) => /^\d{14}_[a-z0-9_]+\.sql$/.test(file))
  .sort()
  .at(-1)!
  .slice(0, 14);

function keptLines(level: LogLevel = 'info'): Logger & { lines: string[] } {
  const lines: string[] = [];
  return { level, lines, write: (line) => lines.push(line) };
}

describe.each(backends)('request log and health on %s', (backend) => {
  let db: TestDatabase;
  let app: TestApp;
  const logger = keptLines();

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    app = createTestApp(db.database, { logger });
  });
  afterAll(async () => {
    await db?.close();
  });

  function lineFor(requestId: string): Record<string, unknown> {
    const found = logger.lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const mine = found.filter((line) => line.requestId === requestId);
    expect(mine).toHaveLength(1);
    return mine[0]!;
  }

  it('health names the database and the newest migration applied', async () => {
    const answer = await app.request('/api/health');
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ status: 'ok', database: 'ok', migration: NEWEST_MIGRATION });
    expect(answer.headers.get('x-request-id')).toMatch(UUID);
  });

  it('every answer has its own request id; a plain incoming one is kept, anything else replaced', async () => {
    const first = await app.request('/api/stats');
    const second = await app.request('/api/stats');
    expect(first.headers.get('x-request-id')).toMatch(UUID);
    expect(second.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'));

    const kept = await app.request('/api/stats', { headers: { 'x-request-id': 'edge-7f3a91c2' } });
    expect(kept.headers.get('x-request-id')).toBe('edge-7f3a91c2');
    for (const unsafe of ['a b c d e f g h', 'x'.repeat(65), 'short', '<script>alert(1)</script>']) {
      const answer = await app.request('/api/stats', { headers: { 'x-request-id': unsafe } });
      expect(answer.headers.get('x-request-id')).toMatch(UUID);
    }
  });

  it("an incoming id that is the request's own session token is not echoed or logged", async () => {
    const member = await registerMember(app, 'tokenid');
    const token = member.cookie!.slice('fc_session='.length);
    member.headers['x-request-id'] = token;
    const answer = await member.get('/api/auth/me');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-request-id')).toMatch(UUID);
    expect(logger.lines.join('\n')).not.toContain(token);
  });

  it('refusals carry the request id beside code and message, the rest of the answer unchanged', async () => {
    const missing = await app.request('/api/rides/987654');
    const id = missing.headers.get('x-request-id')!;
    const text = await missing.text();
    expect(missing.status).toBe(404);
    const body = JSON.parse(text) as Record<string, unknown>;
    expect(body).toEqual({ ...refusal('ride_not_found'), requestId: id });
    expect(text.endsWith(`,"requestId":"${id}"}`)).toBe(true);

    // A refusal a route returns itself (not thrown), an unknown route, a body refused unread.
    const me = await app.request('/api/auth/me');
    expect(await me.json()).toEqual({ ...refusal('not_logged_in'), requestId: me.headers.get('x-request-id') });
    const nowhere = await app.request('/api/no-such-thing');
    expect(await nowhere.json()).toEqual({ ...refusal('not_found'), requestId: nowhere.headers.get('x-request-id') });
    const malformed = await app.request('/api/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"discordUsername":',
    });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({
      message: 'Request body must be valid JSON',
      code: 'invalid_json',
      params: {},
      requestId: malformed.headers.get('x-request-id'),
    });

    // Successful answers are untouched.
    const health = await app.request('/api/health');
    expect(await health.json()).not.toHaveProperty('requestId');
  });

  it('one line per request: time, id, method, route pattern, status, duration, member; no secret', async () => {
    const number = '+65 9876 5432';
    const member = await registerMember(app, 'logged', { whatsappNumber: number });
    const ride = await createRide(member);
    const token = member.cookie!.slice('fc_session='.length);

    const before = logger.lines.length;
    const read = await member.get(`/api/rides/${ride.id}`);
    expect(read.status).toBe(200);
    expect(logger.lines.length).toBe(before + 1);
    const line = lineFor(read.headers.get('x-request-id')!);
    expect(Object.keys(line).sort()).toEqual(
      ['durationMs', 'level', 'memberId', 'method', 'requestId', 'route', 'status', 'time'].sort(),
    );
    expect(line).toMatchObject({
      level: 'info',
      method: 'GET',
      route: '/api/rides/:id',
      status: 200,
      memberId: member.user.id,
    });
    expect(Date.parse(line.time as string)).toBeGreaterThan(Date.now() - 60_000);
    expect(line.durationMs).toEqual(expect.any(Number));

    // A login with the password, a refused login, a password change: none of it in the log.
    const visitor = new TestClient(app);
    const login = await visitor.post('/api/login', {
      discordUsername: member.user.discordUsername,
      password: PASSWORD,
    });
    expect(login.status).toBe(200);
    const wrong = await new TestClient(app).post('/api/login', {
      discordUsername: member.user.discordUsername,
      password: 'wrong-horse-battery-9',
    });
    expect(wrong.status).toBe(401);
    expect(lineFor(wrong.headers.get('x-request-id')!)).toMatchObject({
      route: '/api/login',
      status: 401,
      memberId: null,
    });

    const log = logger.lines.join('\n');
    for (const secret of [
      PASSWORD,
      'wrong-horse-battery-9',
      token,
      visitor.cookie!.slice(11),
      '98765432',
      '9876 5432',
    ]) {
      expect(log).not.toContain(secret);
    }
    expect(log).not.toContain(`/api/rides/${ride.id}`);
  });
});

describe('health without a database', () => {
  it('answers 503 with the database unavailable', async () => {
    const db = await createTestDatabase('pglite');
    const app = createTestApp(db.database);
    await db.close();
    const answer = await app.request('/api/health');
    expect(answer.status).toBe(503);
    expect(await answer.json()).toEqual({ status: 'error', database: 'unavailable', migration: null });
  });
});

describe('LOG_LEVEL', () => {
  it('reads the four levels, info by default, and refuses anything else', () => {
    expect(parseLogLevel(undefined)).toBe('info');
    expect(parseLogLevel('')).toBe('info');
    expect(parseLogLevel('WARN')).toBe('warn');
    expect(parseLogLevel('debug')).toBe('debug');
    expect(() => parseLogLevel('verbose')).toThrow(/LOG_LEVEL/);
  });

  it('a logger writes its level and the more severe ones only', () => {
    const warn = keptLines('warn');
    for (const level of ['error', 'warn', 'info', 'debug'] as const) logLine(warn, level, { event: level });
    expect(warn.lines.map((line) => (JSON.parse(line) as { event: string }).event)).toEqual(['error', 'warn']);
  });

  it('an app whose logger is at error writes no line for ordinary requests', async () => {
    const db = await createTestDatabase('pglite');
    try {
      const quiet = keptLines('error');
      const app = createTestApp(db.database, { logger: quiet });
      expect((await app.request('/api/health')).status).toBe(200);
      expect((await app.request('/api/rides/1')).status).toBe(404);
      expect(quiet.lines).toEqual([]);
    } finally {
      await db.close();
    }
  });
});
