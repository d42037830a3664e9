// The real Node host process (as `npm start` runs it) sends the security headers on its page,
// its precompressed hashed assets and its api, and no HSTS over plain http, whatever a client
// claims in X-Forwarded-Proto without TRUST_PROXY. The policies themselves and HSTS behind a
// proxy: tests/api/security-headers.test.ts.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  API_CONTENT_SECURITY_POLICY,
  pageContentSecurityPolicy,
} from '../../supabase/functions/api/lib/security-headers.ts';
import { withMigratedPglite } from '../support/databases.ts';
import { killAllHosts, type RunningHost, startHost } from '../support/host-process.ts';

const HOST_START_MS = 180_000;
const ASSET = '/assets/index-AbCd1234.js';
const IMMUTABLE = 'public, max-age=31536000, immutable';

function expectCommon(headers: Headers, policy: string) {
  expect(headers.get('content-security-policy')).toBe(policy);
  expect(headers.get('x-content-type-options')).toBe('nosniff');
  expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  expect(headers.get('x-frame-options')).toBe('DENY');
  expect(headers.get('strict-transport-security')).toBeNull();
}

describe('the Node host process sends security headers', () => {
  const dirs: string[] = [];
  let host: RunningHost;

  beforeAll(async () => {
    const staticDir = mkdtempSync(join(tmpdir(), 'fc-headers-dist-'));
    const dataDir = await withMigratedPglite(mkdtempSync(join(tmpdir(), 'fc-headers-data-')));
    dirs.push(staticDir, dataDir);
    mkdirSync(join(staticDir, 'assets'));
    const page =
      '<!doctype html><html><head><title>FC RideShare</title></head><body><div id="root"></div></body></html>';
    const script = 'console.log("the app");\n'.repeat(100);
    writeFileSync(join(staticDir, 'index.html'), page);
    writeFileSync(join(staticDir, ASSET.slice(1)), script);
    writeFileSync(join(staticDir, `${ASSET.slice(1)}.br`), brotliCompressSync(script));
    writeFileSync(join(staticDir, `${ASSET.slice(1)}.gz`), gzipSync(script));
    // VITE_API_URL/CSP_CONNECT_SRC from the shell running the tests must not change the policy.
    host = await startHost({
      env: { DATA_DIR: dataDir, STATIC_DIR: staticDir, VITE_API_URL: undefined, CSP_CONNECT_SRC: undefined },
    });
  }, HOST_START_MS);

  afterAll(async () => {
    await killAllHosts();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('on the page, at / and at an app route', async () => {
    for (const path of ['/', '/home', '/rides/7/join']) {
      const answer = await fetch(`${host.url}${path}`);
      expect(answer.status, path).toBe(200);
      expect(answer.headers.get('content-type')).toMatch(/^text\/html/);
      expect(answer.headers.get('cache-control')).toBe('no-cache');
      expectCommon(answer.headers, pageContentSecurityPolicy());
    }
  });

  it('on a hashed asset, plain, brotli and gzip, which stays immutable', async () => {
    for (const encoding of ['identity', 'br', 'gzip']) {
      const answer = await fetch(`${host.url}${ASSET}`, { headers: { 'accept-encoding': encoding } });
      expect(answer.status, encoding).toBe(200);
      expect(answer.headers.get('content-encoding') ?? 'identity', encoding).toBe(encoding);
      expect(answer.headers.get('cache-control'), encoding).toBe(IMMUTABLE);
      expectCommon(answer.headers, pageContentSecurityPolicy());
      expect(await answer.text()).toContain('the app');
    }
  });

  it('on api answers: JSON, compressed, the OpenAPI document, and an unknown /api path', async () => {
    const rides = await fetch(`${host.url}/api/rides`, { headers: { 'accept-encoding': 'gzip' } });
    expect(rides.status).toBe(200);
    expect(rides.headers.get('content-type')).toMatch(/^application\/json/);
    expectCommon(rides.headers, API_CONTENT_SECURITY_POLICY);
    // The OpenAPI document (ADR 0042) is an api answer like the others.
    const document = await fetch(`${host.url}/api/openapi.json`, { headers: { 'accept-encoding': 'gzip' } });
    expect(document.status).toBe(200);
    expect(document.headers.get('content-type')).toMatch(/^application\/json/);
    expect(document.headers.get('content-encoding')).toBe('gzip');
    expectCommon(document.headers, API_CONTENT_SECURITY_POLICY);
    expect(((await document.json()) as { openapi: string }).openapi).toBe('3.1.0');
    const unknown = await fetch(`${host.url}/api/no-such-thing`);
    expect(unknown.status).toBe(404);
    expectCommon(unknown.headers, API_CONTENT_SECURITY_POLICY);
  });

  it('without TRUST_PROXY, a client saying X-Forwarded-Proto: https gets no HSTS over http', async () => {
    for (const path of ['/home', '/api/health']) {
      const answer = await fetch(`${host.url}${path}`, { headers: { 'x-forwarded-proto': 'https' } });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('strict-transport-security'), path).toBeNull();
    }
  });
});
