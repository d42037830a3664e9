import type { Context } from 'hono';
import type { z } from 'zod';

import { refusal } from '../../_shared/refusals.ts';
import { idParam } from '../../_shared/schemas/fields.ts';
import { HttpError, invalidInput } from './http-error.ts';

// The body is already in memory (request-body.ts): reading it never waits on the client.
async function parseBody<S extends z.ZodType>(
  c: Context,
  schema: S,
): Promise<{ data: z.output<S> } | { refusal: HttpError }> {
  let body: unknown;
  try {
    const text = await c.req.text();
    body = text.trim() === '' ? {} : JSON.parse(text);
  } catch {
    return { refusal: new HttpError(400, refusal('invalid_json')) };
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { refusal: new HttpError(400, refusal('body_not_object')) };
  }
  const parsed = schema.safeParse(body);
  // A failed parse always names at least one issue.
  if (!parsed.success) return { refusal: invalidInput(parsed.error.issues[0]!.message) };
  return { data: parsed.data };
}

export async function readBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  const result = await parseBody(c, schema);
  if ('refusal' in result) throw result.refusal;
  return result.data;
}

// The body when it is valid, else undefined (the route's handler refuses it in its own order).
export async function peekBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S> | undefined> {
  const result = await parseBody(c, schema);
  return 'data' in result ? result.data : undefined;
}

export function readId(c: Context, name: string, label: string): number {
  const parsed = idParam.safeParse(c.req.param(name));
  if (!parsed.success) throw new HttpError(400, refusal('invalid_id', { label }));
  return parsed.data;
}
