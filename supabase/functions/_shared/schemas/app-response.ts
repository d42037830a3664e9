import { z } from 'zod';

// The answers of the app's own routes (api/app.ts), beside those of routes/.

// GET /api/health: the database's own state (api/lib/health.ts), 200 when it answers, 503 not.
export const healthSchema = z
  .object({
    status: z.enum(['ok', 'error']),
    database: z.enum(['ok', 'unavailable']),
    // The newest migration's version, from the table the Supabase CLI and server/migrate.ts both
    // record into; null where no migration was recorded there.
    migration: z.string().nullable(),
  })
  .meta({ id: 'Health' });
export type Health = z.infer<typeof healthSchema>;

// GET /api/openapi.json: the api's OpenAPI 3.1 document (api/lib/contract.ts). Only its frame is
// checked here; tests/api/openapi.test.ts validates it against the OpenAPI 3.1 schema.
export const openApiDocumentSchema = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()),
});
export type OpenApiDocument = z.infer<typeof openApiDocumentSchema>;
