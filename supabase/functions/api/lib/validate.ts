import type { Context } from 'hono';
import type { z } from 'zod';
import { idParam } from '../../_shared/schemas/fields.ts';
import { HttpError } from './http-error.ts';

export async function readBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  let body: unknown;
  try {
    const text = await c.req.text();
    body = text.trim() === '' ? {} : JSON.parse(text);
  } catch {
    throw new HttpError(400, 'Request body must be valid JSON');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new HttpError(400, 'Request body must be a JSON object');
  }
  const parsed = schema.safeParse(body);
  // A failed parse always names at least one issue.
  if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]!.message);
  return parsed.data;
}

export function readId(c: Context, name: string, label: string): number {
  const parsed = idParam.safeParse(c.req.param(name));
  if (!parsed.success) throw new HttpError(400, `Invalid ${label} id`);
  return parsed.data;
}
