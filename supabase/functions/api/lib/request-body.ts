import type { MiddlewareHandler } from 'hono';

import { refusal } from '../../_shared/refusals.ts';
import type { AppEnv } from './env.ts';
import { HttpError } from './http-error.ts';

const MAX_BODY_BYTES = 64 * 1024;
export const BODY_TIMEOUT_MS = 10_000;

const NO_BODY = new Set(['GET', 'HEAD', 'OPTIONS']);

// The answer goes out and the connection closes: what the client did not send is never read.
const CLOSE = { Connection: 'close' };

type Outcome = { bytes: Uint8Array<ArrayBuffer> } | 'too-large' | 'too-slow';

async function readAll(body: ReadableStream<Uint8Array>, maxBytes: number, timeoutMs: number): Promise<Outcome> {
  const reader = body.getReader();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<'too-slow'>((resolve) => {
    timer = setTimeout(() => resolve('too-slow'), timeoutMs);
  });
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const reading = reader.read();
      const step = await Promise.race([reading, expired]);
      if (step === 'too-slow') {
        // The read still pending fails when the connection closes; nobody waits for it.
        reading.catch(() => {});
        return step;
      }
      if (step.done) break;
      size += step.value.byteLength;
      if (size > maxBytes) return 'too-large';
      chunks.push(step.value);
    }
  } catch {
    throw new HttpError(400, refusal('body_incomplete'), CLOSE);
  } finally {
    clearTimeout(timer);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { bytes };
}

// The whole body is in memory before any database work starts: a client that sends half a body
// and waits must not hold the request's transaction (on PGlite, every other request) meanwhile.
// Bodies larger than the cap get 413, and a body not complete within the deadline gets 408. The
// handlers then read the buffered copy (c.req.text(), readBody) as before.
export function readRequestBody(options: { maxBytes?: number; timeoutMs?: number } = {}): MiddlewareHandler<AppEnv> {
  const maxBytes = options.maxBytes ?? MAX_BODY_BYTES;
  const timeoutMs = options.timeoutMs ?? BODY_TIMEOUT_MS;
  return async (c, next) => {
    const body = c.req.raw.body;
    if (NO_BODY.has(c.req.method) || !body) return next();

    const declared = Number(c.req.header('content-length') ?? 'NaN');
    if (declared > maxBytes) throw new HttpError(413, refusal('body_too_large'), CLOSE);

    const outcome = await readAll(body, maxBytes, timeoutMs);
    if (outcome === 'too-large') throw new HttpError(413, refusal('body_too_large'), CLOSE);
    if (outcome === 'too-slow') {
      throw new HttpError(408, refusal('body_too_slow'), CLOSE);
    }
    c.req.raw = new Request(c.req.raw, { body: outcome.bytes });
    await next();
  };
}
