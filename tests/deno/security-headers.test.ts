// The Supabase Edge Function (index.ts under real Deno) answers with the same security headers
// as the api on the Node host, HSTS when the gateway in front says the call came over https;
// and its request ids and log lines.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { migrate } from '../../server/migrate.ts';
import type { Database } from '../../supabase/functions/api/lib/database.ts';
import { connectPostgres } from '../../supabase/functions/api/lib/postgres-database.ts';
import {
  API_CONTENT_SECURITY_POLICY,
  STRICT_TRANSPORT_SECURITY,
} from '../../supabase/functions/api/lib/security-headers.ts';
import { createTestApp } from '../support/api-client.ts';
import { killAllDenoFunctions, type RunningFunction, startDenoFunction } from '../support/deno-function.ts';
import { createEmptyPostgresDatabase, type EmptyPostgresDatabase } from '../support/empty-postgres-database.ts';
import { postgresServerUrl } from '../support/postgres-server.ts';

// The first run may download the function's npm packages into the Deno cache.
const FIRST_START_MS = 300_000;

const serverUrl = postgresServerUrl('the Edge Function security headers under Deno');

describe.skipIf(!serverUrl)('Edge Function security headers under real Deno', () => {
  let database: EmptyPostgresDatabase;
  let fn: RunningFunction;

  beforeAll(async () => {
    database = await createEmptyPostgresDatabase(serverUrl!, 'fc_deno_headers');
    const handle = connectPostgres(database.url, { max: 2 });
    try {
      await migrate(handle);
    } finally {
      await handle.close();
    }
    fn = await startDenoFunction({ SUPABASE_DB_URL: database.url, ALLOWED_ORIGINS: 'https://pwa.example' });
  }, FIRST_START_MS);

  afterAll(async () => {
    await killAllDenoFunctions();
    await database?.drop();
  });

  it('on JSON answers, the OpenAPI document, a 404, a 401 and a CORS preflight', async () => {
    const answers = [
      await fetch(`${fn.url}/api/rides`),
      await fetch(`${fn.url}/api/openapi.json`),
      await fetch(`${fn.url}/api/no-such-thing`),
      await fetch(`${fn.url}/api/auth/me`),
      await fetch(`${fn.url}/api/rides`, {
        method: 'OPTIONS',
        headers: { origin: 'https://pwa.example', 'access-control-request-method': 'POST' },
      }),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 404, 401, 204]);
    for (const answer of answers) {
      expect(answer.headers.get('content-security-policy')).toBe(API_CONTENT_SECURITY_POLICY);
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      expect(answer.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(answer.headers.get('x-frame-options')).toBe('DENY');
      expect(answer.headers.get('strict-transport-security')).toBeNull();
    }
  });

  // ADR 0042: the function's own packages (deno.json) make the same document as the Node host's.
  it('serves the OpenAPI document with the routes the Node host declares', async () => {
    const answer = await fetch(`${fn.url}/api/openapi.json`);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    const document = (await answer.json()) as { openapi: string; paths: Record<string, object> };
    expect(document.openapi).toBe('3.1.0');
    const app = createTestApp({} as Database);
    const here = (await (await app.request('/api/openapi.json')).json()) as typeof document;
    expect(Object.keys(document.paths).sort()).toEqual(Object.keys(here.paths).sort());
    expect(document.paths['/api/rides/{id}/payment']).toEqual(here.paths['/api/rides/{id}/payment']);
  });

  // The request log's middleware under Deno (issue 26 §3): the id in the header and the refusal,
  // one JSON line on stdout with the route's pattern, and health from the migrations' table.
  it('names each request and logs it as one JSON line', async () => {
    const answer = await fetch(`${fn.url}/api/rides/424242`);
    expect(answer.status).toBe(404);
    const id = answer.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(((await answer.json()) as { requestId?: string }).requestId).toBe(id);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const line = fn
      .output()
      .split('\n')
      .find((text) => text.includes(id!));
    expect(JSON.parse(line!)).toMatchObject({ requestId: id, method: 'GET', route: '/api/rides/:id', status: 404 });

    const health = await fetch(`${fn.url}/api/health`);
    expect(await health.json()).toEqual({ status: 'ok', database: 'ok', migration: expect.stringMatching(/^\d{14}$/) });
  });

  it('adds HSTS when the gateway says https', async () => {
    const answer = await fetch(`${fn.url}/api/health`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('strict-transport-security')).toBe(STRICT_TRANSPORT_SECURITY);
  });
});
