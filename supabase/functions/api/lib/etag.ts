import type { MiddlewareHandler } from 'hono';

// Every JSON answer to a GET carries a strong ETag (SHA-256 of the bytes sent, through Web
// Crypto, which Node and Deno both have) and a matching If-None-Match gets a 304 without the
// body (docs/decisions/0009-windowed-ride-lists.md). `no-cache` makes the browser revalidate
// every time, so nothing it shows is older than the server's data; `private` keeps shared
// caches out, since members' answers carry contacts. Not hono/etag: it tags every 2xx GET (a
// download included), sets no Cache-Control and drops the CORS headers from a 304 (ADR 0050).

const API_CACHE_CONTROL = 'private, no-cache';

// Describe the body, not the representation around it: dropped from a 304 (RFC 9110 §15.4.5).
const BODY_HEADERS = ['content-type', 'content-length', 'content-encoding', 'content-range'];

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export async function etagOf(body: BufferSource): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', body);
  return `"${toBase64Url(new Uint8Array(digest))}"`;
}

// The opaque tags of an If-None-Match list (RFC 9110 §8.8.3, §13.1.2), or '*'. A header that
// does not parse matches nothing: the full answer is always safe.
export function parseIfNoneMatch(header: string): '*' | string[] {
  if (header.trim() === '*') return '*';
  const tags: string[] = [];
  const entity = /\s*(?:W\/)?("[\x21\x23-\x7e\x80-\xff]*")\s*(?:,|$)/y;
  while (entity.lastIndex < header.length) {
    const match = entity.exec(header);
    if (!match) return [];
    tags.push(match[1]!);
  }
  return tags;
}

// Weak comparison, which is what If-None-Match uses: W/ on either side is ignored.
export function ifNoneMatchMatches(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  const tags = parseIfNoneMatch(header);
  if (tags === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  return tags.includes(opaque);
}

export function etags(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return;
    const response = c.res;
    if (response.status !== 200 || !/^application\/json\b/i.test(response.headers.get('content-type') ?? '')) return;
    // A file to save (a member's own data) says how it is cached itself: no-store, not revalidated.
    if (response.headers.has('content-disposition')) return;

    // A cached list brings its own tags (lib/list-cache.ts); anything else is hashed as sent.
    let etag = response.headers.get('etag');
    if (!etag) {
      etag = await etagOf(await response.clone().arrayBuffer());
      response.headers.set('ETag', etag);
    }
    response.headers.set('Cache-Control', API_CACHE_CONTROL);
    if (!ifNoneMatchMatches(c.req.header('if-none-match'), etag)) return;

    await response.body?.cancel();
    c.res = new Response(null, { status: 304, headers: response.headers });
    // Hono's setter copies the previous answer's headers over; the body's own must go.
    for (const name of BODY_HEADERS) c.res.headers.delete(name);
  };
}
