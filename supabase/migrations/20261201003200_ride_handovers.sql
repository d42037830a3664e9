-- Migration: an organiser hands their upcoming ride over to a passenger (issue 26 §2)
-- Purpose: public.ride_handovers holds an organiser's pending offer of a ride to one of its
--          passengers; app.offer_ride_handover, app.withdraw_ride_handover and
--          app.accept_ride_handover make, take back (or decline) and accept it; accepting makes
--          the passenger the organiser with their party and stop, the old organiser leaves the
--          ride, and the waitlist fills the seats freed. Deleting an account then cancels only
--          the upcoming rides still the member's. Two new notification kinds, 'handover_offered'
--          and 'ride_handed_over' (inbox and Web Push), and a chat system line 'handed_over'.
-- Affects: new table public.ride_handovers (rls, one select policy) and functions
--          private.handing_over, private.lock_own_upcoming_ride, app.offer_ride_handover,
--          app.withdraw_ride_handover, app.accept_ride_handover, app.ride_handover_json;
--          private.rides_fill_from_waitlist, private.ride_passengers_notify and
--          private.ride_passengers_chat_line hold back under fc.handover (create or replace, same
--          signatures); notifications_kind_check, push_subscriptions_kinds_check and
--          ride_messages_system_check take the new kinds; app.my_data and private.delete_member
--          (create or replace, same signatures).
-- Rollback: drop the six functions and the table; delete the rows of the new kinds and restore
--           the three constraints without them; restore the three trigger functions, app.my_data
--           and private.delete_member from the newest earlier migration that replaced them.

create table public.ride_handovers (
    ride_id integer not null,
    offered_by integer not null,
    offered_to integer not null,
    created_at timestamp with time zone default now() not null,
    constraint ride_handovers_not_self_check check ((offered_by <> offered_to))
);

grant select on table public.ride_handovers to authenticated;

comment on table public.ride_handovers is 'The pending offer of a ride''s organiser to one of its passengers to organise it instead (issue 26 §2): one per ride, written only by the hand-over functions.';

alter table only public.ride_handovers
    add constraint ride_handovers_pkey primary key (ride_id);

alter table only public.ride_handovers
    add constraint ride_handovers_ride_id_fkey foreign key (ride_id) references public.rides(id) on delete cascade;

alter table only public.ride_handovers
    add constraint ride_handovers_offered_by_fkey foreign key (offered_by) references public.users(id) on delete cascade;

alter table only public.ride_handovers
    add constraint ride_handovers_offered_to_fkey foreign key (offered_to) references public.users(id) on delete cascade;

-- The offer is to a passenger of the ride: one who leaves it (or is removed) takes it with them.
alter table only public.ride_handovers
    add constraint ride_handovers_passenger_fkey foreign key (ride_id, offered_to) references public.ride_passengers(ride_id, user_id) on delete cascade;

-- The policy's two columns (the primary key serves the ride's side).
create index ride_handovers_offered_by_idx on public.ride_handovers using btree (offered_by);

create index ride_handovers_offered_to_idx on public.ride_handovers using btree (offered_to);

-- Whether the statement runs inside app.accept_ride_handover (its `set fc.handover`): the
-- passenger who takes the ride over is not "leaving" it, and the seats freed fill once the new
-- organiser's party is in place, not before.
create function private.handing_over() returns boolean
    language sql stable
    set search_path to ''
as $$
  select coalesce(current_setting('fc.handover', true), '') = 'on'
$$;

revoke all on function private.handing_over() from public;

-- The ride, locked, if the caller organises it and it is still ahead; refuses otherwise.
create function private.lock_own_upcoming_ride(p_ride_id integer) returns public.rides
    language plpgsql
    set search_path to ''
as $$
declare
  v_uid integer := private.require_user();
  v_ride public.rides := private.lock_ride(p_ride_id);
begin
  if v_ride.creator_id <> v_uid then
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
-- (one per ride), and the passenger is told.
create function app.offer_ride_handover(p_ride_id integer, p_user_id integer) returns void
    language plpgsql security definer
    set search_path to ''
as $$
declare
  v_ride public.rides := private.lock_own_upcoming_ride(p_ride_id);
begin
  if not exists (select 1 from public.ride_passengers where ride_id = p_ride_id and user_id = p_user_id) then
    raise exception using errcode = 'PT409', message = 'The ride can only be handed over to one of its passengers',
      hint = 'handover_not_passenger';
  end if;
  -- Said without the reason, as a refused join is: a block is never told (ADR 0026).
  if private.has_blocked(v_ride.creator_id, p_user_id) or private.has_blocked(p_user_id, v_ride.creator_id) then
    raise exception using errcode = 'PT403', message = 'This ride cannot be handed over to that member',
      hint = 'handover_not_allowed';
  end if;
  insert into public.ride_handovers (ride_id, offered_by, offered_to)
  values (p_ride_id, v_ride.creator_id, p_user_id)
  on conflict (ride_id) do update
    set offered_by = excluded.offered_by, offered_to = excluded.offered_to, created_at = excluded.created_at;
  perform private.notify(p_user_id, p_ride_id, 'handover_offered',
    private.ride_event_params(v_ride) || jsonb_build_object('name', private.member_display_name(v_ride.creator_id)));
end;
$$;

revoke all on function app.offer_ride_handover(p_ride_id integer, p_user_id integer) from public;
grant all on function app.offer_ride_handover(p_ride_id integer, p_user_id integer) to authenticated;

-- The organiser withdraws their offer, or the passenger offered declines it. No offer: nothing
-- to do.
create function app.withdraw_ride_handover(p_ride_id integer) returns void
    language plpgsql security definer
    set search_path to ''
as $$
declare
  v_uid integer := private.require_user();
begin
  perform private.lock_ride(p_ride_id);
  delete from public.ride_handovers where ride_id = p_ride_id and v_uid in (offered_by, offered_to);
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
create function app.accept_ride_handover(p_ride_id integer) returns void
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

revoke all on function app.accept_ride_handover(p_ride_id integer) from public;
grant all on function app.accept_ride_handover(p_ride_id integer) to authenticated;

-- The pending offer of the ride, for the two members it is between (null for anyone else): who
-- offered it to whom, by the names others see.
create function app.ride_handover_json(p_ride_id integer) returns json
    language sql stable security definer
    set search_path to ''
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

alter table public.ride_handovers enable row level security;

create policy "the organiser and the passenger offered see a hand-over"
  on public.ride_handovers for select to authenticated
  using (
    offered_by = (select app.current_user_id())
    or offered_to = (select app.current_user_id())
  );

create or replace function private.rides_fill_from_waitlist() returns trigger
    language plpgsql security definer
    set search_path to ''
as $$
begin
  -- A hand-over fills the seats itself, once the new organiser's party is in place.
  if private.handing_over() then
    return null;
  end if;
  if exists (select 1 from public.ride_waitlist where ride_id = new.id) then
    perform private.fill_from_waitlist(new.id);
  end if;
  return null;
end;
$$;

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
  -- The passenger taking the ride over has not left it: app.accept_ride_handover tells everyone.
  if private.handing_over() and tg_op = 'DELETE' then
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

create or replace function private.ride_passengers_chat_line() returns trigger
    language plpgsql security definer
    set search_path to ''
as $$
declare
  v_row public.ride_passengers := case when tg_op = 'INSERT' then new else old end;
  v_name text;
begin
  -- The ride itself is being deleted (its conversation with it), or the member's account.
  if not exists (select 1 from public.rides where id = v_row.ride_id)
     or not exists (select 1 from public.users where id = v_row.user_id) then
    return null;
  end if;
  -- The passenger taking the ride over has not left it: app.accept_ride_handover says so.
  if private.handing_over() and tg_op = 'DELETE' then
    return null;
  end if;
  v_name := private.member_display_name(v_row.user_id);
  if tg_op = 'INSERT' then
    perform private.ride_chat_line(v_row.ride_id, 'joined', v_name || ' joined the ride',
      jsonb_build_object('name', v_name, 'passengerCount', v_row.passenger_count), v_row.user_id);
  elsif app.current_user_id() is not distinct from v_row.user_id then
    perform private.ride_chat_line(v_row.ride_id, 'left', v_name || ' left the ride',
      jsonb_build_object('name', v_name), v_row.user_id);
  else
    perform private.ride_chat_line(v_row.ride_id, 'removed', v_name || ' is no longer on the ride',
      jsonb_build_object('name', v_name), v_row.user_id);
  end if;
  return null;
end;
$$;

alter table public.notifications drop constraint notifications_kind_check;
alter table public.notifications add constraint notifications_kind_check check (kind in (
  'passenger_joined',
  'passenger_left',
  'removed_from_ride',
  'ride_changed',
  'ride_deleted',
  'vendor_assigned',
  'vendor_released',
  'waitlist_seat',
  'sequence_locked',
  'payment_reminder',
  'return_trip',
  'vendor_approved',
  'vendor_revoked',
  'ride_request_offered',
  'ride_alert',
  'chat_message',
  'ride_removed',
  'organiser_ride',
  'handover_offered',
  'ride_handed_over'
));

alter table public.push_subscriptions drop constraint push_subscriptions_kinds_check;
alter table public.push_subscriptions add constraint push_subscriptions_kinds_check check (
  kinds <@ array[
    'passenger_joined',
    'passenger_left',
    'removed_from_ride',
    'ride_changed',
    'ride_deleted',
    'vendor_assigned',
    'vendor_released',
    'waitlist_seat',
    'sequence_locked',
    'payment_reminder',
    'return_trip',
    'vendor_approved',
    'vendor_revoked',
    'ride_request_offered',
    'ride_alert',
    'chat_message',
    'ride_removed',
    'organiser_ride',
    'handover_offered',
    'ride_handed_over'
  ]
);

alter table public.ride_messages drop constraint ride_messages_system_check;
alter table public.ride_messages add constraint ride_messages_system_check check (
  (system_kind is null and system_params is null)
  or (author_id is null
      and system_kind in ('joined', 'left', 'removed', 'stops_locked', 'driver_booked', 'driver_released', 'date_changed', 'handed_over')
      and jsonb_typeof(system_params) = 'object' and octet_length(system_params::text) <= 2000)
);

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
  delete from public.ride_handovers where offered_by = p_user_id or offered_to = p_user_id;
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

