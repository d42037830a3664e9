// The admin backup in the Supabase dashboard: the SQL functions of migration
// 20261122000500_admin_backup_functions.sql (the password reset as 20261123000100_one_password_reset.sql
// redefines it), called as the SQL editor calls them (the owner role), and their effect seen
// through the api. None of them, nor the private reset they share with the api, may run as an
// API role.
import { describe, expect, it } from 'vitest';

import { login, loginStatus, NEW_PASSWORD, registerNamed } from '../support/accounts.ts';
import { createRide, type Member, PASSWORD, TestClient, uniqueName } from '../support/api-client.ts';
import { backends, ownerQuery, type TestDatabase } from '../support/databases.ts';
import { useSuite } from '../support/suite.ts';

// Every admin function with arguments that would succeed for an existing member.
const ADMIN_CALLS: Array<[string, (username: string) => string]> = [
  ['admin.reset_member_password(text, text)', (u) => `select admin.reset_member_password('${u}', 'hijacked-password')`],
  ['admin.end_member_sessions(text)', (u) => `select admin.end_member_sessions('${u}')`],
  ['admin.open_reset_requests()', () => 'select * from admin.open_reset_requests()'],
  [
    'admin.mark_vendor(text, text, text, text, text)',
    (u) => `select admin.mark_vendor('${u}', 'Evil Co', 'X', 'Y', 'Z')`,
  ],
  ['admin.find_member(text)', (u) => `select admin.find_member('${u}')`],
  ['admin.vendor_applications()', () => 'select * from admin.vendor_applications()'],
  ['admin.approve_vendor(text, text)', (u) => `select admin.approve_vendor('${u}', 'Evil note')`],
  ['admin.revoke_vendor(text)', (u) => `select admin.revoke_vendor('${u}')`],
];
const API_ROLES = ['anon', 'authenticated', 'service_role'] as const;

async function sqlError(db: TestDatabase, text: string, role?: string): Promise<{ code?: string; message: string }> {
  try {
    await db.database.transaction(async (tx) => {
      if (role) await tx.query(`set local role ${role}`);
      await tx.query(text);
    });
  } catch (error) {
    return error as { code?: string; message: string };
  }
  throw new Error(`expected an error from: ${text}${role ? ` as ${role}` : ''}`);
}

describe.each(backends)('admin SQL functions on %s', (backend) => {
  const suite = useSuite(backend, { admin: true });

  async function me(client: TestClient): Promise<number> {
    return (await client.get('/api/auth/me')).status;
  }

  describe('admin.reset_member_password', () => {
    it('sets a bcrypt password the api accepts, and ends every old session', async () => {
      const member: Member = await registerNamed(suite.app, uniqueName('reset'));
      const phone = await login(suite.app, member.user.discordUsername);
      expect(phone.answer.status).toBe(200);
      expect(await me(member)).toBe(200);
      expect(await me(phone)).toBe(200);

      // Mixed case: the dashboard admin types what the member told them.
      const [row] = await ownerQuery<{ message: string }>(
        suite.db,
        'select admin.reset_member_password($1::text, $2::text) as message',
        [member.user.discordUsername.toUpperCase(), NEW_PASSWORD],
      );
      expect(row!.message).toBe(
        `Password of ${member.user.discordUsername} (id ${member.user.id}) reset; 2 session(s) ended`,
      );

      const [credential] = await ownerQuery<{ password_hash: string }>(
        suite.db,
        'select password_hash from private.credentials where user_id = $1::integer',
        [member.user.id],
      );
      expect(credential!.password_hash).toMatch(/^\$2a\$10\$/);

      expect(await me(member)).toBe(401);
      expect(await me(phone)).toBe(401);
      expect(await loginStatus(suite.app, member.user.discordUsername, PASSWORD)).toBe(401);
      const fresh = await login(suite.app, member.user.discordUsername, NEW_PASSWORD);
      expect(fresh.answer.status).toBe(200);
      expect(fresh.answer.body.id).toBe(member.user.id);
      expect(await me(fresh)).toBe(200);
    });

    // 'İ'.toLowerCase() is 'i' plus a combining dot, where Postgres' lower() gives a plain 'i': the
    // api's throttle and the reset take the key from one SQL function, so they still agree.
    it.each([
      ['a member', 'locked'],
      ['a member whose name JavaScript and Postgres lower-case differently', 'İlker'],
    ])('lets %s who was locked out by failed logins in at once', async (_, prefix) => {
      const member: Member = await registerNamed(suite.app, uniqueName(prefix));
      let status = 0;
      for (let attempt = 0; attempt < 6 && status !== 429; attempt += 1) {
        status = await loginStatus(suite.app, member.user.discordUsername, 'not-the-password');
      }
      expect(status).toBe(429);
      await ownerQuery(suite.db, 'select admin.reset_member_password($1::text, $2::text)', [
        member.user.discordUsername,
        NEW_PASSWORD,
      ]);
      expect(await loginStatus(suite.app, member.user.discordUsername, NEW_PASSWORD)).toBe(200);
    });

    it('refuses an unknown member, a short password and one past 72 bytes, and changes nothing', async () => {
      const member: Member = await registerNamed(suite.app, uniqueName('keep'));
      const before = await ownerQuery(
        suite.db,
        'select password_hash from private.credentials where user_id = $1::integer',
        [member.user.id],
      );
      expect(
        (await sqlError(suite.db, "select admin.reset_member_password('nobody-at-all', 'long-enough-pw')")).message,
      ).toMatch(/No member with Discord username 'nobody-at-all'/);
      expect(
        (await sqlError(suite.db, `select admin.reset_member_password('${member.user.discordUsername}', 'short')`))
          .message,
      ).toMatch(/at least 8 characters/);
      expect(
        (
          await sqlError(
            suite.db,
            `select admin.reset_member_password('${member.user.discordUsername}', '${'é'.repeat(40)}')`,
          )
        ).message,
      ).toMatch(/at most 72 bytes/);
      expect(
        await ownerQuery(suite.db, 'select password_hash from private.credentials where user_id = $1::integer', [
          member.user.id,
        ]),
      ).toEqual(before);
      expect(await me(member)).toBe(200);
    });
  });

  describe('admin.open_reset_requests', () => {
    it('lists open requests oldest first with the contact, and a reset closes them', async () => {
      const first: Member = await registerNamed(suite.app, uniqueName('askone'), {
        name: 'Ask One',
        whatsappNumber: '+65 8111 2222',
      });
      const second: Member = await registerNamed(suite.app, uniqueName('asktwo'));
      for (const member of [first, second]) {
        const asked = await new TestClient(suite.app).post('/api/request-password-reset', {
          discordUsername: member.user.discordUsername,
        });
        expect(asked.status).toBe(200);
      }

      const open = await ownerQuery<any>(suite.db, 'select * from admin.open_reset_requests()');
      const mine = open.filter((row) => [first.user.id, second.user.id].includes(row.user_id));
      expect(mine.map((row) => row.discord_username)).toEqual([
        first.user.discordUsername,
        second.user.discordUsername,
      ]);
      expect(mine[0]).toMatchObject({
        user_id: first.user.id,
        name: 'Ask One',
        whatsapp_number: '+6581112222',
        request_id: expect.any(Number),
      });
      expect(new Date(mine[0].requested_at).getTime()).not.toBeNaN();

      await ownerQuery(suite.db, 'select admin.reset_member_password($1::text, $2::text)', [
        first.user.discordUsername,
        NEW_PASSWORD,
      ]);
      const after = await ownerQuery<any>(suite.db, 'select user_id from admin.open_reset_requests()');
      expect(after.map((row) => row.user_id)).not.toContain(first.user.id);
      expect(after.map((row) => row.user_id)).toContain(second.user.id);
    });
  });

  describe('admin.end_member_sessions', () => {
    it('logs the member out everywhere and leaves the password alone', async () => {
      const member: Member = await registerNamed(suite.app, uniqueName('endall'));
      const laptop = await login(suite.app, member.user.discordUsername);
      const other: Member = await registerNamed(suite.app, uniqueName('bystander'));

      const [row] = await ownerQuery<{ ended: number }>(
        suite.db,
        'select admin.end_member_sessions($1::text) as ended',
        [member.user.discordUsername],
      );
      expect(row!.ended).toBe(2);
      expect(await me(member)).toBe(401);
      expect(await me(laptop)).toBe(401);
      expect(await me(other)).toBe(200);
      expect(await loginStatus(suite.app, member.user.discordUsername, PASSWORD)).toBe(200);
    });
  });

  describe('admin.mark_vendor', () => {
    it('turns a member into a vendor the api treats as one', async () => {
      const organiser: Member = await registerNamed(suite.app, uniqueName('organiser'));
      const member: Member = await registerNamed(suite.app, uniqueName('tobevendor'));
      const ride = await createRide(organiser);

      const [row] = await ownerQuery<{ id: number }>(
        suite.db,
        "select admin.mark_vendor($1::text, ' Border Cars Pte Ltd ', 'Ali', '+60 12 345 6789', 'JQA 1234') as id",
        [member.user.discordUsername],
      );
      expect(row!.id).toBe(member.user.id);

      const profile = await member.get('/api/auth/me');
      expect(profile.body).toMatchObject({
        isVendor: true,
        companyName: 'Border Cars Pte Ltd',
        driverDetails: { name: 'Ali', contact: '+60 12 345 6789', carNumber: 'JQA 1234' },
      });
      // Made a vendor in the SQL editor, they wait for approval like a vendor who registered.
      expect((await member.post(`/api/rides/${ride.id}/assign`)).status).toBe(403);
      await ownerQuery(suite.db, "select admin.approve_vendor($1::text, 'Checked in person')", [
        member.user.discordUsername,
      ]);
      const assigned = await member.post(`/api/rides/${ride.id}/assign`);
      expect(assigned.status).toBe(200);
      expect(assigned.body.ride).toMatchObject({ status: 'assigned', vendorId: member.user.id });
      expect((await member.get('/api/vendor/rides')).body.map((r: any) => r.id)).toContain(ride.id);
    });

    it('refuses missing details', async () => {
      const member: Member = await registerNamed(suite.app, uniqueName('novendor'));
      const error = await sqlError(
        suite.db,
        `select admin.mark_vendor('${member.user.discordUsername}', 'Co', '', 'x', 'y')`,
      );
      expect(error.message).toMatch(/are all required/);
      expect((await member.get('/api/auth/me')).body.isVendor).toBe(false);
    });
  });

  describe('not reachable by the API roles', () => {
    it.each(API_ROLES)('%s has no usage on schema admin and no execute on any admin function', async (role) => {
      const [schema] = await ownerQuery<{ usage: boolean }>(
        suite.db,
        "select has_schema_privilege($1::text, 'admin', 'usage') as usage",
        [role],
      );
      expect(schema!.usage).toBe(false);
      const functions = await ownerQuery<{ signature: string; can: boolean }>(
        suite.db,
        `select p.oid::regprocedure::text as signature, has_function_privilege($1::text, p.oid, 'execute') as can
           from pg_proc p join pg_namespace n on n.oid = p.pronamespace
          where n.nspname = 'admin' order by 1`,
        [role],
      );
      // regprocedure prints argument types without spaces.
      expect(functions.map((f) => f.signature).sort()).toEqual(
        ADMIN_CALLS.map(([signature]) => signature.replace(/ /g, '')).sort(),
      );
      expect(functions.filter((f) => f.can)).toEqual([]);
    });

    // The password reset itself, which the api reaches as the owner and the SQL editor through
    // admin.reset_member_password.
    it.each(API_ROLES)('%s cannot call the private password reset or its throttle key', async (role) => {
      const victim: Member = await registerNamed(suite.app, uniqueName('victim'));
      for (const call of [
        `select private.replace_member_password(${victim.user.id}, 'not-a-hash', null)`,
        `select private.member_throttle_key('login', '${victim.user.discordUsername}')`,
      ]) {
        const error = await sqlError(suite.db, call, role);
        expect(error.code, `${call} as ${role}: ${error.message}`).toBe('42501');
      }
      const [grants] = await ownerQuery<{ reset: boolean; key: boolean }>(
        suite.db,
        `select has_function_privilege($1::text, 'private.replace_member_password(integer, text, text)', 'execute') as reset,
                has_function_privilege($1::text, 'private.member_throttle_key(text, text)', 'execute') as key`,
        [role],
      );
      expect(grants).toEqual({ reset: false, key: false });
      expect(await me(victim)).toBe(200);
      expect(await loginStatus(suite.app, victim.user.discordUsername, PASSWORD)).toBe(200);
    });

    it.each(API_ROLES)('calling any of them as %s is refused (42501) and changes nothing', async (role) => {
      const victim: Member = await registerNamed(suite.app, uniqueName('victim'));
      for (const [signature, call] of ADMIN_CALLS) {
        const error = await sqlError(suite.db, call(victim.user.discordUsername), role);
        expect(error.code, `${signature} as ${role}: ${error.message}`).toBe('42501');
      }
      expect(await me(victim)).toBe(200);
      expect(await loginStatus(suite.app, victim.user.discordUsername, PASSWORD)).toBe(200);
      expect((await victim.get('/api/auth/me')).body.isVendor).toBe(false);
    });
  });
});
