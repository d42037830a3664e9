-- Migration: refusal params
-- Purpose: issue 39 §2: a refusal carries its values as data. Every raise whose message has
--          values (a format() text, a throttle's wait, a field check's label and limit) also
--          sends them in DETAIL as a JSON object ({"count": 3}, {"wait": 300} in seconds,
--          {"rule": "required", "label": "Drop-off location"}); the api answers them as the
--          refusal's params and the PWA formats the code and params in the member's language.
--          The English messages are unchanged. A throttle's DETAIL was the bare seconds.
-- Affects: replaces function admin.find_member(text), function private.refuse_throttled(text, text,
--          integer), function private.rides_throttle(), function private.check_failures(text, text,
--          text, text), function private.replace_member_password(integer, text, text), function
--          private.decide_vendor(integer, boolean, text, integer), function
--          private.delete_member(integer), function app.join_ride(integer, integer, text), function
--          app.join_waitlist(integer, integer, text), function app.move_ride_passenger(integer,
--          integer, integer), function app.set_pickup_time(integer, integer, time without time
--          zone), function app.cancel_ride(integer, text), function
--          app.offer_ride_for_request(integer, integer), function
--          app.create_ride_series(public.ride_direction, timestamp with time zone, integer,
--          integer, text, jsonb, integer, numeric, integer, integer[], date), function
--          app.join_ride_series(integer, integer, text).
-- Rollback: re-create these functions from the previous migrations that defined them (the
--          same bodies without the detail, or detail = <seconds>::text for the throttles), and
--          deploy an api that reads a bare number as the throttle's DETAIL.

set check_function_bodies = off;

-- One member by Discord username, whatever its case; a clear error when there is none.
create or replace function admin.find_member(p_discord_username text)
returns public.users
language plpgsql
stable
security definer -- acts as the owner, whichever role runs it in the SQL editor
set search_path = ''
as $$
declare
  v_user public.users;
begin
  select * into v_user from public.users
   where lower(discord_username) = lower(btrim(p_discord_username));
  if not found then
    raise exception using errcode = 'no_data_found',
      message = format('No member with Discord username %L', p_discord_username),
      detail = json_build_object('username', p_discord_username)::text, hint = 'user_not_found';
  end if;
  return v_user;
end;
$$;

-- The organiser cancels one ride from its page (issue 37): everyone on it is told, with the
-- reason when one is given. Over the same rules as a delete (the organiser only, not once it
-- is past); the reason's limit is the api's schema's too (RIDE_CANCEL_REASON_MAX_LENGTH).
create or replace function app.cancel_ride(p_ride_id integer, p_reason text)
returns void
language plpgsql
security definer -- locks and checks through private helpers the api roles cannot reach
set search_path = ''
as $$
declare
  v_uid integer := private.require_user();
  v_ride public.rides := private.lock_ride(p_ride_id);
  v_reason text := nullif(btrim(p_reason), '');
begin
  if v_ride.organiser_id is distinct from v_uid then
    raise exception using errcode = 'PT403', message = 'You are not authorized to delete this ride',
      hint = 'not_ride_deleter';
  end if;
  if char_length(v_reason) > private.limit_ride_cancel_reason_max_length() then
    raise exception using errcode = 'PT400', message = 'Reason must be at most 300 characters',
      detail = json_build_object('rule', 'too_long', 'label', 'Reason', 'max', 300)::text, hint = 'invalid_input';
  end if;
  perform private.refuse_past_change(v_ride, 'ride_delete');
  perform set_config('fc.cancel_reason', coalesce(v_reason, ''), true);
  delete from public.rides where id = v_ride.id;
  -- Only this delete carries the reason, not a later one in the same transaction.
  perform set_config('fc.cancel_reason', '', true);
end;
$$;

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
           p_organiser_passenger_count, p_pickup_location, p_dropoff_locations, p_driver_contact_id, p_cost,
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

-- As in 20261122000400_ride_functions.sql, with SPEC §5's "Only {N} spots remaining" said in
-- the singular for one spot.
create or replace function app.join_ride(p_ride_id integer, p_passenger_count integer, p_dropoff_location text)
returns integer
language plpgsql
security definer -- ride_passengers is read-only to members: joins go through here
set search_path = ''
as $$
declare
  v_uid integer := private.require_user();
  v_ride public.rides := private.lock_ride(p_ride_id);
  v_remaining integer;
  v_passenger_id integer;
begin
  perform private.refuse_join(v_ride, v_uid);

  v_remaining := v_ride.max_passengers - v_ride.current_passengers;
  if v_remaining <= 0 then
    raise exception using errcode = 'PT409', message = 'This ride is full', hint = 'ride_full';
  end if;
  if p_passenger_count > v_remaining then
    if v_remaining = 1 then
      raise exception using errcode = 'PT409', message = 'Only 1 spot remaining', hint = 'one_spot_remaining';
    end if;
    raise exception using errcode = 'PT409', message = format('Only %s spots remaining', v_remaining),
      detail = json_build_object('count', v_remaining)::text, hint = 'spots_remaining';
  end if;

  insert into public.ride_passengers (ride_id, user_id, passenger_count, dropoff_location, dropoff_sequence)
  values (
    p_ride_id, v_uid, p_passenger_count, btrim(p_dropoff_location),
    -- Someone joining after the organiser locked the order is the last stop.
    case when v_ride.sequence_locked then (
      select coalesce(max(dropoff_sequence), 0) + 1
      from public.ride_passengers where ride_id = p_ride_id
    ) end
  )
  returning id into v_passenger_id;
  return v_passenger_id;
end;
$$;

-- "Every date from now": the caller joins each upcoming date of the series they are not on yet,
-- or its waitlist when their party does not fit, through app.join_ride and app.join_waitlist
-- (every rule of a join holds for each date), and becomes a regular (told of dates added later).
-- Counted once against passengers:changes, and the organiser is told once (private.series_bulk).
-- Answers { joined, waitlisted, alreadyOn }: ride ids, soonest first.
create or replace function app.join_ride_series(p_series_id integer, p_passenger_count integer, p_dropoff_location text)
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

-- Queues the caller's party for a ride it does not fit; returns the place in the queue (1 is
-- next). The refusals are app.join_ride's, in its words, plus the waitlist's own.
create or replace function app.join_waitlist(p_ride_id integer, p_passenger_count integer, p_dropoff_location text)
returns integer
language plpgsql
security definer -- ride_waitlist is read-only to members: places are taken here
set search_path = ''
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

  if p_passenger_count is null or p_passenger_count < private.limit_passengers_min() then
    raise exception using errcode = 'PT400', message = 'Must have at least 1 passenger',
      detail = json_build_object('rule', 'at_least_one_passenger')::text, hint = 'invalid_input';
  end if;
  if v_location is null or v_location = '' then
    raise exception using errcode = 'PT400', message = 'Drop-off location is required',
      detail = json_build_object('rule', 'required', 'label', 'Drop-off location')::text, hint = 'invalid_input';
  end if;

  -- The organiser takes at least one of the ride's ten seats at most: a party of ten would wait
  -- forever.
  if p_passenger_count > private.limit_passengers_max() - 1 then
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
      message = format('This ride still has %s spots: join the ride instead', v_remaining),
      detail = json_build_object('count', v_remaining)::text, hint = 'waitlist_spots_free';
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

-- Moves one passenger to a 1-based position in the draft drop-off order.
create or replace function app.move_ride_passenger(p_ride_id integer, p_passenger_id integer, p_position integer)
returns void
language plpgsql
security definer -- ride_passengers is read-only to members
set search_path = ''
as $$
declare
  v_ride public.rides := private.lock_ride_for_sequence(p_ride_id);
  v_count integer;
begin
  perform private.lock_ride_passenger(p_ride_id, p_passenger_id);

  select count(*) into v_count from public.ride_passengers where ride_id = v_ride.id;
  if p_position < 1 or p_position > v_count then
    raise exception using errcode = 'PT400',
      message = format('Sequence must be between 1 and %s', v_count),
      detail = json_build_object('count', v_count)::text, hint = 'sequence_out_of_range';
  end if;

  with others as (
    select id, row_number() over (
      order by coalesce(sort_position, 32767), created_at, id
    ) as position
    from public.ride_passengers
    where ride_id = v_ride.id and id <> p_passenger_id
  ),
  target as (
    select id, case when position >= p_position then position + 1 else position end as position
    from others
    union all
    select p_passenger_id, p_position
  )
  update public.ride_passengers p
  set sort_position = target.position
  from target
  where p.id = target.id;
end;
$$;

-- "Start a ride for this": links the caller's new ride to the request and tells everyone on it,
-- each with their own party and area for the join link. The ride must fit the request: its way,
-- leaving within its window, with free seats for the requester's party; else any ride would do to
-- reach everyone on it. One offer per organiser, so nobody floods the requester; other
-- organisers may still offer theirs.
create or replace function app.offer_ride_for_request(p_request_id integer, p_ride_id integer)
returns void
language plpgsql
security definer -- ride_request_offers has no grant; tells everyone on the request
set search_path = ''
as $$
declare
  v_uid integer := private.require_user();
  v_request public.ride_requests := private.lock_ride_request(p_request_id);
  v_ride public.rides;
  v_params jsonb;
  v_party record;
begin
  perform private.require_open_request(v_request);
  select * into v_ride from public.rides where id = p_ride_id;
  if not found or v_ride.organiser_id <> v_uid then
    raise exception using errcode = 'PT403', message = 'You can only offer your own ride for a request',
      hint = 'ride_request_offer_own_ride';
  end if;
  -- As "Me too" and joining: a block either way closes the request to the other, who is not
  -- told why (15_member_blocks.sql); an offer would reach the requester with a notice.
  if private.has_blocked(v_request.requester_id, v_uid) or private.has_blocked(v_uid, v_request.requester_id) then
    raise exception using errcode = 'PT403', message = 'You cannot offer a ride for this request',
      hint = 'ride_request_offer_not_allowed';
  end if;
  if v_ride.direction <> v_request.direction
     or v_ride.date < v_request.window_start or v_ride.date > v_request.window_end then
    raise exception using errcode = 'PT409',
      message = 'The ride must go the same way and leave within the time window of the request',
      hint = 'ride_request_offer_mismatch';
  end if;
  if v_ride.max_passengers - v_ride.current_passengers < v_request.passenger_count then
    raise exception using errcode = 'PT409',
      message = format('The ride needs free seats for the request''s party of %s', v_request.passenger_count),
      detail = json_build_object('count', v_request.passenger_count)::text, hint = 'ride_request_offer_seats';
  end if;
  -- The request's row lock (private.lock_ride_request) orders two offers at once.
  if exists (
    select 1 from public.ride_request_offers o
      join public.rides d on d.id = o.ride_id
     where o.request_id = v_request.id and d.organiser_id = v_uid
  ) then
    raise exception using errcode = 'PT409', message = 'You have already offered a ride for this request',
      hint = 'ride_request_offer_repeat';
  end if;
  insert into public.ride_request_offers (request_id, ride_id) values (v_request.id, v_ride.id);
  update public.ride_requests set updated_at = now() where id = v_request.id;

  v_params := private.ride_event_params(v_ride) || jsonb_build_object(
    'requestId', v_request.id,
    'name', private.member_display_name(v_uid)
  );
  -- A "Me too" on either side of a block with the organiser is not told: the ride is closed to
  -- one, and hidden from the other.
  for v_party in
    select v_request.requester_id as user_id, v_request.passenger_count as passenger_count,
           v_request.area as area, 0 as ord
    union all
    select m.user_id, m.passenger_count, m.area, 1
      from public.ride_request_members m
     where m.request_id = v_request.id
       and not private.has_blocked(m.user_id, v_uid) and not private.has_blocked(v_uid, m.user_id)
    order by ord
  loop
    perform private.notify(v_party.user_id, v_ride.id, 'ride_request_offered',
      v_params || jsonb_build_object('passengerCount', v_party.passenger_count, 'area', left(v_party.area, 200)));
  end loop;
end;
$$;

-- Sets, or with null clears, about when the car picks a passenger of a Singapore to Forest City
-- ride up (issue 37 §3): Singapore time on the ride's day, to the minute. The organiser or the
-- assigned driver, as for the pickup order, until the ride departs; the order's lock does not
-- hold the times, which the driver refines up to the day (ADR 0040).
create or replace function app.set_pickup_time(p_ride_id integer, p_passenger_id integer, p_pickup_time time)
returns void
language plpgsql
security definer -- ride_passengers is read-only to members
set search_path = ''
as $$
declare
  v_uid integer := private.require_user();
  v_ride public.rides := private.lock_ride(p_ride_id);
begin
  if v_ride.direction <> 'SG->FC' then
    raise exception using errcode = 'PT409',
      message = 'A pickup time applies only to Singapore to Forest City rides', hint = 'pickup_time_sg_to_fc_only';
  end if;
  if v_ride.vendor_id is distinct from v_uid then
    perform private.refuse_ride_change(v_ride, v_uid, 'pickup_order');
  end if;
  perform private.refuse_past_change(v_ride, 'pickup_time');
  perform private.lock_ride_passenger(p_ride_id, p_passenger_id);
  -- The column's check says so too; here in the words of the api's own check.
  if p_pickup_time >= '24:00' or extract(second from p_pickup_time) <> 0 then
    raise exception using errcode = 'PT400', message = 'Pickup time must be a time such as 17:00',
      detail = json_build_object('rule', 'alert_time', 'label', 'Pickup time')::text, hint = 'invalid_input';
  end if;

  update public.ride_passengers set pickup_time = p_pickup_time where id = p_passenger_id;
end;
$$;

-- Failed logins (p_scope 'login') and failed reset codes ('reset-code'): refuses (PT429) while
-- the window holds <scope>:pair failures for this username from this client, failures:client
-- from this client for any username, and either <scope>:device from this known device
-- (p_device, its token hash) or, from an unknown device (p_device ''), <scope>:name failures of
-- unknown devices for this username. p_name_key is private.member_throttle_key(p_scope,
-- username); p_client is '' when the host does not know the address (then the pair is the
-- username with unknown clients, and the per-client count is off). The locks (per username,
-- client and device, in one order so two requests never wait on each other crosswise) last
-- until the transaction ends: checking, verifying and recording a failure are one step.
create or replace function private.check_failures(p_scope text, p_name_key text, p_client text, p_device text)
returns void
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_limit private.throttle_limits;
  v_since timestamptz;
  v_count integer;
  v_oldest timestamptz[];
  v_retry integer;
begin
  perform pg_advisory_xact_lock(hashtextextended('fc-throttle:' || key, 0))
     from unnest(array[p_name_key, 'client:' || nullif(p_client, ''), 'device:' || nullif(p_device, '')]) as key
    where key is not null
    order by key;

  for v_limit in
    select * from private.throttle_limits
     where name in (p_scope || ':pair', p_scope || ':name', p_scope || ':device', 'failures:client')
       and window_seconds is not null
     order by name
  loop
    v_since := now() - make_interval(secs => v_limit.window_seconds);
    if v_limit.name = 'failures:client' then
      continue when p_client = '';
      select count(*), array_agg(failed_at order by failed_at) into v_count, v_oldest
        from private.login_failures where client = p_client and failed_at > v_since;
    elsif v_limit.name like '%:pair' then
      select count(*), array_agg(failed_at order by failed_at) into v_count, v_oldest
        from private.login_failures where throttle_key = p_name_key and client = p_client and failed_at > v_since;
    elsif v_limit.name like '%:device' then
      continue when p_device = '';
      select count(*), array_agg(failed_at order by failed_at) into v_count, v_oldest
        from private.login_failures where device = p_device and failed_at > v_since;
    else
      continue when p_device <> '';
      select count(*), array_agg(failed_at order by failed_at) into v_count, v_oldest
        from private.login_failures
       where throttle_key = p_name_key and device = '' and failed_at > v_since;
    end if;

    if v_count >= v_limit.max_count then
      v_retry := greatest(1, coalesce(ceil(extract(epoch from
        v_oldest[v_count - v_limit.max_count + 1] + make_interval(secs => v_limit.window_seconds) - now()
      ))::integer, v_limit.window_seconds));
      raise exception using errcode = 'PT429',
        message = format('Too many failed attempts. Please try again in %s.', private.wait_text(v_retry)),
        detail = json_build_object('wait', v_retry)::text, hint = 'too_many_failed_attempts';
    end if;
  end loop;
end;
$$;

-- Approves (p_approve) or revokes a vendor. Revoking releases the vendor's upcoming
-- assignments back to open, so their riders can be picked up by someone else; past rides keep
-- them as the record of who drove. Returns how many rides were released.
create or replace function private.decide_vendor(p_user_id integer, p_approve boolean, p_licence_note text, p_decided_by integer)
returns integer
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_user public.users;
  v_status text;
  v_note text := nullif(btrim(p_licence_note), '');
  v_released integer := 0;
begin
  select * into v_user from public.users where id = p_user_id;
  if not found then
    raise exception using errcode = 'PT404', message = 'User not found', hint = 'user_not_found';
  end if;
  if not v_user.is_vendor then
    raise exception using errcode = 'PT409',
      message = format('%s is not a vendor account', v_user.discord_username),
      detail = json_build_object('username', v_user.discord_username)::text, hint = 'not_a_vendor';
  end if;

  -- Locked: an assign by this vendor waits for the decision, then sees it.
  select status into v_status from public.vendor_applications where user_id = p_user_id for update;
  if not found then
    insert into public.vendor_applications (user_id) values (p_user_id);
    v_status := 'pending';
  end if;

  if p_approve then
    if v_note is null then
      raise exception using errcode = 'PT400',
        message = 'Licence note is required: say what you checked (company, cross-border vehicle permit / plate, contact)',
        detail = json_build_object('rule', 'licence_note_required')::text, hint = 'invalid_input';
    end if;
    if char_length(v_note) > 500 then
      raise exception using errcode = 'PT400', message = 'Licence note must be at most 500 characters',
        detail = json_build_object('rule', 'too_long', 'label', 'Licence note', 'max', 500)::text, hint = 'invalid_input';
    end if;
    if v_status = 'approved' then
      raise exception using errcode = 'PT409',
        message = format('%s is already an approved vendor', v_user.discord_username),
        detail = json_build_object('username', v_user.discord_username)::text, hint = 'already_approved';
    end if;
    update public.vendor_applications
       set status = 'approved', licence_note = v_note, decided_at = now(), decided_by = p_decided_by
     where user_id = p_user_id;
  else
    if v_status = 'revoked' then
      raise exception using errcode = 'PT409',
        message = format('%s is already revoked', v_user.discord_username),
        detail = json_build_object('username', v_user.discord_username)::text, hint = 'already_revoked';
    end if;
    update public.vendor_applications
       set status = 'revoked', decided_at = now(), decided_by = p_decided_by
     where user_id = p_user_id;
    update public.rides
       set status = 'open', vendor_id = null
     where vendor_id = p_user_id and status = 'assigned' and date > now();
    get diagnostics v_released = row_count;
  end if;
  return v_released;
end;
$$;

-- The member deletes their account, in the transaction of their own request (the api has
-- checked their password; p_user_id must be the caller, so every trigger reads them as the one
-- acting, as when they leave a ride themselves). In order:
--   1. their weekly series end and the upcoming rides still theirs are cancelled (deleted: the
--      passengers are told, as when an organiser deletes a ride); a ride a passenger accepted to
--      take over is that passenger's already (59_ride_handovers.sql), and the offers they made or
--      were made and not yet accepted go;
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
create or replace function private.delete_member(p_user_id integer)
returns jsonb
language plpgsql
security invoker
set search_path = ''
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
      detail = json_build_object('id', p_user_id)::text, hint = 'user_not_found';
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

  -- 1. Their weekly series end with them (issue 27), each member of one told once.
  update public.ride_series set ended_at = now() where organiser_id = p_user_id and ended_at is null;
  delete from public.ride_handovers where offered_by = p_user_id or offered_to = p_user_id;
  for v_ride in select id from public.ride_series where organiser_id = p_user_id order by id loop
    v_cancelled := v_cancelled + private.cancel_series_dates(v_ride, now());
  end loop;
  for v_ride in
    select id from public.rides where organiser_id = p_user_id and date > now() order by id for update
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
          or ride_id in (select id from public.rides where organiser_id = p_user_id));
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
  delete from private.throttle_events where private.throttle_subject_member(limit_name, subject) = p_user_id;
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
    end;
end;
$$;

-- Sets a member's password hash. Every session of the member ends but the one whose token hash
-- is p_keep_token_hash (the member changing their own password, or the admin resetting their
-- own). A code handed out before must not reset the new password, and failed logins before were
-- against the old one: a member the admin (or a reset code) just helped must be able to log in
-- now, not in 15 minutes. Returns how many sessions ended.
create or replace function private.replace_member_password(p_user_id integer, p_password_hash text, p_keep_token_hash text)
returns integer
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_discord_username text;
  v_ended integer;
begin
  select discord_username into v_discord_username from public.users where id = p_user_id;
  if not found then
    raise exception using errcode = 'no_data_found', message = format('No member with id %s', p_user_id),
      detail = json_build_object('id', p_user_id)::text, hint = 'user_not_found';
  end if;

  -- First, so that a login holding the credentials row (FOR SHARE) commits before the sessions
  -- below are ended, and the session it made ends with them.
  insert into private.credentials (user_id, password_hash, updated_at)
  values (p_user_id, p_password_hash, now())
  on conflict (user_id) do update
    set password_hash = excluded.password_hash, updated_at = excluded.updated_at;

  delete from private.sessions
   where user_id = p_user_id and token_hash is distinct from p_keep_token_hash;
  get diagnostics v_ended = row_count;

  update private.password_reset_codes set used_at = now()
   where user_id = p_user_id and used_at is null;

  delete from private.login_failures
   where throttle_key = private.member_throttle_key('login', v_discord_username);

  update public.password_reset_requests set status = 'done', resolved_at = now()
   where user_id = p_user_id and status = 'open';

  return v_ended;
end;
$$;

-- A member's rides: at most rides:upcoming ahead at once, and rides:created per window. A weekly
-- series counts as one ride in both (issue 27, docs/decisions/0029-weekly-series.md): its first
-- date is counted, and a date of a series that already has one to come is not.
create or replace function private.rides_throttle()
returns trigger
language plpgsql
security definer -- reads private.throttle_limits and counts in private.throttle_events
set search_path = ''
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
  perform pg_advisory_xact_lock(hashtextextended('fc-throttle:rides:' || new.organiser_id, 0));
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
     where organiser_id = new.organiser_id and date > now();
    if v_upcoming >= v_max then
      -- The earliest one departs first; deleting one frees a place at once.
      v_retry := greatest(coalesce(v_retry, 3600), 1);
      raise exception using errcode = 'PT429',
        message = format('You already have %s upcoming rides, the most allowed. Please try again in %s.',
                         v_upcoming, private.wait_text(v_retry)),
        detail = json_build_object('count', v_upcoming, 'wait', v_retry)::text, hint = 'too_many_upcoming_rides';
    end if;
  end if;

  perform private.take_throttle('rides:created', new.organiser_id::text,
    'Too many rides created today. Please try again in %s.');
  return new;
end;
$$;

reset check_function_bodies;
