import type { Context, TypedResponse } from 'hono';
import type { JSONParsed } from 'hono/utils/types';

// JSON already serialised by Postgres, sent as it is. `T` is what the text holds, where a
// route's contract declares it (lib/contract.ts): the answer is then typed as c.json's would be,
// and the suites check the text against the schema like any other answer.
export function jsonText<T = unknown>(c: Context, json: string): Response & TypedResponse<JSONParsed<T>, 200, 'json'> {
  const response = c.body(json, 200, { 'Content-Type': 'application/json; charset=UTF-8' });
  return response as Response as Response & TypedResponse<JSONParsed<T>, 200, 'json'>;
}
