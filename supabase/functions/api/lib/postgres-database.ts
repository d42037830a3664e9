import postgres from 'postgres';

import type { Database, Queryable } from './database.ts';

export interface PostgresOptions {
  max?: number;
  // Supabase's transaction pooler cannot keep prepared statements between transactions.
  prepare?: boolean;
}

// PostgreSQL through postgres.js: used by the Node host (DATABASE_URL) and the Deno function.
export function connectPostgres(url: string, options: PostgresOptions = {}): Database {
  const sql = postgres(url, {
    max: options.max ?? 10,
    prepare: options.prepare ?? true,
    onnotice: () => {},
    connection: { application_name: 'fc-rideshare-api' },
  });
  return {
    async transaction(work) {
      return (await sql.begin((tx) => {
        const queryable: Queryable = {
          query: async (text, params = []) =>
            (await tx.unsafe(text, params as postgres.ParameterOrJSON<never>[])) as never,
          exec: async (script) => {
            await tx.unsafe(script);
          },
        };
        return work(queryable);
      })) as Awaited<ReturnType<typeof work>>;
    },
    readStatement: async (text) => (await sql.unsafe(text)) as never,
    // postgres.js keeps one connection of its own for LISTEN, outside the pool, and listens again
    // after it reconnects.
    async listen(channel, onPayload) {
      const { unlisten } = await sql.listen(channel, onPayload);
      return unlisten;
    },
    close: () => sql.end({ timeout: 5 }),
  };
}
