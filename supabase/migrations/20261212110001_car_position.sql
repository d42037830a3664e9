-- Migration: car position
-- Purpose: issue 40 §2, where the car is: the driver (or the organiser of a ride with no
--          driver) shares the phone's position on the trip's day; the last one only is kept,
--          read by those aboard, in the trip's answer with a stale flag, purged at the window's end.
-- Affects: adds table public.ride_car_positions, function
--          private.limit_car_position_stale_minutes(), function
--          private.limit_car_position_max_age_minutes(), function
--          private.limit_car_position_clock_skew_seconds(), function
--          private.limit_car_position_max_accuracy_metres(), function
--          private.car_position_json(integer), function private.car_position_sharer(public.rides,
--          integer), function private.car_arrived(integer), function
--          private.require_car_position_sharer(integer), function app.share_car_position(integer,
--          double precision, double precision, double precision, timestamp with time zone),
--          function app.stop_car_position(integer), policy "those aboard read the car's position"
--          on public.ride_car_positions; replaces function private.refuse_throttled(text, text,
--          integer), function private.purge_expired(), function app.trip_day_json(integer),
--          function app.my_data(); reference rows of private.throttle_limits (1 added).
-- Rollback: drop app.share_car_position, app.stop_car_position, the private car_position
--          functions and the limit functions above, and table public.ride_car_positions; put
--          back private.refuse_throttled, private.purge_expired, app.trip_day_json and app.my_data
--          as 20261210090000_trip_day.sql and 20261212110000_day_before.sql left them, and
--          delete the 'trip:positions' row of private.throttle_limits.

create table "public"."ride_car_positions" (
    "ride_id" integer not null,
    "latitude" double precision not null,
    "longitude" double precision not null,
    "accuracy" double precision not null,
    "taken_at" timestamp with time zone not null,
    "shared_by" integer not null,
    "updated_at" timestamp with time zone not null default now()
);

alter table "public"."ride_car_positions" enable row level security;

CREATE UNIQUE INDEX ride_car_positions_pkey ON public.ride_car_positions USING btree (ride_id);

CREATE INDEX ride_car_positions_shared_by_idx ON public.ride_car_positions USING btree (shared_by);

alter table "public"."ride_car_positions" add constraint "ride_car_positions_pkey" PRIMARY KEY using index "ride_car_positions_pkey";

alter table "public"."ride_car_positions" add constraint "ride_car_positions_accuracy_check" CHECK ((accuracy > (0)::double precision)) not valid;

alter table "public"."ride_car_positions" validate constraint "ride_car_positions_accuracy_check";

alter table "public"."ride_car_positions" add constraint "ride_car_positions_latitude_check" CHECK (((latitude >= ('-90'::integer)::double precision) AND (latitude <= (90)::double precision))) not valid;

alter table "public"."ride_car_positions" validate constraint "ride_car_positions_latitude_check";

alter table "public"."ride_car_positions" add constraint "ride_car_positions_longitude_check" CHECK (((longitude >= ('-180'::integer)::double precision) AND (longitude <= (180)::double precision))) not valid;

alter table "public"."ride_car_positions" validate constraint "ride_car_positions_longitude_check";

alter table "public"."ride_car_positions" add constraint "ride_car_positions_ride_id_fkey" FOREIGN KEY (ride_id) REFERENCES public.rides(id) ON DELETE CASCADE not valid;

alter table "public"."ride_car_positions" validate constraint "ride_car_positions_ride_id_fkey";

alter table "public"."ride_car_positions" add constraint "ride_car_positions_shared_by_fkey" FOREIGN KEY (shared_by) REFERENCES public.users(id) ON DELETE CASCADE not valid;

alter table "public"."ride_car_positions" validate constraint "ride_car_positions_shared_by_fkey";

set check_function_bodies = off;

-- The driver's phone says where the car is; the position replaces the last one.
create function app.share_car_position(
  p_ride_id integer,
  p_latitude double precision,
  p_longitude double precision,
  p_accuracy double precision,
  p_taken_at timestamptz
)
returns json
language plpgsql
security definer -- the position is written only through these functions
set search_path = ''
as $$
declare
  v_ride public.rides := private.require_car_position_sharer(p_ride_id);
  v_uid integer := app.current_user_id();
begin
  if not private.trip_day_open(v_ride) then
    raise exception using errcode = 'PT409',
      message = 'The trip can be followed from 2 hours before the ride until 8 hours after it',
      hint = 'trip_day_closed';
  end if;
  if private.car_arrived(v_ride.id) then
    raise exception using errcode = 'PT409',
      message = 'The car has arrived, so its position is no longer shared', hint = 'car_arrived';
  end if;
  -- 'NaN' is no number between the bounds: refused with them.
  if p_latitude is null or not (p_latitude between -90 and 90) then
    raise exception using errcode = 'PT400', message = 'Latitude must be between -90 and 90',
      hint = 'car_position_latitude';
  end if;
  if p_longitude is null or not (p_longitude between -180 and 180) then
    raise exception using errcode = 'PT400', message = 'Longitude must be between -180 and 180',
      hint = 'car_position_longitude';
  end if;
  if p_accuracy is null or not (p_accuracy > 0 and p_accuracy <= private.limit_car_position_max_accuracy_metres()) then
    raise exception using errcode = 'PT400',
      message = format('Accuracy must be more than 0 and at most %s metres', private.limit_car_position_max_accuracy_metres()),
      detail = json_build_object('max', private.limit_car_position_max_accuracy_metres())::text,
      hint = 'car_position_accuracy';
  end if;
  if p_taken_at is null or p_taken_at > now() + make_interval(secs => private.limit_car_position_clock_skew_seconds()) then
    raise exception using errcode = 'PT400', message = 'The position''s time is in the future',
      hint = 'car_position_future';
  end if;
  if p_taken_at < now() - make_interval(mins => private.limit_car_position_max_age_minutes()) then
    raise exception using errcode = 'PT400',
      message = format('The position was taken more than %s minutes ago', private.limit_car_position_max_age_minutes()),
      detail = json_build_object('minutes', private.limit_car_position_max_age_minutes())::text,
      hint = 'car_position_too_old';
  end if;
  perform private.take_throttle('trip:positions', v_uid || ':' || v_ride.id,
    'Too many trip updates. Please try again in %s.');
  -- A phone's clock a little ahead is taken as now: a position is never newer than its arrival.
  insert into public.ride_car_positions (ride_id, latitude, longitude, accuracy, taken_at, shared_by, updated_at)
  values (v_ride.id, p_latitude, p_longitude, p_accuracy, least(p_taken_at, now()), v_uid, now())
  on conflict (ride_id) do update
    set latitude = excluded.latitude, longitude = excluded.longitude, accuracy = excluded.accuracy,
        taken_at = excluded.taken_at, shared_by = excluded.shared_by, updated_at = excluded.updated_at
  -- Sent out of order (a retry after a newer one): the newer position stays.
  where public.ride_car_positions.taken_at <= excluded.taken_at;
  return app.trip_day_json(v_ride.id);
end;
$$;
revoke all on function app.share_car_position(integer, double precision, double precision, double precision, timestamptz) from public;
grant execute on function app.share_car_position(integer, double precision, double precision, double precision, timestamptz) to authenticated;

-- Stops sharing: the last position is deleted, on any day.
create function app.stop_car_position(p_ride_id integer)
returns json
language plpgsql
security definer -- the position is written only through these functions
set search_path = ''
as $$
declare
  v_ride public.rides := private.require_car_position_sharer(p_ride_id);
begin
  delete from public.ride_car_positions where ride_id = v_ride.id;
  return app.trip_day_json(v_ride.id);
end;
$$;
revoke all on function app.stop_car_position(integer) from public;
grant execute on function app.stop_car_position(integer) to authenticated;

-- Whether the car's newest step is 'arrived': the position is no longer shared then.
create function private.car_arrived(p_ride_id integer)
returns boolean
language sql
stable
security definer -- reads the car's steps for the check, whoever asks
set search_path = ''
as $$
  select coalesce((select step = 'arrived' from public.ride_car_steps
                    where ride_id = p_ride_id order by id desc limit 1), false)
$$;
revoke all on function private.car_arrived(integer) from public;

-- The car's last position as app.trip_day_json answers it, or null: none shared, or the car has
-- arrived. Stale when taken more than 5 minutes ago: the card says when, not that it is there.
create function private.car_position_json(p_ride_id integer)
returns json
language sql
stable
security definer -- called by app.trip_day_json, which checked the caller is aboard
set search_path = ''
as $$
  select json_build_object(
           'latitude', p.latitude,
           'longitude', p.longitude,
           'accuracy', p.accuracy,
           'takenAt', to_char(p.taken_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
           'stale', p.taken_at < now() - make_interval(mins => private.limit_car_position_stale_minutes()))
    from public.ride_car_positions p
   where p.ride_id = p_ride_id and not private.car_arrived(p_ride_id)
$$;
revoke all on function private.car_position_json(integer) from public;

-- Whether p_uid may share the car's position: the assigned driver, who has the car, or the
-- organiser when no driver is assigned (they drive, or ride with whoever does).
create function private.car_position_sharer(p_ride public.rides, p_uid integer)
returns boolean
language sql
immutable
security invoker
set search_path = ''
as $$
  select coalesce(case when p_ride.vendor_id is null then p_uid = p_ride.organiser_id
                       else p_uid = p_ride.vendor_id end, false)
$$;
revoke all on function private.car_position_sharer(public.rides, integer) from public;

create function private.limit_car_position_clock_skew_seconds()
returns integer
language sql
immutable
security invoker
set search_path = ''
as $$select 60$$;
revoke all on function private.limit_car_position_clock_skew_seconds() from public;
grant all on function private.limit_car_position_clock_skew_seconds() to authenticated;

create function private.limit_car_position_max_accuracy_metres()
returns integer
language sql
immutable
security invoker
set search_path = ''
as $$select 5000$$;
revoke all on function private.limit_car_position_max_accuracy_metres() from public;
grant all on function private.limit_car_position_max_accuracy_metres() to authenticated;

create function private.limit_car_position_max_age_minutes()
returns integer
language sql
immutable
security invoker
set search_path = ''
as $$select 10$$;
revoke all on function private.limit_car_position_max_age_minutes() from public;
grant all on function private.limit_car_position_max_age_minutes() to authenticated;

create function private.limit_car_position_stale_minutes()
returns integer
language sql
immutable
security invoker
set search_path = ''
as $$select 5$$;
revoke all on function private.limit_car_position_stale_minutes() from public;
grant all on function private.limit_car_position_stale_minutes() to authenticated;

-- The ride, for the member who may share its car's position, on its day, before it arrived.
create function private.require_car_position_sharer(p_ride_id integer)
returns public.rides
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_uid integer := private.require_user();
  v_ride public.rides := private.find_ride(p_ride_id);
begin
  if not private.in_ride_conversation(v_ride.id, v_uid) then
    raise exception using errcode = 'PT403',
      message = 'Only the people on this ride can follow its trip', hint = 'not_on_trip';
  end if;
  if not private.car_position_sharer(v_ride, v_uid) then
    raise exception using errcode = 'PT403',
      message = 'Only the driver, or the organizer of a ride with no driver, can share where the car is',
      hint = 'not_car_position_sharer';
  end if;
  return v_ride;
end;
$$;
revoke all on function private.require_car_position_sharer(integer) from public;

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
    -- The car's last position they shared, while it is kept (the trip's day only).
    'carPositionsShared', coalesce((
      select jsonb_agg(to_jsonb(p) order by p.ride_id)
        from public.ride_car_positions p where p.shared_by = v_uid), '[]'::jsonb),
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

-- The trip as the caller reads it: the window, the car's steps, each passenger's step in the
-- order of the passengers list, and what the caller may do.
create or replace function app.trip_day_json(p_ride_id integer)
returns json
language plpgsql
stable
security definer -- reads the names and stops of everyone aboard for each of them
set search_path = ''
as $$
declare
  v_uid integer := private.require_user();
  v_ride public.rides := private.find_ride(p_ride_id);
  v_last public.ride_car_steps;
begin
  if not private.in_ride_conversation(v_ride.id, v_uid) then
    raise exception using errcode = 'PT403',
      message = 'Only the people on this ride can follow its trip', hint = 'not_on_trip';
  end if;
  select * into v_last from public.ride_car_steps where ride_id = v_ride.id order by id desc limit 1;
  return json_build_object(
    'rideId', v_ride.id,
    'opensAt', to_char((v_ride.date - make_interval(hours => private.limit_trip_day_hours_before())) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'closesAt', to_char((v_ride.date + make_interval(hours => private.limit_trip_day_hours_after())) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'open', private.trip_day_open(v_ride),
    'canSetCarSteps', private.trip_driver(v_ride, v_uid),
    -- The car's last shared position and who may share it (67_car_position.sql).
    'canShareCarPosition', private.car_position_sharer(v_ride, v_uid),
    'carPosition', private.car_position_json(v_ride.id),
    'carSteps', coalesce((
      select json_agg(json_build_object(
               'id', s.id, 'step', s.step, 'stop', s.stop,
               'at', to_char(s.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
             order by s.id)
        from public.ride_car_steps s where s.ride_id = v_ride.id), '[]'::json),
    -- Until when the newest step can be taken back, for those who may set steps.
    'undoUntil', case when v_last.id is not null and private.trip_driver(v_ride, v_uid)
                        and v_last.created_at > now() - make_interval(mins => private.limit_trip_step_undo_minutes())
      then to_char((v_last.created_at + make_interval(mins => private.limit_trip_step_undo_minutes())) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') end,
    'passengers', coalesce((
      select json_agg(json_build_object(
               'userId', p.user_id,
               'name', private.member_display_name(p.user_id),
               'stop', p.dropoff_location,
               'step', st.step,
               'lateMinutes', st.late_minutes,
               'updatedAt', to_char(st.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
             order by p.dropoff_sequence nulls last, p.id)
        from public.ride_passengers p
        left join public.ride_passenger_steps st on st.ride_id = p.ride_id and st.user_id = p.user_id
       where p.ride_id = v_ride.id), '[]'::json)
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
  -- The car's last position is of no use once the trip's window closes (issue 40 §2).
  delete from public.ride_car_positions where ride_id in (
    select p.ride_id from public.rides r join public.ride_car_positions p on p.ride_id = r.id
     where r.date < now() - make_interval(hours => private.limit_trip_day_hours_after())
     order by p.ride_id limit 500 for update of p skip locked);
  -- The day before's answers (issue 40 §5) go with the trip's day.
  delete from public.ride_still_coming where (ride_id, user_id) in (
    select s.ride_id, s.user_id from public.rides r join public.ride_still_coming s on s.ride_id = r.id
     where r.date < now() - make_interval(days => private.limit_ride_chat_read_only_days())
     order by s.ride_id, s.user_id limit 500 for update of s skip locked);
end;
$$;

-- The refusal (PT429) of a windowed limit that is full: p_message has one %s, how long to wait
-- (p_retry seconds, also in the error's DETAIL as {"wait": seconds}: the refusal's params and
-- the api's Retry-After); the limit names the
-- refusal's code (supabase/functions/_shared/refusals.ts), in the error's HINT. A limit with no
-- code here gets the generic one of its status.
create or replace function private.refuse_throttled(p_limit text, p_message text, p_retry integer)
returns void
language plpgsql
security invoker
set search_path = ''
as $$
begin
  raise exception using errcode = 'PT429', message = format(p_message, private.wait_text(p_retry)),
    detail = json_build_object('wait', p_retry)::text,
    hint = case p_limit
      when 'rides:created' then 'too_many_rides_today'
      when 'rides:edits' then 'too_many_ride_edits'
      when 'passengers:changes' then 'too_many_joins'
      when 'payments:remind' then 'reminded_recently'
      when 'register:client' then 'too_many_accounts_network'
      when 'register:network' then 'too_many_accounts_network'
      when 'register:all' then 'too_many_accounts'
      when 'ride_requests:posted' then 'too_many_ride_requests'
      when 'ride_requests:me-too' then 'too_many_me_too'
      when 'chat:messages' then 'too_many_messages'
      when 'reports:filed' then 'too_many_reports'
      when 'handovers:offered' then 'too_many_handover_offers'
      when 'trip:steps' then 'too_many_trip_updates'
      when 'trip:positions' then 'too_many_trip_updates'
    end;
end;
$$;

create policy "those aboard read the car's position"
  on public.ride_car_positions for select to authenticated
  using (app.is_on_ride(ride_id));

reset check_function_bodies;

revoke all on public.ride_car_positions from public, anon, authenticated;
grant select on public.ride_car_positions to authenticated;

comment on function private.limit_car_position_stale_minutes() is 'CAR_POSITION_STALE_MINUTES in supabase/functions/_shared/limits.ts (generated).';
comment on function private.limit_car_position_max_age_minutes() is 'CAR_POSITION_MAX_AGE_MINUTES in supabase/functions/_shared/limits.ts (generated).';
comment on function private.limit_car_position_clock_skew_seconds() is 'CAR_POSITION_CLOCK_SKEW_SECONDS in supabase/functions/_shared/limits.ts (generated).';
comment on function private.limit_car_position_max_accuracy_metres() is 'CAR_POSITION_MAX_ACCURACY_METRES in supabase/functions/_shared/limits.ts (generated).';
comment on table public.ride_car_positions is 'The car''s last shared position on the ride''s day (issue 40): read by those aboard, written by app.share_car_position only.';

-- Reference rows, as supabase/schemas/seed writes them.
insert into private.throttle_limits (name, max_count, window_seconds, description)
values
  ('trip:positions', 480, 3600, 'car positions the driver shares for one ride')
on conflict do nothing;
