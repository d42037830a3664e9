// The PostgreSQL server for the suites that need a real one (the api suites' second backend, the
// Deno function, the Supabase CLI, the Node host on DATABASE_URL): TEST_DATABASE_URL. Without it
// those suites are skipped, loudly, unless DB_REQUIRED is set (.ci/run sets it, as E2E_REQUIRED
// for Chromium): then a missing database fails the run instead of passing with suites left out.
export function postgresServerUrl(suite: string): string | undefined {
  const url = process.env.TEST_DATABASE_URL;
  if (url) return url;
  const how =
    'TEST_DATABASE_URL names a PostgreSQL server: eval "$(bash scripts/test-postgres.sh start)" sets it, as .ci/run does';
  if (process.env.DB_REQUIRED) {
    throw new Error(`DB_REQUIRED is set but TEST_DATABASE_URL is not, so ${suite} cannot run (${how})`);
  }
  console.warn(`SKIPPED: ${suite}, for want of TEST_DATABASE_URL (${how})`);
  return undefined;
}
