// Accepting the privacy notice and community rules (issue 26 §2): registration is refused without
// the current versions of both (a translated validation message, nothing created), the accepted
// versions and time are kept per member (public.policy_acceptances), a member under older
// versions accepts the new ones, and a member reads and adds only their own rows (RLS). The SQL is
// plain inserts and reads, the same on every host: PGlite only (ADR 0021).
import { describe, expect, it } from 'vitest';

import { CURRENT_POLICIES, PRIVACY_VERSION, RULES_VERSION } from '../../supabase/functions/_shared/policies.ts';
import { VALIDATION } from '../../supabase/functions/_shared/validation.ts';
import { setCaller } from '../../supabase/functions/api/lib/database.ts';
import { countRows, expectRefusal, registerNamed } from '../support/accounts.ts';
import { PASSWORD, TestClient, uniqueName } from '../support/api-client.ts';
import { oneBackend, ownerQuery } from '../support/databases.ts';
import { useSuite } from '../support/suite.ts';

const NOT_ACCEPTED = VALIDATION.accept_policies.message;
const CHANGED = VALIDATION.policies_changed.message;

interface Acceptance {
  document: string;
  version: string;
  accepted_at: Date;
}

describe.each(oneBackend)('the privacy notice and community rules on %s', (backend) => {
  const suite = useSuite(backend, { guarded: true, admin: true, liftThrottles: true });

  const acceptancesOf = (userId: number) =>
    ownerQuery<Acceptance>(
      suite.db,
      'select document, version, accepted_at from public.policy_acceptances where user_id = $1 order by document, version',
      [userId],
    );

  describe('POST /api/register', () => {
    it.each([
      ['no acceptance at all', undefined, NOT_ACCEPTED],
      ['an unticked box (false)', false, NOT_ACCEPTED],
      ['a ticked box that names no versions (true)', true, NOT_ACCEPTED],
      ['the rules without the notice', { rules: RULES_VERSION }, NOT_ACCEPTED],
      ['an older privacy notice', { privacy: '2020-01-01', rules: RULES_VERSION }, CHANGED],
      ['older community rules', { privacy: PRIVACY_VERSION, rules: '2020-01-01' }, CHANGED],
      ['a version that is no date', { privacy: 'x'.repeat(500), rules: RULES_VERSION }, CHANGED],
    ])('refuses %s with its message and creates nothing', async (_label, acceptedPolicies, message) => {
      const name = uniqueName('refuser');
      const users = await countRows(suite.db, 'public.users');
      const acceptances = await countRows(suite.db, 'public.policy_acceptances');
      const answer = await new TestClient(suite.app).post('/api/register', {
        discordUsername: name,
        password: PASSWORD,
        ...(acceptedPolicies === undefined ? {} : { acceptedPolicies }),
      });
      expectRefusal(answer, 400, message);
      expect(answer.body.code).toBe('invalid_input');
      expect(answer.headers.get('set-cookie')).toBeNull();
      expect(await countRows(suite.db, 'public.users')).toBe(users);
      expect(await countRows(suite.db, 'public.policy_acceptances')).toBe(acceptances);
    });

    it('keeps the accepted version of each document and the time, and answers them with the member', async () => {
      const before = Date.now();
      const member = await registerNamed(suite.app, uniqueName('accepter'));
      const after = Date.now();
      expect(member.user.acceptedPolicies).toEqual({ privacy: PRIVACY_VERSION, rules: RULES_VERSION });

      const rows = await acceptancesOf(member.user.id);
      expect(rows.map(({ document, version }) => ({ document, version }))).toEqual([
        { document: 'privacy', version: PRIVACY_VERSION },
        { document: 'rules', version: RULES_VERSION },
      ]);
      for (const row of rows) {
        // The database's clock, within the request (a second either side for clock granularity).
        expect(new Date(row.accepted_at).getTime()).toBeGreaterThanOrEqual(before - 1000);
        expect(new Date(row.accepted_at).getTime()).toBeLessThanOrEqual(after + 1000);
      }
      expect((await member.get('/api/auth/me')).body.acceptedPolicies).toEqual(CURRENT_POLICIES);
    });
  });

  describe('POST /api/policies/accept', () => {
    it('lets a member who registered before the current versions accept them, once, keeping the older rows', async () => {
      const member = await registerNamed(suite.app, uniqueName('earlier'));
      // As a member who registered under an earlier notice and before the rules existed.
      await ownerQuery(suite.db, 'delete from public.policy_acceptances where user_id = $1', [member.user.id]);
      await ownerQuery(
        suite.db,
        `insert into public.policy_acceptances (user_id, document, version, accepted_at)
         values ($1, 'privacy', '2026-01-01', now() - interval '30 days')`,
        [member.user.id],
      );
      expect((await member.get('/api/auth/me')).body.acceptedPolicies).toEqual({ privacy: '2026-01-01', rules: null });

      expectRefusal(await member.post('/api/policies/accept', {}), 400, NOT_ACCEPTED);
      expectRefusal(
        await member.post('/api/policies/accept', {
          acceptedPolicies: { privacy: '2026-01-01', rules: RULES_VERSION },
        }),
        400,
        CHANGED,
      );

      const accepted = await member.post('/api/policies/accept', { acceptedPolicies: CURRENT_POLICIES });
      expect(accepted.status).toBe(200);
      expect(accepted.body.acceptedPolicies).toEqual(CURRENT_POLICIES);
      const first = await acceptancesOf(member.user.id);
      expect(first.map(({ document, version }) => `${document} ${version}`)).toEqual([
        'privacy 2026-01-01',
        `privacy ${PRIVACY_VERSION}`,
        `rules ${RULES_VERSION}`,
      ]);

      // Accepting again changes nothing: the first time stays.
      expect((await member.post('/api/policies/accept', { acceptedPolicies: CURRENT_POLICIES })).status).toBe(200);
      expect(await acceptancesOf(member.user.id)).toEqual(first);
    });

    it('goes with the account: deleting it erases the acceptances', async () => {
      const member = await registerNamed(suite.app, uniqueName('leaver'));
      expect(await acceptancesOf(member.user.id)).toHaveLength(2);
      expect((await member.post('/api/account/delete', { currentPassword: PASSWORD })).status).toBe(200);
      expect(await acceptancesOf(member.user.id)).toEqual([]);
    });

    it('is for members only', async () => {
      expectRefusal(await suite.anonymous.post('/api/policies/accept', { acceptedPolicies: CURRENT_POLICIES }), 401);
    });
  });

  describe('row level security', () => {
    const asMember = (userId: number, sql: string, params: unknown[] = []) =>
      suite.db.database.transaction(async (tx) => {
        await setCaller(tx, { userId, isAdmin: false });
        await tx.query('set local role authenticated');
        return tx.query<{ user_id: number }>(sql, params);
      });

    it('shows a member only their own rows and refuses adding one for someone else or setting the time', async () => {
      const alice = await registerNamed(suite.app, uniqueName('alice'));
      const bob = await registerNamed(suite.app, uniqueName('bob'));
      const seen = await asMember(alice.user.id, 'select distinct user_id from public.policy_acceptances');
      expect(seen.map((row) => row.user_id)).toEqual([alice.user.id]);
      await expect(
        asMember(
          alice.user.id,
          `insert into public.policy_acceptances (user_id, document, version) values ($1, 'rules', '2030-01-01')`,
          [bob.user.id],
        ),
      ).rejects.toThrow(/row-level security/);
      await expect(
        asMember(
          alice.user.id,
          `insert into public.policy_acceptances (user_id, document, version, accepted_at)
           values ($1, 'rules', '2030-01-01', now() - interval '1 year')`,
          [alice.user.id],
        ),
      ).rejects.toThrow(/permission denied/);
      expect(await acceptancesOf(bob.user.id)).toHaveLength(2);
    });
  });
});
