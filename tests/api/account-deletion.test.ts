// "Delete my account" (issue 26 §2): POST /api/account/delete with the password. Upcoming rides
// the member organises are cancelled (their passengers told), the rides they joined are left
// (the organisers told), everything of theirs is erased, and past rides keep them as "a former
// member". Then no table of any schema holds their username, name or numbers.
import { describe, expect, it } from 'vitest';

import { FORMER_MEMBER_NAME } from '../../supabase/functions/_shared/former-member.ts';
import { CURRENT_POLICIES } from '../../supabase/functions/_shared/policies.ts';
import { expectRefusal, login, registerNamed } from '../support/accounts.ts';
import { createRide, futureDate, type Member, PASSWORD, registerMember } from '../support/api-client.ts';
import { backends, ownerQuery, type TestDatabase } from '../support/databases.ts';
import { useSuite } from '../support/suite.ts';
import { registerApprovedVendor } from '../support/vendors.ts';
import { seedMemberEverywhere } from './own-data-kit.ts';
import { makeRidePast } from './ride-test-kit.ts';

// Every table of every schema the app has (public, private, app, admin and whatever is added),
// each row read whole as text (every column, jsonb and arrays included): the ones holding any
// of the strings, case ignored.
async function tracesLeft(db: TestDatabase, traces: string[]): Promise<string[]> {
  const tables = await ownerQuery<{ name: string }>(
    db,
    `select format('%I.%I', n.nspname, c.relname) as name
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p', 'm')
        and n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast')
        and n.nspname not like 'pg\\_temp%' and n.nspname not like 'pg\\_toast\\_temp%'
      order by 1`,
  );
  expect(tables.map((table) => table.name)).toEqual(
    expect.arrayContaining(['public.users', 'public.notifications', 'private.sessions', 'private.login_failures']),
  );
  const patterns = traces.map((trace) => `%${trace.replace(/[\\%_]/g, '\\$&')}%`);
  const found: string[] = [];
  for (const { name } of tables) {
    const rows = await ownerQuery<{ row: string }>(
      db,
      `select t::text as row from ${name} t where t::text ilike any ($1::text[])`,
      [patterns],
    );
    for (const row of rows) found.push(`${name}: ${row.row.slice(0, 300)}`);
  }
  return found;
}

async function deleteAccount(member: Member, password = PASSWORD) {
  return member.post('/api/account/delete', { currentPassword: password });
}

describe.each(backends)('delete my account on %s', (backend) => {
  const suite = useSuite(backend, { guarded: true, admin: true, liftThrottles: true });

  it('leaves no row that names the member, and keeps past rides with "a former member"', async () => {
    const { member, other, traces, rides } = await seedMemberEverywhere(suite);
    // Arranged right: before, every trace is somewhere (else the search below proves nothing).
    const before = await tracesLeft(suite.db, traces);
    for (const trace of traces) {
      expect(
        before.some((row) => row.toLowerCase().includes(trace.toLowerCase())),
        trace,
      ).toBe(true);
    }
    expect(before.some((row) => row.startsWith('public.notifications:'))).toBe(true);
    expect(before.some((row) => row.startsWith('private.login_failures:'))).toBe(true);

    const runningSeries = async () =>
      (
        await ownerQuery<{ n: number }>(
          suite.db,
          'select count(*)::int as n from public.ride_series where organiser_id = $1::integer and ended_at is null',
          [member.user.id],
        )
      )[0]!.n;
    expect(await runningSeries()).toBe(1);
    // The actions of theirs the abuse limits counted, chat messages per member and ride
    // ("<member>:<ride>") among them (push:ride and payments:remind count a ride's, not theirs).
    const counted = async () =>
      (
        await ownerQuery<{ limit_name: string }>(
          suite.db,
          `select distinct limit_name from private.throttle_events
            where (limit_name not in ('push:ride', 'payments:remind', 'push:ride-changed')
                   and (subject = $1::text or subject like $1::text || ':%'))
               or (limit_name = 'push:ride-changed' and subject like '%:' || $1::text)
            order by 1`,
          [member.user.id],
        )
      ).map((row) => row.limit_name);
    expect(await counted()).toContain('chat:messages');

    const answer = await deleteAccount(member);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({ ridesCancelled: 1, ridesLeft: 1, ridesReleased: 0 });
    // Their weekly series ended with them (issue 27).
    expect(await runningSeries()).toBe(0);
    expect(answer.headers.get('set-cookie')).toMatch(/fc_session=;.*Max-Age=0/i);

    expect(await tracesLeft(suite.db, traces)).toEqual([]);
    expect(await counted()).toEqual([]);
    // Moderation keeps its rows without them: the report they made (its note erased), every action
    // of the log (the admin's words about them reading "a former member"), none of their words.
    expect(
      await ownerQuery(suite.db, 'select reason, note, status from public.reports where reporter_id = $1', [
        member.user.id,
      ]),
    ).toEqual([{ reason: 'no_show', note: null, status: 'open' }]);
    const log = await ownerQuery<{ action: string; reason: string; detail: Record<string, unknown> }>(
      suite.db,
      `select action, reason, detail from public.moderation_log
        where (target_kind = 'member' and target_id = $1) or (target_kind = 'ride_message' and detail ->> 'rideId' = $2)
        order by id`,
      [member.user.id, String(rides.organised)],
    );
    expect(log).toEqual([
      { action: 'dismiss', reason: `Nothing wrong with ${FORMER_MEMBER_NAME}`, detail: {} },
      { action: 'hide', reason: 'Off topic', detail: { rideId: rides.organised } },
    ]);

    // Signed out everywhere, and the password no longer opens anything.
    expect(member.cookie).toBeNull();
    expect((await login(suite.app, member.user.discordUsername, PASSWORD)).answer.status).toBe(401);

    // The upcoming ride they organised is cancelled, its passenger told; the one they joined is
    // left, its organiser told, by a former member.
    expect((await other.get(`/api/rides/${rides.organised}`)).status).toBe(404);
    const inbox = await ownerQuery<{ kind: string; ride_id: number | null; params: Record<string, unknown> }>(
      suite.db,
      'select kind, ride_id, params from public.notifications where user_id = $1 order by id',
      [other.user.id],
    );
    expect(inbox.map((row) => row.kind)).toContain('ride_deleted');
    expect(inbox).toContainEqual(
      expect.objectContaining({
        kind: 'passenger_left',
        ride_id: rides.joined,
        params: expect.objectContaining({ name: FORMER_MEMBER_NAME }),
      }),
    );
    expect(inbox).toContainEqual(
      expect.objectContaining({
        kind: 'passenger_joined',
        params: expect.objectContaining({ name: FORMER_MEMBER_NAME }),
      }),
    );
    const joined = await other.get(`/api/rides/${rides.joined}/passengers`);
    expect(joined.body.map((p: { userId: number }) => p.userId)).not.toContain(member.user.id);

    // Past rides stay: the one they organised, and their seat (and payment) on another's.
    const past = await other.get(`/api/rides/${rides.organisedPast}`);
    expect(past.status).toBe(200);
    expect(past.body).toMatchObject({ creatorId: member.user.id, creatorName: FORMER_MEMBER_NAME });
    expect(past.body.creator).toMatchObject({ name: FORMER_MEMBER_NAME, discordUsername: null, whatsappNumber: null });
    const seat = await other.get(`/api/rides/${rides.joinedPast}/passengers`);
    expect(seat.body).toContainEqual(
      expect.objectContaining({
        userId: member.user.id,
        paymentStatus: 'claimed',
        user: expect.objectContaining({ fullName: FORMER_MEMBER_NAME, whatsappNumber: null }),
      }),
    );

    // The username is free again; the name they are shown by is nobody else's to take.
    expect((await registerNamed(suite.app, member.user.discordUsername)).user.discordUsername).toBe(
      member.user.discordUsername,
    );
    const posing = await suite.anonymous.post('/api/register', {
      discordUsername: `poser${member.user.id}`,
      password: PASSWORD,
      acceptedPolicies: CURRENT_POLICIES,
      name: 'A Former Member',
    });
    expectRefusal(posing, 400);
  });

  it('releases the upcoming rides a vendor drives (the riders told) and keeps the past ones theirs', async () => {
    const vendor = await registerApprovedVendor(suite);
    const organiser = await registerMember(suite.app, 'vendorsrider', { whatsappNumber: '+65 8222 3333' });
    const upcoming = await createRide(organiser);
    const past = await createRide(organiser, { date: futureDate(4) });
    for (const ride of [upcoming, past]) expect((await vendor.post(`/api/rides/${ride.id}/assign`)).status).toBe(200);
    await makeRidePast(suite.db, past.id);

    const answer = await deleteAccount(vendor);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({ ridesCancelled: 0, ridesReleased: 1, ridesLeft: 0 });
    expect((await organiser.get(`/api/rides/${upcoming.id}`)).body).toMatchObject({ status: 'open', vendorId: null });
    expect((await organiser.get(`/api/rides/${past.id}`)).body).toMatchObject({
      status: 'assigned',
      vendorId: vendor.user.id,
    });
    const [told] = await ownerQuery<{ n: number }>(
      suite.db,
      `select count(*)::integer as n from public.notifications
        where user_id = $1 and ride_id = $2 and kind = 'vendor_released'`,
      [organiser.user.id, upcoming.id],
    );
    expect(told!.n).toBe(1);
    // Every vendor of the suites is 'Border Cars Pte Ltd' (registerVendor): their own row is what
    // holds no company any more.
    expect(await tracesLeft(suite.db, [vendor.user.discordUsername])).toEqual([]);
    const [row] = await ownerQuery(suite.db, 'select company_name, driver_details from public.users where id = $1', [
      vendor.user.id,
    ]);
    expect(row).toEqual({ company_name: null, driver_details: null });
  });

  it('finds a name in free text as a whole word, case ignored, in any script', async () => {
    const cases: Array<[string, string[], string]> = [
      ['Al is Always late, ask al', ['Al'], 'a former member is Always late, ask a former member'],
      ['我是张伟的朋友', ['张伟'], '我是a former member的朋友'],
      ['Call +6591234567 or 91234567.', ['+6591234567', '91234567'], 'Call a former member or a former member.'],
      ['ZOE.B said so; zoeXb did not', ['zoe.b'], 'a former member said so; zoeXb did not'],
    ];
    for (const [text, names, expected] of cases) {
      const [row] = await ownerQuery<{ text: string }>(
        suite.db,
        'select private.without_names($1, $2::text[]) as text',
        [text, names],
      );
      expect(row!.text, text).toBe(expected);
    }
  });

  it('asks for the password: a wrong one changes nothing and counts as a failed login', async () => {
    const member = await registerMember(suite.app, 'wrongpw');
    const answer = await deleteAccount(member, 'not-the-password');
    expectRefusal(answer, 400, 'Current password is incorrect');
    expect((await member.get('/api/auth/me')).status).toBe(200);
    const [failures] = await ownerQuery<{ n: number }>(
      suite.db,
      `select count(*)::integer as n from private.login_failures where throttle_key = 'user:' || lower($1)`,
      [member.user.discordUsername],
    );
    expect(failures!.n).toBe(1);
    expectRefusal(await member.post('/api/account/delete', {}), 400);
  });

  it('refuses a visitor and the admin', async () => {
    expectRefusal(await suite.anonymous.post('/api/account/delete', { currentPassword: PASSWORD }), 401);
    const answer = await deleteAccount(suite.admin);
    expectRefusal(answer, 403, 'The admin account cannot be deleted');
    expect((await suite.admin.get('/api/auth/me')).status).toBe(200);
  });

  it('refuses in SQL too: only the caller, never the admin', async () => {
    const member = await registerMember(suite.app, 'sqlonly');
    const refusal = (userId: number, callerId: number, isAdmin: boolean) =>
      suite.db.database
        .transaction(async (tx) => {
          await tx.query('select private.act_as($1::integer, $2::boolean)', [callerId, isAdmin]);
          await tx.query('select private.delete_member($1::integer)', [userId]);
        })
        .then(
          () => 'deleted',
          (error: { hint?: string }) => error.hint,
        );
    expect(await refusal(member.user.id, suite.admin.user.id, true)).toBe('own_account_only');
    expect(await refusal(suite.admin.user.id, suite.admin.user.id, true)).toBe('admin_account_stays');
    expect((await member.get('/api/auth/me')).status).toBe(200);
  });
});

// Failed logins are counted against a username (private.login_failures): the name is free again
// once its member leaves, and whoever takes it next must not inherit a count someone else ran up,
// neither the one against the member who left nor one run up while the name was nobody's.
describe.each(backends)('a deleted username on %s', (backend) => {
  const suite = useSuite(backend, { admin: true });
  const from = { 'x-test-client': '198.51.100.7' };

  async function failFiveTimes(name: string) {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await login(suite.app, name, 'not-the-password', from)).answer.status).toBe(401);
    }
    // Arranged right: the pair's count is full, so the name is locked from that address.
    expect((await login(suite.app, name, PASSWORD, from)).answer.status).toBe(429);
  }

  async function failuresAgainst(name: string) {
    const [left] = await ownerQuery<{ n: number }>(
      suite.db,
      `select count(*)::integer as n from private.login_failures
        where throttle_key in ('user:' || lower($1), 'reset-code:' || lower($1))`,
      [name],
    );
    return left!.n;
  }

  it('takes no failed logins to whoever registers it next', async () => {
    const name = `freedname${Date.now().toString(36)}`;
    const first = await registerNamed(suite.app, name);
    await failFiveTimes(name);
    expect((await deleteAccount(first)).status).toBe(200);
    expect(await failuresAgainst(name)).toBe(0);

    // Guessed at while it is nobody's (or by a login that was under way as the member left).
    await failFiveTimes(name);
    const second = await registerNamed(suite.app, name.toUpperCase());
    expect(await failuresAgainst(name)).toBe(0);
    const again = await login(suite.app, second.user.discordUsername, PASSWORD, from);
    expect(again.answer.status, JSON.stringify(again.answer.body)).toBe(200);
  });
});
