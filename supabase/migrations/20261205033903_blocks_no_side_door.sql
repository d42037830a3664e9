-- Migration: blocks with no side door, and ride requests offered by several organisers
-- Purpose: issue 35 §2. A hand-over seated from the waitlist a member the new organiser had
--          blocked (private.fill_from_waitlist never asked private.has_blocked, and accepting
--          did not purge the queue); a blocked member reached the blocker with a
--          ride_request_offered notice by offering a ride for their request, and ride alerts
--          told a blocker of the blocked member's new rides. Offering a ride also took the
--          request (one ride per request) with any throwaway ride. Now: the queue never seats a
--          member the organiser blocked, and a hand-over drops the places of members on either
--          side of a block with the new organiser; an offer across a block is refused (403
--          ride_request_offer_not_allowed) and a "Me too" across one is not told; alerts skip
--          both sides of a block; an offered ride must go the request's way, leave within its
--          window and have free seats for the requester's party (409 ride_request_offer_mismatch,
--          ride_request_offer_seats); several organisers may offer, one ride each (409
--          ride_request_offer_repeat), in the new table public.ride_request_offers, which takes
--          the place of ride_requests.ride_id (the links made so far move there).
-- Affects: public.ride_request_offers (new, RLS, no grants); public.ride_requests.ride_id and
--          ride_requests_ride_id_idx (dropped); app.offer_ride_for_request, app.ride_requests_json,
--          private.fill_from_waitlist, app.accept_ride_handover, private.rides_notify_alerts
--          (create or replace; same signatures, so grants stay).
-- Rollback: add ride_requests.ride_id (references public.rides on delete set null) and its
--          index, fill it from each request's earliest offer, drop public.ride_request_offers,
--          and re-create the five functions from the migrations that last defined them.

create table public.ride_request_offers (
  request_id integer not null references public.ride_requests (id) on delete cascade,
  ride_id integer not null references public.rides (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (request_id, ride_id)
);
comment on table public.ride_request_offers is
  'The rides organisers offered for a ride request. Written only by app.offer_ride_for_request; read through app.ride_requests_json.';
create index ride_request_offers_ride_id_idx on public.ride_request_offers (ride_id);
-- No policy and no grant: the api roles read the offers through app.ride_requests_json only.
alter table public.ride_request_offers enable row level security;
revoke all on public.ride_request_offers from public, anon, authenticated;

insert into public.ride_request_offers (request_id, ride_id, created_at)
select id, ride_id, updated_at from public.ride_requests where ride_id is not null;

drop index public.ride_requests_ride_id_idx;
alter table public.ride_requests drop column ride_id;

create or replace function app.offer_ride_for_request(p_request_id integer, p_ride_id integer)
returns void
language plpgsql security definer
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
  if not found or v_ride.creator_id <> v_uid then
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
      hint = 'ride_request_offer_seats';
  end if;
  -- The request's row lock (private.lock_ride_request) orders two offers at once.
  if exists (
    select 1 from public.ride_request_offers o
      join public.rides d on d.id = o.ride_id
     where o.request_id = v_request.id and d.creator_id = v_uid
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

create or replace function app.ride_requests_json(p_request_id integer, p_direction public.ride_direction, p_day date)
returns json
language sql stable security definer
set search_path = ''
as $$
  select coalesce(json_agg(json_build_object(
    'id', r.id,
    'requesterId', r.requester_id,
    'requesterName', (select u.name from public.users u where u.id = r.requester_id),
    'direction', r.direction,
    'date', to_char(r.day, 'YYYY-MM-DD'),
    'startTime', to_char(r.window_start at time zone 'Asia/Singapore', 'HH24:MI'),
    'endTime', to_char(r.window_end at time zone 'Asia/Singapore', 'HH24:MI'),
    'windowStart', to_char(r.window_start at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'windowEnd', to_char(r.window_end at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'passengerCount', r.passenger_count,
    'area', r.area,
    'note', r.note,
    'status', case when r.status = 'open' and r.window_end <= now() then 'ended' else r.status end,
    'people', r.passenger_count + coalesce((
      select sum(m.passenger_count) from public.ride_request_members m where m.request_id = r.id), 0),
    'parties', 1 + (select count(*) from public.ride_request_members m where m.request_id = r.id),
    'members', coalesce((
      select json_agg(json_build_object(
        'userId', m.user_id,
        'name', (select u.name from public.users u where u.id = m.user_id),
        'passengerCount', m.passenger_count,
        'area', m.area) order by m.created_at, m.user_id)
        from public.ride_request_members m where m.request_id = r.id), '[]'::json),
    -- The rides offered, soonest first: not one the admin hid, nor one of a member the caller
    -- blocked (as the lists). The 20 soonest: one offer per organiser does not bound the count.
    'rides', coalesce((
      select json_agg(json_build_object(
        'id', d.id, 'direction', d.direction,
        'date', to_char(d.date at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        'organiserId', d.creator_id,
        'organiserName', (select u.name from public.users u where u.id = d.creator_id)) order by d.date, d.id)
        from (
          select d.* from public.ride_request_offers o
            join public.rides d on d.id = o.ride_id
           where o.request_id = r.id and d.hidden_at is null
             and not private.has_blocked(app.current_user_id(), d.creator_id)
           order by d.date, d.id
           limit 20
        ) d), '[]'::json)
  ) order by r.window_start, r.id), '[]'::json)
  from (
    select * from public.ride_requests q
     where q.hidden_at is null and case
       when p_request_id is not null then q.id = p_request_id
       else q.status = 'open' and q.window_end > now()
         and (p_direction is null or q.direction = p_direction)
         and (p_day is null or q.day = p_day)
         -- The lists leave out the requests of members the caller blocked.
         and not private.has_blocked(app.current_user_id(), q.requester_id)
     end
     order by q.window_start, q.id
     limit 200
  ) r
$$;

create or replace function private.fill_from_waitlist(p_ride_id integer) returns integer
    language plpgsql
    set search_path to ''
as $$
declare
  v_ride public.rides;
  v_entry public.ride_waitlist;
  v_moved integer := 0;
begin
  loop
    -- Read again each time: the insert below re-derived current_passengers.
    select * into v_ride from public.rides where id = p_ride_id for update;
    exit when not found or v_ride.date <= now() or v_ride.status = 'completed';

    select w.* into v_entry
      from public.ride_waitlist w
     where w.ride_id = p_ride_id
       and w.passenger_count <= v_ride.max_passengers - v_ride.current_passengers
       -- Roles that changed since the member queued (a vendor assigned to the ride) wait on.
       and w.user_id <> v_ride.creator_id
       and w.user_id is distinct from v_ride.vendor_id
       and not exists (
         select 1 from public.ride_passengers p where p.ride_id = p_ride_id and p.user_id = w.user_id
       )
       -- As private.refuse_join: a member the organiser blocked gets no seat. app.block_member
       -- purges their place, but a join checked before the block committed may write one after.
       and not private.has_blocked(v_ride.creator_id, w.user_id)
     order by w.created_at, w.id
     limit 1;
    exit when not found;

    delete from public.ride_waitlist where id = v_entry.id;
    insert into public.ride_passengers (ride_id, user_id, passenger_count, dropoff_location, dropoff_sequence)
    values (
      p_ride_id, v_entry.user_id, v_entry.passenger_count, v_entry.dropoff_location,
      -- As in app.join_ride: after the organiser locked the order, a newcomer is the last stop.
      case when v_ride.sequence_locked then (
        select coalesce(max(dropoff_sequence), 0) + 1
        from public.ride_passengers where ride_id = p_ride_id
      ) end
    );
    perform private.notify(
      v_entry.user_id, p_ride_id, 'waitlist_seat',
      jsonb_build_object(
        'direction', v_ride.direction,
        'date', v_ride.date,
        'passengerCount', v_entry.passenger_count
      )
    );
    v_moved := v_moved + 1;
  end loop;
  return v_moved;
end;
$$;

create or replace function app.accept_ride_handover(p_ride_id integer) returns void
    language plpgsql security definer
    set search_path to ''
    set fc.handover to 'on'
as $$
declare
  v_uid integer := private.require_user();
  v_ride public.rides := private.lock_ride(p_ride_id);
  v_offer public.ride_handovers;
  v_seat public.ride_passengers;
  v_name text;
  v_recipient integer;
begin
  select * into v_offer from public.ride_handovers where ride_id = p_ride_id for update;
  if not found or v_offer.offered_to <> v_uid or v_offer.offered_by <> v_ride.creator_id then
    raise exception using errcode = 'PT404', message = 'There is no offer of this ride to you',
      hint = 'handover_not_offered';
  end if;
  if v_ride.date <= now() then
    raise exception using errcode = 'PT409', message = 'This ride has left: it can no longer be handed over',
      hint = 'handover_past_ride';
  end if;
  if private.has_blocked(v_ride.creator_id, v_uid) or private.has_blocked(v_uid, v_ride.creator_id) then
    raise exception using errcode = 'PT403', message = 'This ride cannot be handed over to that member',
      hint = 'handover_not_allowed';
  end if;
  select * into v_seat from public.ride_passengers where ride_id = p_ride_id and user_id = v_uid for update;

  delete from public.ride_handovers where ride_id = p_ride_id;
  delete from public.ride_passengers where id = v_seat.id;
  -- The remaining stops read 1, 2, 3... again, as after any leave (app.remove_ride_passenger).
  update public.ride_passengers p
  set dropoff_sequence = case when p.dropoff_sequence is null then null else o.position end,
      sort_position = o.position
  from (
    select id, row_number() over (
      order by coalesce(dropoff_sequence, sort_position, 32767), created_at, id
    ) as position
    from public.ride_passengers where ride_id = p_ride_id
  ) o
  where p.id = o.id;

  -- Their stop becomes the organiser's: the pickup going to Forest City, the one drop-off entry
  -- either way (as a new ride is written). A way back or a weekly series was the old organiser's
  -- plan, not this ride's.
  update public.rides
     set creator_id = v_uid,
         organizer_passenger_count = v_seat.passenger_count,
         pickup_location = case when direction = 'SG->FC' then v_seat.dropoff_location else pickup_location end,
         dropoff_locations = jsonb_build_array(jsonb_build_object(
           'location', v_seat.dropoff_location, 'passengerCount', v_seat.passenger_count)),
         return_of = null,
         series_id = null
   where id = p_ride_id;
  update public.rides set return_of = null where return_of = p_ride_id;

  -- The queue waited for the old organiser's ride. A block between a waiting member and the new
  -- organiser, either way, is one app.accept_ride_handover refuses between the two organisers:
  -- those places go, untold, as app.block_member's purge does (ADR 0026).
  delete from public.ride_waitlist w
   where w.ride_id = p_ride_id
     and (private.has_blocked(v_uid, w.user_id) or private.has_blocked(w.user_id, v_uid));
  perform private.fill_from_waitlist(p_ride_id);

  v_name := private.member_display_name(v_uid);
  select * into v_ride from public.rides where id = p_ride_id;
  for v_recipient in
    select v_offer.offered_by
    union
    select p.user_id from public.ride_passengers p where p.ride_id = p_ride_id
  loop
    perform private.notify(v_recipient, p_ride_id, 'ride_handed_over',
      private.ride_event_params(v_ride) || jsonb_build_object('name', v_name));
  end loop;
  perform private.ride_chat_line(p_ride_id, 'handed_over', v_name || ' now organises this ride',
    jsonb_build_object('name', v_name), v_uid);
end;
$$;

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
  -- moved ride has them); and who is on either side of a block with the organiser. Read once
  -- here, not probed for each matching alert.
  v_known := array(
    select new.creator_id
    union all
    select p.user_id from public.ride_passengers p where p.ride_id = new.id
    union all
    select w.user_id from public.ride_waitlist w where w.ride_id = new.id
    union all
    select b.blocker_id from public.member_blocks b where b.blocked_id = new.creator_id
    union all
    select b.blocked_id from public.member_blocks b where b.blocker_id = new.creator_id
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
