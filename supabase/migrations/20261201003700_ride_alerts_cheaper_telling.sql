-- Migration: telling a ride's alert holders costs less (issue 24 §2)
-- Purpose: with 1,000 members holding 3 alerts each, a ride telling ~76 of them cost ~9 ms more
--          to create on PGlite (bench:alerts, up to x2.3 of a ride nobody is told of). Two causes:
--          1. private.notifications_keep_newest found the members over 200 with a query that
--             PL/pgSQL plans once per session. Planned while the inbox was small, it was a
--             sequential scan of all of public.notifications, kept for every later insert: on
--             PGlite (never analyzed on its own) each such ride read the whole inbox table, and
--             more with every ride (~4 ms of the 9). The function now runs with enable_seqscan
--             off, so its plans go by notifications_user_id_id_idx however small the table was
--             when they were made, and an INSERT that told nobody returns at once.
--          2. private.rides_notify_alerts probed ride_passengers and ride_waitlist for each
--             matching alert; it now reads who knows of the ride already once, into an array.
-- Affects: private.notifications_keep_newest, private.rides_notify_alerts (create or replace;
--          same triggers, same behaviour).
-- Rollback: restore private.notifications_keep_newest from
--           20261201002610_inbox_triggers_per_statement.sql and private.rides_notify_alerts from
--           20261201003100_ride_series.sql.

-- A member's inbox keeps their newest 200: each new row drops what falls off the end, reading
-- only that member's rows through notifications_user_id_id_idx. Rows another transaction holds
-- are skipped, not waited for (two events for one member at once must not deadlock): the next
-- insert drops them. No sequential scans: PL/pgSQL plans these queries once per session, and a
-- plan made while the inbox was small (a scan of the whole table, the cheapest then) was kept
-- for every insert after, reading more with each one (PGlite never analyzes on its own); by the
-- members' index entries, the work follows the members told, not the size of the table.
create or replace function private.notifications_keep_newest() returns trigger
    language plpgsql security definer
    set search_path to ''
    set enable_seqscan to off
as $$
declare
  v_members integer[] := array(select distinct i.user_id from inserted i);
  v_member integer;
begin
  -- An INSERT that told nobody (a ride no alert or follower matched) still fires this.
  if cardinality(v_members) = 0 then
    return null;
  end if;
  -- Once per statement over the rows it inserted: a ride's alerts tell dozens of members in one
  -- INSERT (ADR 0024). One scan of those members' index entries finds who is over the limit;
  -- only they are trimmed, skipping rows another transaction holds.
  for v_member in
    select n.user_id
      from public.notifications n
     where n.user_id = any (v_members)
     group by n.user_id
    having count(*) > 200
  loop
    delete from public.notifications where id in (
      select id from public.notifications
       where user_id = v_member
       order by id desc
      offset 200
       for update skip locked
    );
  end loop;
  return null;
end;
$$;

-- A ride created, or moved (date or direction), is matched against the alerts: each member with
-- a matching alert is told once per ride. Never the organiser, nor a member already aboard or
-- waiting for a seat, nor about a ride that has left. A weekly series is told once per member
-- (issue 27): a date of a series is not told to a member already told of another of its dates,
-- by an alert or as a follower (private.rides_notify_followers); the one told says how many dates
-- the series has. Security definer: the organiser's role reads nobody else's alerts.
create or replace function private.rides_notify_alerts() returns trigger
    language plpgsql security definer
    set search_path to ''
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
  -- moved ride has them). Read once here, not probed for each matching alert.
  v_known := array(
    select new.creator_id
    union all
    select p.user_id from public.ride_passengers p where p.ride_id = new.id
    union all
    select w.user_id from public.ride_waitlist w where w.ride_id = new.id
  );
  v_params := private.ride_event_params(new) || jsonb_build_object(
    'name', private.member_display_name(new.creator_id)) || private.series_event_params(new);
  -- One INSERT for every member told, not private.notify per member: the inbox's statement
  -- triggers then run once for the lot (ADR 0024). The organiser, the one acting, is never among
  -- them (v_known leaves out the creator), so private.notify's skip of the acting member is not
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
