// Everything the Supabase Data API roles (`anon`, `authenticated`) can touch, listed from the
// catalogue and compared with the list below: schemas, tables and views (with their columns where
// a grant is per column), sequences, functions and extensions. Issue 22, item 5: Supabase's default
// privileges grant the API roles all on every sequence a migration creates in public, and one
// `setval` as anon made every later registration fail. The database is built as Supabase builds
// it: those default privileges are in place before the first migration runs.
//
// A migration that grants something new to an API role adds its line here, on purpose.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { migrate } from '../../server/migrate.ts';
import { openPglite } from '../../server/pglite-database.ts';
import type { Database } from '../../supabase/functions/api/lib/database.ts';
import { connectPostgres } from '../../supabase/functions/api/lib/postgres-database.ts';
import { type Backend, backends } from '../support/databases.ts';
import { createEmptyPostgresDatabase } from '../support/empty-postgres-database.ts';
import { REPO_ROOT } from '../support/host-process.ts';

const APP_FUNCTIONS_FOR_MEMBERS = [
  'approve_vendor(p_user_id integer, p_licence_note text)',
  'assign_ride(p_ride_id integer)',
  // Issue 37 §2: a payment's sum is the share the api worked out, checked against what it read.
  'claim_payment(p_ride_id integer, p_claimed boolean, p_share numeric, p_seen jsonb)',
  'cancel_ride_series_from(p_ride_id integer)',
  // Issue 37 §4: the ride page's Cancel ride, with the reason its passengers are told.
  'cancel_ride(p_ride_id integer, p_reason text)',
  'community_stats()',
  'confirm_payment(p_ride_id integer, p_passenger_id integer, p_paid boolean, p_share numeric, p_seen jsonb)',
  // Weekly series (issue 27): every date made at once, with every rule of a new ride.
  'create_ride_series(p_direction ride_direction, p_date timestamp with time zone, p_max_passengers integer, p_organiser_passenger_count integer, p_pickup_location text, p_dropoff_locations jsonb, p_driver_contact_id integer, p_cost numeric, p_return_of integer, p_weekdays integer[], p_until date)',
  'current_user_id()',
  'end_ride_series(p_series_id integer)',
  // Follow an organiser (issue 27): only one the caller rode with.
  'follow_organiser(p_organiser_id integer)',
  'is_admin()',
  // The passengers and users policies (issue 36 §2): what the caller is on, whom they rode with.
  'is_on_ride(p_ride_id integer)',
  'join_ride(p_ride_id integer, p_passenger_count integer, p_dropoff_location text)',
  'join_ride_series(p_series_id integer, p_passenger_count integer, p_dropoff_location text)',
  'join_waitlist(p_ride_id integer, p_passenger_count integer, p_dropoff_location text)',
  'leave_ride_series(p_series_id integer, p_from_ride_id integer)',
  'leave_waitlist(p_ride_id integer)',
  'lock_ride_sequence(p_ride_id integer)',
  'move_ride_passenger(p_ride_id integer, p_passenger_id integer, p_position integer)',
  // Download my data (issue 26 §2): the caller's own rows only.
  'member_visible(p_user_id integer)',
  'my_data()',
  'payment_sums_json(p_passenger_id integer)',
  'phone_visible(p_owner integer, p_ride_organiser integer)',
  'refund_payment(p_ride_id integer, p_passenger_id integer, p_share numeric, p_seen jsonb)',
  'release_ride(p_ride_id integer)',
  'remind_unpaid(p_ride_id integer, p_amounts jsonb)',
  'remove_ride_passenger(p_ride_id integer, p_passenger_id integer)',
  'revoke_vendor(p_user_id integer)',
  'ride_list_version()',
  'ride_passenger_stops(p_ride_id integer)',
  'ride_vendor(p_ride_id integer)',
  'ride_waitlist(p_ride_id integer)',
  'save_push_subscription(p_endpoint text, p_p256dh text, p_auth text, p_kinds text[])',
  // Issue 38 §1: ride create and edit, the one write behind POST and PATCH /api/rides.
  'save_ride(p_ride_id integer, p_direction ride_direction, p_date timestamp with time zone, p_max_passengers integer, p_organiser_passenger_count integer, p_pickup_location text, p_dropoff_locations jsonb, p_driver_contact_id integer, p_cost numeric, p_return_of integer, p_request_id integer, p_apply_to text)',
  // Issue 37 §3: about when the car picks an SG->FC passenger up, the organiser's or the driver's.
  'set_pickup_time(p_ride_id integer, p_passenger_id integer, p_pickup_time time without time zone)',
  'set_ride_series_until(p_series_id integer, p_until date)',
  'unlock_ride_sequence(p_ride_id integer)',
  'update_ride_series_from(p_ride_id integer, p_direction ride_direction, p_date timestamp with time zone, p_max_passengers integer, p_organiser_passenger_count integer, p_pickup_location text, p_dropoff_locations jsonb, p_driver_contact_id integer, p_cost numeric)',
  'vendor_applications()',
];

const CHECKLIST_COLUMNS = 'details, directions, kind, link_label, link_url, position, title, translations';
const RIDE_COLUMNS =
  'cost, date, direction, driver_contact_id, dropoff_locations, max_passengers, organiser_passenger_count, pickup_location';
const PROFILE_COLUMNS = 'language, malaysian_number, name, phone_visibility, revolut_username, whatsapp_number';

// Ride requests (issue 24 §1): read by everyone, changed only through the app functions.
const RIDE_REQUEST_PRIVILEGES = [
  'anon function app.ride_requests_json(p_request_id integer, p_direction ride_direction, p_day date) security definer',
  'anon table public.ride_request_members: select',
  'anon table public.ride_requests: select',
  ...[
    'close_ride_request(p_request_id integer)',
    'delete_ride_request(p_request_id integer)',
    'join_ride_request(p_request_id integer, p_passenger_count integer, p_area text)',
    'leave_ride_request(p_request_id integer)',
    'offer_ride_for_request(p_request_id integer, p_ride_id integer)',
    'post_ride_request(p_direction ride_direction, p_day date, p_start time without time zone, p_end time without time zone, p_passenger_count integer, p_area text, p_note text)',
    'ride_requests_json(p_request_id integer, p_direction ride_direction, p_day date)',
    'update_ride_request(p_request_id integer, p_direction ride_direction, p_day date, p_start time without time zone, p_end time without time zone, p_passenger_count integer, p_area text, p_note text)',
  ].map((signature) => `authenticated function app.${signature} security definer`),
  'authenticated table public.ride_request_members: select',
  'authenticated table public.ride_requests: select',
];

// A ride's conversation (issue 25): read by its members under row-level security, written only
// through the app functions.
const RIDE_CHAT_PRIVILEGES = [
  ...[
    'chat_unread()',
    'delete_ride_message(p_ride_id integer, p_message_id bigint)',
    'mark_ride_chat_read(p_ride_id integer, p_last_id bigint)',
    'pin_ride_message(p_ride_id integer, p_message_id bigint, p_pinned boolean)',
    'ride_chat_summary(p_ride_id integer)',
    'ride_messages_json(p_ride_id integer)',
    'send_ride_message(p_ride_id integer, p_body text)',
    'unread_count()',
    // Told when away: the open chat says it is being looked at.
    'watch_ride_chat(p_ride_id integer, p_watching boolean)',
  ].map((signature) => `authenticated function app.${signature} security definer`),
  'authenticated table public.ride_messages: select',
];

// The day of the trip (issue 40): read by those aboard under row-level security, written only
// through the app functions.
const TRIP_DAY_PRIVILEGES = [
  ...[
    'set_car_step(p_ride_id integer, p_step text, p_stop text)',
    'set_passenger_step(p_ride_id integer, p_passenger integer, p_step text, p_late_minutes integer)',
    'share_car_position(p_ride_id integer, p_latitude double precision, p_longitude double precision, p_accuracy double precision, p_taken_at timestamp with time zone)',
    'stop_car_position(p_ride_id integer)',
    'trip_day_json(p_ride_id integer)',
    'undo_car_step(p_ride_id integer)',
  ].map((signature) => `authenticated function app.${signature} security definer`),
  'authenticated table public.ride_car_steps: select',
  'authenticated table public.ride_car_positions: select',
  'authenticated table public.ride_passenger_steps: select',
];

// The day before (issue 40 §5): read by the passenger and the organiser under row-level
// security, written only through the app functions; app.run_due_reminders is the clock's
// (the owner's), not the api roles'.
const STILL_COMING_PRIVILEGES = [
  ...[
    'answer_still_coming(p_ride_id integer, p_answer text)',
    'remind_still_coming(p_ride_id integer)',
    'still_coming_json(p_ride_id integer)',
  ].map((signature) => `authenticated function app.${signature} security definer`),
  'authenticated table public.ride_still_coming: select',
];

// Moderation (issue 26 §1): reports, suspensions and the log are read under row-level security
// (the reporter, the admin) and written only through the app functions: the log has no grant
// but select, so it is append-only for the api's roles.
const MODERATION_PRIVILEGES = [
  'anon function app.ride_removed(p_ride_id integer) security definer',
  ...[
    'dismiss_report(p_report_id bigint, p_reason text)',
    'file_report(p_target_kind text, p_target_id bigint, p_reason text, p_note text)',
    'hide_report_target(p_report_id bigint, p_reason text)',
    'lift_suspension(p_user_id integer, p_reason text)',
    'moderation_queue()',
    'ride_removed(p_ride_id integer)',
    'suspend_report_member(p_report_id bigint, p_days integer, p_reason text)',
    'suspension_preview(p_report_id bigint)',
  ].map((signature) => `authenticated function app.${signature} security definer`),
  'authenticated table public.member_suspensions: select',
  'authenticated table public.moderation_log: select',
  'authenticated table public.reports: select',
];

// Blocking and the reliability record (issue 26 §1): a member's own blocks and the no-show marks
// they may see, read under row-level security, written only through the app functions.
const BLOCK_AND_RECORD_PRIVILEGES = [
  ...[
    'block_member(p_user_id integer)',
    'blocked_members_json()',
    'mark_no_show(p_ride_id integer, p_passenger_id integer, p_no_show boolean)',
    'member_record_json(p_user_id integer)',
    'unblock_member(p_user_id integer)',
  ].map((signature) => `authenticated function app.${signature} security definer`),
  'authenticated table public.member_blocks: select',
  'authenticated table public.ride_no_shows: select',
];

// Handing a ride over to a passenger (issue 26 §2): the two members of an offer read it under
// row-level security; only the functions write it.
const HANDOVER_PRIVILEGES = [
  ...[
    'accept_ride_handover(p_ride_id integer)',
    'offer_ride_handover(p_ride_id integer, p_user_id integer)',
    'ride_handover_json(p_ride_id integer)',
    'withdraw_ride_handover(p_ride_id integer)',
  ].map((signature) => `authenticated function app.${signature} security definer`),
  'authenticated table public.ride_handovers: select',
];

// What was paid for a seat and to whom (issue 37 §2): read under row-level security, written by
// the payment functions only.
const PAYMENT_SUM_PRIVILEGES = ['authenticated table public.ride_payments: select'];

const EXPECTED = [
  'anon extension pgcrypto in extensions',
  ...['community_stats()', 'current_user_id()', 'is_admin()', 'ride_list_version()'].map(
    (signature) => `anon function app.${signature} security definer`,
  ),
  'anon schema app: usage',
  'anon schema extensions: usage',
  'anon schema public: usage',
  'anon table public.border_checklist_items: select',
  'anon table public.driver_contacts: select',
  'anon table public.ride_series: select',
  'anon table public.rides: select',
  'anon table public.users: select (id, name)',
  'authenticated extension pgcrypto in extensions',
  ...APP_FUNCTIONS_FOR_MEMBERS.map((signature) => `authenticated function app.${signature} security definer`),
  'authenticated schema app: usage',
  'authenticated schema extensions: usage',
  'authenticated schema public: usage',
  `authenticated table public.border_checklist_items: select, insert (${CHECKLIST_COLUMNS}), update (${CHECKLIST_COLUMNS}), delete`,
  'authenticated table public.driver_contacts: select',
  'authenticated table public.notifications: select, update (read_at)',
  'authenticated table public.organiser_follows: select, delete',
  'authenticated table public.password_reset_requests: select',
  'authenticated table public.policy_acceptances: select, insert (document, user_id, version)',
  'authenticated table public.push_subscriptions: select, insert (auth, endpoint, kinds, p256dh, user_id), delete',
  'authenticated table public.ride_alerts: select, insert (direction, first_day, last_day, user_id, weekdays, window_end, window_start), delete',
  'authenticated table public.ride_passengers: select',
  'authenticated table public.ride_series: select',
  'authenticated table public.ride_series_regulars: select',
  'authenticated table public.ride_waitlist: select',
  `authenticated table public.rides: select, insert (cost, date, direction, driver_contact_id, dropoff_locations, max_passengers, organiser_id, organiser_passenger_count, pickup_location, return_of), update (${RIDE_COLUMNS}), delete`,
  `authenticated table public.users: select (company_name, created_at, discord_username, driver_details, id, is_vendor, ${PROFILE_COLUMNS}), update (${PROFILE_COLUMNS})`,
  'authenticated table public.vendor_applications: select (applied_at, decided_at, status, user_id)',
  ...RIDE_REQUEST_PRIVILEGES,
  ...RIDE_CHAT_PRIVILEGES,
  ...MODERATION_PRIVILEGES,
  ...BLOCK_AND_RECORD_PRIVILEGES,
  ...HANDOVER_PRIVILEGES,
  ...PAYMENT_SUM_PRIVILEGES,
  ...TRIP_DAY_PRIVILEGES,
  ...STILL_COMING_PRIVILEGES,
];

// What hosted Supabase has set for the role that runs migrations before any of ours runs.
const SUPABASE_DEFAULT_PRIVILEGES = `
  alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
  alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;
  alter default privileges in schema public grant all on functions to anon, authenticated, service_role;`;

// One line per role and object, with the privileges it holds, for every object in a schema the
// role may use (a grant in a schema it cannot enter reaches nothing). Objects of an extension
// are the extension's line.
const EVERYTHING_THE_API_ROLES_TOUCH = `
with roles (role) as (values ('anon'), ('authenticated')),
schemas as (
  select n.oid, n.nspname from pg_namespace n
   where n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'
),
usable as (
  select r.role, s.oid, s.nspname from roles r join schemas s on has_schema_privilege(r.role, s.oid, 'usage')
),
extension_members as (select objid from pg_depend where deptype = 'e'),
relation_lines as (
  select u.role,
         case c.relkind when 'S' then 'sequence' when 'v' then 'view' when 'm' then 'view' else 'table' end
           || ' ' || u.nspname || '.' || c.relname || ': ' || string_agg(p.privilege, ', ' order by p.ord) as line
    from usable u
    join pg_class c on c.relnamespace = u.oid and c.relkind in ('r', 'p', 'v', 'm', 'f', 'S')
    cross join lateral (
      select t.ord, case
               when c.relkind = 'S' and has_sequence_privilege(u.role, c.oid, t.name) then t.name
               when c.relkind <> 'S' and has_table_privilege(u.role, c.oid, t.name) then t.name
               when c.relkind <> 'S' and t.name in ('select', 'insert', 'update', 'references') then (
                 select t.name || ' (' || string_agg(a.attname, ', ' order by a.attname) || ')'
                   from pg_attribute a
                  where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
                    and has_column_privilege(u.role, c.oid, a.attnum, t.name))
             end as privilege
        from unnest(case when c.relkind = 'S' then array['usage', 'select', 'update']
                         else array['select', 'insert', 'update', 'delete', 'truncate', 'references', 'trigger'] end)
             with ordinality as t (name, ord)
    ) p
   where p.privilege is not null and c.oid not in (select objid from extension_members)
   group by u.role, c.relkind, u.nspname, c.relname
),
function_lines as (
  select u.role, 'function ' || u.nspname || '.' || f.proname || '(' || pg_get_function_identity_arguments(f.oid) || ')'
         || case when f.prosecdef then ' security definer' else '' end as line
    from usable u join pg_proc f on f.pronamespace = u.oid
   where has_function_privilege(u.role, f.oid, 'execute') and f.oid not in (select objid from extension_members)
),
schema_lines as (
  select r.role, 'schema ' || s.nspname || ': ' ||
         concat_ws(', ', case when has_schema_privilege(r.role, s.oid, 'usage') then 'usage' end,
                         case when has_schema_privilege(r.role, s.oid, 'create') then 'create' end) as line
    from roles r join schemas s
      on has_schema_privilege(r.role, s.oid, 'usage') or has_schema_privilege(r.role, s.oid, 'create')
),
extension_lines as (
  select u.role, 'extension ' || e.extname || ' in ' || u.nspname as line
    from usable u join pg_extension e on e.extnamespace = u.oid
)
select role || ' ' || line as line from (
  select * from schema_lines union all select * from extension_lines
  union all select * from relation_lines union all select * from function_lines
) every_line
order by 1`;

interface SupabaseLikeDatabase {
  database: Database;
  close(): Promise<void>;
}

async function openEmpty(backend: Backend): Promise<SupabaseLikeDatabase> {
  if (backend === 'pglite') {
    const database = await openPglite(null);
    return { database, close: () => database.close() };
  }
  const empty = await createEmptyPostgresDatabase(process.env.TEST_DATABASE_URL!, 'fc_grants');
  const database = connectPostgres(empty.url, { max: 4 });
  return {
    database,
    async close() {
      await database.close();
      await empty.drop();
    },
  };
}

// The roles and extensions first (they exist on Supabase), then Supabase's default privileges,
// then every migration.
async function supabaseLikeDatabase(backend: Backend): Promise<SupabaseLikeDatabase> {
  const opened = await openEmpty(backend);
  await opened.database.transaction((tx) => tx.exec(readFileSync(join(REPO_ROOT, 'server/bootstrap.sql'), 'utf8')));
  await opened.database.transaction((tx) => tx.exec(SUPABASE_DEFAULT_PRIVILEGES));
  await migrate(opened.database);
  return opened;
}

describe.each(backends)('what the API roles can touch on %s, built as Supabase builds it', (backend) => {
  let db: SupabaseLikeDatabase;
  const run = <Row>(text: string) => db.database.transaction((tx) => tx.query<Row>(text));

  beforeAll(async () => {
    db = await supabaseLikeDatabase(backend);
  });
  afterAll(() => db?.close());

  it('is exactly the expected list: no sequence, no private or admin object', async () => {
    const lines = (await run<{ line: string }>(EVERYTHING_THE_API_ROLES_TOUCH)).map((row) => row.line);
    expect(lines).toEqual([...EXPECTED].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it('refuses setval on the users id sequence to anon and authenticated', async () => {
    for (const role of ['anon', 'authenticated']) {
      await expect(
        db.database.transaction(async (tx) => {
          await tx.query(`set local role ${role}`);
          await tx.query("select setval(pg_get_serial_sequence('public.users', 'id'), 1)");
        }),
      ).rejects.toThrow(/permission denied/i);
    }
  });

  it('grants nothing by default on what a later migration creates in public', async () => {
    const [row] = await db.database.transaction(async (tx) => {
      await tx.exec(`
        create table public.later_table (id integer generated always as identity primary key);
        create function public.later_function() returns integer language sql set search_path = '' as 'select 1';`);
      const answer = await tx.query<{ granted: boolean }>(`
        select bool_or(has_table_privilege(role, 'public.later_table', 'select, insert, update, delete, truncate')
                    or has_sequence_privilege(role, pg_get_serial_sequence('public.later_table', 'id'), 'usage, select, update'))
                 as granted
          from (values ('anon'), ('authenticated')) roles (role)`);
      await tx.exec('drop table public.later_table; drop function public.later_function();');
      return answer;
    });
    expect(row!.granted).toBe(false);
  });
});
