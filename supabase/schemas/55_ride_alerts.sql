-- Ride alerts
--
-- "Tell me when" (issue 24 §2): a member's saved wish for a ride (direction, days, a time window
-- in Singapore time), matched against each ride as it is created or moved, in the transaction of
-- that change; a match is told once per member and ride, in the inbox and by Web Push.
--
-- The database as it is now; supabase/migrations is how it got here. To change it, see the
-- README, "Changing the database".

-- ------------------------------------------------------------------------------------------------
-- Tables

-- Days are Singapore calendar days and the window Singapore wall-clock times, both ends included
-- ('24:00' closes a whole day). A dated alert (first_day..last_day) ends after its range; one
-- with weekdays only (ISO: 1 = Monday … 7 = Sunday) stands until deleted; one with both is the
-- range's days of those weekdays.
create table public.ride_alerts (
  id integer generated always as identity primary key,
  user_id integer not null references public.users (id) on delete cascade,
  direction public.ride_direction not null,
  first_day date,
  last_day date,
  weekdays smallint[],
  window_start time not null,
  window_end time not null,
  created_at timestamptz not null default now(),
  constraint ride_alerts_days_check check (
    (first_day is null) = (last_day is null)
    and (first_day is not null or weekdays is not null)
  ),
  constraint ride_alerts_range_check check (
    first_day <= last_day
    and (last_day - first_day) <= 366
  ),
  constraint ride_alerts_weekdays_check check (
    cardinality(weekdays) >= 1
    and weekdays <@ '{1,2,3,4,5,6,7}'::smallint[]
  ),
  constraint ride_alerts_window_check check (window_start < window_end)
);

grant select, delete on public.ride_alerts to authenticated;

grant insert (user_id) on public.ride_alerts to authenticated;

grant insert (direction) on public.ride_alerts to authenticated;

grant insert (first_day) on public.ride_alerts to authenticated;

grant insert (last_day) on public.ride_alerts to authenticated;

grant insert (weekdays) on public.ride_alerts to authenticated;

grant insert (window_start) on public.ride_alerts to authenticated;

grant insert (window_end) on public.ride_alerts to authenticated;

comment on table public.ride_alerts is
  'A member''s "tell me when": direction, days and a Singapore-time window a new ride is matched against.';

-- Who has been told about which ride: the once-per-ride rule. A ride moved out of a window and
-- back in again is not told twice.
create table private.ride_alert_deliveries (
  ride_id integer not null references public.rides (id) on delete cascade,
  user_id integer not null references public.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  constraint ride_alert_deliveries_pkey primary key (ride_id, user_id)
);

comment on table private.ride_alert_deliveries is
  'One row per member told of a ride by their alerts; keeps the alert to once per ride.';

-- ------------------------------------------------------------------------------------------------
-- Indexes

-- The match reads one direction's alerts whose window opens by the ride's time.
create index ride_alerts_match_idx on public.ride_alerts (direction, window_start);

-- The policies, the list and the per-member limit.
create index ride_alerts_user_id_idx on public.ride_alerts (user_id, id);

-- The purge of ended dated alerts.
create index ride_alerts_last_day_idx on public.ride_alerts (last_day) where last_day is not null;

create index ride_alert_deliveries_user_id_idx on private.ride_alert_deliveries (user_id);

create index ride_alert_deliveries_created_at_idx on private.ride_alert_deliveries (created_at);

-- ------------------------------------------------------------------------------------------------
-- Functions

-- The Singapore day today: a dated alert whose last day is before it has ended.
create function private.singapore_today()
returns date
language sql
stable
security invoker
set search_path = ''
as $$
  select (now() at time zone 'Asia/Singapore')::date
$$;

revoke all on function private.singapore_today() from public;

-- Before a new alert: its days are not over, and the member holds fewer than the limit of
-- alerts that have not ended. The lock per member makes two saves at once count each other.
create function private.ride_alerts_limit()
returns trigger
language plpgsql
security definer -- calls private.singapore_today, out of the member's reach
set search_path = ''
as $$
declare
  v_today date := private.singapore_today();
begin
  if new.last_day is not null and new.last_day < v_today then
    raise exception using errcode = 'PT400',
      message = 'The days of this alert are already over',
      hint = 'ride_alert_over';
  end if;
  perform pg_advisory_xact_lock(hashtextextended('fc-ride-alerts:' || new.user_id, 0));
  if (select count(*) from public.ride_alerts a
       where a.user_id = new.user_id and (a.last_day is null or a.last_day >= v_today)) >= 10 then
    raise exception using errcode = 'PT409',
      message = 'You already have 10 ride alerts, the most allowed. Delete one to add another.',
      hint = 'ride_alerts_limit';
  end if;
  return new;
end;
$$;

revoke all on function private.ride_alerts_limit() from public;

-- A ride created, or moved (date or direction), is matched against the alerts: each member with
-- a matching alert is told once per ride. Never the organiser, nor a member already aboard or
-- waiting for a seat, nor about a ride that has left, nor across a block either way (ADR 0026:
-- the blocker's lists hide the ride, and the blocked member could not join it). A weekly series is told once per member
-- (issue 27): a date of a series is not told to a member already told of another of its dates,
-- by an alert or as a follower (private.rides_notify_followers); the one told says how many dates
-- the series has. Security definer: the organiser's role reads nobody else's alerts.
create function private.rides_notify_alerts()
returns trigger
language plpgsql
security definer -- matches every member's alerts; writes private.ride_alert_deliveries
set search_path = ''
as $$
declare
  v_local timestamp without time zone := new.date at time zone 'Asia/Singapore';
  v_params jsonb;
  v_known integer[];
begin
  if new.date <= now() then
    return null;
  end if;
  -- Who knows of the ride already: the organiser, and whoever is aboard or waiting for a seat (a
  -- moved ride has them); and who is on either side of a block with the organiser. Read once
  -- here, not probed for each matching alert.
  v_known := array(
    select new.organiser_id
    union all
    select p.user_id from public.ride_passengers p where p.ride_id = new.id
    union all
    select w.user_id from public.ride_waitlist w where w.ride_id = new.id
    union all
    select b.blocker_id from public.member_blocks b where b.blocked_id = new.organiser_id
    union all
    select b.blocked_id from public.member_blocks b where b.blocker_id = new.organiser_id
  );
  v_params := private.ride_event_params(new) || jsonb_build_object(
    'name', private.member_display_name(new.organiser_id)) || private.series_event_params(new);
  -- One INSERT for every member told, not private.notify per member: the inbox's statement
  -- triggers then run once for the lot (ADR 0024). The organiser, the one acting, is never among
  -- them (v_known leaves out the organiser), so private.notify's skip of the acting member is not
  -- needed here.
  with matched as (
    select distinct a.user_id
      from public.ride_alerts a
     where a.direction = new.direction
       and a.window_start <= v_local::time
       and a.window_end >= v_local::time
       and (a.first_day is null or v_local::date between a.first_day and a.last_day)
       and (a.weekdays is null or extract(isodow from v_local)::smallint = any (a.weekdays))
       and a.user_id <> all (v_known)
       and (new.series_id is null or not private.told_of_series(new.series_id, new.id, a.user_id))
  ), told as (
    insert into private.ride_alert_deliveries (ride_id, user_id)
    select new.id, m.user_id from matched m
    on conflict do nothing
    returning user_id
  )
  insert into public.notifications (user_id, ride_id, kind, params)
  select t.user_id, new.id, 'ride_alert', v_params
    from told t
   order by t.user_id;
  return null;
end;
$$;

revoke all on function private.rides_notify_alerts() from public;

-- ------------------------------------------------------------------------------------------------
-- Triggers

create trigger ride_alerts_limit
  before insert on public.ride_alerts
  for each row execute function private.ride_alerts_limit();

create trigger rides_notify_alerts
  after insert on public.rides
  for each row execute function private.rides_notify_alerts();

create trigger rides_notify_alerts_on_move
  after update on public.rides
  for each row
  when (old.date is distinct from new.date or old.direction is distinct from new.direction)
  execute function private.rides_notify_alerts();

-- ------------------------------------------------------------------------------------------------
-- Row level security

alter table private.ride_alert_deliveries enable row level security;

alter table public.ride_alerts enable row level security;

-- ------------------------------------------------------------------------------------------------
-- Policies

create policy "members add alerts for themselves"
  on public.ride_alerts for insert
  to authenticated
  with check (user_id = (select app.current_user_id()));

create policy "members delete their own alerts"
  on public.ride_alerts for delete
  to authenticated
  using (user_id = (select app.current_user_id()));

create policy "members see their own alerts"
  on public.ride_alerts for select
  to authenticated
  using (user_id = (select app.current_user_id()));
