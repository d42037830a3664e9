import { HttpResponse } from 'msw';
import type { z } from 'zod';

// Answers in our api's shapes: a refusal is `{ message }` with its status, as the api sends it.
export function refusal(message: string, status: number) {
  return HttpResponse.json({ message }, { status });
}

// The default handlers read a body with the api's own schema, so a form that sends what the api
// would refuse gets the api's 400 in a jsdom test too, not a made-up success.
export async function parsedBody<Schema extends z.ZodType>(
  request: Request,
  schema: Schema,
): Promise<{ data: z.output<Schema> } | { refused: Response }> {
  const text = await request.text();
  let raw: unknown;
  try {
    raw = text ? JSON.parse(text) : undefined;
  } catch {
    return { refused: refusal('Invalid JSON body', 400) };
  }
  const result = schema.safeParse(raw);
  if (!result.success) return { refused: refusal(result.error.issues[0]?.message ?? 'Invalid input', 400) };
  return { data: result.data };
}
