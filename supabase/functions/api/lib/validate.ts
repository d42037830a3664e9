import type { Context } from 'hono';
import type { z } from 'zod';
import { idParam } from '../../_shared/schemas/fields.ts';
import { HttpError } from './http-error.ts';

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
    return { refusal: new HttpError(400, 'Request body must be valid JSON') };
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { refusal: new HttpError(400, 'Request body must be a JSON object') };
  }
  const parsed = schema.safeParse(body);
  // A failed parse always names at least one issue.
  if (!parsed.success) return { refusal: new HttpError(400, parsed.error.issues[0]!.message) };
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
  if (!parsed.success) throw new HttpError(400, `Invalid ${label} id`);
  return parsed.data;
}
