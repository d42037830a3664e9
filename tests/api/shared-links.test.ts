// GET /api/shared-links/{rides|requests}/{id}?site=: a shared link's page as JSON, for the edge
// middleware of a static host (Supabase rewrites a function's HTML to text/plain). The shell is
// read from the site, which must be an allowed origin; the page is the Node host's own.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { type Member, registerMember, rideBody } from '../support/api-client.ts';
import { oneBackend } from '../support/databases.ts';
import { useSuite } from '../support/suite.ts';

const SHELL =
  '<!doctype html><html><head><title>FC RideShare</title><meta name="description" content="Rides" /></head>' +
  '<body><div id="root"></div></body></html>';

let site: string;
let shellReads = 0;
// Filled before the suites' apps are made (their beforeAll runs after this file's).
const origins: string[] = [];
let server: Server;

beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url !== '/index.html') return void response.writeHead(404).end();
    shellReads += 1;
    response.writeHead(200, { 'content-type': 'text/html' }).end(SHELL);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  site = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  origins.push(site);
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe.each(oneBackend)('shared links for a static host (%s)', (backend) => {
  const suite = useSuite(backend, { liftThrottles: true, app: { allowedOrigins: origins } });
  let organiser: Member;
  let rideId: number;

  beforeAll(async () => {
    organiser = await registerMember(suite.app, 'organiser', { name: 'Ana "<b>" Lim' });
    const created = await organiser.post('/api/rides', rideBody({ direction: 'FC->SG' }));
    rideId = created.body.id;
  });

  it("answers the ride's page: its card in the shell's head, its data, escaped", async () => {
    const answer = await suite.anonymous.get(`/api/shared-links/rides/${rideId}?site=${encodeURIComponent(site)}`);
    expect(answer.status).toBe(200);
    const html: string = answer.body.html;
    expect(html).toContain(`<meta property="og:url" content="${site}/rides/${rideId}" />`);
    expect(html).toMatch(/<meta property="og:title" content="[^"]*Forest City[^"]*"/);
    expect(html).toContain('Ana &quot;&lt;b&gt;&quot; Lim');
    expect(html).not.toContain('Ana "<b>" Lim');
    expect(html).toContain('<script type="application/json" id="ride-data">');
    expect(html.match(/<title>/g)).toHaveLength(1);
  });

  it('keeps the shell a while instead of reading it for every link', async () => {
    const before = shellReads;
    await suite.anonymous.get(`/api/shared-links/rides/${rideId}?site=${encodeURIComponent(site)}`);
    await suite.anonymous.get(`/api/shared-links/rides/999999?site=${encodeURIComponent(site)}`);
    expect(shellReads).toBe(before);
  });

  it('gives an unknown ride or request, or a malformed id, the generic card', async () => {
    for (const path of ['rides/999999', 'requests/999999', 'rides/abc']) {
      const answer = await suite.anonymous.get(`/api/shared-links/${path}?site=${encodeURIComponent(site)}`);
      expect(answer.status).toBe(200);
      expect(answer.body.html).toContain('<meta property="og:title" content="FC RideShare');
      expect(answer.body.html).not.toContain('id="ride-data"');
    }
  });

  it('refuses a site that is not an allowed origin, and an unknown kind of link', async () => {
    const foreign = await suite.anonymous.get(
      `/api/shared-links/rides/${rideId}?site=${encodeURIComponent('https://evil.example')}`,
    );
    expect(foreign.status).toBe(400);
    expect((await suite.anonymous.get(`/api/shared-links/rides/${rideId}`)).status).toBe(400);
    expect((await suite.anonymous.get(`/api/shared-links/users/1?site=${encodeURIComponent(site)}`)).status).toBe(404);
  });
});
