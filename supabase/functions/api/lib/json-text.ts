import type { Context, TypedResponse } from 'hono';
import type { JSONParsed } from 'hono/utils/types';

// An answer of JSON already serialised, typed as c.json's would be with `T` what the text holds,
// where a route's contract declares it (lib/contract.ts); the suites check the text against the
// schema like any other answer. The cached lists (list-cache.ts) answer the same way.
export type JsonTextResponse<T> = Response & TypedResponse<JSONParsed<T>, 200, 'json'>;

// JSON already serialised by Postgres, sent as it is.
export function jsonText<T = unknown>(c: Context, json: string): JsonTextResponse<T> {
  const response = c.body(json, 200, { 'Content-Type': 'application/json; charset=UTF-8' });
  return response as Response as JsonTextResponse<T>;
}
