// Every route declares its contract (issue 39 §1, ADR 0042): GET /api/openapi.json is a valid
// OpenAPI 3.1 document, and every route the app mounts is in it with its answers' schemas: a new
// route with no contract fails. Every answer the suites get from a route is checked against it
// (tests/support/contract.ts).
import { Validator } from '@seriousme/openapi-schema-validator';
import { beforeAll, describe, expect, it } from 'vitest';

import { REFUSAL_CODES } from '../../supabase/functions/_shared/schemas/refusal-response.ts';
import type { Database } from '../../supabase/functions/api/lib/database.ts';
import { API_CONTENT_SECURITY_POLICY } from '../../supabase/functions/api/lib/security-headers.ts';
import { createTestApp, type TestApp, TestClient } from '../support/api-client.ts';
import { declaredRoutes, honoPath, mountedRoutes } from '../support/contract.ts';

interface Operation {
  responses: Record<string, { content?: Record<string, { schema?: unknown }>; 'x-refusal-codes'?: string[] }>;
}
interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, { type?: string | string[] }> };
}

// Every node of a JSON value with where it is, for the document's structural checks.
function* nodes(value: unknown, at = '$'): Generator<[string, Record<string, unknown>]> {
  if (value === null || typeof value !== 'object') return;
  if (!Array.isArray(value)) yield [at, value as Record<string, unknown>];
  for (const [key, child] of Object.entries(value)) yield* nodes(child, `${at}.${key}`);
}

describe('the api contract (GET /api/openapi.json)', () => {
  let app: TestApp;
  let answer: { status: number; headers: Headers; body: OpenApiDocument };
  let operations: Map<string, Operation>;

  beforeAll(async () => {
    // Every route a host may mount, the live chat stream included. Neither the document nor the
    // route list needs the database: it only has to be there, and is never asked.
    const database = { listen: async () => async () => {} } as unknown as Database;
    app = createTestApp(database, { liveChat: true });
    answer = await new TestClient(app).get<OpenApiDocument>('/api/openapi.json');
    operations = new Map(
      Object.entries(answer.body.paths).flatMap(([path, item]) =>
        Object.entries(item).map(([method, operation]) => [
          `${method.toUpperCase()} ${honoPath(path.replace(/^\/api/, ''))}`,
          operation,
        ]),
      ),
    );
  });

  it('is JSON with the api’s headers, an ETag, and the same document every time', async () => {
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(answer.headers.get('content-security-policy')).toBe(API_CONTENT_SECURITY_POLICY);
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    const etag = answer.headers.get('etag');
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    const again = await new TestClient(app).get('/api/openapi.json');
    expect(again.headers.get('etag')).toBe(etag);
    const client = new TestClient(app);
    client.headers['if-none-match'] = etag!;
    expect((await client.get('/api/openapi.json')).status).toBe(304);
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    expect(answer.body.openapi).toBe('3.1.0');
    const validator = new Validator();
    const result = await validator.validate(answer.body as never);
    expect(result.errors ?? [], JSON.stringify(result.errors, null, 2)).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('declares every mounted route with its answers', () => {
    const mounted = mountedRoutes(app).map(({ method, path }) => `${method} ${path}`);
    // A route without a contract: declare it (ADR 0042).
    expect(mounted.filter((route) => !operations.has(route))).toEqual([]);
    // Nothing is declared that is not mounted, and the registry is what the document says.
    expect([...operations.keys()].filter((route) => !mounted.includes(route))).toEqual([]);
    expect([...declaredRoutes(app).keys()].sort()).toEqual([...operations.keys()].sort());
    for (const [route, operation] of operations) {
      const schemas = Object.values(operation.responses).filter(
        (response) => response.content?.['application/json']?.schema,
      );
      expect(schemas.length, `${route} declares no answer's schema`).toBeGreaterThan(0);
    }
  });

  it('gives every declared route the answers the app itself may give', () => {
    for (const [route, operation] of operations) {
      const statuses = Object.keys(operation.responses);
      expect(operation.responses['500']?.['x-refusal-codes'], route).toContain('server_error');
      if (route.startsWith('GET ')) {
        expect(statuses, route).toContain('304');
      } else {
        expect(operation.responses['403']?.['x-refusal-codes'], route).toContain('foreign_origin');
        expect(operation.responses['413']?.['x-refusal-codes'], route).toContain('body_too_large');
      }
      // A status of 400 and up is a refusal, with its codes, but /api/health's 503 (the state).
      for (const [status, response] of Object.entries(operation.responses)) {
        if (Number(status) < 400 || `${route} ${status}` === 'GET /api/health 503') continue;
        const codes = response['x-refusal-codes'] ?? [];
        expect(codes.length, `${route} ${status}`).toBeGreaterThan(0);
        expect(codes.filter((code) => !(REFUSAL_CODES as readonly string[]).includes(code))).toEqual([]);
      }
    }
  });

  // zod-to-openapi makes `named.nullable()` an allOf of the component and a nullable object, which
  // allows no null; or, met first, a nullable component. z.union([named, z.null()]) is right.
  it('has no nullable named schema', () => {
    const problems: string[] = [];
    for (const [name, schema] of Object.entries(answer.body.components?.schemas ?? {})) {
      if ([schema.type].flat().includes('null')) problems.push(`component ${name}`);
    }
    for (const [at, node] of nodes(answer.body.paths)) {
      const parts = node.allOf;
      if (!Array.isArray(parts) || !parts.some((part) => typeof part?.$ref === 'string')) continue;
      if (parts.some((part) => [part?.type].flat().includes('null'))) problems.push(at);
    }
    for (const [at, node] of nodes(answer.body.components)) {
      const parts = node.allOf;
      if (!Array.isArray(parts) || !parts.some((part) => typeof part?.$ref === 'string')) continue;
      if (parts.some((part) => [part?.type].flat().includes('null'))) problems.push(at);
    }
    expect(problems).toEqual([]);
  });

  // No answer carries a secret: no password or hash of anything, no push subscription's keys or
  // endpoint; a session's and a device's token only where a sign-in hands them to the client of a
  // bearer host (SignedIn). A text field is looked at by its name (the data export's `password` is
  // when it last changed, an object). Request bodies and parameters are what clients send.
  it('names no secret in any answer', () => {
    const found: string[] = [];
    for (const [at, node] of nodes(answer.body)) {
      const properties = node.properties as Record<string, { type?: string | string[] }> | undefined;
      if (typeof properties !== 'object' || properties === null || /\.(requestBody|parameters)\b/.test(at)) continue;
      for (const [name, schema] of Object.entries(properties)) {
        if (![schema.type].flat().includes('string')) continue;
        const secret = /password|hash|secret|p256dh|^auth$|endpoint/i.test(name);
        const token = /token/i.test(name) && at !== '$.components.schemas.SignedIn';
        if (secret || token) found.push(`${at}.${name}`);
      }
    }
    expect(found).toEqual([]);
  });
});
