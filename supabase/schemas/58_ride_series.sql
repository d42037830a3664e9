-- Weekly series
--
-- Issue 27: a ride repeated on chosen weekdays up to an end day, at most 12 weeks after its
-- first date. Every date is a real ride (public.rides.series_id), all of them created at once by
-- app.create_ride_series (docs/decisions/0029-weekly-series.md): no scheduler runs anywhere,
-- and "join every date" must mean every date. A regular joins every upcoming date at once
-- (app.join_ride_series) through the same join and waitlist functions as one date, so every rule
-- of a join holds for each; a member acting on many dates at once is told, and throttled, once.
--
-- The database as it is now; supabase/migrations is how it got here. To change it, see the
-- README, "Changing the database".

-- ------------------------------------------------------------------------------------------------
-- Tables

-- Days and the time are Singapore's (no daylight saving: a date's time of day never shifts).
create table public.ride_series (
  id integer generated always as identity primary key,
  organiser_id integer not null references public.users (id) on delete cascade,
  direction public.ride_direction not null,
  weekdays smallint[] not null,
  local_time time not null,
  first_day date not null,
  until date not null,
  ended_at timestamptz,
  created_at timestamptz not null default now(),
  constraint ride_series_weekdays_check check (
    cardinality(weekdays) >= 1
    and weekdays <@ '{1,2,3,4,5,6,7}'::smallint[]
  ),
  constraint ride_series_until_check check (until >= first_day)
);

grant select on public.ride_series to anon;

grant select on public.ride_series to authenticated;

comment on table public.ride_series is
  'A weekly series (issue 27): its dates are rides whose series_id names it; written only by the app functions.';

comment on column public.ride_series.local_time is
  'The dates'' time of day, Singapore time: the first date''s, or the last "change the rest" one''s.';

comment on column public.ride_series.ended_at is
  'When the organiser ended it (or left the app): its upcoming dates were cancelled.';

-- A regular: a member who joined "every date from now", with the party and stop every date
-- gets, and who is told of the dates added later.
create table public.ride_series_regulars (
  series_id integer not null references public.ride_series (id) on delete cascade,
  user_id integer not null references public.users (id) on delete cascade,
  passenger_count smallint not null,
  dropoff_location text not null,
  created_at timestamptz not null default now(),
  constraint ride_series_regulars_pkey primary key (series_id, user_id),
  constraint ride_series_regulars_passenger_count_check check (passenger_count between private.limit_passengers_min() and private.limit_passengers_max()),
  constraint ride_series_regulars_dropoff_location_check check (char_length(dropoff_location) between 1 and private.limit_location_max_length()),
  constraint ride_series_regulars_text_visible check (not private.has_hidden_characters(dropoff_location))
);

grant select on public.ride_series_regulars to authenticated;

comment on table public.ride_series_regulars is
  'Members who joined every date of a weekly series; written only by app.join_ride_series and app.leave_ride_series.';

-- ------------------------------------------------------------------------------------------------
-- Keys and constraints

alter table public.rides
  add constraint rides_series_id_fkey foreign key (series_id) references public.ride_series (id) on delete set null;

-- ------------------------------------------------------------------------------------------------
-- Indexes

-- The organiser's series: the running-series limit and the regulars' policy.
create index ride_series_organiser_id_idx on public.ride_series (organiser_id);

create index ride_series_regulars_user_id_idx on public.ride_series_regulars (user_id);

-- A series' dates in order: the series page, the limits, "this and every later date".
create index rides_series_id_date_idx on public.rides (series_id, date) where series_id is not null;

-- ------------------------------------------------------------------------------------------------
-- Functions

-- Creates a series and every one of its dates in one INSERT, each a ride with the given
-- fields: every day from p_date's (Singapore) day through p_until whose ISO weekday is one of
-- p_weekdays, at p_date's Singapore time of day. Returns the first date's ride. The rides'
-- own triggers hold each date to every rule of a new ride (suspension, return link); the limits
-- count the series once (private.rides_throttle), and a member runs at most series:running
-- series at once. Security definer: series_id has no insert grant, so a ride joins a series
-- only here; the rides policy's rule (one's own ride, not a vendor) is checked here instead.
create function app.create_ride_series(p_direction public.ride_direction, p_date timestamptz, p_max_passengers integer, p_organiser_passenger_count integer, p_pickup_location text, p_dropoff_locations jsonb, p_driver_contact_id integer, p_cost numeric, p_return_of integer, p_weekdays integer[], p_until date)
returns integer
language plpgsql
security definer -- ride_series and rides.series_id have no insert grant
set search_path = ''
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
         where rs.organiser_id = v_uid and rs.ended_at is null and r.date > now()
         group by rs.id
      ) s;
    if v_running >= v_max then
      v_retry := greatest(coalesce(v_retry, 3600), 1);
      raise exception using errcode = 'PT429',
        message = format('You already run %s weekly rides, the most allowed. Please try again in %s.',
                         v_running, private.wait_text(v_retry)),
        detail = json_build_object('count', v_running, 'wait', v_retry)::text, hint = 'too_many_series';
    end if;
  end if;

  insert into public.ride_series (organiser_id, direction, weekdays, local_time, first_day, until)
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
      organiser_id, direction, date, max_passengers, organiser_passenger_count, pickup_location,
      dropoff_locations, driver_contact_id, cost, return_of, series_id)
    select v_uid, p_direction, (days.day + v_local::time) at time zone 'Asia/Singapore', p_max_passengers,
           p_organiser_passenger_count, p_pickup_location, p_dropoff_locations, p_driver_contact_id,
           coalesce(p_cost, private.driver_price(p_driver_contact_id), private.limit_default_ride_cost_sgd()),
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

revoke all on function app.create_ride_series(p_direction public.ride_direction, p_date timestamptz, p_max_passengers integer, p_organiser_passenger_count integer, p_pickup_location text, p_dropoff_locations jsonb, p_driver_contact_id integer, p_cost numeric, p_return_of integer, p_weekdays integer[], p_until date) from public;

grant all on function app.create_ride_series(p_direction public.ride_direction, p_date timestamptz, p_max_passengers integer, p_organiser_passenger_count integer, p_pickup_location text, p_dropoff_locations jsonb, p_driver_contact_id integer, p_cost numeric, p_return_of integer, p_weekdays integer[], p_until date) to authenticated;

-- "Every date from now": the caller joins each upcoming date of the series they are not on yet,
-- or its waitlist when their party does not fit, through app.join_ride and app.join_waitlist
-- (every rule of a join holds for each date), and becomes a regular (told of dates added later).
-- Counted once against passengers:changes, and the organiser is told once (private.series_bulk).
-- Answers { joined, waitlisted, alreadyOn }: ride ids, soonest first.
create function app.join_ride_series(p_series_id integer, p_passenger_count integer, p_dropoff_location text)
returns json
language plpgsql
security definer -- ride_series_regulars is read-only to members
set search_path = ''
set fc.series_bulk = 'on'
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
  if v_series.organiser_id = v_uid then
    raise exception using errcode = 'PT409', message = 'You cannot join your own weekly ride', hint = 'own_series';
  end if;
  if v_series.ended_at is not null then
    raise exception using errcode = 'PT409', message = 'This weekly ride has ended', hint = 'series_ended';
  end if;
  -- Said once for the whole series, as app.join_ride would say it for each date.
  if private.has_blocked(v_series.organiser_id, v_uid) then
    raise exception using errcode = 'PT403', message = 'You cannot join this ride', hint = 'join_not_allowed';
  end if;
  if p_passenger_count is null or p_passenger_count < private.limit_passengers_min()
     or p_passenger_count > private.limit_passengers_max() then
    raise exception using errcode = 'PT400', message = 'Must have at least 1 passenger',
      detail = json_build_object('rule', 'at_least_one_passenger')::text, hint = 'invalid_input';
  end if;
  if p_dropoff_location is null or btrim(p_dropoff_location) = '' then
    raise exception using errcode = 'PT400', message = 'Drop-off location is required',
      detail = json_build_object('rule', 'required', 'label', 'Drop-off location')::text, hint = 'invalid_input';
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
    perform private.notify(v_series.organiser_id, v_first.id, 'passenger_joined',
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

-- "Cancel this and every later date" (DELETE /api/rides/{id}?applyTo=following): the
-- organiser's date p_ride_id and every later one of its series go, each member told once
-- (private.cancel_series_dates). Returns how many dates were cancelled.
create function app.cancel_ride_series_from(p_ride_id integer)
returns integer
language plpgsql
security definer -- cancels the dates through private helpers, each member told once
set search_path = ''
as $$
declare
  v_uid integer := private.require_user();
  v_ride public.rides := private.lock_ride(p_ride_id);
begin
  if v_ride.organiser_id is distinct from v_uid then
    raise exception using errcode = 'PT403', message = 'You are not authorized to delete this ride',
      hint = 'not_ride_deleter';
  end if;
  if v_ride.series_id is null then
    raise exception using errcode = 'PT400', message = 'This ride is not part of a weekly ride', hint = 'not_in_series';
  end if;
  perform private.refuse_past_change(v_ride, 'ride_delete');
  perform private.lock_ride_series(v_ride.series_id);
  return private.cancel_series_dates(v_ride.series_id, v_ride.date);
end;
$$;

revoke all on function app.cancel_ride_series_from(p_ride_id integer) from public;

grant all on function app.cancel_ride_series_from(p_ride_id integer) to authenticated;

-- The organiser ends the series: every upcoming date is cancelled (each member told once), and
-- it is offered to nobody any more. Ending it again changes nothing. Returns how many dates
-- were cancelled.
create function app.end_ride_series(p_series_id integer)
returns integer
language plpgsql
security definer -- ride_series is read-only to members
set search_path = ''
as $$
declare
  v_uid integer := private.require_user();
  v_series public.ride_series := private.lock_ride_series(p_series_id);
begin
  if v_series.organiser_id is distinct from v_uid then
    raise exception using errcode = 'PT403', message = 'Only the organiser can change this weekly ride',
      hint = 'not_series_organiser';
  end if;
  update public.ride_series set ended_at = coalesce(ended_at, now()) where id = v_series.id;
  return private.cancel_series_dates(v_series.id, now());
end;
$$;

revoke all on function app.end_ride_series(p_series_id integer) from public;

grant all on function app.end_ride_series(p_series_id integer) to authenticated;

-- "Leave this and every later date": the caller leaves p_from_ride_id and every later date of the
-- series they are on or wait for (app.remove_ride_passenger for a seat, so every rule of a leave
-- holds and the freed seat goes to the waitlist), and is no longer a regular. Counted once
-- against passengers:changes, and the organiser told once. Answers { left }: ride ids.
create function app.leave_ride_series(p_series_id integer, p_from_ride_id integer)
returns json
language plpgsql
security definer -- ride_series_regulars and ride_waitlist are read-only to members
set search_path = ''
set fc.series_bulk = 'on'
as $$
declare
  v_uid integer := private.require_user();
  v_series public.ride_series := private.lock_ride_series(p_series_id);
  v_from public.rides;
  v_ride public.rides;
  v_seat public.ride_passengers;
  v_left integer[] := '{}';
  v_seats integer := 0;
  v_first public.rides;
  v_party integer;
begin
  select * into v_from from public.rides where id = p_from_ride_id and series_id = v_series.id;
  if not found then
    raise exception using errcode = 'PT404', message = 'That ride is not a date of this weekly ride',
      hint = 'series_ride_not_found';
  end if;

  for v_ride in
    select * from public.rides
     where series_id = v_series.id and date >= v_from.date and date > now() and hidden_at is null
     order by date, id
     for update
  loop
    select * into v_seat from public.ride_passengers where ride_id = v_ride.id and user_id = v_uid;
    if found then
      perform app.remove_ride_passenger(v_ride.id, v_seat.id);
      v_left := v_left || v_ride.id;
      v_seats := v_seats + 1;
      if v_first.id is null then
        v_first := v_ride;
        v_party := v_seat.passenger_count;
      end if;
    else
      delete from public.ride_waitlist where ride_id = v_ride.id and user_id = v_uid;
      if found then
        v_left := v_left || v_ride.id;
      end if;
    end if;
  end loop;

  delete from public.ride_series_regulars where series_id = v_series.id and user_id = v_uid;

  -- A leave is counted, never refused (private.ride_passengers_throttle).
  if cardinality(v_left) > 0 then
    insert into private.throttle_events (limit_name, subject) values ('passengers:changes', v_uid::text);
  end if;
  if v_first.id is not null then
    perform private.notify(v_series.organiser_id, v_first.id, 'passenger_left',
      private.ride_event_params(v_first) || jsonb_build_object(
        'name', private.member_display_name(v_uid),
        'passengerCount', v_party,
        'seriesId', v_series.id,
        'dates', v_seats));
  end if;
  return json_build_object('left', to_json(v_left));
end;
$$;

revoke all on function app.leave_ride_series(p_series_id integer, p_from_ride_id integer) from public;

grant all on function app.leave_ride_series(p_series_id integer, p_from_ride_id integer) to authenticated;

-- "Change this and every later date" (PATCH /api/rides/{id} with applyTo 'following'): the
-- organiser's date p_ride_id and every later upcoming one of its series take the given fields;
-- each keeps its own day and takes p_date's Singapore time of day (p_date must be on the edited
-- date's own day). A cost left out stays, unless the booked driver changes: then it is the new
-- one's price (as routes/rides.ts for one date). Each member of the changed dates is told once,
-- for all of them; counted once against rides:edits. Returns how many dates changed.
create function app.update_ride_series_from(p_ride_id integer, p_direction public.ride_direction, p_date timestamptz, p_max_passengers integer, p_organiser_passenger_count integer, p_pickup_location text, p_dropoff_locations jsonb, p_driver_contact_id integer, p_cost numeric)
returns integer
language plpgsql
security definer -- ride_series is read-only to members, as are some of the rides' columns
set search_path = ''
set fc.series_bulk = 'on'
as $$
declare
  v_uid integer := private.require_user();
  v_ride public.rides := private.lock_ride(p_ride_id);
  v_time time without time zone := (p_date at time zone 'Asia/Singapore')::time;
  v_price numeric;
  v_before jsonb;
  v_changed text[] := array[]::text[];
  v_count integer;
  v_member record;
  v_first public.rides;
  v_extra jsonb;
begin
  if v_ride.organiser_id is distinct from v_uid then
    raise exception using errcode = 'PT403', message = 'You are not authorized to edit this ride', hint = 'not_ride_editor';
  end if;
  if v_ride.series_id is null then
    raise exception using errcode = 'PT400', message = 'This ride is not part of a weekly ride', hint = 'not_in_series';
  end if;
  perform private.refuse_past_change(v_ride, 'ride_update');
  if p_date is null or (p_date at time zone 'Asia/Singapore')::date <> (v_ride.date at time zone 'Asia/Singapore')::date then
    raise exception using errcode = 'PT400',
      message = 'Changing this and every later date keeps each on its own day: change the time only, or one date at a time',
      hint = 'series_day_change';
  end if;
  perform private.lock_ride_series(v_ride.series_id);

  -- The dates to change, locked, with what the members knew of each.
  select jsonb_object_agg(r.id::text, jsonb_build_object('date', private.ride_event_params(r) -> 'date'))
    into v_before
    from (
      select * from public.rides
       where series_id = v_ride.series_id and date >= v_ride.date and date > now() and hidden_at is null
       order by date, id
       for update
    ) r;
  if exists (
    select 1 from public.rides r
     where r.id in (select jsonb_object_keys(v_before)::integer)
       and r.current_passengers - r.organiser_passenger_count + p_organiser_passenger_count > p_max_passengers
  ) then
    raise exception using errcode = 'PT409', message = 'A later date already has more passengers than that',
      hint = 'series_seats_taken';
  end if;
  perform private.take_throttle('rides:edits', v_uid::text, 'Too many ride edits. Please try again in %s.');

  v_price := private.driver_price(p_driver_contact_id);
  update public.rides r
     set direction = p_direction,
         date = ((r.date at time zone 'Asia/Singapore')::date + v_time) at time zone 'Asia/Singapore',
         max_passengers = p_max_passengers,
         organiser_passenger_count = p_organiser_passenger_count,
         pickup_location = p_pickup_location,
         dropoff_locations = p_dropoff_locations,
         driver_contact_id = p_driver_contact_id,
         cost = coalesce(p_cost, case when r.driver_contact_id is distinct from p_driver_contact_id then v_price end, r.cost)
   where r.id in (select jsonb_object_keys(v_before)::integer);
  get diagnostics v_count = row_count;
  update public.ride_series set local_time = v_time, direction = p_direction where id = v_ride.series_id;

  -- What changed, as private.rides_notify_changes words it for one date.
  if v_time <> (v_ride.date at time zone 'Asia/Singapore')::time then
    v_changed := array_append(v_changed, 'date');
  end if;
  if p_pickup_location is distinct from v_ride.pickup_location then
    v_changed := array_append(v_changed, 'pickup');
  end if;
  if private.stop_names(v_ride.dropoff_locations) is distinct from private.stop_names(p_dropoff_locations) then
    v_changed := array_append(v_changed, 'stops');
  end if;
  if cardinality(v_changed) = 0 then
    return v_count;
  end if;

  -- One notification per member, about the first changed date they are on.
  for v_member in
    select p.user_id, count(*)::integer as dates,
           (array_agg(p.ride_id order by r.date, r.id))[1] as first_ride
      from public.ride_passengers p join public.rides r on r.id = p.ride_id
     where p.ride_id in (select jsonb_object_keys(v_before)::integer)
     group by p.user_id
     order by p.user_id
  loop
    select * into v_first from public.rides where id = v_member.first_ride;
    v_extra := jsonb_build_object('changed', to_jsonb(v_changed), 'seriesId', v_ride.series_id,
                                  'dates', v_member.dates);
    if 'date' = any (v_changed) then
      v_extra := v_extra || jsonb_build_object('previousDate', v_before -> v_first.id::text -> 'date');
    end if;
    if 'pickup' = any (v_changed) then
      v_extra := v_extra || jsonb_strip_nulls(jsonb_build_object(
        'previousPickup', left(v_ride.pickup_location, 200), 'pickup', left(p_pickup_location, 200)));
    end if;
    perform private.notify(v_member.user_id, v_first.id, 'ride_changed',
      private.ride_event_params(v_first) || v_extra);
  end loop;
  return v_count;
end;
$$;

revoke all on function app.update_ride_series_from(p_ride_id integer, p_direction public.ride_direction, p_date timestamptz, p_max_passengers integer, p_organiser_passenger_count integer, p_pickup_location text, p_dropoff_locations jsonb, p_driver_contact_id integer, p_cost numeric) from public;

grant all on function app.update_ride_series_from(p_ride_id integer, p_direction public.ride_direction, p_date timestamptz, p_max_passengers integer, p_organiser_passenger_count integer, p_pickup_location text, p_dropoff_locations jsonb, p_driver_contact_id integer, p_cost numeric) to authenticated;

-- The organiser moves the series' end (PATCH /api/series/{id}): earlier cancels its dates after
-- p_until (each member told once); later, at most 12 weeks from today, adds the dates up to it,
-- each a copy of the series' last date (seats, stops, cost, booked driver) on its own day at the
-- series' time, in one INSERT as at creation, and tells each regular once ("N new dates", a
-- link to the series, where they join them with one tap): a regular is not seated on a date
-- weeks away without choosing it. Counted once against rides:edits. Returns how many dates were
-- added.
create function app.set_ride_series_until(p_series_id integer, p_until date)
returns integer
language plpgsql
security definer -- ride_series is read-only to members, and rides.series_id has no grant
set search_path = ''
as $$
declare
  v_uid integer := private.require_user();
  v_series public.ride_series := private.lock_ride_series(p_series_id);
  v_last public.rides;
  v_added integer[];
  v_first public.rides;
  v_regular integer;
begin
  if v_series.organiser_id is distinct from v_uid then
    raise exception using errcode = 'PT403', message = 'Only the organiser can change this weekly ride',
      hint = 'not_series_organiser';
  end if;
  if v_series.ended_at is not null then
    raise exception using errcode = 'PT409', message = 'This weekly ride has ended', hint = 'series_ended';
  end if;
  if p_until is null or p_until < v_series.first_day then
    raise exception using errcode = 'PT400', message = 'A weekly ride ends on or after its first date',
      hint = 'series_until_before_start';
  end if;
  if p_until > v_series.until and p_until > private.singapore_today() + 7 * 12 then
    raise exception using errcode = 'PT400',
      message = 'A weekly ride can be extended to at most 12 weeks from today', hint = 'series_extend_too_far';
  end if;
  perform private.take_throttle('rides:edits', v_uid::text, 'Too many ride edits. Please try again in %s.');

  if p_until < v_series.until then
    update public.ride_series set until = p_until where id = v_series.id;
    perform private.cancel_series_dates(v_series.id, (p_until + 1)::timestamp at time zone 'Asia/Singapore');
    return 0;
  end if;
  if p_until = v_series.until then
    return 0;
  end if;

  select * into v_last from public.rides where series_id = v_series.id order by date desc, id desc limit 1;
  if not found then
    raise exception using errcode = 'PT409', message = 'This weekly ride has ended', hint = 'series_ended';
  end if;

  with days as (
    select d::date as day
      from generate_series(greatest(v_series.until + 1, private.singapore_today()), p_until, interval '1 day') d
     where extract(isodow from d)::smallint = any (v_series.weekdays)
       and (d::date + v_series.local_time) at time zone 'Asia/Singapore' > now()
  ), created as (
    insert into public.rides (
      organiser_id, direction, date, max_passengers, organiser_passenger_count, pickup_location,
      dropoff_locations, driver_contact_id, cost, series_id)
    select v_uid, v_series.direction, (days.day + v_series.local_time) at time zone 'Asia/Singapore',
           v_last.max_passengers, v_last.organiser_passenger_count, v_last.pickup_location,
           v_last.dropoff_locations, v_last.driver_contact_id, v_last.cost, v_series.id
      from days
     order by days.day
    returning id, date
  )
  select coalesce(array_agg(id order by date), '{}') into v_added from created;
  update public.ride_series set until = p_until where id = v_series.id;

  if cardinality(v_added) > 0 then
    select * into v_first from public.rides where id = v_added[1];
    for v_regular in
      select g.user_id from public.ride_series_regulars g where g.series_id = v_series.id order by g.user_id
    loop
      perform private.notify(v_regular, v_first.id, 'organiser_ride',
        private.ride_event_params(v_first) || jsonb_build_object(
          'name', private.member_display_name(v_uid),
          'seriesId', v_series.id,
          'newDates', cardinality(v_added)));
    end loop;
  end if;
  return cardinality(v_added);
end;
$$;

revoke all on function app.set_ride_series_until(p_series_id integer, p_until date) from public;

grant all on function app.set_ride_series_until(p_series_id integer, p_until date) to authenticated;

-- Cancels (deletes) the upcoming dates of a series from p_from on, as an organiser's delete of
-- each would, but each member on them (the organiser, when someone else acts; the passengers)
-- is told once: one 'ride_deleted' about the first of their dates, saying how many. A date the
-- admin hid stays as it is. Returns how many dates went. The caller holds the series' lock.
create function private.cancel_series_dates(p_series_id integer, p_from timestamptz)
returns integer
language plpgsql
security invoker
set search_path = ''
set fc.series_bulk = 'on'
as $$
declare
  v_ids integer[];
  v_member record;
begin
  select coalesce(array_agg(id order by date, id), '{}') into v_ids
    from (
      select id, date from public.rides
       where series_id = p_series_id and date >= p_from and date > now() and hidden_at is null
       for update
    ) r;
  if cardinality(v_ids) = 0 then
    return 0;
  end if;

  for v_member in
    select m.user_id, count(*)::integer as dates, (array_agg(m.ride_id order by m.date, m.ride_id))[1] as first_ride
      from (
        select r.organiser_id as user_id, r.id as ride_id, r.date from public.rides r where r.id = any (v_ids)
        union all
        select p.user_id, r.id, r.date
          from public.ride_passengers p join public.rides r on r.id = p.ride_id
         where r.id = any (v_ids)
      ) m
     where exists (select 1 from public.users u where u.id = m.user_id)
     group by m.user_id
     order by m.user_id
  loop
    perform private.notify(v_member.user_id, null, 'ride_deleted',
      (select private.ride_event_params(r) from public.rides r where r.id = v_member.first_ride)
        || jsonb_build_object('seriesId', p_series_id, 'dates', v_member.dates));
  end loop;

  delete from public.rides where id = any (v_ids);
  return cardinality(v_ids);
end;
$$;

revoke all on function private.cancel_series_dates(p_series_id integer, p_from timestamptz) from public;

-- A series by id, locked (FOR UPDATE) until the transaction ends, or the refusal that there is
-- none: two changes of one series wait for each other here.
create function private.lock_ride_series(p_series_id integer)
returns public.ride_series
language plpgsql
security invoker
set search_path = ''
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
create function private.series_event_params(p_ride public.rides)
returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  select case when p_ride.series_id is null then '{}'::jsonb else jsonb_build_object(
    'seriesId', p_ride.series_id,
    'dates', (select count(*) from public.rides r where r.series_id = p_ride.series_id and r.date > now())
  ) end
$$;

revoke all on function private.series_event_params(p_ride public.rides) from public;

-- Whether p_user_id was told of a date of p_series_id other than p_ride_id: by a ride alert, or
-- as a follower of its organiser. A series is told once per member (issue 27).
create function private.told_of_series(p_series_id integer, p_ride_id integer, p_user_id integer)
returns boolean
language sql
stable
security invoker
set search_path = ''
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
create function private.series_bulk()
returns boolean
language sql
stable
security invoker
set search_path = ''
as $$
  select coalesce(current_setting('fc.series_bulk', true), '') = 'on'
$$;

revoke all on function private.series_bulk() from public;

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
       where s.id = ride_series_regulars.series_id and s.organiser_id = (select app.current_user_id())
    )
  );
