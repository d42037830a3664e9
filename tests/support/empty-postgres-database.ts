// A new, empty database on the PostgreSQL server at TEST_DATABASE_URL, for tests that hand a
// real process (the Node host, the Deno function) a connection string of its own.
import postgres from 'postgres';

export interface EmptyPostgresDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

export async function createEmptyPostgresDatabase(
  serverUrl: string,
  prefix = 'fc_proc',
): Promise<EmptyPostgresDatabase> {
  const name = `${prefix}_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`create database ${name}`);
  } catch (error) {
    await admin.end();
    throw error;
  }
  const parsed = new URL(serverUrl);
  parsed.pathname = `/${name}`;
  return {
    name,
    url: parsed.toString(),
    async drop() {
      try {
        await admin.unsafe(`drop database if exists ${name} with (force)`);
      } finally {
        await admin.end();
      }
    },
  };
}
