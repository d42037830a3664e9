// bcrypt (~70 ms of CPU a call) runs while no transaction is open: on PGlite a transaction holds
// the one database for every request, so bcrypt inside it would stall all of them. Hashing a new
// password (register, reset code, admin reset, change password) and checking a login run first;
// only checking the current password on a change still runs inside (a rare request).
import bcrypt from 'bcryptjs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import type { Database } from '../../supabase/functions/api/lib/database.ts';
import { login, NEW_PASSWORD, registerAdmin, registerNamed } from '../support/accounts.ts';
import { createTestApp, type Member, PASSWORD, type TestApp, TestClient, uniqueName } from '../support/api-client.ts';
import { backends, createTestDatabase, ownerQuery, type TestDatabase } from '../support/databases.ts';

const watch = vi.hoisted(() => ({
  openTransactions: 0,
  calls: [] as Array<{ call: 'hash' | 'verify'; openTransactions: number }>,
  // Runs once, right after the next password check: to change things between a login's steps.
  afterVerify: undefined as (() => Promise<void>) | undefined,
}));

vi.mock('../../supabase/functions/api/lib/passwords.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../supabase/functions/api/lib/passwords.ts')>();
  return {
    hashPassword: (password: string, cost?: number) => {
      watch.calls.push({ call: 'hash', openTransactions: watch.openTransactions });
      return real.hashPassword(password, cost);
    },
    verifyPassword: async (password: string, hash: string | null | undefined) => {
      watch.calls.push({ call: 'verify', openTransactions: watch.openTransactions });
      const matches = await real.verifyPassword(password, hash);
      const after = watch.afterVerify;
      watch.afterVerify = undefined;
      await after?.();
      return matches;
    },
  };
});

// The database, counting the transactions open (or waiting to open) at any moment.
function counted(database: Database): Database {
  return {
    async transaction(work) {
      watch.openTransactions += 1;
      try {
        return await database.transaction(work);
      } finally {
        watch.openTransactions -= 1;
      }
    },
    // One autocommit statement, no transaction (the cached lists' version, the push outbox's
    // "anything queued?" after a change): passed through uncounted.
    readStatement: database.readStatement?.bind(database),
    close: () => database.close(),
  };
}

async function bcryptDuring(work: () => Promise<void>) {
  watch.calls = [];
  await work();
  return watch.calls;
}

describe.each(backends)('bcrypt outside the transaction on %s', (backend) => {
  let db: TestDatabase;
  let app: TestApp;
  let admin: Member;

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    app = createTestApp(counted(db.database));
    admin = await registerAdmin(app);
  });
  afterAll(() => db.close());

  it('register hashes before the transaction', async () => {
    const calls = await bcryptDuring(async () => {
      await registerNamed(app, uniqueName('hashed'));
    });
    expect(calls).toEqual([{ call: 'hash', openTransactions: 0 }]);
  });

  it('login checks the password between two short transactions, right or wrong', async () => {
    const member = await registerNamed(app, uniqueName('login'));
    const right = await bcryptDuring(async () => {
      expect((await login(app, member.user.discordUsername)).answer.status).toBe(200);
    });
    expect(right).toEqual([{ call: 'verify', openTransactions: 0 }]);
    const wrong = await bcryptDuring(async () => {
      const answer = await new TestClient(app).post('/api/login', {
        discordUsername: member.user.discordUsername,
        password: 'not-the-password',
      });
      expect(answer.status).toBe(401);
    });
    expect(wrong).toEqual([{ call: 'verify', openTransactions: 0 }]);
    const unknown = await bcryptDuring(async () => {
      const answer = await new TestClient(app).post('/api/login', {
        discordUsername: uniqueName('nobody'),
        password: PASSWORD,
      });
      expect(answer.status).toBe(401);
    });
    expect(unknown).toEqual([{ call: 'verify', openTransactions: 0 }]);
  });

  it('a password changed between the first look and the session is checked against the new one', async () => {
    const member = await registerNamed(app, uniqueName('raced'));
    const name = member.user.discordUsername;
    const newHash = await bcrypt.hash(NEW_PASSWORD, 10);
    const changePassword = async () => {
      await ownerQuery(db, 'update private.credentials set password_hash = $1 where user_id = $2', [
        newHash,
        member.user.id,
      ]);
    };

    // Right when looked up, wrong by the time the session would start: refused.
    watch.afterVerify = changePassword;
    const old = await bcryptDuring(async () => {
      expect((await login(app, name, PASSWORD)).answer.status).toBe(401);
    });
    expect(old).toEqual([
      { call: 'verify', openTransactions: 0 },
      { call: 'verify', openTransactions: 1 },
    ]);

    // And the other way round: the new password works at once.
    await ownerQuery(db, 'update private.credentials set password_hash = $1 where user_id = $2', [
      await bcrypt.hash(PASSWORD, 10),
      member.user.id,
    ]);
    watch.afterVerify = changePassword;
    const signedIn = await login(app, name, NEW_PASSWORD);
    expect(signedIn.answer.status).toBe(200);
    expect(signedIn.answer.body.id).toBe(member.user.id);
  });

  it('a reset code, an admin reset and a change of password hash the new password before the transaction', async () => {
    const member = await registerNamed(app, uniqueName('reset'));

    const adminReset = await bcryptDuring(async () => {
      const answer = await admin.post('/api/admin/reset-user-password', {
        discordUsername: member.user.discordUsername,
        newPassword: NEW_PASSWORD,
      });
      expect(answer.status).toBe(200);
    });
    expect(adminReset).toEqual([{ call: 'hash', openTransactions: 0 }]);

    const issued = await admin.post('/api/admin/password-reset-codes', {
      discordUsername: member.user.discordUsername,
    });
    expect(issued.status).toBe(201);
    const redeemed = await bcryptDuring(async () => {
      const answer = await new TestClient(app).post('/api/complete-password-reset', {
        discordUsername: member.user.discordUsername,
        code: issued.body.code,
        newPassword: PASSWORD,
      });
      expect(answer.status).toBe(200);
    });
    expect(redeemed).toEqual([{ call: 'hash', openTransactions: 0 }]);

    const signedIn = await login(app, member.user.discordUsername);
    expect(signedIn.answer.status).toBe(200);
    const changed = await bcryptDuring(async () => {
      const answer = await signedIn.post('/api/reset-password', {
        currentPassword: PASSWORD,
        newPassword: NEW_PASSWORD,
      });
      expect(answer.status).toBe(200);
    });
    // The current password is checked inside: it needs the stored hash, under the throttle's lock.
    expect(changed).toEqual([
      { call: 'hash', openTransactions: 0 },
      { call: 'verify', openTransactions: 1 },
    ]);
    expect(
      (
        await new TestClient(app).post('/api/login', {
          discordUsername: member.user.discordUsername,
          password: NEW_PASSWORD,
        })
      ).status,
    ).toBe(200);
  });

  it('a refused body is refused as before, with no bcrypt work at all', async () => {
    const member = await registerNamed(app, uniqueName('refused'));
    const calls = await bcryptDuring(async () => {
      // A member is not the admin: 403 before the body is looked at, as before.
      expect((await member.post('/api/admin/reset-user-password', {})).status).toBe(403);
      expect((await new TestClient(app).post('/api/register', { discordUsername: 'x' })).status).toBe(400);
      // Not signed in at all: 401, and nothing hashed.
      expect(
        (
          await new TestClient(app).post('/api/reset-password', {
            currentPassword: PASSWORD,
            newPassword: NEW_PASSWORD,
          })
        ).status,
      ).toBe(401);
    });
    expect(calls).toEqual([]);
  });
});
