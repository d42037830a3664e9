// Issue 22 §7: lookalikes of reserved and existing names, in the same script, used to pass
// ('admın', 'ɑdmin', 'ᴀdmin', 'adrnin', 'admin_'), and a display name "admin" was accepted. Names
// are now compared by their confusable skeleton (UTS #39), kept by the database under a unique
// index (migration 20261201001700). On PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
import { describe, expect, it } from 'vitest';

import { confusablePrototypes } from '../../scripts/make-confusables-sql.ts';
import { CURRENT_POLICIES } from '../../supabase/functions/_shared/policies.ts';
import { countRows, registerNamed } from '../support/accounts.ts';
import { PASSWORD, TestClient, uniqueName } from '../support/api-client.ts';
import { backends, ownerQuery } from '../support/databases.ts';
import { useSuite } from '../support/suite.ts';

describe.each(backends)('names that cannot pose, on %s', (backend) => {
  const suite = useSuite(backend, { admin: true, liftThrottles: true });

  function register(discordUsername: string, extra: Record<string, unknown> = {}) {
    return new TestClient(suite.app).post('/api/register', {
      discordUsername,
      password: PASSWORD,
      acceptedPolicies: CURRENT_POLICIES,
      ...extra,
    });
  }

  it('refuses every lookalike of a reserved name as a username, and keeps nothing of the attempt', async () => {
    const before = await countRows(suite.db, 'public.users');
    for (const name of [
      'admın',
      'ɑdmin',
      'ᴀdmin',
      'adrnin',
      'admin_',
      'ADMIN.',
      'ádmin',
      'Support',
      'supp0rt',
      'rnoderator',
      'fc_rideshare',
      'ride.share',
    ]) {
      const answer = await register(name);
      expect([answer.status, answer.body.code], name).toEqual([409, 'username_reserved']);
      expect(answer.body.message).toBe('That Discord username is reserved. Please choose another.');
    }
    expect(await countRows(suite.db, 'public.users')).toBe(before);
  });

  it("refuses a lookalike of another member's username, and says why", async () => {
    const base = uniqueName('mallory').replace(/[0-9]/g, 'x');
    await registerNamed(suite.app, base);
    for (const name of [
      base.replace('m', 'rn'),
      `${base}_`,
      `${base.slice(0, 3)}.${base.slice(3)}`,
      base.replace(/l/g, '1'),
      base.replace('o', '0'),
    ]) {
      const answer = await register(name);
      expect([answer.status, answer.body], name).toEqual([
        409,
        {
          message: "That Discord username looks too much like another member's. Please choose another.",
          code: 'username_lookalike',
          params: {},
          requestId: expect.any(String),
        },
      ]);
    }
    // The same name in another case was refused before, as taken.
    expect((await register(base.toUpperCase())).body.code).toBe('username_taken');
  });

  it('still takes names that only differ, in any script', async () => {
    const digits = String(Date.now() % 100_000);
    for (const name of [uniqueName('louise'), `李小龙${digits}`, `σοφία${digits}`, uniqueName('adminsg')]) {
      const answer = await register(name);
      expect(answer.status, `${name} ${JSON.stringify(answer.body)}`).toBe(201);
    }
  });

  it('refuses a reserved display name on registration and on the profile; the admin may use one', async () => {
    for (const name of ['admin', 'Admin', 'ᴀdmin', 'A d m i n', 'Moderator', 'ＦＣ RideShare']) {
      const answer = await register(uniqueName('shown'), { name });
      expect([answer.status, answer.body], name).toEqual([
        400,
        {
          message: "That name is reserved for the app's team. Please choose another.",
          code: 'display_name_reserved',
          params: {},
          requestId: expect.any(String),
        },
      ]);
    }
    const member = await registerNamed(suite.app, uniqueName('plain'), { name: 'Plain Person' });
    const renamed = await member.patch(`/api/users/${member.user.id}`, { name: 'Support' });
    expect([renamed.status, renamed.body.code]).toEqual([400, 'display_name_reserved']);
    expect((await member.patch(`/api/users/${member.user.id}`, { name: 'Support Team Fan' })).status).toBe(200);
    expect((await suite.admin.patch(`/api/users/${suite.admin.user.id}`, { name: 'Admin' })).status).toBe(200);
  });

  it('holds in the database, whoever writes: the owner’s SQL cannot add a lookalike nor forge a skeleton', async () => {
    await expect(ownerQuery(suite.db, "insert into public.users (discord_username) values ('ɑdmin')")).rejects.toThrow(
      /reserved/,
    );
    const member = await registerNamed(suite.app, uniqueName('forger'));
    await expect(
      ownerQuery(suite.db, "update public.users set name = 'ᴍoderator' where id = $1::integer", [member.user.id]),
    ).rejects.toThrow(/reserved/);
    await ownerQuery(suite.db, "update public.users set username_skeleton = 'nothing' where id = $1::integer", [
      member.user.id,
    ]);
    const [row] = await ownerQuery<{ kept: boolean }>(
      suite.db,
      'select username_skeleton = private.name_key(discord_username) as kept from public.users where id = $1::integer',
      [member.user.id],
    );
    expect(row!.kept).toBe(true);
    const [index] = await ownerQuery<{ indexdef: string }>(
      suite.db,
      "select indexdef from pg_indexes where schemaname = 'public' and indexname = 'users_username_skeleton_key'",
    );
    expect(index!.indexdef).toMatch(/CREATE UNIQUE INDEX .* \(username_skeleton\)/);
  });

  it('keeps the whole of confusables.txt (and the small capitals) the script makes', async () => {
    const rows = await ownerQuery<{ source: string; target: string }>(
      suite.db,
      'select source, target from private.confusable_prototypes',
    );
    const expected = confusablePrototypes();
    expect(rows.length).toBe(expected.size);
    expect(new Map(rows.map((row) => [row.source, row.target]))).toEqual(expected);
  });
});
