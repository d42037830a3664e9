// A shared ride link previews itself (issue 24 §3, ADR 0020): the real Node host answers
// GET /rides/{id} with the ride's Open Graph and Twitter tags, read as a visitor, escaped, and
// the ride's visitor JSON for the PWA; anything else at /rides/{x} gets the generic card. The
// page keeps the shell's security headers and no-cache.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ifFullEach, nowEach } from '../../supabase/functions/_shared/price.ts';
import { pageContentSecurityPolicy } from '../../supabase/functions/api/lib/security-headers.ts';
import { withMigratedPglite } from '../support/databases.ts';
import { killAllHosts, type RunningHost, startHost } from '../support/host-process.ts';
import { HttpClient, registerOverHttp, sgToFcRide } from '../support/http-client.ts';

const HOST_START_MS = 180_000;
const HOSTILE_NAME = `Ann "<b>x</b>" O'Neil & co`;
// The shell as the build writes it, reduced to what the rewrite touches and must keep.
const SHELL = `<!doctype html><html lang="en"><head><meta charset="UTF-8" />
<script>globalThis.__zod_globalConfig = { jitless: true };</script>
<meta name="description" content="Share chartered cars." />
<title>FC RideShare</title>
</head><body><div id="root"></div></body></html>`;

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };
const unescape = (text: string) => text.replace(/&(amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity]!);

function tagsOf(html: string) {
  const meta = new Map<string, string>();
  for (const match of html.matchAll(/<meta (?:name|property)="([^"]+)" content="([^"]*)" \/>/g)) {
    expect(meta.has(match[1]!), `one ${match[1]}`).toBe(false);
    meta.set(match[1]!, unescape(match[2]!));
  }
  const titles = [...html.matchAll(/<title>([^<]*)<\/title>/g)];
  expect(titles).toHaveLength(1);
  return { title: unescape(titles[0]![1]!), meta };
}

function embeddedRide(html: string): unknown {
  const block = /<script type="application\/json" id="ride-data">([^<]*)<\/script>/.exec(html);
  return block ? JSON.parse(block[1]!) : undefined;
}

const when = new Intl.DateTimeFormat('en-SG', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
  timeZone: 'Asia/Singapore',
});

// fetch() sets Host from the URL; node:http sends the one given.
function htmlWithHost(url: string, hostHeader: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const asked = request(url, { headers: { Host: hostHeader } }, (answer) => {
      let body = '';
      answer.setEncoding('utf8');
      answer.on('data', (chunk) => (body += chunk));
      answer.on('end', () => resolve(body));
    });
    asked.on('error', reject);
    asked.end();
  });
}

describe('GET /rides/{id} on the Node host', () => {
  const dirs: string[] = [];
  let host: RunningHost;
  let rideId: number;

  beforeAll(async () => {
    const staticDir = mkdtempSync(join(tmpdir(), 'fc-preview-dist-'));
    const dataDir = await withMigratedPglite(mkdtempSync(join(tmpdir(), 'fc-preview-data-')));
    dirs.push(staticDir, dataDir);
    writeFileSync(join(staticDir, 'index.html'), SHELL);
    host = await startHost({
      env: { DATA_DIR: dataDir, STATIC_DIR: staticDir, VITE_API_URL: undefined, CSP_CONNECT_SRC: undefined },
    });
    const organiser = await registerOverHttp(host.url, 'preview');
    expect((await organiser.patch(`/api/users/${organiser.user.id}`, { name: HOSTILE_NAME })).status).toBe(200);
    const created = await organiser.post(
      '/api/rides',
      sgToFcRide({ maxPassengers: 4, organizerPassengerCount: 1, cost: 95 }),
    );
    expect(created.status).toBe(201);
    rideId = created.body.id;
    const passenger = await registerOverHttp(host.url, 'rider');
    expect(
      (await passenger.post(`/api/rides/${rideId}/join`, { passengerCount: 2, dropoffLocation: 'Tampines MRT' }))
        .status,
    ).toBe(201);
  }, HOST_START_MS);

  afterAll(async () => {
    await killAllHosts();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it("carries the ride's card with the values a visitor's /api/rides/{id} gives, and that answer as JSON", async () => {
    const api = await new HttpClient(host.url).get(`/api/rides/${rideId}`);
    expect(api.status).toBe(200);
    const ride = api.body;
    expect(ride.currentPassengers).toBe(3);
    const answer = await fetch(`${host.url}/rides/${rideId}`);
    expect(answer.status).toBe(200);
    const html = await answer.text();
    const { title, meta } = tagsOf(html);
    const day = when.format(new Date(ride.date));
    expect(title).toBe(`Singapore to Forest City, ${day}`);
    expect(meta.get('og:title')).toBe(title);
    expect(meta.get('twitter:title')).toBe(title);
    const price = `$${nowEach(ride).toFixed(2)} SGD each now ($${ifFullEach(ride).toFixed(2)} SGD if full)`;
    const description = meta.get('og:description')!;
    expect(description).toContain(`${ride.maxPassengers - ride.currentPassengers} seat left of ${ride.maxPassengers}`);
    expect(description).toContain(price);
    expect(description).toContain(`organised by ${ride.organizerName}`);
    expect(ride.organizerName).toBe(HOSTILE_NAME);
    expect(meta.get('description')).toBe(description);
    expect(meta.get('twitter:description')).toBe(description);
    expect(meta.get('og:url')).toBe(`${host.url}/rides/${rideId}`);
    expect(meta.get('og:image')).toBe(`${host.url}/og/ride-sg-to-fc.png`);
    // A Host header of the asker's choosing is not written into a card others are shown.
    const forged = tagsOf(await htmlWithHost(`${host.url}/rides/${rideId}`, 'evil.example')).meta;
    expect(forged.get('og:url')).toBe(`/rides/${rideId}`);
    expect(forged.get('og:image')).toBe('/og/ride-sg-to-fc.png');
    expect(meta.get('twitter:image')).toBe(meta.get('og:image'));
    expect(meta.get('twitter:card')).toBe('summary_large_image');
    expect([meta.get('og:image:width'), meta.get('og:image:height')]).toEqual(['1200', '630']);
    expect(embeddedRide(html)).toEqual(ride);
    // Nothing a member's read adds reaches the page.
    expect(ride.creator.whatsappNumber).toBeNull();
    expect(html).not.toContain('9123');
    // What paints before the scripts: the Details card's first lines, in #root, React's to replace.
    const root = /<div id="root">(.*?)<\/div><\/body>/s.exec(html)?.[1] ?? '';
    expect(root).toContain('<h1 class="text-2xl font-bold">Singapore to Forest City</h1>');
    const left = ride.maxPassengers - ride.currentPassengers;
    expect(root).toContain(
      `<p class="mt-2">3 / ${ride.maxPassengers} passengers · ${left} spot${left === 1 ? '' : 's'} left</p>`,
    );
    // The shell's inline script is kept byte for byte (the CSP allows it by hash).
    expect(html).toContain('<script>globalThis.__zod_globalConfig = { jitless: true };</script>');
  });

  it("paints a visitor's Login Required card too, and for anyone with a session's cookie the ride's lines alone", async () => {
    const rootOf = (html: string) => /<div id="root">(.*?)<\/div><\/body>/s.exec(html)?.[1] ?? '';
    const card =
      '<section aria-labelledby="login-required-title" class="card border border-base-300 bg-base-200 p-4">' +
      '<h2 id="login-required-title" class="mb-2 text-lg font-semibold">Login Required</h2>' +
      '<p class="mb-3">Log in to join this ride, see the passengers and contact the organizer.</p>' +
      `<a href="/auth?from=%2Frides%2F${rideId}" class="btn btn-primary min-h-11 self-start">Login or Register</a>` +
      // The ride has a seat left: the step to its register-and-join form (issue 37).
      '<button type="button" class="btn btn-outline mt-2 min-h-11 self-start">New here? Register and join</button></section>';
    for (const cookie of [undefined, 'theme=dark']) {
      const answer = await fetch(`${host.url}/rides/${rideId}`, { headers: cookie ? { cookie } : {} });
      expect(answer.headers.get('vary') ?? '', String(cookie)).toMatch(/\bCookie\b/i);
      const root = rootOf(await answer.text());
      expect(root, String(cookie)).toContain(`</section>${card}</div></main>`);
    }
    const member = await registerOverHttp(host.url, 'aboardnot');
    for (const cookie of ['fc_signed_in=1', `fc_session=${'a'.repeat(43)}`, member.cookie!]) {
      const root = rootOf(await (await fetch(`${host.url}/rides/${rideId}`, { headers: { cookie } })).text());
      expect(root, cookie).toContain('<h1 class="text-2xl font-bold">Singapore to Forest City</h1>');
      expect(root, cookie).not.toContain('Login');
    }
  });

  it("keeps a hostile organiser's name as text, in the tags and in the JSON block", async () => {
    const html = await (await fetch(`${host.url}/rides/${rideId}`)).text();
    expect(html).not.toContain('<b>x</b>');
    expect(html).not.toContain('"<b>');
    expect(html).toContain('Ann &quot;&lt;b&gt;x&lt;/b&gt;&quot; O&#39;Neil &amp; co');
    expect(html).toContain(String.raw`Ann \"\u003cb\u003ex\u003c/b\u003e\" O'Neil \u0026 co`);
  });

  it('gives the generic card, never an error, for an unknown, deleted or malformed id', async () => {
    const organiser = await registerOverHttp(host.url, 'gone');
    const created = await organiser.post('/api/rides', sgToFcRide());
    expect((await organiser.delete(`/api/rides/${created.body.id}`)).status).toBe(200);
    for (const path of [
      `/rides/${created.body.id}`,
      '/rides/999999',
      '/rides/abc',
      '/rides/0',
      '/rides/99999999999',
      "/rides/1'%3C",
    ]) {
      const answer = await fetch(`${host.url}${path}`);
      expect(answer.status, path).toBe(200);
      const html = await answer.text();
      const { title, meta } = tagsOf(html);
      expect(title, path).toBe('FC RideShare');
      expect(meta.get('og:title'), path).toBe('FC RideShare');
      expect(meta.get('og:image'), path).toBe(`${host.url}/og/fc-rideshare.png`);
      expect(html, path).toContain('<div id="root"></div>');
      expect(meta.get('og:url'), path).toBe(new URL(path, host.url).href);
      expect(embeddedRide(html), path).toBeUndefined();
    }
    expect(host.output()).not.toMatch(/ride preview/);
  });

  it('keeps the page headers: the CSP, no-cache, and a body compressed on the fly', async () => {
    for (const encoding of ['identity', 'gzip']) {
      const answer = await fetch(`${host.url}/rides/${rideId}`, { headers: { 'accept-encoding': encoding } });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toMatch(/^text\/html/);
      expect(answer.headers.get('cache-control')).toBe('no-cache');
      expect(answer.headers.get('content-security-policy')).toBe(pageContentSecurityPolicy());
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      expect(answer.headers.get('x-frame-options')).toBe('DENY');
      expect(answer.headers.get('content-encoding') ?? 'identity').toBe(encoding);
    }
  });
});
