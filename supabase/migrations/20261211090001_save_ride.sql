-- Migration: save ride
-- Purpose: ride create and edit move into app.save_ride like every other write (issue 38 §1), so
--          the routes only validate and call; a cost left out is private.driver_price or the
--          default (private.limit_default_ride_cost_sgd) for single rides and weekly series alike.
-- Affects: adds function private.limit_default_ride_cost_sgd(), function
--          private.driver_price(integer), function app.save_ride(integer, public.ride_direction,
--          timestamp with time zone, integer, integer, text, jsonb, integer, numeric, integer,
--          integer, text); replaces function app.create_ride_series(public.ride_direction,
--          timestamp with time zone, integer, integer, text, jsonb, integer, numeric, integer,
--          integer[], date), function app.update_ride_series_from(integer, public.ride_direction,
--          timestamp with time zone, integer, integer, text, jsonb, integer, numeric).
-- Rollback: drop function app.save_ride, private.driver_price and
--          private.limit_default_ride_cost_sgd; re-create app.create_ride_series and
--          app.update_ride_series_from as 20261210100001_organiser_one_word_bodies.sql wrote them.

set check_function_bodies = off;

-- Saves a ride from the ride form, the one write behind POST /api/rides (p_ride_id null: a new
-- ride, the caller its organiser) and PATCH /api/rides/{id} (p_apply_to 'following': this date
-- and every later one of its series, app.update_ride_series_from). Returns the ride's id. A cost
-- left out is the booked recommended driver's price, else the default (issue 21 §2); on an edit
-- it stays unless the booked driver changes. p_request_id offers the new ride for a ride request
-- in the same transaction, so a refused offer undoes the ride. It makes the rides policies'
-- checks itself (one's own ride, not a vendor, not a hidden ride), each with its own refusal.
create function app.save_ride(p_ride_id integer, p_direction public.ride_direction, p_date timestamptz, p_max_passengers integer, p_organiser_passenger_count integer, p_pickup_location text, p_dropoff_locations jsonb, p_driver_contact_id integer, p_cost numeric, p_return_of integer, p_request_id integer, p_apply_to text)
returns integer
language plpgsql
security definer -- calls the private checks and helpers, which the api roles cannot
set search_path = ''
as $$
declare
  v_uid integer := private.require_user();
  v_ride public.rides;
  v_joined integer;
  v_id integer;
begin
  if p_ride_id is null then
    if p_date <= now() then
      raise exception using errcode = 'PT400', message = 'The ride date must be in the future', hint = 'ride_date_past';
    end if;
    if exists (select 1 from public.users u where u.id = v_uid and u.is_vendor) then
      raise exception using errcode = 'PT403', message = 'Vendors cannot create rides', hint = 'vendor_cannot_create_ride';
    end if;
    insert into public.rides (
      organiser_id, direction, date, max_passengers, organiser_passenger_count, pickup_location,
      dropoff_locations, driver_contact_id, return_of, cost
    )
    values (
      v_uid, p_direction, p_date, p_max_passengers, p_organiser_passenger_count, p_pickup_location,
      p_dropoff_locations, p_driver_contact_id, p_return_of,
      coalesce(p_cost, private.driver_price(p_driver_contact_id), private.limit_default_ride_cost_sgd())
    )
    returning id into v_id;
    if p_request_id is not null then
      perform app.offer_ride_for_request(p_request_id, v_id);
    end if;
    return v_id;
  end if;

  select * into v_ride from public.rides where id = p_ride_id and hidden_at is null;
  if not found then
    raise exception using errcode = 'PT404', message = 'Ride not found', hint = 'ride_not_found';
  end if;
  if v_ride.organiser_id <> v_uid then
    raise exception using errcode = 'PT403', message = 'You are not authorized to edit this ride', hint = 'not_ride_editor';
  end if;
  -- The form sends back the date it read, to the millisecond the api writes dates with.
  if date_trunc('milliseconds', p_date) is distinct from date_trunc('milliseconds', v_ride.date) and p_date <= now() then
    raise exception using errcode = 'PT400', message = 'The ride date must be in the future', hint = 'ride_date_past';
  end if;
  -- Seats held by members who joined. The check constraint rides_not_overbooked still decides
  -- under concurrency; this only names the right reason when the organiser's party no longer fits.
  v_joined := v_ride.current_passengers - v_ride.organiser_passenger_count;
  if v_joined > 0 and p_organiser_passenger_count + v_joined > p_max_passengers and p_max_passengers > v_joined then
    raise exception using errcode = 'PT409',
      message = format('Only %s spots remaining for your party', p_max_passengers - v_joined),
      detail = json_build_object('count', p_max_passengers - v_joined)::text, hint = 'party_too_big';
  end if;

  if p_apply_to = 'following' then
    perform app.update_ride_series_from(
      p_ride_id, p_direction, p_date, p_max_passengers, p_organiser_passenger_count, p_pickup_location,
      p_dropoff_locations, p_driver_contact_id, p_cost
    );
    return p_ride_id;
  end if;

  update public.rides r
     set direction = p_direction,
         date = p_date,
         max_passengers = p_max_passengers,
         organiser_passenger_count = p_organiser_passenger_count,
         pickup_location = p_pickup_location,
         dropoff_locations = p_dropoff_locations,
         driver_contact_id = p_driver_contact_id,
         cost = coalesce(
           p_cost,
           case when r.driver_contact_id is distinct from p_driver_contact_id then private.driver_price(p_driver_contact_id) end,
           r.cost
         )
   where r.id = p_ride_id
  returning r.id into v_id;
  -- Only a delete between the read above and this update leaves nothing to update.
  if v_id is null then
    raise exception using errcode = 'PT404', message = 'Ride not found', hint = 'ride_not_found';
  end if;
  return v_id;
end;
$$;
revoke all on function app.save_ride(p_ride_id integer, p_direction public.ride_direction, p_date timestamptz, p_max_passengers integer, p_organiser_passenger_count integer, p_pickup_location text, p_dropoff_locations jsonb, p_driver_contact_id integer, p_cost numeric, p_return_of integer, p_request_id integer, p_apply_to text) from public;
grant all on function app.save_ride(p_ride_id integer, p_direction public.ride_direction, p_date timestamptz, p_max_passengers integer, p_organiser_passenger_count integer, p_pickup_location text, p_dropoff_locations jsonb, p_driver_contact_id integer, p_cost numeric, p_return_of integer, p_request_id integer, p_apply_to text) to authenticated;

-- What the recommended driver booked for a ride costs (null: none booked, or no longer listed).
create function private.driver_price(p_driver_contact_id integer)
returns numeric
language sql
stable
security invoker
set search_path = ''
as $$
  select d.base_price_sgd from public.driver_contacts d where d.id = p_driver_contact_id and d.is_active
$$;
revoke all on function private.driver_price(p_driver_contact_id integer) from public;

create function private.limit_default_ride_cost_sgd()
returns integer
language sql
immutable
security invoker
set search_path = ''
as $$select 80$$;
revoke all on function private.limit_default_ride_cost_sgd() from public;
grant all on function private.limit_default_ride_cost_sgd() to authenticated;

-- Creates a series and every one of its dates in one INSERT, each a ride with the given
-- fields: every day from p_date's (Singapore) day through p_until whose ISO weekday is one of
-- p_weekdays, at p_date's Singapore time of day. Returns the first date's ride. The rides'
-- own triggers hold each date to every rule of a new ride (suspension, return link); the limits
-- count the series once (private.rides_throttle), and a member runs at most series:running
-- series at once. Security definer: series_id has no insert grant, so a ride joins a series
-- only here; the rides policy's rule (one's own ride, not a vendor) is checked here instead.
create or replace function app.create_ride_series(p_direction public.ride_direction, p_date timestamptz, p_max_passengers integer, p_organiser_passenger_count integer, p_pickup_location text, p_dropoff_locations jsonb, p_driver_contact_id integer, p_cost numeric, p_return_of integer, p_weekdays integer[], p_until date)
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

-- "Change this and every later date" (PATCH /api/rides/{id} with applyTo 'following'): the
-- organiser's date p_ride_id and every later upcoming one of its series take the given fields;
-- each keeps its own day and takes p_date's Singapore time of day (p_date must be on the edited
-- date's own day). A cost left out stays, unless the booked driver changes: then it is the new
-- one's price (as routes/rides.ts for one date). Each member of the changed dates is told once,
-- for all of them; counted once against rides:edits. Returns how many dates changed.
create or replace function app.update_ride_series_from(p_ride_id integer, p_direction public.ride_direction, p_date timestamptz, p_max_passengers integer, p_organiser_passenger_count integer, p_pickup_location text, p_dropoff_locations jsonb, p_driver_contact_id integer, p_cost numeric)
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

reset check_function_bodies;

comment on function private.limit_default_ride_cost_sgd() is 'DEFAULT_RIDE_COST_SGD in supabase/functions/_shared/limits.ts (generated).';
