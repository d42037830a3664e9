import type { Context } from 'hono';

// JSON already serialised by Postgres, sent as it is.
export function jsonText(c: Context, json: string) {
  return c.body(json, 200, { 'Content-Type': 'application/json; charset=UTF-8' });
}
