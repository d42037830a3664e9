-- Migration: weekly series (issue 27), the first part: creating a series, reading it, joining
-- every date
-- Purpose: a ride repeated on chosen weekdays up to an end day (at most 12 weeks after its first
--          date), every date a real ride created at once in one INSERT (app.create_ride_series;
--          docs/decisions/0029-weekly-series.md); a member joins every upcoming date at once
--          (app.join_ride_series: each date through app.join_ride or app.join_waitlist, so every
--          rule of a join holds) and becomes a regular. A series counts as one ride against
--          rides:upcoming and rides:created (private.rides_throttle), and a member runs at most
--          series:running (2) at once. Alerts and followers are told of a series once, not once
--          per date; the organiser is told of a regular's joins once; a series join counts once
--          against passengers:changes (private.series_bulk, set only while a series function runs).
-- Affects: new tables public.ride_series and public.ride_series_regulars (RLS, policies),
--          public.rides.series_id (foreign key, index); new functions app.create_ride_series,
--          app.join_ride_series, private.lock_ride_series, private.series_bulk,
--          private.series_event_params, private.told_of_series; create or replace (same
--          signatures) of private.rides_throttle, private.ride_passengers_throttle,
--          app.join_waitlist, private.ride_passengers_notify, private.rides_notify_alerts,
--          private.rides_notify_followers, app.my_data, private.delete_member; a new
--          private.throttle_limits row 'series:running'.
-- Rollback: drop the new functions, rides.series_id and both tables; delete the limit row;
--           restore the replaced functions from the newest earlier migrations that defined them.

alter table public.rides add column series_id integer;

comment on column public.rides.series_id is 'The weekly series this ride is a date of (58_ride_series.sql); set only by the series functions.';

-- ------------------------------------------------------------------------------------------------
-- Tables

-- Days and the time are Singapore's (no daylight saving: a date's time of day never shifts).
create table public.ride_series (
    id integer generated always as identity,
    creator_id integer not null,
    direction public.ride_direction not null,
    weekdays smallint[] not null,
    local_time time without time zone not null,
    first_day date not null,
    until date not null,
    ended_at timestamp with time zone,
    created_at timestamp with time zone default now() not null,
    constraint ride_series_weekdays_check check (((cardinality(weekdays) >= 1) and (weekdays <@ '{1,2,3,4,5,6,7}'::smallint[]))),
    constraint ride_series_until_check check ((until >= first_day))
);

grant select on table public.ride_series to anon;
grant select on table public.ride_series to authenticated;

comment on table public.ride_series is 'A weekly series (issue 27): its dates are rides whose series_id names it; written only by the app functions.';

comment on column public.ride_series.local_time is 'The dates'' time of day, Singapore time: the first date''s, or the last "change the rest" one''s.';

comment on column public.ride_series.ended_at is 'When the organiser ended it (or left the app): its upcoming dates were cancelled.';

-- A regular: a member who joined "every date from now", with the party and stop every date
-- gets, and who is told of the dates added later.
create table public.ride_series_regulars (
    series_id integer not null,
    user_id integer not null,
    passenger_count smallint not null,
    dropoff_location text not null,
    created_at timestamp with time zone default now() not null,
    constraint ride_series_regulars_passenger_count_check check (((passenger_count >= 1) and (passenger_count <= 10))),
    constraint ride_series_regulars_dropoff_location_check check (((char_length(dropoff_location) >= 1) and (char_length(dropoff_location) <= 500))),
    constraint ride_series_regulars_text_visible check ((not private.has_hidden_characters(dropoff_location)))
);

grant select on table public.ride_series_regulars to authenticated;

comment on table public.ride_series_regulars is 'Members who joined every date of a weekly series; written only by app.join_ride_series and app.leave_ride_series.';

-- ------------------------------------------------------------------------------------------------
-- Keys and constraints

alter table only public.ride_series
    add constraint ride_series_pkey primary key (id);

alter table only public.ride_series
    add constraint ride_series_creator_id_fkey foreign key (creator_id) references public.users(id) on delete cascade;

alter table only public.ride_series_regulars
    add constraint ride_series_regulars_pkey primary key (series_id, user_id);

alter table only public.ride_series_regulars
    add constraint ride_series_regulars_series_id_fkey foreign key (series_id) references public.ride_series(id) on delete cascade;

alter table only public.ride_series_regulars
    add constraint ride_series_regulars_user_id_fkey foreign key (user_id) references public.users(id) on delete cascade;

alter table only public.rides
    add constraint rides_series_id_fkey foreign key (series_id) references public.ride_series(id) on delete set null;

-- ------------------------------------------------------------------------------------------------
-- Indexes

-- The organiser's series: the running-series limit and the regulars' policy.
create index ride_series_creator_id_idx on public.ride_series using btree (creator_id);

create index ride_series_regulars_user_id_idx on public.ride_series_regulars using btree (user_id);

-- A series' dates in order: the series page, the limits, "this and every later date".
create index rides_series_id_date_idx on public.rides using btree (series_id, date) where (series_id is not null);

-- ------------------------------------------------------------------------------------------------
-- Functions

-- Creates a series and every one of its dates in one INSERT, each a ride with the given
-- fields: every day from p_date's (Singapore) day through p_until whose ISO weekday is one of
-- p_weekdays, at p_date's Singapore time of day. Returns the first date's ride. The rides'
-- own triggers hold each date to every rule of a new ride (suspension, return link); the limits
-- count the series once (private.rides_throttle), and a member runs at most series:running
-- series at once. Security definer: series_id has no insert grant, so a ride joins a series
-- only here; the rides policy's rule (one's own ride, not a vendor) is checked here instead.
create function app.create_ride_series(p_direction public.ride_direction, p_date timestamp with time zone, p_max_passengers integer, p_organizer_passenger_count integer, p_pickup_location text, p_dropoff_locations jsonb, p_driver_contact_id integer, p_cost numeric, p_return_of integer, p_weekdays integer[], p_until date) returns integer
    language plpgsql security definer
    set search_path to ''
as $$
declare
  v_uid integer := private.require_user();
  v_local timestamp without time zone := p_date at time zone 'Asia/Singapore';
  v_weekdays smallint[] := array(
    select distinct d::smallint from unnest(p_weekdays) d where d is not null order by 1);
  v_max integer;
  v_running integer;
  v_retry integer;
  v_series integer;
  v_first integer;
begin
  if exists (select 1 from public.users where id = v_uid and is_vendor) then
    raise exception using errcode = 'PT403', message = 'Vendors cannot create rides', hint = 'vendor_cannot_create_ride';
  end if;
  if coalesce(cardinality(p_weekdays), 0) = 0
     or exists (select 1 from unnest(p_weekdays) d where d is null or d not between 1 and 7) then
    raise exception using errcode = 'PT400', message = 'Choose the weekdays the ride repeats on',
      hint = 'series_weekdays_required';
  end if;
  if p_date is null or p_date <= now() then
    raise exception using errcode = 'PT400', message = 'The ride date must be in the future', hint = 'ride_date_past';
  end if;
  if p_until is null or p_until < v_local::date then
    raise exception using errcode = 'PT400', message = 'A weekly ride ends on or after its first date',
      hint = 'series_until_before_start';
  end if;
  if p_until > v_local::date + 7 * 12 then
    raise exception using errcode = 'PT400',
      message = 'A weekly ride ends at most 12 weeks after its first date', hint = 'series_until_too_far';
  end if;

  -- private.rides_throttle's lock: two creations by one member at once count each other.
  perform pg_advisory_xact_lock(hashtextextended('fc-throttle:rides:' || v_uid, 0));
  select max_count into v_max from private.throttle_limits where name = 'series:running';
  if found then
    -- Running: not ended, with a date still to come. The one that ends first frees a place.
    select count(*), ceil(extract(epoch from min(s.last_date) - now()))::integer
      into v_running, v_retry
      from (
        select max(r.date) as last_date
          from public.ride_series rs join public.rides r on r.series_id = rs.id
         where rs.creator_id = v_uid and rs.ended_at is null and r.date > now()
         group by rs.id
      ) s;
    if v_running >= v_max then
      v_retry := greatest(coalesce(v_retry, 3600), 1);
      raise exception using errcode = 'PT429',
        message = format('You already run %s weekly rides, the most allowed. Please try again in %s.',
                         v_running, private.wait_text(v_retry)),
        detail = v_retry::text, hint = 'too_many_series';
    end if;
  end if;

  insert into public.ride_series (creator_id, direction, weekdays, local_time, first_day, until)
  values (v_uid, p_direction, v_weekdays, v_local::time, v_local::date, p_until)
  returning id into v_series;

  -- One INSERT for every date, in date order (the first date gets the lowest id: the followers
  -- are told of the series by it, private.rides_notify_followers). A return link is the first
  -- date's only: an outbound ride has one way back.
  with days as (
    select d::date as day, row_number() over (order by d) as n
      from generate_series(v_local::date, p_until, interval '1 day') d
     where extract(isodow from d)::smallint = any (v_weekdays)
  ), created as (
    insert into public.rides (
      creator_id, direction, date, max_passengers, organizer_passenger_count, pickup_location,
      dropoff_locations, driver_contact_id, cost, return_of, series_id)
    select v_uid, p_direction, (days.day + v_local::time) at time zone 'Asia/Singapore', p_max_passengers,
           p_organizer_passenger_count, p_pickup_location, p_dropoff_locations, p_driver_contact_id, p_cost,
           case when days.n = 1 then p_return_of end, v_series
      from days
     order by days.day
    returning id, date
  )
  select id into v_first from created order by date limit 1;

  if v_first is null then
    raise exception using errcode = 'PT400', message = 'None of the chosen weekdays falls before the weekly ride ends',
      hint = 'series_no_dates';
  end if;
  return v_first;
end;
$$;

revoke all on function app.create_ride_series(p_direction public.ride_direction, p_date timestamp with time zone, p_max_passengers integer, p_organizer_passenger_count integer, p_pickup_location text, p_dropoff_locations jsonb, p_driver_contact_id integer, p_cost numeric, p_return_of integer, p_weekdays integer[], p_until date) from public;
grant all on function app.create_ride_series(p_direction public.ride_direction, p_date timestamp with time zone, p_max_passengers integer, p_organizer_passenger_count integer, p_pickup_location text, p_dropoff_locations jsonb, p_driver_contact_id integer, p_cost numeric, p_return_of integer, p_weekdays integer[], p_until date) to authenticated;

-- "Every date from now": the caller joins each upcoming date of the series they are not on yet,
-- or its waitlist when their party does not fit, through app.join_ride and app.join_waitlist
-- (every rule of a join holds for each date), and becomes a regular (told of dates added later).
-- Counted once against passengers:changes, and the organiser is told once (private.series_bulk).
-- Answers { joined, waitlisted, alreadyOn }: ride ids, soonest first.
create function app.join_ride_series(p_series_id integer, p_passenger_count integer, p_dropoff_location text) returns json
    language plpgsql security definer
    set search_path to ''
    set fc.series_bulk to 'on'
as $$
declare
  v_uid integer := private.require_user();
  v_series public.ride_series := private.lock_ride_series(p_series_id);
  v_ride public.rides;
  v_joined integer[] := '{}';
  v_waitlisted integer[] := '{}';
  v_already integer[] := '{}';
  v_first public.rides;
begin
  if v_series.creator_id = v_uid then
    raise exception using errcode = 'PT409', message = 'You cannot join your own weekly ride', hint = 'own_series';
  end if;
  if v_series.ended_at is not null then
    raise exception using errcode = 'PT409', message = 'This weekly ride has ended', hint = 'series_ended';
  end if;
  -- Said once for the whole series, as app.join_ride would say it for each date.
  if private.has_blocked(v_series.creator_id, v_uid) then
    raise exception using errcode = 'PT403', message = 'You cannot join this ride', hint = 'join_not_allowed';
  end if;
  if p_passenger_count is null or p_passenger_count < 1 or p_passenger_count > 10 then
    raise exception using errcode = 'PT400', message = 'Must have at least 1 passenger', hint = 'invalid_input';
  end if;
  if p_dropoff_location is null or btrim(p_dropoff_location) = '' then
    raise exception using errcode = 'PT400', message = 'Drop-off location is required', hint = 'invalid_input';
  end if;

  perform private.take_throttle('passengers:changes', v_uid::text,
    'Too many joins and leaves. Please try again in %s.');

  for v_ride in
    select * from public.rides
     where series_id = v_series.id and date > now() and hidden_at is null and status <> 'completed'
     order by date, id
     for update
  loop
    if v_ride.vendor_id = v_uid
       or exists (select 1 from public.ride_passengers where ride_id = v_ride.id and user_id = v_uid)
       or exists (select 1 from public.ride_waitlist where ride_id = v_ride.id and user_id = v_uid) then
      v_already := v_already || v_ride.id;
    elsif v_ride.max_passengers - v_ride.current_passengers >= p_passenger_count then
      perform app.join_ride(v_ride.id, p_passenger_count, p_dropoff_location);
      v_joined := v_joined || v_ride.id;
      if v_first.id is null then
        v_first := v_ride;
      end if;
    else
      perform app.join_waitlist(v_ride.id, p_passenger_count, p_dropoff_location);
      v_waitlisted := v_waitlisted || v_ride.id;
    end if;
  end loop;

  insert into public.ride_series_regulars (series_id, user_id, passenger_count, dropoff_location)
  values (v_series.id, v_uid, p_passenger_count, btrim(p_dropoff_location))
  on conflict (series_id, user_id) do update
    set passenger_count = excluded.passenger_count, dropoff_location = excluded.dropoff_location;

  if v_first.id is not null then
    perform private.notify(v_series.creator_id, v_first.id, 'passenger_joined',
      private.ride_event_params(v_first) || jsonb_build_object(
        'name', private.member_display_name(v_uid),
        'passengerCount', p_passenger_count,
        'seriesId', v_series.id,
        'dates', cardinality(v_joined)));
  end if;

  return json_build_object('joined', to_json(v_joined), 'waitlisted', to_json(v_waitlisted),
                           'alreadyOn', to_json(v_already));
end;
$$;

revoke all on function app.join_ride_series(p_series_id integer, p_passenger_count integer, p_dropoff_location text) from public;
grant all on function app.join_ride_series(p_series_id integer, p_passenger_count integer, p_dropoff_location text) to authenticated;

-- A series by id, locked (FOR UPDATE) until the transaction ends, or the refusal that there is
-- none: two changes of one series wait for each other here.
create function private.lock_ride_series(p_series_id integer) returns public.ride_series
    language plpgsql
    set search_path to ''
as $$
declare
  v_series public.ride_series;
begin
  select * into v_series from public.ride_series where id = p_series_id for update;
  if not found then
    raise exception using errcode = 'PT404', message = 'Weekly ride not found', hint = 'series_not_found';
  end if;
  return v_series;
end;
$$;

revoke all on function private.lock_ride_series(p_series_id integer) from public;

-- What an event about a date of a series adds to its params: the series, and how many dates it
-- has to come, so one notification can stand for them all. Nothing for a ride of its own.
create function private.series_event_params(p_ride public.rides) returns jsonb
    language sql stable
    set search_path to ''
as $$
  select case when p_ride.series_id is null then '{}'::jsonb else jsonb_build_object(
    'seriesId', p_ride.series_id,
    'dates', (select count(*) from public.rides r where r.series_id = p_ride.series_id and r.date > now())
  ) end
$$;

revoke all on function private.series_event_params(p_ride public.rides) from public;

-- Whether p_user_id was told of a date of p_series_id other than p_ride_id: by a ride alert, or
-- as a follower of its organiser. A series is told once per member (issue 27).
create function private.told_of_series(p_series_id integer, p_ride_id integer, p_user_id integer) returns boolean
    language sql stable
    set search_path to ''
as $$
  select exists (
    select 1 from public.rides s
     where s.series_id = p_series_id and s.id <> p_ride_id
       and (
         exists (select 1 from private.ride_alert_deliveries d where d.ride_id = s.id and d.user_id = p_user_id)
         or exists (
           select 1 from public.notifications n
            where n.ride_id = s.id and n.user_id = p_user_id and n.kind = 'organiser_ride')
       )
  )
$$;

revoke all on function private.told_of_series(p_series_id integer, p_ride_id integer, p_user_id integer) from public;

-- Whether the statement runs inside one of the series functions (their `set fc.series_bulk`):
-- the member acting on many dates at once is then counted, and the others told, once by that
-- function, not once per date by the triggers. The setting lasts only while such a function
-- runs.
create function private.series_bulk() returns boolean
    language sql stable
    set search_path to ''
as $$
  select coalesce(current_setting('fc.series_bulk', true), '') = 'on'
$$;

revoke all on function private.series_bulk() from public;

-- ------------------------------------------------------------------------------------------------
-- Replaced functions

-- A member's rides: at most rides:upcoming ahead at once, and rides:created per window. A weekly
-- series counts as one ride in both (issue 27, docs/decisions/0029-weekly-series.md): its first
-- date is counted, and a date of a series that already has one to come is not.
create or replace function private.rides_throttle() returns trigger
    language plpgsql security definer
    set search_path to ''
as $$
declare
  v_uid integer := app.current_user_id();
  v_max integer;
  v_upcoming integer;
  v_retry integer;
begin
  if v_uid is null then
    return new;
  end if;
  perform pg_advisory_xact_lock(hashtextextended('fc-throttle:rides:' || new.creator_id, 0));
  -- Earlier dates of the same INSERT are visible here (a row trigger sees the rows its statement
  -- wrote before this one): only the first date of a new series gets past this.
  if new.series_id is not null and exists (
    select 1 from public.rides where series_id = new.series_id and date > now()
  ) then
    return new;
  end if;

  select max_count into v_max from private.throttle_limits where name = 'rides:upcoming';
  if found then
    select count(*) filter (where series_id is null) + count(distinct series_id),
           ceil(extract(epoch from min(date) - now()))::integer
      into v_upcoming, v_retry
      from public.rides
     where creator_id = new.creator_id and date > now();
    if v_upcoming >= v_max then
      -- The earliest one departs first; deleting one frees a place at once.
      v_retry := greatest(coalesce(v_retry, 3600), 1);
      raise exception using errcode = 'PT429',
        message = format('You already have %s upcoming rides, the most allowed. Please try again in %s.',
                         v_upcoming, private.wait_text(v_retry)),
        detail = v_retry::text, hint = 'too_many_upcoming_rides';
    end if;
  end if;

  perform private.take_throttle('rides:created', new.creator_id::text,
    'Too many rides created today. Please try again in %s.');
  return new;
end;
$$;

-- A member's own joins and leaves, counted together. A join past the limit is refused; a leave
-- is counted but always goes through (a member must be able to get out of a ride). An organiser
-- removing someone and a ride's deletion (a cascade: trigger depth above 1) are not the
-- member's churn.
create or replace function private.ride_passengers_throttle() returns trigger
    language plpgsql security definer
    set search_path to ''
as $$
declare
  v_uid integer := app.current_user_id();
begin
  -- A series function counts the member's joins or leaves of all its dates once itself.
  if private.series_bulk() then
    return case when tg_op = 'INSERT' then new else old end;
  end if;
  if tg_op = 'INSERT' then
    if v_uid is not null and new.user_id = v_uid then
      perform private.take_throttle('passengers:changes', v_uid::text,
        'Too many joins and leaves. Please try again in %s.');
    end if;
    return new;
  end if;

  if v_uid is not null and old.user_id = v_uid and pg_trigger_depth() = 1 then
    insert into private.throttle_events (limit_name, subject) values ('passengers:changes', v_uid::text);
  end if;
  return old;
end;
$$;

-- Queues the caller's party for a ride it does not fit; returns the place in the queue (1 is
-- next). The refusals are app.join_ride's, in its words, plus the waitlist's own.
create or replace function app.join_waitlist(p_ride_id integer, p_passenger_count integer, p_dropoff_location text) returns integer
    language plpgsql security definer
    set search_path to ''
as $$
declare
  v_uid integer := private.require_user();
  v_ride public.rides := private.lock_ride(p_ride_id);
  v_location text := btrim(p_dropoff_location);
  v_remaining integer;
  v_entry public.ride_waitlist;
begin
  perform private.refuse_join(v_ride, v_uid);
  if exists (
    select 1 from public.ride_waitlist where ride_id = p_ride_id and user_id = v_uid
  ) then
    raise exception using errcode = 'PT409', message = 'You are already on the waitlist for this ride',
      hint = 'already_waitlisted';
  end if;

  if p_passenger_count is null or p_passenger_count < 1 then
    raise exception using errcode = 'PT400', message = 'Must have at least 1 passenger', hint = 'invalid_input';
  end if;
  if v_location is null or v_location = '' then
    raise exception using errcode = 'PT400', message = 'Drop-off location is required', hint = 'invalid_input';
  end if;

  -- The organiser takes at least one of the ride's ten seats at most: a party of ten would wait
  -- forever.
  if p_passenger_count > 9 then
    raise exception using errcode = 'PT409', message = 'A ride has at most 9 seats besides the organizer',
      hint = 'seats_limit';
  end if;
  v_remaining := v_ride.max_passengers - v_ride.current_passengers;
  if p_passenger_count <= v_remaining then
    if v_remaining = 1 then
      raise exception using errcode = 'PT409', message = 'This ride still has 1 spot: join the ride instead',
        hint = 'waitlist_one_spot_free';
    end if;
    raise exception using errcode = 'PT409',
      message = format('This ride still has %s spots: join the ride instead', v_remaining), hint = 'waitlist_spots_free';
  end if;

  -- A series function counts all its dates once itself.
  if not private.series_bulk() then
    perform private.take_throttle('passengers:changes', v_uid::text,
      'Too many joins and leaves. Please try again in %s.');
  end if;

  insert into public.ride_waitlist (ride_id, user_id, passenger_count, dropoff_location)
  values (p_ride_id, v_uid, p_passenger_count, v_location)
  returning * into v_entry;

  return (
    select count(*)::integer from public.ride_waitlist w
     where w.ride_id = p_ride_id and (w.created_at, w.id) <= (v_entry.created_at, v_entry.id)
  );
end;
$$;

-- A join tells the organiser; a leave tells the organiser; a removal by anyone else (the
-- organiser, the admin) tells the one removed.
create or replace function private.ride_passengers_notify() returns trigger
    language plpgsql security definer
    set search_path to ''
as $$
declare
  v_row public.ride_passengers := case when tg_op = 'INSERT' then new else old end;
  v_ride public.rides;
  v_params jsonb;
begin
  -- The member's own joins and leaves of a series' dates: the series function tells the
  -- organiser once for all of them.
  if private.series_bulk() and v_row.user_id is not distinct from app.current_user_id() then
    return null;
  end if;
  select * into v_ride from public.rides where id = v_row.ride_id;
  if not found then
    -- The ride itself is being deleted: rides_notify_deleted has told everyone.
    return null;
  end if;
  v_params := private.ride_event_params(v_ride) || jsonb_build_object(
    'name', private.member_display_name(v_row.user_id),
    'passengerCount', v_row.passenger_count
  );

  if tg_op = 'INSERT' then
    perform private.notify(v_ride.creator_id, v_ride.id, 'passenger_joined', v_params);
  elsif app.current_user_id() is not distinct from v_row.user_id then
    perform private.notify(v_ride.creator_id, v_ride.id, 'passenger_left', v_params);
  elsif exists (select 1 from public.users where id = v_row.user_id) then
    perform private.notify(v_row.user_id, v_ride.id, 'removed_from_ride',
      private.ride_event_params(v_ride) || jsonb_build_object(
        'name', private.member_display_name(v_ride.creator_id)));
  end if;
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
begin
  if new.date <= now() then
    return null;
  end if;
  v_params := private.ride_event_params(new) || jsonb_build_object(
    'name', private.member_display_name(new.creator_id)) || private.series_event_params(new);
  -- One INSERT for every member told, not private.notify per member: the inbox's statement
  -- triggers then run once for the lot (ADR 0024). The organiser, the one acting, is never among
  -- them (the match leaves out the creator), so private.notify's skip of the acting member is
  -- not needed here.
  with matched as (
    select distinct a.user_id
      from public.ride_alerts a
     where a.direction = new.direction
       and a.window_start <= v_local::time
       and a.window_end >= v_local::time
       and (a.first_day is null or v_local::date between a.first_day and a.last_day)
       and (a.weekdays is null or extract(isodow from v_local)::smallint = any (a.weekdays))
       and a.user_id <> new.creator_id
       and not exists (
         select 1 from public.ride_passengers p where p.ride_id = new.id and p.user_id = a.user_id)
       and not exists (
         select 1 from public.ride_waitlist w where w.ride_id = new.id and w.user_id = a.user_id)
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

-- A new ride tells the organiser's followers, in one INSERT (ADR 0024), unless they already know
-- of it: a ride alert told them (rides_notify_alerts runs first, by name), they are aboard, or
-- the ride is the way back of one they are on (rides_notify_return_trip tells them). Never about
-- a ride that has left. A weekly series is told once, by its first date (the lowest id: its
-- dates are created in date order, and dates added later come after), saying how many dates
-- it has (issue 27).
create or replace function private.rides_notify_followers() returns trigger
    language plpgsql security definer
    set search_path to ''
as $$
declare
  v_params jsonb;
begin
  if new.date <= now() then
    return null;
  end if;
  if new.series_id is not null and exists (
    select 1 from public.rides s where s.series_id = new.series_id and s.id < new.id
  ) then
    return null;
  end if;
  v_params := private.ride_event_params(new) || jsonb_build_object(
    'name', private.member_display_name(new.creator_id)) || private.series_event_params(new);
  insert into public.notifications (user_id, ride_id, kind, params)
  select f.follower_id, new.id, 'organiser_ride', v_params
    from public.organiser_follows f
   where f.organiser_id = new.creator_id
     and f.follower_id is distinct from app.current_user_id()
     and not exists (
       select 1 from private.ride_alert_deliveries d where d.ride_id = new.id and d.user_id = f.follower_id)
     and not exists (
       select 1 from public.ride_passengers p where p.ride_id = new.id and p.user_id = f.follower_id)
     and not exists (
       select 1 from public.ride_passengers p where p.ride_id = new.return_of and p.user_id = f.follower_id)
   order by f.follower_id;
  return null;
end;
$$;

-- Everything the database holds about the caller, as one JSON document (issue 26 §2, "Download
-- my data"): their profile and every row that names them, one key per kind of row, each row as
-- the table holds it (column names included) so that the member reads what is kept. Never a
-- secret: no password or token hash, no push keys or endpoint (only the push service's address),
-- no reset code; failed logins against the account without the address they came from (that may
-- be someone else's). Security definer: most of it sits where the api roles cannot read; every
-- part reads only the caller's rows. A table added later that names a member gets its key here;
-- tests/api/own-data.test.ts fails until it does.
create or replace function app.my_data() returns jsonb
    language plpgsql stable security definer
    set search_path to ''
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
        from public.rides r where r.creator_id = v_uid), '[]'::jsonb),
    -- Their weekly series (issue 27), and the ones they joined every date of.
    'rideSeries', coalesce((
      select jsonb_agg(to_jsonb(s) order by s.id)
        from public.ride_series s where s.creator_id = v_uid), '[]'::jsonb),
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
                                          'paid_at', p.paid_at)
                       order by r.date, p.id)
        from public.ride_passengers p join public.rides r on r.id = p.ride_id
       where p.user_id = v_uid), '[]'::jsonb),
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
    'reportsAboutMe', coalesce((
      select jsonb_agg(jsonb_build_object('id', r.id, 'reason', r.reason, 'status', r.status,
                                          'created_at', r.created_at) order by r.id)
        from public.reports r where r.member_id = v_uid), '[]'::jsonb),
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
        from private.throttle_events e where e.subject = v_uid::text), '[]'::jsonb)
  );
end;
$$;

-- The member deletes their account, in the transaction of their own request (the api has
-- checked their password; p_user_id must be the caller, so every trigger reads them as the one
-- acting, as when they leave a ride themselves). In order:
--   1. their weekly series end and their upcoming rides are cancelled (deleted: the passengers
--      are told, as when an organiser deletes a ride); no hand-over to a passenger;
--   2. upcoming rides they drive as a vendor are released (the riders are told);
--   3. they leave the upcoming rides, waitlists, weekly series and ride requests they joined (the
--      organisers are told, as when they leave themselves), and their own ride requests go;
--   4. moderation keeps its rows, without them: the notes of the reports they made and of those
--      about them or their rides are erased (the reports stay, by "a former member"), their
--      suspension goes, the log's copy of their hidden messages' words goes, and wherever else
--      a report's note, a suspension's or the log's reason names them, it reads "a former
--      member" (the log stays append-only for the api's roles; this runs as the owner);
--      what is theirs alone goes: messages, alerts, follows, notifications, push devices, sessions, known
--      devices, password and reset codes, vendor application, the failed logins and counted
--      actions keyed by their name or id;
--   5. other members' notifications and the ride chats' system lines that named them name "a
--      former member" instead;
--   6. their row becomes a former member's: no username, name, numbers or details.
-- Past rides stay as they were, the member in them as a former member. Returns what was done.
create or replace function private.delete_member(p_user_id integer) returns jsonb
    language plpgsql
    set search_path to ''
as $$
declare
  v_user public.users;
  v_names text[];
  v_words text[];
  v_ride integer;
  v_cancelled integer := 0;
  v_released integer := 0;
  v_left integer := 0;
begin
  if p_user_id is distinct from app.current_user_id() then
    raise exception using errcode = 'PT403', message = 'You can only delete your own account',
      hint = 'own_account_only';
  end if;
  if app.is_admin() then
    raise exception using errcode = 'PT403', message = 'The admin account cannot be deleted',
      hint = 'admin_account_stays';
  end if;
  select * into v_user from public.users where id = p_user_id and erased_at is null for update;
  if not found then
    raise exception using errcode = 'no_data_found', message = format('No member with id %s', p_user_id),
      hint = 'user_not_found';
  end if;
  -- Every way the app has written their name into someone else's row.
  v_names := array_remove(array[
    private.member_display_name(p_user_id), private.vendor_display_name(p_user_id),
    v_user.discord_username, v_user.name, v_user.company_name
  ], null);

  -- Before anything of theirs goes (their rides take their conversations with them): the log's
  -- copy of the words of their messages the admin hid (4.).
  update public.moderation_log set detail = detail - 'body'
   where target_kind = 'ride_message'
     and target_id in (select id from public.ride_messages where author_id = p_user_id);

  -- 1. Their weekly series end with them (issue 27).
  update public.ride_series set ended_at = now() where creator_id = p_user_id and ended_at is null;
  for v_ride in
    select id from public.rides where creator_id = p_user_id and date > now() order by id for update
  loop
    delete from public.rides where id = v_ride;
    v_cancelled := v_cancelled + 1;
  end loop;

  -- 2.
  for v_ride in
    select id from public.rides
     where vendor_id = p_user_id and status = 'assigned' and date > now() order by id
  loop
    perform app.release_ride(v_ride);
    v_released := v_released + 1;
  end loop;

  -- 3.
  for v_ride in
    select p.ride_id from public.ride_passengers p join public.rides r on r.id = p.ride_id
     where p.user_id = p_user_id and r.date > now() order by p.ride_id
  loop
    perform app.remove_ride_passenger(v_ride,
      (select p.id from public.ride_passengers p where p.ride_id = v_ride and p.user_id = p_user_id));
    v_left := v_left + 1;
  end loop;
  delete from public.ride_waitlist where user_id = p_user_id;
  delete from public.ride_series_regulars where user_id = p_user_id;
  delete from public.ride_request_members where user_id = p_user_id;
  delete from public.ride_requests where requester_id = p_user_id;

  -- 4. Free text others wrote may hold any of their names or numbers (the numbers also without
  -- the country code, as people write them).
  v_words := v_names || array_remove(array[
    v_user.whatsapp_number, v_user.malaysian_number, v_user.revolut_username,
    regexp_replace(v_user.whatsapp_number, '^\+(65|60)', ''), regexp_replace(v_user.malaysian_number, '^\+(65|60)', '')
  ], null);
  update public.reports set note = null
   where note is not null
     and (reporter_id = p_user_id or member_id = p_user_id
          or ride_id in (select id from public.rides where creator_id = p_user_id));
  update public.reports set note = left(private.without_names(note, v_words), 500)
   where note is distinct from private.without_names(note, v_words);
  delete from public.member_suspensions where user_id = p_user_id;
  update public.member_suspensions set reason = left(private.without_names(reason, v_words), 500)
   where reason <> private.without_names(reason, v_words);
  update public.moderation_log l
     set reason = left(private.without_names(l.reason, v_words), 500),
         detail = (select coalesce(jsonb_object_agg(e.key, case when jsonb_typeof(e.value) = 'string'
                                     then to_jsonb(private.without_names(e.value #>> '{}', v_words))
                                     else e.value end), '{}'::jsonb)
                     from jsonb_each(l.detail) e)
   where l.reason <> private.without_names(l.reason, v_words)
      or exists (select 1 from jsonb_each_text(l.detail) e
                  where e.value <> private.without_names(e.value, v_words));

  delete from public.ride_messages where author_id = p_user_id;
  delete from public.ride_alerts where user_id = p_user_id;
  delete from public.organiser_follows where follower_id = p_user_id or organiser_id = p_user_id;
  delete from private.ride_alert_deliveries where user_id = p_user_id;
  delete from public.notifications where user_id = p_user_id;
  delete from public.push_subscriptions where user_id = p_user_id;
  delete from private.login_failures
   where throttle_key in (private.member_throttle_key('login', v_user.discord_username),
                          private.member_throttle_key('reset-code', v_user.discord_username))
      or device in (select token_hash from private.login_devices where user_id = p_user_id);
  delete from private.sessions where user_id = p_user_id;
  delete from private.login_devices where user_id = p_user_id;
  delete from private.password_reset_codes where user_id = p_user_id;
  delete from public.password_reset_requests where user_id = p_user_id;
  delete from private.credentials where user_id = p_user_id;
  delete from public.vendor_applications where user_id = p_user_id;
  delete from public.policy_acceptances where user_id = p_user_id;
  delete from private.throttle_events where subject = p_user_id::text;
  -- Their blocks, made and received (issue 26 §1): nobody can meet a former member again.
  delete from public.member_blocks where blocker_id = p_user_id or blocked_id = p_user_id;

  -- 5. Only the values that are one of their names, not text that happens to contain one.
  update public.notifications n
     set params = (
       select jsonb_object_agg(e.key, case when e.value #>> '{}' = any (v_names)
                                            then to_jsonb('a former member'::text) else e.value end)
         from jsonb_each(n.params) e)
   where exists (select 1 from jsonb_each(n.params) e
                  where jsonb_typeof(e.value) = 'string' and e.value #>> '{}' = any (v_names));
  -- The ride chats' system lines that named them (joined, left, ...) name "a former member"
  -- too; how far they had read goes with them.
  update public.ride_messages m
     set system_params = m.system_params || jsonb_build_object('name', 'a former member'),
         body = left(replace(m.body, m.system_params ->> 'name', 'a former member'), 1000)
   where m.system_kind is not null and m.system_params ->> 'name' = any (v_names);
  delete from private.ride_chat_reads where user_id = p_user_id;

  -- 6.
  update public.users
     set erased_at = now(), discord_username = null, name = 'a former member', whatsapp_number = null,
         malaysian_number = null, revolut_username = null, company_name = null, driver_details = null,
         is_vendor = false, language = null
   where id = p_user_id;

  return jsonb_build_object('ridesCancelled', v_cancelled, 'ridesReleased', v_released, 'ridesLeft', v_left);
end;
$$;

-- ------------------------------------------------------------------------------------------------
-- Row level security

alter table public.ride_series enable row level security;

alter table public.ride_series_regulars enable row level security;

-- ------------------------------------------------------------------------------------------------
-- Policies

-- Like rides: everyone may read a series; its hidden dates are not readable (rides' policies).
create policy "members see weekly series"
  on public.ride_series for select to authenticated
  using (true);

create policy "visitors see weekly series"
  on public.ride_series for select to anon
  using (true);

-- A regular sees their own standing join; the organiser who their series' regulars are.
create policy "members see their standing joins, organisers their regulars"
  on public.ride_series_regulars for select to authenticated
  using (
    user_id = (select app.current_user_id())
    or exists (
      select 1 from public.ride_series s
       where s.id = ride_series_regulars.series_id and s.creator_id = (select app.current_user_id())
    )
  );

-- ------------------------------------------------------------------------------------------------
-- Limits

insert into private.throttle_limits (name, max_count, window_seconds, description) values
  ('series:running', 2, null, 'weekly series one member runs at once (not ended, with a date to come)');
