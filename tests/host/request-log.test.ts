// The Node host's request log on stdout (issue 26 §3): one JSON line per api request with the
// id the answer names, the route's pattern and the member, nothing for the PWA's own files,
// and LOG_LEVEL deciding what is written.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, afterEach, describe, expect, it } from 'vitest';

import { readConfig } from '../../server/config.ts';
import { withMigratedPglite } from '../support/databases.ts';
import { killAllHosts, startHost } from '../support/host-process.ts';
import { HTTP_PASSWORD, HttpClient, registerOverHttp, sgToFcRide } from '../support/http-client.ts';

const HOST_TEST_MS = 180_000;
const tempDirs: string[] = [];
afterAll(() => {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

function jsonLines(output: string): Record<string, unknown>[] {
  return output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('the Node host logs each api request as JSON', () => {
  afterEach(() => killAllHosts());

  it(
    'writes the line the answer names, with the route pattern and the member, and no secret',
    async () => {
      const dataDir = await withMigratedPglite(mkdtempSync(join(tmpdir(), 'fc-host-log-')));
      tempDirs.push(dataDir);
      const host = await startHost({ env: { DATA_DIR: dataDir } });
      // Registered with the number +65 9123 4567 (registerOverHttp).
      const member = await registerOverHttp(host.url, 'hostlog');
      const created = await member.post('/api/rides', sgToFcRide());
      expect(created.status).toBe(201);
      const read = await member.get(`/api/rides/${created.body.id}`);
      expect(read.status).toBe(200);
      const id = read.headers.get('x-request-id');
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      const missing = await new HttpClient(host.url).get('/api/rides/424242');
      expect(missing.body.requestId).toBe(missing.headers.get('x-request-id'));
      await new HttpClient(host.url).get('/');

      // The lines are written once the answer is made; give stdout a moment to arrive.
      await new Promise((resolve) => setTimeout(resolve, 200));
      const lines = jsonLines(host.output());
      expect(lines.filter((line) => line.requestId === id)).toEqual([
        {
          time: expect.any(String),
          level: 'info',
          requestId: id,
          method: 'GET',
          route: '/api/rides/:id',
          status: 200,
          durationMs: expect.any(Number),
          memberId: member.user.id,
        },
      ]);
      expect(lines.find((line) => line.requestId === missing.headers.get('x-request-id'))).toMatchObject({
        route: '/api/rides/:id',
        status: 404,
        memberId: null,
      });
      // Only api requests: the page at / is not one.
      expect(lines.every((line) => typeof line.route === 'string' && (line.route as string).startsWith('/api/'))).toBe(
        true,
      );
      const output = host.output();
      for (const secret of [HTTP_PASSWORD, member.cookie!.slice('fc_session='.length), '91234567', '9123 4567']) {
        expect(output).not.toContain(secret);
      }
    },
    HOST_TEST_MS,
  );

  it(
    'writes no request lines at LOG_LEVEL=error',
    async () => {
      const dataDir = await withMigratedPglite(mkdtempSync(join(tmpdir(), 'fc-host-log-quiet-')));
      tempDirs.push(dataDir);
      const host = await startHost({ env: { DATA_DIR: dataDir, LOG_LEVEL: 'error' } });
      expect((await new HttpClient(host.url).get('/api/health')).status).toBe(200);
      expect((await new HttpClient(host.url).get('/api/rides/424242')).status).toBe(404);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(jsonLines(host.output())).toEqual([]);
    },
    HOST_TEST_MS,
  );

  it('refuses an unknown LOG_LEVEL at start', () => {
    expect(readConfig({ LOG_LEVEL: 'error' }).logLevel).toBe('error');
    expect(readConfig({}).logLevel).toBe('info');
    expect(() => readConfig({ LOG_LEVEL: 'verbose' })).toThrow(/LOG_LEVEL/);
  });
});
