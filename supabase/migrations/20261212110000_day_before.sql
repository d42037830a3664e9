-- Migration: day before
-- Purpose: issue 40 §5, the day before: every passenger is asked "Still coming tomorrow?" about
--          20 hours before the ride (8 am to 10 pm Singapore time) by app.run_due_reminders(), which
--          a clock calls every minute (ADR 0051); Yes confirms, No leaves the ride, the organiser
--          sees the answers and reminds the silent ones once. New notification kind still_coming.
-- Affects: adds table public.ride_still_coming, function private.still_coming_due_at(timestamp with
--          time zone), function app.run_due_reminders(timestamp with time zone), function
--          app.still_coming_json(integer), function app.answer_still_coming(integer, text),
--          function app.remind_still_coming(integer), policy "the passenger and the organiser read
--          the question" on public.ride_still_coming; replaces function private.purge_expired(),
--          function app.my_data(); changes constraint notifications_kind_check on
--          public.notifications, constraint push_subscriptions_kinds_check on
--          public.push_subscriptions.
-- Rollback: drop the functions app.run_due_reminders, app.still_coming_json,
--          app.answer_still_coming, app.remind_still_coming, private.still_coming_due_at and the
--          table public.ride_still_coming; delete the still_coming notifications and put back the
--          two kind constraints, private.purge_expired and app.my_data of the migration before.

alter table "public"."notifications" drop constraint "notifications_kind_check";

alter table "public"."push_subscriptions" drop constraint "push_subscriptions_kinds_check";

create table "public"."ride_still_coming" (
    "ride_id" integer not null,
    "user_id" integer not null,
    "asked_at" timestamp with time zone not null default now(),
    "answer" text,
    "answered_at" timestamp with time zone,
    "reminded_at" timestamp with time zone
);

alter table "public"."ride_still_coming" enable row level security;

CREATE UNIQUE INDEX ride_still_coming_pkey ON public.ride_still_coming USING btree (ride_id, user_id);

CREATE INDEX ride_still_coming_user_id_idx ON public.ride_still_coming USING btree (user_id);

alter table "public"."ride_still_coming" add constraint "ride_still_coming_pkey" PRIMARY KEY using index "ride_still_coming_pkey";

alter table "public"."ride_still_coming" add constraint "ride_still_coming_answer_check" CHECK ((answer = ANY (ARRAY['yes'::text, 'no'::text]))) not valid;

alter table "public"."ride_still_coming" validate constraint "ride_still_coming_answer_check";

alter table "public"."ride_still_coming" add constraint "ride_still_coming_answered_check" CHECK (((answer IS NULL) = (answered_at IS NULL))) not valid;

alter table "public"."ride_still_coming" validate constraint "ride_still_coming_answered_check";

alter table "public"."ride_still_coming" add constraint "ride_still_coming_ride_id_fkey" FOREIGN KEY (ride_id) REFERENCES public.rides(id) ON DELETE CASCADE not valid;

alter table "public"."ride_still_coming" validate constraint "ride_still_coming_ride_id_fkey";

alter table "public"."ride_still_coming" add constraint "ride_still_coming_user_id_fkey" FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE not valid;

alter table "public"."ride_still_coming" validate constraint "ride_still_coming_user_id_fkey";

alter table "public"."notifications" add constraint "notifications_kind_check" CHECK ((kind = ANY (ARRAY['passenger_joined'::text, 'passenger_left'::text, 'removed_from_ride'::text, 'ride_changed'::text, 'ride_deleted'::text, 'vendor_assigned'::text, 'vendor_released'::text, 'waitlist_seat'::text, 'sequence_locked'::text, 'payment_reminder'::text, 'return_trip'::text, 'vendor_approved'::text, 'vendor_revoked'::text, 'ride_request_offered'::text, 'ride_alert'::text, 'chat_message'::text, 'ride_removed'::text, 'organiser_ride'::text, 'handover_offered'::text, 'ride_handed_over'::text, 'handover_declined'::text, 'handover_withdrawn'::text, 'trip_update'::text, 'still_coming'::text]))) not valid;

alter table "public"."notifications" validate constraint "notifications_kind_check";

alter table "public"."push_subscriptions" add constraint "push_subscriptions_kinds_check" CHECK ((kinds <@ ARRAY['passenger_joined'::text, 'passenger_left'::text, 'removed_from_ride'::text, 'ride_changed'::text, 'ride_deleted'::text, 'vendor_assigned'::text, 'vendor_released'::text, 'waitlist_seat'::text, 'sequence_locked'::text, 'payment_reminder'::text, 'return_trip'::text, 'vendor_approved'::text, 'vendor_revoked'::text, 'ride_request_offered'::text, 'ride_alert'::text, 'chat_message'::text, 'ride_removed'::text, 'organiser_ride'::text, 'handover_offered'::text, 'ride_handed_over'::text, 'handover_declined'::text, 'handover_withdrawn'::text, 'trip_update'::text, 'still_coming'::text])) not valid;

alter table "public"."push_subscriptions" validate constraint "push_subscriptions_kinds_check";

set check_function_bodies = off;

-- The passenger answers: yes confirms, no leaves the ride (app.remove_ride_passenger, the leave
-- path, so the waitlist fills the seat). A second answer replaces the first while they are
-- aboard; after a No they are no longer a passenger.
create function app.answer_still_coming(p_ride_id integer, p_answer text)
returns json
language plpgsql
security definer -- the answers are written only through these functions
set search_path = ''
as $$
declare
  v_uid integer := private.require_user();
  v_ride public.rides := private.lock_ride(p_ride_id);
  v_passenger_id integer;
begin
  select p.id into v_passenger_id from public.ride_passengers p where p.ride_id = v_ride.id and p.user_id = v_uid;
  if v_passenger_id is null
     or not exists (select 1 from public.ride_still_coming where ride_id = v_ride.id and user_id = v_uid) then
    raise exception using errcode = 'PT409',
      message = 'Only a passenger asked whether they are still coming can answer', hint = 'still_coming_not_asked';
  end if;
  if v_ride.date <= now() then
    raise exception using errcode = 'PT409',
      message = 'The ride has left, so the question is closed', hint = 'still_coming_closed';
  end if;
  update public.ride_still_coming set answer = p_answer, answered_at = now()
   where ride_id = v_ride.id and user_id = v_uid;
  if p_answer = 'no' then
    perform app.remove_ride_passenger(v_ride.id, v_passenger_id);
  end if;
  return app.still_coming_json(v_ride.id);
end;
$$;
revoke all on function app.answer_still_coming(integer, text) from public;
grant execute on function app.answer_still_coming(integer, text) to authenticated;

-- The organiser reminds the passengers asked who have not answered, once per ride.
create function app.remind_still_coming(p_ride_id integer)
returns json
language plpgsql
security definer -- writes the silent passengers' notices
set search_path = ''
as $$
declare
  v_uid integer := private.require_user();
  v_ride public.rides := private.lock_ride(p_ride_id);
  v_reminded integer := 0;
  v_row record;
begin
  if v_ride.organiser_id <> v_uid then
    raise exception using errcode = 'PT403',
      message = 'Only the organizer can remind the passengers', hint = 'still_coming_organiser_only';
  end if;
  if exists (select 1 from public.ride_still_coming where ride_id = v_ride.id and reminded_at is not null) then
    raise exception using errcode = 'PT409',
      message = 'The passengers were already reminded once', hint = 'still_coming_already_reminded';
  end if;
  if v_ride.date <= now() then
    raise exception using errcode = 'PT409',
      message = 'The ride has left, so the question is closed', hint = 'still_coming_closed';
  end if;
  for v_row in
    update public.ride_still_coming s set reminded_at = now()
      from public.ride_passengers p
     where s.ride_id = v_ride.id and s.answer is null
       and p.ride_id = s.ride_id and p.user_id = s.user_id
    returning s.user_id
  loop
    perform private.notify(v_row.user_id, v_ride.id, 'still_coming',
      private.ride_event_params(v_ride) || jsonb_build_object('again', true));
    v_reminded := v_reminded + 1;
  end loop;
  if v_reminded = 0 then
    raise exception using errcode = 'PT409',
      message = 'Every passenger asked has answered', hint = 'still_coming_nobody_silent';
  end if;
  return app.still_coming_json(v_ride.id);
end;
$$;
revoke all on function app.remind_still_coming(integer) from public;
grant execute on function app.remind_still_coming(integer) to authenticated;

-- Asks every passenger not yet asked of each ride whose moment has come; returns how many were
-- asked. p_now is the clock (tests pass one; the timer and pg_cron do not). Nobody is asked
-- outside 8 am to 10 pm Singapore time, nor less than 3 hours before the ride.
create function app.run_due_reminders(p_now timestamptz default now())
returns integer
language plpgsql
security definer -- runs without a member (a timer, pg_cron) and writes every passenger's notice
set search_path = ''
as $$
declare
  v_local time := (p_now at time zone 'Asia/Singapore')::time;
  v_asked integer := 0;
  v_row record;
  v_ride public.rides;
begin
  if v_local < time '08:00' or v_local > time '22:00' then
    return 0;
  end if;
  -- Two runs at once (two hosts, a slow minute) ask each passenger once: the primary key.
  for v_row in
    insert into public.ride_still_coming (ride_id, user_id, asked_at)
    select p.ride_id, p.user_id, p_now
      from public.rides r
      join public.ride_passengers p on p.ride_id = r.id
     where r.date > p_now + interval '3 hours'
       -- 20 hours, moved at most 10 hours earlier (8 am back to 10 pm): 31 hours covers every ride.
       and r.date <= p_now + interval '31 hours'
       and r.hidden_at is null
       and r.status <> 'completed'
       and private.still_coming_due_at(r.date) <= p_now
    on conflict (ride_id, user_id) do nothing
    returning ride_id, user_id
  loop
    select * into v_ride from public.rides where id = v_row.ride_id;
    perform private.notify(v_row.user_id, v_ride.id, 'still_coming', private.ride_event_params(v_ride));
    v_asked := v_asked + 1;
  end loop;
  return v_asked;
end;
$$;
revoke all on function app.run_due_reminders(timestamptz) from public;

-- The question as the caller reads it: their own (a passenger asked), and for the organiser
-- every passenger's answer, the ones who left after a No included.
create function app.still_coming_json(p_ride_id integer)
returns json
language plpgsql
stable
security definer -- reads every passenger's answer and name for the organiser
set search_path = ''
as $$
declare
  v_uid integer := private.require_user();
  v_ride public.rides := private.find_ride(p_ride_id);
  v_mine public.ride_still_coming;
  v_organiser boolean := v_ride.organiser_id = v_uid;
begin
  select * into v_mine from public.ride_still_coming where ride_id = v_ride.id and user_id = v_uid;
  return json_build_object(
    'rideId', v_ride.id,
    'mine', case when v_mine.user_id is not null then json_build_object(
      'askedAt', to_char(v_mine.asked_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'answer', v_mine.answer) end,
    'isOrganiser', v_organiser,
    'remindedAt', case when v_organiser then (
      select to_char(max(s.reminded_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
        from public.ride_still_coming s where s.ride_id = v_ride.id) end,
    'canRemind', v_organiser and v_ride.date > now()
      and not exists (select 1 from public.ride_still_coming s where s.ride_id = v_ride.id and s.reminded_at is not null)
      and exists (
        select 1 from public.ride_still_coming s
          join public.ride_passengers p on p.ride_id = s.ride_id and p.user_id = s.user_id
         where s.ride_id = v_ride.id and s.answer is null),
    -- Asked passengers, answered or not, and those aboard not asked yet (answer null, askedAt
    -- null); the organiser only.
    'passengers', case when v_organiser then coalesce((
      select json_agg(json_build_object(
               'userId', x.user_id,
               'name', private.member_display_name(x.user_id),
               'askedAt', to_char(x.asked_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
               'answer', x.answer)
             order by x.user_id)
        from (
          select s.user_id, s.asked_at, s.answer from public.ride_still_coming s where s.ride_id = v_ride.id
          union all
          select p.user_id, null, null from public.ride_passengers p
           where p.ride_id = v_ride.id
             and not exists (select 1 from public.ride_still_coming s where s.ride_id = p.ride_id and s.user_id = p.user_id)
        ) x), '[]'::json) end
  );
end;
$$;
revoke all on function app.still_coming_json(integer) from public;
grant execute on function app.still_coming_json(integer) to authenticated;

-- When a ride's passengers are asked: 20 hours before it, moved earlier to 10 pm Singapore time
-- when that falls at night (after 10 pm or before 8 am).
create function private.still_coming_due_at(p_ride_date timestamptz)
returns timestamptz
language sql
stable
security invoker
set search_path = ''
as $$
  select case
    when local_at::time > time '22:00' then (local_at::date + time '22:00') at time zone 'Asia/Singapore'
    when local_at::time < time '08:00' then (local_at::date - 1 + time '22:00') at time zone 'Asia/Singapore'
    else p_ride_date - interval '20 hours'
  end
  from (select (p_ride_date - interval '20 hours') at time zone 'Asia/Singapore' as local_at) due
$$;
revoke all on function private.still_coming_due_at(timestamptz) from public;

-- Everything the database holds about the caller, as one JSON document (issue 26 §2, "Download
-- my data"): their profile and every row that names them, one key per kind of row, each row as
-- the table holds it (column names included) so that the member reads what is kept. Never a
-- secret: no password or token hash, no push keys or endpoint (only the push service's address),
-- no reset code; failed logins against the account without the address they came from (that may
-- be someone else's). Security definer: most of it sits where the api roles cannot read; every
-- part reads only the caller's rows. A table added later that names a member gets its key here;
-- tests/api/own-data.test.ts fails until it does.
create or replace function app.my_data()
returns jsonb
language plpgsql
stable
security definer -- most of it sits where the api roles cannot read
set search_path = ''
as $$
declare
  v_uid integer := private.require_user();
  v_username text;
begin
  select discord_username into v_username from public.users where id = v_uid;
  return jsonb_build_object(
    'format', 'fc-rideshare-member-data/1',
    'exportedAt', now(),
    'profile', (select to_jsonb(u) - 'username_skeleton' from public.users u where u.id = v_uid),
    -- The versions of the privacy notice and community rules they accepted, and when.
    'policiesAccepted', coalesce((
      select jsonb_agg(to_jsonb(a) order by a.accepted_at, a.document, a.version)
        from public.policy_acceptances a where a.user_id = v_uid), '[]'::jsonb),
    'password', (select jsonb_build_object('updated_at', c.updated_at)
                   from private.credentials c where c.user_id = v_uid),
    'sessions', coalesce((
      select jsonb_agg(jsonb_build_object('created_at', s.created_at, 'expires_at', s.expires_at)
                       order by s.created_at)
        from private.sessions s where s.user_id = v_uid), '[]'::jsonb),
    'knownDevices', coalesce((
      select jsonb_agg(jsonb_build_object('created_at', d.created_at, 'expires_at', d.expires_at)
                       order by d.created_at)
        from private.login_devices d where d.user_id = v_uid), '[]'::jsonb),
    'failedLogins', coalesce((
      select jsonb_agg(jsonb_build_object('failed_at', f.failed_at) order by f.failed_at)
        from private.login_failures f
       where f.throttle_key in (private.member_throttle_key('login', v_username),
                                private.member_throttle_key('reset-code', v_username))), '[]'::jsonb),
    'passwordResetCodes', coalesce((
      select jsonb_agg(jsonb_build_object('created_at', r.created_at, 'expires_at', r.expires_at,
                                          'used_at', r.used_at) order by r.created_at)
        from private.password_reset_codes r where r.user_id = v_uid), '[]'::jsonb),
    'passwordResetRequests', coalesce((
      select jsonb_agg(to_jsonb(r) order by r.id)
        from public.password_reset_requests r where r.user_id = v_uid), '[]'::jsonb),
    'vendorApplication', (select to_jsonb(a) from public.vendor_applications a where a.user_id = v_uid),
    'vendorDecisions', coalesce((
      select jsonb_agg(jsonb_build_object('user_id', a.user_id, 'status', a.status, 'decided_at', a.decided_at)
                       order by a.decided_at)
        from public.vendor_applications a where a.decided_by = v_uid), '[]'::jsonb),
    'ridesOrganised', coalesce((
      select jsonb_agg(to_jsonb(r) order by r.date, r.id)
        from public.rides r where r.organiser_id = v_uid), '[]'::jsonb),
    -- Their weekly series (issue 27), and the ones they joined every date of.
    'rideSeries', coalesce((
      select jsonb_agg(to_jsonb(s) order by s.id)
        from public.ride_series s where s.organiser_id = v_uid), '[]'::jsonb),
    'rideSeriesJoined', coalesce((
      select jsonb_agg(to_jsonb(g) order by g.created_at, g.series_id)
        from public.ride_series_regulars g where g.user_id = v_uid), '[]'::jsonb),
    'ridesAsVendor', coalesce((
      select jsonb_agg(to_jsonb(r) order by r.date, r.id)
        from public.rides r where r.vendor_id = v_uid), '[]'::jsonb),
    -- The ride beside each seat, enough to know which trip it was.
    'ridesJoined', coalesce((
      select jsonb_agg(to_jsonb(p) || jsonb_build_object('ride', jsonb_build_object(
                         'id', r.id, 'direction', r.direction, 'date', r.date,
                         'pickup_location', r.pickup_location, 'status', r.status, 'cost', r.cost))
                       order by r.date, p.id)
        from public.ride_passengers p join public.rides r on r.id = p.ride_id
       where p.user_id = v_uid), '[]'::jsonb),
    'payments', coalesce((
      select jsonb_agg(jsonb_build_object('ride_id', p.ride_id, 'ride_date', r.date,
                                          'payment_status', p.payment_status, 'claimed_at', p.claimed_at,
                                          'paid_at', p.paid_at,
                                          'sums', coalesce((
                                            select jsonb_agg(to_jsonb(y) order by y.id)
                                              from public.ride_payments y where y.passenger_id = p.id), '[]'::jsonb))
                       order by r.date, p.id)
        from public.ride_passengers p join public.rides r on r.id = p.ride_id
       where p.user_id = v_uid), '[]'::jsonb),
    -- Sums paid to them (or given back) as an organiser, without who paid: the seat says it.
    'paymentsReceived', coalesce((
      select jsonb_agg(to_jsonb(y) order by y.id)
        from public.ride_payments y where y.organiser_id = v_uid), '[]'::jsonb),
    'waitlist', coalesce((
      select jsonb_agg(to_jsonb(w) order by w.id)
        from public.ride_waitlist w where w.user_id = v_uid), '[]'::jsonb),
    'notifications', coalesce((
      select jsonb_agg(to_jsonb(n) order by n.id)
        from public.notifications n where n.user_id = v_uid), '[]'::jsonb),
    'rideMessages', coalesce((
      select jsonb_agg(to_jsonb(m) order by m.id)
        from public.ride_messages m where m.author_id = v_uid), '[]'::jsonb),
    -- The conversations' own lines about them: that they joined, left, were removed, drove.
    'chatLinesAboutMe', coalesce((
      select jsonb_agg(to_jsonb(m) order by m.id)
        from public.ride_messages m where m.subject_id = v_uid), '[]'::jsonb),
    -- The day of the trip (issue 40): their own steps, and the steps they set.
    'tripSteps', coalesce((
      select jsonb_agg(to_jsonb(s) order by s.ride_id)
        from public.ride_passenger_steps s where s.user_id = v_uid), '[]'::jsonb),
    'tripStepsSet', coalesce((
      select jsonb_agg(to_jsonb(s) order by s.ride_id, s.user_id)
        from public.ride_passenger_steps s where s.set_by = v_uid), '[]'::jsonb),
    'carStepsSet', coalesce((
      select jsonb_agg(to_jsonb(s) order by s.id)
        from public.ride_car_steps s where s.set_by = v_uid), '[]'::jsonb),
    -- The day before (issue 40 §5): whether they were asked, and what they answered.
    'stillComing', coalesce((
      select jsonb_agg(to_jsonb(s) order by s.ride_id)
        from public.ride_still_coming s where s.user_id = v_uid), '[]'::jsonb),
    -- How far they have read each ride's conversation.
    'chatReads', coalesce((
      select jsonb_agg(to_jsonb(c) order by c.ride_id)
        from private.ride_chat_reads c where c.user_id = v_uid), '[]'::jsonb),
    'rideAlerts', coalesce((
      select jsonb_agg(to_jsonb(a) order by a.id)
        from public.ride_alerts a where a.user_id = v_uid), '[]'::jsonb),
    'rideAlertsTold', coalesce((
      select jsonb_agg(to_jsonb(d) order by d.created_at, d.ride_id)
        from private.ride_alert_deliveries d where d.user_id = v_uid), '[]'::jsonb),
    'following', coalesce((
      select jsonb_agg(to_jsonb(f) order by f.created_at, f.organiser_id)
        from public.organiser_follows f where f.follower_id = v_uid), '[]'::jsonb),
    -- How many follow them and since when; who is theirs to tell, not the organiser's to know.
    'followedBy', coalesce((
      select jsonb_agg(jsonb_build_object('created_at', f.created_at) order by f.created_at)
        from public.organiser_follows f where f.organiser_id = v_uid), '[]'::jsonb),
    'rideRequests', coalesce((
      select jsonb_agg(to_jsonb(q) order by q.id)
        from public.ride_requests q where q.requester_id = v_uid), '[]'::jsonb),
    'rideRequestMeToos', coalesce((
      select jsonb_agg(to_jsonb(m) order by m.created_at, m.request_id)
        from public.ride_request_members m where m.user_id = v_uid), '[]'::jsonb),
    -- Whom they blocked. Whom others blocked is those members' own, and never told (ADR 0026).
    'membersBlocked', coalesce((
      select jsonb_agg(to_jsonb(b) order by b.created_at, b.blocked_id)
        from public.member_blocks b where b.blocker_id = v_uid), '[]'::jsonb),
    -- Offers to hand a ride over (issue 26 §2) they made, and those made to them.
    'rideHandoversOffered', coalesce((
      select jsonb_agg(to_jsonb(h) order by h.created_at, h.ride_id)
        from public.ride_handovers h where h.offered_by = v_uid), '[]'::jsonb),
    'rideHandoversReceived', coalesce((
      select jsonb_agg(to_jsonb(h) order by h.created_at, h.ride_id)
        from public.ride_handovers h where h.offered_to = v_uid), '[]'::jsonb),
    -- The rides whose organiser marked them absent.
    'noShows', coalesce((
      select jsonb_agg(to_jsonb(n) order by n.marked_at, n.ride_id)
        from public.ride_no_shows n where n.user_id = v_uid), '[]'::jsonb),
    -- Which devices get pushes, and for what; the endpoint and keys are the device's secrets.
    'pushDevices', coalesce((
      select jsonb_agg(jsonb_build_object('id', s.id, 'service', substring(s.endpoint from '^https://[^/?#]+'),
                                          'kinds', s.kinds, 'created_at', s.created_at, 'saved_at', s.saved_at)
                       order by s.id)
        from public.push_subscriptions s where s.user_id = v_uid), '[]'::jsonb),
    -- Moderation (issue 26 §1): the reports they made; those about them without who made them;
    -- their suspension; and, for the admin, the reports closed, suspensions decided and the log.
    'reportsMade', coalesce((
      select jsonb_agg(to_jsonb(r) - 'resolved_by' order by r.id)
        from public.reports r where r.reporter_id = v_uid), '[]'::jsonb),
    -- About them: of them, and of their rides, ride requests and messages, as the admin's queue
    -- shows them as theirs.
    'reportsAboutMe', coalesce((
      select jsonb_agg(jsonb_build_object('id', r.id, 'target_kind', r.target_kind, 'ride_id', r.ride_id,
                                          'request_id', r.request_id, 'message_id', r.message_id,
                                          'reason', r.reason, 'status', r.status, 'created_at', r.created_at)
                       order by r.id)
        from public.reports r
       where r.member_id = v_uid
          or r.ride_id in (select id from public.rides where organiser_id = v_uid)
          or r.request_id in (select id from public.ride_requests where requester_id = v_uid)
          or r.message_id in (select id from public.ride_messages where author_id = v_uid)), '[]'::jsonb),
    'reportsResolved', coalesce((
      select jsonb_agg(jsonb_build_object('id', r.id, 'status', r.status, 'resolved_at', r.resolved_at)
                       order by r.id)
        from public.reports r where r.resolved_by = v_uid), '[]'::jsonb),
    'suspension', (select to_jsonb(s) - 'suspended_by' from public.member_suspensions s where s.user_id = v_uid),
    'suspensionsDecided', coalesce((
      select jsonb_agg(jsonb_build_object('user_id', s.user_id, 'suspended_until', s.suspended_until,
                                          'created_at', s.created_at) order by s.created_at)
        from public.member_suspensions s where s.suspended_by = v_uid), '[]'::jsonb),
    'moderationActions', coalesce((
      select jsonb_agg(to_jsonb(l) order by l.id)
        from public.moderation_log l where l.admin_id = v_uid), '[]'::jsonb),
    -- The actions of theirs the abuse limits counted (private.throttle_limits), while kept.
    'countedActions', coalesce((
      select jsonb_agg(jsonb_build_object('limit_name', e.limit_name, 'happened_at', e.happened_at)
                       order by e.id)
        from private.throttle_events e
       where private.throttle_subject_member(e.limit_name, e.subject) = v_uid), '[]'::jsonb)
  );
end;
$$;

-- Deletes what has expired: sessions, reset codes, throttle rows past every window. Bounded
-- batches on indexed columns, skipping rows another transaction holds, so it is cheap enough to
-- run on every login and registration; a backlog goes over a few calls.
--
-- As in 20261124000200_throttles.sql, plus notifications past 90 days, ended ride alerts,
-- what the alerts told past 90 days and rides' conversations 90 days after the ride.
create or replace function private.purge_expired()
returns void
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_keep interval := (
    select make_interval(secs => coalesce(max(window_seconds), 86400)) from private.throttle_limits
  );
begin
  delete from private.sessions where token_hash in (
    select token_hash from private.sessions where expires_at < now()
     order by expires_at limit 500 for update skip locked);
  delete from private.password_reset_codes where code_hash in (
    select code_hash from private.password_reset_codes where expires_at < now()
     order by expires_at limit 500 for update skip locked);
  delete from private.login_failures where id in (
    select id from private.login_failures where failed_at < now() - v_keep
     order by failed_at limit 500 for update skip locked);
  delete from private.throttle_events where id in (
    select id from private.throttle_events where happened_at < now() - v_keep
     order by happened_at limit 500 for update skip locked);
  delete from public.notifications where id in (
    select id from public.notifications where created_at < now() - interval '90 days'
     order by created_at limit 500 for update skip locked);
  delete from public.ride_alerts where id in (
    select id from public.ride_alerts where last_day < private.singapore_today()
     order by last_day limit 500 for update skip locked);
  -- As long as the inbox keeps the notification it stood for.
  delete from private.ride_alert_deliveries where (ride_id, user_id) in (
    select ride_id, user_id from private.ride_alert_deliveries where created_at < now() - interval '90 days'
     order by created_at limit 500 for update skip locked);
  -- A ride's conversation 90 days after the ride (issue 25).
  delete from public.ride_messages where id in (
    select m.id from public.rides r join public.ride_messages m on m.ride_id = r.id
     where r.date < now() - interval '90 days'
     order by m.ride_id, m.id limit 500 for update of m skip locked);
  -- The day of the trip is kept as long as its chat is open (issue 40).
  delete from public.ride_car_steps where id in (
    select s.id from public.rides r join public.ride_car_steps s on s.ride_id = r.id
     where r.date < now() - make_interval(days => private.limit_ride_chat_read_only_days())
     order by s.ride_id, s.id limit 500 for update of s skip locked);
  delete from public.ride_passenger_steps where (ride_id, user_id) in (
    select s.ride_id, s.user_id from public.rides r join public.ride_passenger_steps s on s.ride_id = r.id
     where r.date < now() - make_interval(days => private.limit_ride_chat_read_only_days())
     order by s.ride_id, s.user_id limit 500 for update of s skip locked);
  -- The day before's answers (issue 40 §5) go with the trip's day.
  delete from public.ride_still_coming where (ride_id, user_id) in (
    select s.ride_id, s.user_id from public.rides r join public.ride_still_coming s on s.ride_id = r.id
     where r.date < now() - make_interval(days => private.limit_ride_chat_read_only_days())
     order by s.ride_id, s.user_id limit 500 for update of s skip locked);
end;
$$;

create policy "the passenger and the organiser read the question"
  on public.ride_still_coming for select to authenticated
  using (
    user_id = (select app.current_user_id())
    or exists (select 1 from public.rides r where r.id = ride_id and r.organiser_id = (select app.current_user_id()))
  );

reset check_function_bodies;

revoke all on public.ride_still_coming from public, anon, authenticated;
grant select on public.ride_still_coming to authenticated;

comment on table public.ride_still_coming is 'The day-before question (issue 40 §5), one row per ride and passenger asked: read by the passenger and the organiser, written by app functions only.';
