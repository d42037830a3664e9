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
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { refusal: invalidInput(issue.message, issue.path) };
  }
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

// Query parameters arrive as text, each at most once (a repeat is refused, never guessed at), and
// are read by the route's schema. `only`: the parameters the route reads, the others left unread.
export function readQuery<S extends z.ZodType>(c: Context, schema: S, only?: readonly string[]): z.output<S> {
  const given: Record<string, string> = {};
  for (const [name, values] of Object.entries(c.req.queries())) {
    if (only && !only.includes(name)) continue;
    if (values.length > 1) throw new HttpError(400, refusal('parameter_repeated', { name }));
    given[name] = values[0]!;
  }
  const parsed = schema.safeParse(given);
  // A failed parse always names at least one issue.
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw invalidInput(issue.message, issue.path);
  }
  return parsed.data;
}

export function readId(c: Context, name: string, label: string): number {
  const parsed = idParam.safeParse(c.req.param(name));
  if (!parsed.success) throw new HttpError(400, refusal('invalid_id', { label }));
  return parsed.data;
}
