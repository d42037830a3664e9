// "Download my data" (issue 26 §2): GET /api/account/data answers one JSON file with every row
// the database holds about the caller (app.my_data), and never a secret.
import { describe, expect, it } from 'vitest';

import { expectRefusal } from '../support/accounts.ts';
import type { Member } from '../support/api-client.ts';
import { backends, ownerQuery } from '../support/databases.ts';
import { useSuite } from '../support/suite.ts';
import { type Seeded, seedMemberEverywhere } from './own-data-kit.ts';

// Every column that points at a member (a foreign key to public.users, in any schema), and the
// key of app.my_data() its rows appear under. A new table that names a member fails the test
// below until it is added to app.my_data() (supabase/schemas/95_own_data.sql) and here, and to
// what deleting an account erases.
const EXPORTED: Record<string, string> = {
  'private.credentials.user_id': 'password',
  'private.login_devices.user_id': 'knownDevices',
  'private.password_reset_codes.user_id': 'passwordResetCodes',
  'private.ride_chat_reads.user_id': 'chatReads',
  'private.ride_alert_deliveries.user_id': 'rideAlertsTold',
  'private.sessions.user_id': 'sessions',
  'public.notifications.user_id': 'notifications',
  'public.member_suspensions.suspended_by': 'suspensionsDecided',
  'public.member_suspensions.user_id': 'suspension',
  'public.moderation_log.admin_id': 'moderationActions',
  'public.organiser_follows.follower_id': 'following',
  'public.organiser_follows.organiser_id': 'followedBy',
  'public.password_reset_requests.user_id': 'passwordResetRequests',
  'public.policy_acceptances.user_id': 'policiesAccepted',
  'public.push_subscriptions.user_id': 'pushDevices',
  'public.reports.member_id': 'reportsAboutMe',
  'public.reports.reporter_id': 'reportsMade',
  'public.reports.resolved_by': 'reportsResolved',
  'public.ride_alerts.user_id': 'rideAlerts',
  'public.ride_messages.author_id': 'rideMessages',
  'public.ride_messages.subject_id': 'chatLinesAboutMe',
  'public.ride_passengers.user_id': 'ridesJoined',
  'public.ride_payments.organiser_id': 'paymentsReceived',
  'public.ride_request_members.user_id': 'rideRequestMeToos',
  'public.ride_requests.requester_id': 'rideRequests',
  'public.ride_handovers.offered_by': 'rideHandoversOffered',
  'public.ride_handovers.offered_to': 'rideHandoversReceived',
  'public.ride_series.organiser_id': 'rideSeries',
  'public.ride_series_regulars.user_id': 'rideSeriesJoined',
  'public.ride_waitlist.user_id': 'waitlist',
  'public.rides.organiser_id': 'ridesOrganised',
  'public.rides.vendor_id': 'ridesAsVendor',
  'public.vendor_applications.decided_by': 'vendorDecisions',
  'public.vendor_applications.user_id': 'vendorApplication',
  'public.member_blocks.blocker_id': 'membersBlocked',
  'public.ride_passenger_steps.user_id': 'tripSteps',
  'public.ride_passenger_steps.set_by': 'tripStepsSet',
  'public.ride_car_steps.set_by': 'carStepsSet',
  'public.ride_car_positions.shared_by': 'carPositionsShared',
  'public.ride_still_coming.user_id': 'stillComing',
};

// Columns that point at a member and are withheld from that member's download, with the reason.
const WITHHELD: Record<string, string> = {
  // Who blocked them is the blocker's data, and a block is never told (ADR 0026).
  'public.member_blocks.blocked_id': 'blocks others made of the member',
  // A count kept from the rides and places the export already holds (issue 36 §1); it cascades on delete.
  'private.member_trip_counts.user_id': 'the kept count behind the member’s record',
};

// Every single-column foreign key to public.users, as schema.table.column.
async function memberReferences(suite: ReturnType<typeof useSuite>): Promise<string[]> {
  const rows = await ownerQuery<{ ref: string }>(
    suite.db,
    `select format('%s.%s.%s', n.nspname, t.relname, a.attname) as ref
       from pg_constraint c
       join pg_class t on t.oid = c.conrelid
       join pg_namespace n on n.oid = t.relnamespace
       join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
      where c.contype = 'f' and c.confrelid = 'public.users'::regclass
      order by 1`,
  );
  return rows.map((row) => row.ref);
}

async function download(member: Member) {
  const answer = await member.get('/api/account/data');
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer;
}

describe.each(backends)('download my data on %s', (backend) => {
  const suite = useSuite(backend, { guarded: true, admin: true, liftThrottles: true });
  let seeded: Seeded;
  let seededOnce: Promise<Seeded> | undefined;
  async function seed() {
    seededOnce ??= seedMemberEverywhere(suite);
    seeded = await seededOnce;
    return seeded;
  }

  it('answers one JSON file, named with the day, that no cache keeps', async () => {
    const { member } = await seed();
    const answer = await download(member);
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Singapore' }).format(new Date());
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(answer.headers.get('content-disposition')).toBe(`attachment; filename="fc-rideshare-my-data-${day}.json"`);
    expect(answer.headers.get('cache-control')).toBe('private, no-store');
    expect(answer.body.format).toBe('fc-rideshare-member-data/1');
  });

  it('holds the profile and every kind of row the member has', async () => {
    const { member, rides } = await seed();
    const data = (await download(member)).body;
    expect(data.profile).toMatchObject({
      id: member.user.id,
      discord_username: member.user.discordUsername,
      name: member.user.name,
      whatsapp_number: member.user.whatsappNumber,
      malaysian_number: member.user.malaysianNumber,
    });
    const ids = (rows: Array<{ id: number }>) => rows.map((row) => row.id).sort((a, b) => a - b);
    expect(ids(data.ridesOrganised)).toEqual([rides.organised, rides.organisedPast].sort((a, b) => a - b));
    expect(data.ridesJoined.map((row: { ride: { id: number } }) => row.ride.id).sort()).toEqual(
      [rides.joined, rides.joinedPast].sort(),
    );
    expect(data.payments).toContainEqual(
      expect.objectContaining({ ride_id: rides.joinedPast, payment_status: 'claimed' }),
    );
    expect(data.waitlist).toEqual([expect.objectContaining({ ride_id: rides.waitlisted })]);
    expect(data.notifications).toContainEqual(
      expect.objectContaining({ kind: 'passenger_joined', ride_id: rides.organised }),
    );
    expect(data.rideMessages.map((row: { body: string }) => row.body)).toContain('I have one suitcase');
    expect(data.chatReads).toEqual([expect.objectContaining({ ride_id: rides.joined })]);
    expect(data.stillComing).toEqual([expect.objectContaining({ ride_id: rides.joined, answer: 'yes' })]);
    expect(data.rideAlerts).toHaveLength(1);
    expect(data.rideAlertsTold.length).toBeGreaterThan(0);
    expect(data.rideRequests).toEqual([expect.objectContaining({ area: 'Tampines' })]);
    expect(data.rideSeries).toEqual([expect.objectContaining({ organiser_id: member.user.id, ended_at: null })]);
    expect(data.rideSeriesJoined).toEqual([
      expect.objectContaining({ dropoff_location: expect.stringMatching(/^Gate of /) }),
    ]);
    expect(data.rideHandoversOffered).toEqual([
      expect.objectContaining({ ride_id: rides.organised, offered_by: member.user.id }),
    ]);
    expect(data.rideHandoversReceived).toEqual([
      expect.objectContaining({ ride_id: rides.joined, offered_to: member.user.id }),
    ]);
    expect(data.rideRequestMeToos).toEqual([expect.objectContaining({ area: 'Woodlands' })]);
    expect(data.pushDevices).toEqual([
      expect.objectContaining({ service: 'https://push.example.com', kinds: ['passenger_joined'] }),
    ]);
    expect(data.failedLogins).toHaveLength(1);
    expect(data.passwordResetCodes).toHaveLength(1);
    expect(data.passwordResetRequests).toHaveLength(1);
    expect(data.sessions.length).toBeGreaterThan(0);
    expect(data.knownDevices.length).toBeGreaterThan(0);
    expect(data.password).toEqual({ updated_at: expect.any(String) });
    expect(data.countedActions.length).toBeGreaterThan(0);
    // Chat messages are counted per member and ride ("<member>:<ride>"): theirs too.
    expect(data.countedActions).toContainEqual(expect.objectContaining({ limit_name: 'chat:messages' }));
  });

  it('holds the reports about the member, their rides, requests and messages, without who made them', async () => {
    const { member, reportsAbout } = await seed();
    const data = (await download(member)).body;
    expect(data.reportsAboutMe.map((row: { id: number }) => row.id)).toEqual(reportsAbout);
    expect(data.reportsAboutMe.map((row: { target_kind: string }) => row.target_kind).sort()).toEqual([
      'member',
      'ride',
      'ride_message',
      'ride_request',
    ]);
    // Neither who reported (reporter_id) nor their note (which may name them).
    for (const row of data.reportsAboutMe) {
      expect(Object.keys(row).sort()).toEqual(
        ['created_at', 'id', 'message_id', 'reason', 'request_id', 'ride_id', 'status', 'target_kind'].sort(),
      );
    }
  });

  it('never carries a secret, nor another member’s contacts', async () => {
    const { member, other } = await seed();
    const text = JSON.stringify((await download(member)).body);
    const [secrets] = await ownerQuery<{ values: string[] }>(
      suite.db,
      `select array_remove(
                (select array_agg(password_hash) from private.credentials where user_id = $1)
             || (select array_agg(token_hash) from private.sessions where user_id = $1)
             || (select array_agg(token_hash) from private.login_devices where user_id = $1)
             || (select array_agg(code_hash) from private.password_reset_codes where user_id = $1)
             || (select array_agg(endpoint) from public.push_subscriptions where user_id = $1)
             || (select array_agg(p256dh) from public.push_subscriptions where user_id = $1)
             || (select array_agg(auth) from public.push_subscriptions where user_id = $1)
             || (select array_agg(client) from private.login_failures where client <> ''),
              null) as values`,
      [member.user.id],
    );
    expect(secrets!.values.length).toBeGreaterThanOrEqual(8);
    for (const secret of secrets!.values) expect(text).not.toContain(secret);
    expect(text).not.toMatch(/password_hash|token_hash|code_hash|p256dh|"auth"|"endpoint"/);
    expect(text).not.toContain(other.user.whatsappNumber!);
    expect(text).not.toContain(other.user.discordUsername);
  });

  it('refuses a visitor', async () => {
    expectRefusal(await suite.anonymous.get('/api/account/data'), 401);
  });

  it('covers every table that names a member: a new one must be added to app.my_data()', async () => {
    const { member, vendor } = await seed();
    const references = await memberReferences(suite);
    const missing = references.filter((ref) => !(ref in EXPORTED) && !(ref in WITHHELD));
    expect(
      missing,
      'These columns point at a member but app.my_data() (supabase/schemas/95_own_data.sql) does not export them; ' +
        'add them there, to EXPORTED in tests/api/own-data.test.ts and to what deleting an account erases',
    ).toEqual([]);
    expect(Object.keys({ ...EXPORTED, ...WITHHELD }).filter((ref) => !references.includes(ref))).toEqual([]);

    // Each key holds exactly the rows that name the member, for the member, a vendor and the admin;
    // between them every table has some, so no key is checked empty.
    const seen = new Map<string, number>();
    for (const who of [member, vendor, suite.admin]) {
      const data = (await download(who)).body;
      for (const [ref, key] of Object.entries(EXPORTED)) {
        const [schema, table, column] = ref.split('.');
        // Reports about a member are also those about their rides, ride requests and messages.
        const where =
          ref === 'public.reports.member_id'
            ? `member_id = $1 or ride_id in (select id from public.rides where organiser_id = $1)
               or request_id in (select id from public.ride_requests where requester_id = $1)
               or message_id in (select id from public.ride_messages where author_id = $1)`
            : `${column} = $1`;
        const [row] = await ownerQuery<{ n: number }>(
          suite.db,
          `select count(*)::integer as n from ${schema}.${table} where ${where}`,
          [who.user.id],
        );
        const value = data[key];
        const exported = Array.isArray(value) ? value.length : value ? 1 : 0;
        expect(exported, `${key} for ${who.user.discordUsername} (${ref})`).toBe(row!.n);
        seen.set(ref, (seen.get(ref) ?? 0) + row!.n);
      }
    }
    expect([...seen].filter(([, count]) => count === 0).map(([ref]) => ref)).toEqual([]);
  });
});
