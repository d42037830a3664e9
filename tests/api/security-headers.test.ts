// Security headers: the api's answers (the same Hono app the Edge Function runs) and the Node
// host's pages, assets and api, in process on PGlite; HSTS only over https. The real Node host
// process: tests/host/security-headers.test.ts.
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { readConfig } from '../../server/config.ts';
import { createHostApp, extraConnectSources } from '../../server/host-app.ts';
import {
  API_CONTENT_SECURITY_POLICY,
  GEOCODER_ORIGIN,
  INLINE_SCRIPT_HASHES,
  MAP_TILE_ORIGIN,
  pageContentSecurityPolicy,
  STRICT_TRANSPORT_SECURITY,
} from '../../supabase/functions/api/lib/security-headers.ts';
import { createTestApp, type TestApp } from '../support/api-client.ts';
import { createTestDatabase, type TestDatabase } from '../support/databases.ts';
import { REPO_ROOT } from '../support/host-process.ts';

const ASSET = '/assets/index-AbCd1234.js';

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(';').map((part) => {
      const [name, ...sources] = part.trim().split(/\s+/);
      return [name, sources];
    }),
  );
}

function expectCommonHeaders(headers: Headers) {
  expect(headers.get('x-content-type-options')).toBe('nosniff');
  expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  expect(headers.get('x-frame-options')).toBe('DENY');
}

function expectApiHeaders(headers: Headers) {
  expectCommonHeaders(headers);
  expect(headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
}

describe('the policies', () => {
  it('page: self, the tile and geocoder hosts, no eval, no framing, no plugins', () => {
    const policy = directives(pageContentSecurityPolicy());
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('script-src')).toEqual(["'self'", ...INLINE_SCRIPT_HASHES]);
    expect(policy.get('img-src')).toEqual(["'self'", 'data:', MAP_TILE_ORIGIN]);
    expect(policy.get('connect-src')).toEqual(["'self'", GEOCODER_ORIGIN, MAP_TILE_ORIGIN]);
    expect(policy.get('worker-src')).toEqual(["'self'"]);
    expect(policy.get('manifest-src')).toEqual(["'self'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'self'"]);
    expect(pageContentSecurityPolicy()).not.toMatch(/unsafe-eval|\*/);
  });

  it('page: the api origin from VITE_API_URL and CSP_CONNECT_SRC join connect-src', () => {
    const extra = extraConnectSources({
      VITE_API_URL: 'https://abcd.supabase.co/functions/v1/',
      CSP_CONNECT_SRC: 'https://one.example, https://two.example',
    });
    expect(extra).toEqual(['https://abcd.supabase.co', 'https://one.example', 'https://two.example']);
    expect(directives(pageContentSecurityPolicy(extra)).get('connect-src')).toEqual([
      "'self'",
      GEOCODER_ORIGIN,
      MAP_TILE_ORIGIN,
      'https://abcd.supabase.co',
      'https://one.example',
      'https://two.example',
    ]);
    expect(extraConnectSources({ VITE_API_URL: '/api' })).toEqual([]);
    expect(extraConnectSources({})).toEqual([]);
    // Nothing can smuggle a directive into the header.
    expect(() => extraConnectSources({ CSP_CONNECT_SRC: "https://x.example;script-src 'unsafe-eval'" })).toThrow(
      /CSP_CONNECT_SRC/,
    );
  });

  it('api: nothing loads from a JSON answer and nothing frames it', () => {
    expect(API_CONTENT_SECURITY_POLICY).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  it("allows exactly index.html's inline scripts by their hash", () => {
    const html = readFileSync(join(REPO_ROOT, 'index.html'), 'utf8');
    const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1]);
    const hashes = inline.map((body) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`);
    expect(hashes).toEqual(INLINE_SCRIPT_HASHES);
  });
});

describe('api answers (the app both hosts run)', () => {
  let db: TestDatabase;
  let app: TestApp;

  beforeAll(async () => {
    db = await createTestDatabase('pglite');
    app = createTestApp(db.database, { allowedOrigins: ['https://pwa.example'] });
  });
  afterAll(async () => {
    await db?.close();
  });

  it('sends them on a JSON answer, a 404, a 401, a refusal and a CORS preflight', async () => {
    const answers = [
      await app.request('/api/health'),
      await app.request('/api/nope'),
      await app.request('/api/auth/me'),
      await app.request('/api/rides', {
        method: 'POST',
        headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
        body: '{}',
      }),
      await app.request('/api/rides', {
        method: 'OPTIONS',
        headers: { origin: 'https://pwa.example', 'access-control-request-method': 'POST' },
      }),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([200, 404, 401, 403, 204]);
    for (const answer of answers) expectApiHeaders(answer.headers);
    expect(answers[4].headers.get('access-control-allow-origin')).toBe('https://pwa.example');
  });

  it('sends HSTS over https only: the URL scheme or the X-Forwarded-Proto of the gateway', async () => {
    expect((await app.request('http://api.test/api/health')).headers.get('strict-transport-security')).toBeNull();
    expect((await app.request('https://api.test/api/health')).headers.get('strict-transport-security')).toBe(
      STRICT_TRANSPORT_SECURITY,
    );
    const forwarded = await app.request('http://api.test/api/health', { headers: { 'x-forwarded-proto': 'https' } });
    expect(forwarded.headers.get('strict-transport-security')).toBe(STRICT_TRANSPORT_SECURITY);
    const plain = await app.request('http://api.test/api/health', { headers: { 'x-forwarded-proto': 'http' } });
    expect(plain.headers.get('strict-transport-security')).toBeNull();
  });
});

describe('Node host answers (pages, assets, api)', () => {
  let db: TestDatabase;
  let staticDir: string;
  const indexHtml =
    '<!doctype html><html><head><title>FC RideShare</title></head><body><div id="root"></div></body></html>';

  function host(env: Record<string, string> = {}, processEnv: Record<string, string> = {}) {
    return createHostApp(readConfig({ STATIC_DIR: staticDir, ...env }), db.database, processEnv);
  }

  beforeAll(async () => {
    db = await createTestDatabase('pglite');
    staticDir = mkdtempSync(join(tmpdir(), 'fc-headers-static-'));
    mkdirSync(join(staticDir, 'assets'));
    writeFileSync(join(staticDir, 'index.html'), indexHtml);
    const script = 'console.log("app");'.repeat(50);
    writeFileSync(join(staticDir, ASSET.slice(1)), script);
    writeFileSync(join(staticDir, `${ASSET.slice(1)}.br`), brotliCompressSync(script));
  });
  afterAll(async () => {
    await db?.close();
    if (staticDir) rmSync(staticDir, { recursive: true, force: true });
  });

  it('sends the page policy with /, an app route and a hashed asset (plain and precompressed)', async () => {
    const app = host();
    const policy = pageContentSecurityPolicy();
    for (const path of ['/', '/home', '/rides/12/join', ASSET]) {
      const answer = await app.request(path);
      expect(answer.status, path).toBe(200);
      expect(answer.headers.get('content-security-policy'), path).toBe(policy);
      expectCommonHeaders(answer.headers);
      expect(answer.headers.get('strict-transport-security')).toBeNull();
    }
    const compressed = await app.request(ASSET, { headers: { 'accept-encoding': 'br' } });
    expect(compressed.headers.get('content-encoding')).toBe('br');
    expect(compressed.headers.get('content-security-policy')).toBe(policy);
    const missing = await app.request('/assets/missing-AbCd1234.js');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-security-policy')).toBe(policy);
  });

  it('sends the api policy with /api answers, compressed or not, and unknown /api paths', async () => {
    const app = host();
    for (const [path, status] of [
      ['/api/health', 200],
      ['/api/rides', 200],
      ['/api/nope', 404],
      ['/api', 404],
    ] as const) {
      const answer = await app.request(path, { headers: { 'accept-encoding': 'gzip' } });
      expect(answer.status, path).toBe(status);
      expect(answer.headers.get('content-type'), path).toMatch(/^application\/json/);
      expectApiHeaders(answer.headers);
    }
  });

  it('adds the api origin of a cross-origin build (VITE_API_URL) to connect-src', async () => {
    const app = host({}, { VITE_API_URL: 'https://abcd.supabase.co/functions/v1' });
    const policy = (await app.request('/home')).headers.get('content-security-policy') ?? '';
    expect(directives(policy).get('connect-src')).toContain('https://abcd.supabase.co');
  });

  it("sends none of hono/secure-headers' other defaults: the policy is what it was", async () => {
    const app = host();
    for (const path of ['/home', '/api/health', '/api/nope']) {
      const answer = await app.request(`https://fc.test${path}`);
      for (const name of [
        'cross-origin-opener-policy',
        'cross-origin-resource-policy',
        'cross-origin-embedder-policy',
        'origin-agent-cluster',
        'x-xss-protection',
        'x-dns-prefetch-control',
        'x-download-options',
        'x-permitted-cross-domain-policies',
        'permissions-policy',
      ])
        expect(answer.headers.get(name), `${path} ${name}`).toBeNull();
      expect(answer.headers.get('strict-transport-security'), path).toBe(STRICT_TRANSPORT_SECURITY);
    }
  });

  it('sends HSTS over https only, believing X-Forwarded-Proto only behind TRUST_PROXY', async () => {
    const direct = host();
    const behindProxy = host({ TRUST_PROXY: '1' });
    const viaTls = { headers: { 'x-forwarded-proto': 'https' } };
    const hsts = async (app: ReturnType<typeof host>, url: string, init?: RequestInit) =>
      (await app.request(url, init)).headers.get('strict-transport-security');

    for (const path of ['/home', '/api/health']) {
      expect(await hsts(direct, `http://fc.test${path}`)).toBeNull();
      expect(await hsts(direct, `http://fc.test${path}`, viaTls)).toBeNull();
      expect(await hsts(direct, `https://fc.test${path}`)).toBe(STRICT_TRANSPORT_SECURITY);
      expect(await hsts(behindProxy, `http://fc.test${path}`)).toBeNull();
      expect(await hsts(behindProxy, `http://fc.test${path}`, viaTls)).toBe(STRICT_TRANSPORT_SECURITY);
      expect(await hsts(behindProxy, `http://fc.test${path}`, { headers: { 'x-forwarded-proto': 'http' } })).toBeNull();
    }
  });
});
