// A shared ride request link previews itself (issue 24 §1, §3): the real Node host answers
// GET /requests/{id} with the request's Open Graph and Twitter tags (direction, day and window in
// Singapore time, the demand), read as a visitor and escaped; an unknown, closed, or malformed
// id gets the generic card, never an error.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { killAllHosts, type RunningHost, startHost } from '../support/host-process.ts';
import { registerOverHttp } from '../support/http-client.ts';

const HOST_START_MS = 180_000;
const HOSTILE_AREA = `Tampines "<b>x</b>" & O'Neil`;
const SHELL = `<!doctype html><html lang="en"><head><meta charset="UTF-8" />
<meta name="description" content="Share chartered cars." />
<title>FC RideShare</title>
</head><body><div id="root"></div></body></html>`;

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };
const unescape = (text: string) => text.replace(/&(amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity]!);

function tagsOf(html: string) {
  const meta = new Map<string, string>();
  for (const match of html.matchAll(/<meta (?:name|property)="([^"]+)" content="([^"]*)" \/>/g)) {
    meta.set(match[1]!, unescape(match[2]!));
  }
  const titles = [...html.matchAll(/<title>([^<]*)<\/title>/g)];
  expect(titles).toHaveLength(1);
  return { title: unescape(titles[0]![1]!), meta };
}

const SINGAPORE_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Singapore',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const CARD_DAY = new Intl.DateTimeFormat('en-SG', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  timeZone: 'Asia/Singapore',
});

describe('GET /requests/{id} on the Node host', () => {
  const dirs: string[] = [];
  let host: RunningHost;
  let requestId: number;
  let closedId: number;
  const date = SINGAPORE_DAY.format(new Date(Date.now() + 4 * 86_400_000));

  beforeAll(async () => {
    const staticDir = mkdtempSync(join(tmpdir(), 'fc-request-preview-dist-'));
    const dataDir = mkdtempSync(join(tmpdir(), 'fc-request-preview-data-'));
    dirs.push(staticDir, dataDir);
    writeFileSync(join(staticDir, 'index.html'), SHELL);
    host = await startHost({
      env: { DATA_DIR: dataDir, STATIC_DIR: staticDir, VITE_API_URL: undefined, CSP_CONNECT_SRC: undefined },
    });
    const asker = await registerOverHttp(host.url, 'asker');
    const body = {
      direction: 'FC->SG',
      date,
      startTime: '17:00',
      endTime: '21:00',
      passengerCount: 2,
      area: HOSTILE_AREA,
    };
    const created = await asker.post('/api/ride-requests', body);
    expect(created.status).toBe(201);
    requestId = created.body.id;
    const other = await registerOverHttp(host.url, 'metoo');
    expect(
      (await other.post(`/api/ride-requests/${requestId}/me-too`, { passengerCount: 3, area: 'Bedok' })).status,
    ).toBe(200);
    const closed = await other.post('/api/ride-requests', { ...body, area: 'Jurong' });
    closedId = closed.body.id;
    expect((await other.post(`/api/ride-requests/${closedId}/close`, {})).status).toBe(200);
  }, HOST_START_MS);

  afterAll(async () => {
    await killAllHosts();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('describes the request: direction, day and window in Singapore time, the demand', async () => {
    const answer = await fetch(`${host.url}/requests/${requestId}`);
    expect(answer.status).toBe(200);
    const html = await answer.text();
    const { title, meta } = tagsOf(html);
    const day = CARD_DAY.format(new Date(`${date}T12:00:00+08:00`));
    expect(title).toBe(`Looking for a ride: Forest City to Singapore, ${day}, 5:00 pm – 9:00 pm`);
    expect(meta.get('og:title')).toBe(title);
    expect(meta.get('twitter:title')).toBe(title);
    const description = meta.get('og:description')!;
    expect(description).toContain('5 people, 2 parties looking for a ride');
    expect(description).toContain(`from ${HOSTILE_AREA}`);
    expect(description).toContain('asked by asker');
    expect(meta.get('og:url')).toBe(`${host.url}/requests/${requestId}`);
    expect(meta.get('og:image')).toBe(`${host.url}/og/ride-fc-to-sg.png`);
    expect(meta.get('twitter:card')).toBe('summary_large_image');
    // Escaped: the area stays text.
    expect(html).not.toContain('<b>x</b>');
    expect(html).toContain('Tampines &quot;&lt;b&gt;x&lt;/b&gt;&quot; &amp; O&#39;Neil');
    expect(answer.headers.get('cache-control')).toBe('no-cache');
  });

  it('gives the generic card for a closed, unknown or malformed request', async () => {
    for (const path of [`/requests/${closedId}`, '/requests/999999', '/requests/abc', '/requests/99999999999']) {
      const answer = await fetch(`${host.url}${path}`);
      expect(answer.status, path).toBe(200);
      const { title, meta } = tagsOf(await answer.text());
      expect(title, path).toBe('FC RideShare');
      expect(meta.get('og:url'), path).toBe(`${host.url}${path}`);
    }
  });
});
