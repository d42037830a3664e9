import type { Context } from 'hono';

import type { Database, RequestDb } from './database.ts';
import type { AppEnv } from './env.ts';
import { etagOf } from './etag.ts';
import type { JsonTextResponse } from './json-text.ts';
import { sha256Hex } from './session.ts';

// Bodies of the lists that do not depend on who asks (docs/decisions/0009-windowed-ride-lists.md):
// the JSON text, its gzip bytes and their ETags, kept per data version, so a repeat request
// costs one version read instead of a json_agg. Each process (each edge isolate) has its own.

export interface ListBody {
  json: string;
  // The data version the body was built under, read in the same statement (one snapshot).
  version: string;
}

interface Entry {
  version: string;
  storedAt: number;
  json: string;
  etag: string;
  gzip: Uint8Array<ArrayBuffer>;
  gzipEtag: string;
}

// "Upcoming" and "This Week" move with the clock while the data stands still.
export const LIST_CACHE_TTL_MS = 30_000;
export const LIST_CACHE_MAX_ENTRIES = 200;

export class ListCache {
  // A Map iterates in insertion order: re-inserting on use keeps the least recently used first.
  readonly #entries = new Map<string, Entry>();

  constructor(
    readonly maxEntries = LIST_CACHE_MAX_ENTRIES,
    readonly ttlMs = LIST_CACHE_TTL_MS,
  ) {}

  get size(): number {
    return this.#entries.size;
  }

  has(key: string): boolean {
    return this.#entries.has(key);
  }

  get(key: string, version: string, now = Date.now()): Entry | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    this.#entries.delete(key);
    if (entry.version !== version || now - entry.storedAt >= this.ttlMs) return undefined;
    this.#entries.set(key, entry);
    return entry;
  }

  set(key: string, entry: Entry): void {
    // Two requests that missed together may finish in any order: the newer data stays.
    const current = this.#entries.get(key);
    if (current && BigInt(current.version) > BigInt(entry.version)) return;
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    while (this.#entries.size > this.maxEntries) {
      this.#entries.delete(this.#entries.keys().next().value!);
    }
  }
}

async function gzip(text: string): Promise<Uint8Array<ArrayBuffer>> {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream('gzip'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

export async function newEntry(body: ListBody, now = Date.now()): Promise<Entry> {
  const [compressed, etag] = await Promise.all([gzip(body.json), etagOf(new TextEncoder().encode(body.json))]);
  // Another representation, so another strong tag (RFC 9110 §8.8.3).
  return {
    version: body.version,
    storedAt: now,
    json: body.json,
    etag,
    gzip: compressed,
    gzipEtag: `${etag.slice(0, -1)}-gzip"`,
  };
}

// One cache per database: the api runs against one, but the test suites open several in one
// process, and their versions count from the same zero.
const caches = new WeakMap<object, ListCache>();

export function listCacheFor(database: object): ListCache {
  let cache = caches.get(database);
  if (!cache) {
    cache = new ListCache();
    caches.set(database, cache);
  }
  return cache;
}

const VERSION_QUERY = 'select app.ride_list_version()::text as version';

// As the connection's own role: a cache hit then needs no `set role` at all, only this query.
async function readListVersion(db: RequestDb): Promise<string> {
  const [row] = await db.asOwner<{ version: string }>(VERSION_QUERY);
  return row!.version;
}

// Whether the client takes gzip (RFC 9110 §12.5.3): named with q > 0, or `*` with q > 0 and
// gzip not refused by name.
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  let wildcard: number | undefined;
  for (const part of header.split(',')) {
    const [name, ...parameters] = part.trim().toLowerCase().split(';');
    const qParameter = parameters.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParameter ? Number(qParameter.slice(2)) : 1;
    const weight = Number.isFinite(q) ? q : 0;
    if (name === 'gzip' || name === 'x-gzip') return weight > 0;
    if (name === '*') wildcard = weight;
  }
  return wildcard !== undefined && wildcard > 0;
}

function answerWith(c: Context<AppEnv>, entry: Entry): Response {
  c.header('Vary', 'Accept-Encoding');
  if (acceptsGzip(c.req.header('accept-encoding'))) {
    return c.body(entry.gzip, 200, {
      'Content-Type': 'application/json; charset=UTF-8',
      'Content-Encoding': 'gzip',
      ETag: entry.gzipEtag,
    });
  }
  return c.body(entry.json, 200, { 'Content-Type': 'application/json; charset=UTF-8', ETag: entry.etag });
}

// Answers with the list cached under `key` at the request's data version, building (and
// caching) it when there is none. The ETag middleware (etag.ts) turns a matching revalidation
// into a 304 without hashing anything.
// `T` is what the list holds, where the route's contract declares it (json-text.ts).
export async function respondWithCachedList<T = unknown>(
  c: Context<AppEnv>,
  key: string,
  build: () => Promise<ListBody>,
): Promise<JsonTextResponse<T>> {
  const cache = listCacheFor(c.get('options').database);
  const version = await readListVersion(c.get('db'));
  let entry = cache.get(key, version);
  if (!entry) {
    // Built at its own statement's version, which may already be newer than the one just read.
    entry = await newEntry(await build());
    cache.set(key, entry);
  }
  return answerWith(c, entry) as JsonTextResponse<T>;
}

// A hit, answered before the request's transaction opens: a list that is the same for everyone
// needs no session lookup, role or policy, only the version, in a one-statement transaction.
// This is most of the home screen's traffic (every revalidation), so it is what sets the rate.
// null on a miss: the route then builds the body inside the request's transaction as usual.
//
// Except for a member who blocked someone (issue 26 §1): their lists leave the blocked members'
// rides out, so they are not everyone's. With a session token, the same statement that reads the
// version says whether its member blocked anyone; if so, null: the route builds their own list.
export async function respondWithCachedListHit(
  c: Context<AppEnv>,
  key: string,
  sessionToken: string | null = null,
): Promise<Response | null> {
  const database = c.get('options').database;
  const cache = listCacheFor(database);
  if (!cache.has(key)) return null;
  const state = await currentListState(database, sessionToken === null ? null : await sha256Hex(sessionToken));
  if (state.personal) return null;
  const entry = cache.get(key, state.version);
  return entry ? answerWith(c, entry) : null;
}

// The last version read, for a database whose every write this process sees (Database.changeCount):
// while no transaction has begun or ended since, it cannot have moved, and a revalidation needs
// no query at all. That query was a third of each 304 on PGlite. The same holds for whether a
// session's member blocked anyone, kept per token hash beside it.
const versionsSeen = new WeakMap<object, { changes: number; version: string; personal: Map<string, boolean> }>();
const PERSONAL_SEEN_MAX = 1000;

function versionAndBlocksQuery(tokenHash: string): string {
  // A hex SHA-256, checked: readStatement takes no parameters.
  if (!/^[0-9a-f]{64}$/.test(tokenHash)) throw new Error('not a token hash');
  return `select app.ride_list_version()::text as version, exists (
      select 1 from private.sessions s join public.member_blocks b on b.blocker_id = s.user_id
       where s.token_hash = '${tokenHash}' and s.expires_at > now()
    ) as personal`;
}

async function currentListState(
  database: Database,
  tokenHash: string | null,
): Promise<{ version: string; personal: boolean }> {
  const changes = database.changeCount?.();
  const seen = versionsSeen.get(database);
  if (changes !== undefined && seen?.changes === changes && (tokenHash === null || seen.personal.has(tokenHash))) {
    return { version: seen.version, personal: tokenHash !== null && seen.personal.get(tokenHash)! };
  }
  const query = tokenHash === null ? VERSION_QUERY : versionAndBlocksQuery(tokenHash);
  const [row] = database.readStatement
    ? await database.readStatement<{ version: string; personal?: boolean }>(query)
    : await database.transaction((tx) => tx.query<{ version: string; personal?: boolean }>(query));
  const personal = row!.personal === true;
  // Kept only if nothing began or ended while it was read.
  if (changes !== undefined && database.changeCount!() === changes) {
    const kept = seen?.changes === changes ? seen : { changes, version: row!.version, personal: new Map() };
    kept.version = row!.version;
    if (tokenHash !== null) {
      if (kept.personal.size >= PERSONAL_SEEN_MAX) kept.personal.clear();
      kept.personal.set(tokenHash, personal);
    }
    versionsSeen.set(database, kept);
  }
  return { version: row!.version, personal };
}
