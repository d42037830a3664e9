// One describe block's fixture for the api suites: a fresh migrated database (PGlite always,
// PostgreSQL when TEST_DATABASE_URL is set) and an app over it, closed after the block.
import { afterAll, beforeAll } from 'vitest';

import type { ApiOptions } from '../../supabase/functions/api/app.ts';
import { guarded, liftThrottles, registerAdmin } from './accounts.ts';
import { createTestApp, type Member, type TestApp, TestClient } from './api-client.ts';
import { type Backend, createTestDatabase, type TestDatabase } from './databases.ts';

export interface Suite {
  db: TestDatabase;
  app: TestApp;
  anonymous: TestClient;
  // Only with { admin: true }.
  admin: Member;
}

export interface SuiteOptions {
  // Every answer is read for secrets before the test sees it (accounts.ts guarded).
  guarded?: boolean;
  // Registers the admin, who must be user 1, before anything else.
  admin?: boolean;
  // For suites about something other than the abuse throttles (see accounts.ts liftThrottles).
  liftThrottles?: boolean;
  // What the app is made with beyond the suites' defaults (createTestApp).
  app?: Partial<ApiOptions>;
}

export function useSuite(backend: Backend, options: SuiteOptions = {}): Suite {
  const suite = {} as Suite;
  beforeAll(async () => {
    suite.db = await createTestDatabase(backend);
    const app = createTestApp(suite.db.database, options.app);
    suite.app = options.guarded ? guarded(app) : app;
    suite.anonymous = new TestClient(suite.app);
    if (options.admin) suite.admin = await registerAdmin(suite.app);
    if (options.liftThrottles) await liftThrottles(suite.db);
  });
  afterAll(async () => {
    await suite.db?.close();
  });
  return suite;
}
