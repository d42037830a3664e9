-- Ride hand-overs
--
-- Issue 26 §2: an organiser who cannot go (or is leaving the app) offers their upcoming ride to
-- one of its passengers; when that passenger accepts, they organise it and the old organiser
-- leaves the ride entirely: their party's seats are freed and the waitlist fills them. A member
-- who deletes their account then keeps nothing of the ride, and its passengers keep their trip
-- (docs/decisions/0027-a-member-who-leaves-becomes-a-former-member.md).
--
-- The database as it is now; supabase/migrations is how it got here. To change it, see the
-- README, "Changing the database".

-- ------------------------------------------------------------------------------------------------
-- Tables

create table public.ride_handovers (
  ride_id integer not null primary key references public.rides (id) on delete cascade,
  offered_by integer not null references public.users (id) on delete cascade,
  offered_to integer not null references public.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  -- The offer is to a passenger of the ride: one who leaves it (or is removed) takes it with them.
  constraint ride_handovers_passenger_fkey foreign key (ride_id, offered_to) references public.ride_passengers (ride_id, user_id) on delete cascade,
  constraint ride_handovers_not_self_check check (offered_by <> offered_to)
);

grant select on public.ride_handovers to authenticated;

comment on table public.ride_handovers is
  'The pending offer of a ride''s organiser to one of its passengers to organise it instead (issue 26 §2): one per ride, written only by the hand-over functions.';

-- ------------------------------------------------------------------------------------------------
-- Indexes

-- The policy's two columns (the primary key serves the ride's side).
create index ride_handovers_offered_by_idx on public.ride_handovers (offered_by);

create index ride_handovers_offered_to_idx on public.ride_handovers (offered_to);

-- ------------------------------------------------------------------------------------------------
-- Functions

-- Whether the statement runs inside app.accept_ride_handover (its `set fc.handover`): the
-- passenger who takes the ride over is not "leaving" it, and the seats freed fill once the new
-- organiser's party is in place, not before.
create function private.handing_over()
returns boolean
language sql
stable
security invoker
set search_path = ''
as $$
  select coalesce(current_setting('fc.handover', true), '') = 'on'
$$;

revoke all on function private.handing_over() from public;

-- The ride, locked, if the caller organises it and it is still ahead; refuses otherwise.
create function private.lock_own_upcoming_ride(p_ride_id integer)
returns public.rides
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_uid integer := private.require_user();
  v_ride public.rides := private.lock_ride(p_ride_id);
begin
  if v_ride.organiser_id <> v_uid then
    raise exception using errcode = 'PT403', message = 'Only the organizer can hand this ride over',
      hint = 'handover_organizer_only';
  end if;
  if v_ride.date <= now() then
    raise exception using errcode = 'PT409', message = 'This ride has left: it can no longer be handed over',
      hint = 'handover_past_ride';
  end if;
  return v_ride;
end;
$$;

revoke all on function private.lock_own_upcoming_ride(p_ride_id integer) from public;

-- The organiser offers their upcoming ride to one of its passengers; an offer already made goes
-- (one per ride): the passenger it was made to is told it was withdrawn, and the passenger now
-- offered is told of it.
--
-- Two brakes on an organiser who would flood a passenger with offers (each is an inbox item and a
-- push): the same offer again, while it stands, changes nothing and tells nobody (a second tap,
-- a retry); and new offers count against handovers:offered per organiser (5 an hour), which
-- bounds an offer/withdraw loop at 5 offers and 5 withdrawals an hour. Both, because either
-- alone leaves a hole: the first does nothing against offer, withdraw, offer; the second alone
-- would spend the organiser's offers on a double tap. Five an hour is room for the real use, a
-- first passenger who declines and a second or third asked, or an organiser leaving the app
-- offering the rides they still have (rides:upcoming is 10: the rest the next hour).
create function app.offer_ride_handover(p_ride_id integer, p_user_id integer)
returns void
language plpgsql
security definer -- ride_handovers is read-only to members
set search_path = ''
as $$
declare
  v_ride public.rides := private.lock_own_upcoming_ride(p_ride_id);
  v_before public.ride_handovers;
  v_params jsonb;
begin
  if not exists (select 1 from public.ride_passengers where ride_id = p_ride_id and user_id = p_user_id) then
    raise exception using errcode = 'PT409', message = 'The ride can only be handed over to one of its passengers',
      hint = 'handover_not_passenger';
  end if;
  -- Said without the reason, as a refused join is: a block is never told (ADR 0026).
  if private.has_blocked(v_ride.organiser_id, p_user_id) or private.has_blocked(p_user_id, v_ride.organiser_id) then
    raise exception using errcode = 'PT403', message = 'This ride cannot be handed over to that member',
      hint = 'handover_not_allowed';
  end if;
  select * into v_before from public.ride_handovers where ride_id = p_ride_id for update;
  if found and v_before.offered_to = p_user_id and v_before.offered_by = v_ride.organiser_id then
    return;
  end if;
  perform private.take_throttle('handovers:offered', v_ride.organiser_id::text,
    'Too many hand-over offers. Please try again in %s.');
  insert into public.ride_handovers (ride_id, offered_by, offered_to)
  values (p_ride_id, v_ride.organiser_id, p_user_id)
  on conflict (ride_id) do update
    set offered_by = excluded.offered_by, offered_to = excluded.offered_to, created_at = excluded.created_at;
  v_params := private.ride_event_params(v_ride)
    || jsonb_build_object('name', private.member_display_name(v_ride.organiser_id));
  if v_before.offered_to is not null then
    perform private.notify(v_before.offered_to, p_ride_id, 'handover_withdrawn', v_params);
  end if;
  perform private.notify(p_user_id, p_ride_id, 'handover_offered', v_params);
end;
$$;

revoke all on function app.offer_ride_handover(p_ride_id integer, p_user_id integer) from public;

grant all on function app.offer_ride_handover(p_ride_id integer, p_user_id integer) to authenticated;

-- The organiser withdraws their offer, and the passenger is told (their "offered to you" item
-- would dangle otherwise); or the passenger offered declines it, and the organiser is told. No
-- offer between the caller and the ride: nothing to do, nobody told.
create function app.withdraw_ride_handover(p_ride_id integer)
returns void
language plpgsql
security definer -- ride_handovers is read-only to members
set search_path = ''
as $$
declare
  v_uid integer := private.require_user();
  v_ride public.rides := private.lock_ride(p_ride_id);
  v_offer public.ride_handovers;
begin
  delete from public.ride_handovers where ride_id = p_ride_id and v_uid in (offered_by, offered_to)
  returning * into v_offer;
  -- A ride that has left: the offer had nothing left to hand over, so there is nothing to tell.
  if not found or v_ride.date <= now() then
    return;
  end if;
  if v_uid = v_offer.offered_to then
    perform private.notify(v_offer.offered_by, p_ride_id, 'handover_declined',
      private.ride_event_params(v_ride) || jsonb_build_object('name', private.member_display_name(v_uid)));
  else
    perform private.notify(v_offer.offered_to, p_ride_id, 'handover_withdrawn',
      private.ride_event_params(v_ride) || jsonb_build_object('name', private.member_display_name(v_uid)));
  end if;
end;
$$;

revoke all on function app.withdraw_ride_handover(p_ride_id integer) from public;

grant all on function app.withdraw_ride_handover(p_ride_id integer) to authenticated;

-- The passenger offered the ride takes it over: they organise it with their party and their
-- stop, the old organiser leaves it entirely (ADR 0027), the seats freed go to the waitlist, and
-- everyone aboard is told. Under the ride's lock, as every join and leave is, so the seats add up
-- whatever runs beside it.
--
-- fc.handover (private.handing_over) holds the triggers back while the passenger row goes: it
-- would otherwise tell the old organiser, and the chat, that the passenger left, and let the
-- waitlist take the seats the new organiser's party still needs.
create function app.accept_ride_handover(p_ride_id integer)
returns void
language plpgsql
security definer -- moves the ride and its rows to another member: no grant allows that
set search_path = ''
set fc.handover = 'on'
as $$
declare
  v_uid integer := private.require_user();
  v_ride public.rides := private.lock_ride(p_ride_id);
  v_offer public.ride_handovers;
  v_seat public.ride_passengers;
  v_name text;
  v_recipient integer;
  v_held numeric;
begin
  select * into v_offer from public.ride_handovers where ride_id = p_ride_id for update;
  if not found or v_offer.offered_to <> v_uid or v_offer.offered_by <> v_ride.organiser_id then
    raise exception using errcode = 'PT404', message = 'There is no offer of this ride to you',
      hint = 'handover_not_offered';
  end if;
  if v_ride.date <= now() then
    raise exception using errcode = 'PT409', message = 'This ride has left: it can no longer be handed over',
      hint = 'handover_past_ride';
  end if;
  if private.has_blocked(v_ride.organiser_id, v_uid) or private.has_blocked(v_uid, v_ride.organiser_id) then
    raise exception using errcode = 'PT403', message = 'This ride cannot be handed over to that member',
      hint = 'handover_not_allowed';
  end if;
  select * into v_seat from public.ride_passengers where ride_id = p_ride_id and user_id = v_uid for update;
  -- What the passengers paid the old organiser (the new one's seat too, which goes) stays theirs to pass on (issue 37 §2): their
  -- notice says how much, and the new organiser's payments card says to whom it went.
  select coalesce(sum(case when y.kind = 'refund' then -y.amount else y.amount end), 0) into v_held
    from public.ride_payments y where y.ride_id = p_ride_id and y.organiser_id = v_offer.offered_by;

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
     set organiser_id = v_uid,
         organiser_passenger_count = v_seat.passenger_count,
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
      private.ride_event_params(v_ride) || jsonb_build_object('name', v_name)
        || case when v_recipient = v_offer.offered_by and v_held > 0
                then jsonb_build_object('held', v_held, 'currency', 'SGD') else '{}'::jsonb end);
  end loop;
  perform private.ride_chat_line(p_ride_id, 'handed_over', v_name || ' now organises this ride',
    jsonb_build_object('name', v_name), v_uid);
end;
$$;

revoke all on function app.accept_ride_handover(p_ride_id integer) from public;

grant all on function app.accept_ride_handover(p_ride_id integer) to authenticated;

-- The pending offer of the ride, for the two members it is between (null for anyone else): who
-- offered it to whom, by the names others see.
create function app.ride_handover_json(p_ride_id integer)
returns json
language sql
stable
security definer -- names both members of the offer, whatever the users policy shows
set search_path = ''
as $$
  select json_build_object(
    'rideId', h.ride_id,
    'offeredBy', json_build_object('id', h.offered_by, 'name', private.member_display_name(h.offered_by)),
    'offeredTo', json_build_object('id', h.offered_to, 'name', private.member_display_name(h.offered_to)),
    'createdAt', to_char(h.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
  )
    from public.ride_handovers h
   where h.ride_id = p_ride_id and app.current_user_id() in (h.offered_by, h.offered_to)
$$;

revoke all on function app.ride_handover_json(p_ride_id integer) from public;

grant all on function app.ride_handover_json(p_ride_id integer) to authenticated;

-- ------------------------------------------------------------------------------------------------
-- Row level security

alter table public.ride_handovers enable row level security;

-- ------------------------------------------------------------------------------------------------
-- Policies

create policy "the organiser and the passenger offered see a hand-over"
  on public.ride_handovers for select to authenticated
  using (
    offered_by = (select app.current_user_id())
    or offered_to = (select app.current_user_id())
  );
