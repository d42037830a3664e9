-- Migration: a ride's driver is never its passenger; vendors hear the admin's decision; a new
--            date says what it was before
-- Purpose: issue 21 §4. The api accepted a vendor's join as a passenger on a ride it drives:
--          only the waitlist refused the ride's driver. Both ways onto a ride now ask one helper,
--          private.refuse_join, so their refusals cannot drift apart again; assigning a ride
--          refuses a vendor who is already its passenger, the same fact seen from the other
--          side. A vendor may still join any ride it does not drive, as any member may.
--          Approving or revoking a vendor account tells the vendor (inbox and Web Push, kinds
--          'vendor_approved' and 'vendor_revoked'), whoever decided (the api's admin screen, the
--          SQL editor). A ride's new date or pickup keeps the old one beside it in the event
--          ('previousDate', 'previousPickup'), so the texts say "6:00 pm → 7:30 pm"; rows
--          written before this migration lack them and still read as before.
-- Affects: new functions private.refuse_join, private.vendor_applications_notify and trigger
--          vendor_applications_notify; app.join_ride, app.join_waitlist, app.assign_ride and
--          private.rides_notify_changes recreated (same signatures, grants kept); the kind checks
--          of public.notifications and public.push_subscriptions take the two new kinds.
-- Errors: SQLSTATE 'PTnnn' carries the HTTP status nnn, as in the other ride functions.
-- Notes: the join and waitlist bodies are otherwise those of 20261124000510 and 20261201000400.
--        Runs unchanged on PostgreSQL 15, Supabase (17) and PGlite (18).

-- Who may not be put on a ride, and why, for both app.join_ride and app.join_waitlist: the
-- caller holds the ride row lock (private.lock_ride).
create function private.refuse_join(p_ride public.rides, p_user_id integer)
returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  if p_ride.date <= now() then
    raise exception using errcode = 'PT409', message = 'This ride is in the past and cannot be joined';
  end if;
  if p_ride.status = 'completed' then
    raise exception using errcode = 'PT409', message = 'This ride is completed';
  end if;
  if p_ride.creator_id = p_user_id then
    raise exception using errcode = 'PT409', message = 'You cannot join your own ride';
  end if;
  if p_ride.vendor_id = p_user_id then
    raise exception using errcode = 'PT409', message = 'You are the driver of this ride';
  end if;
  if exists (
    select 1 from public.ride_passengers where ride_id = p_ride.id and user_id = p_user_id
  ) then
    raise exception using errcode = 'PT409', message = 'You have already joined this ride';
  end if;
end;
$$;

create or replace function app.join_ride(
  p_ride_id integer,
  p_passenger_count integer,
  p_dropoff_location text
)
returns integer
language plpgsql
security definer
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
    raise exception using errcode = 'PT409', message = 'This ride is full';
  end if;
  if p_passenger_count > v_remaining then
    raise exception using errcode = 'PT409', message = case
      when v_remaining = 1 then 'Only 1 spot remaining'
      else format('Only %s spots remaining', v_remaining)
    end;
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

create or replace function app.join_waitlist(
  p_ride_id integer,
  p_passenger_count integer,
  p_dropoff_location text
)
returns integer
language plpgsql
security definer
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
    raise exception using errcode = 'PT409', message = 'You are already on the waitlist for this ride';
  end if;

  if p_passenger_count is null or p_passenger_count < 1 then
    raise exception using errcode = 'PT400', message = 'Must have at least 1 passenger';
  end if;
  if v_location is null or v_location = '' then
    raise exception using errcode = 'PT400', message = 'Drop-off location is required';
  end if;

  -- The organiser takes at least one of the ride's ten seats at most: a party of ten would wait
  -- forever.
  if p_passenger_count > 9 then
    raise exception using errcode = 'PT409', message = 'A ride has at most 9 seats besides the organizer';
  end if;
  v_remaining := v_ride.max_passengers - v_ride.current_passengers;
  if p_passenger_count <= v_remaining then
    raise exception using errcode = 'PT409', message = case
      when v_remaining = 1 then 'This ride still has 1 spot: join the ride instead'
      else format('This ride still has %s spots: join the ride instead', v_remaining)
    end;
  end if;

  perform private.take_throttle('passengers:changes', v_uid::text,
    'Too many joins and leaves. Please try again in %s.');

  insert into public.ride_waitlist (ride_id, user_id, passenger_count, dropoff_location)
  values (p_ride_id, v_uid, p_passenger_count, v_location)
  returning * into v_entry;

  return (
    select count(*)::integer from public.ride_waitlist w
     where w.ride_id = p_ride_id and (w.created_at, w.id) <= (v_entry.created_at, v_entry.id)
  );
end;
$$;

-- As in 20261124000400_vendor_approval.sql, plus: a vendor riding as a passenger does not also
-- drive (it leaves the ride first). A vendor waiting on the ride's waitlist may take it: the
-- waitlist's fill skips the ride's driver.
create or replace function app.assign_ride(p_ride_id integer)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid integer := private.require_user();
  v_status text;
  v_ride public.rides;
  v_upcoming integer;
begin
  if not exists (select 1 from public.users where id = v_uid and is_vendor) then
    raise exception using errcode = 'PT403', message = 'Only vendors can assign rides';
  end if;
  select status into v_status from public.vendor_applications where user_id = v_uid for update;
  if v_status is distinct from 'approved' then
    raise exception using errcode = 'PT403', message = case v_status
      when 'revoked' then 'Your vendor account is no longer approved by the admin, so it cannot take rides'
      else 'Your vendor account is waiting for the admin''s approval'
    end;
  end if;

  v_ride := private.lock_ride(p_ride_id);
  if v_ride.status <> 'open' then
    raise exception using errcode = 'PT409', message = 'This ride has already been assigned';
  end if;
  if v_ride.date <= now() then
    raise exception using errcode = 'PT409', message = 'This ride is in the past';
  end if;
  if exists (select 1 from public.ride_passengers where ride_id = v_ride.id and user_id = v_uid) then
    raise exception using errcode = 'PT409',
      message = 'You are a passenger on this ride: leave it before you take it as its driver';
  end if;

  select count(*) into v_upcoming from public.rides
   where vendor_id = v_uid and status = 'assigned' and date > now();
  if v_upcoming >= 10 then
    raise exception using errcode = 'PT409',
      message = 'You already have 10 upcoming assigned rides, the most a vendor can hold at once. Release one or wait until one has departed';
  end if;

  update public.rides set status = 'assigned', vendor_id = v_uid where id = v_ride.id;
end;
$$;

-- The two new kinds ------------------------------------------------------------------------

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
  'vendor_revoked'
));

alter table public.push_subscriptions drop constraint push_subscriptions_kinds_check;
alter table public.push_subscriptions add constraint push_subscriptions_kinds_check check (
  kinds <@ array[
    'passenger_joined', 'passenger_left', 'removed_from_ride', 'ride_changed', 'ride_deleted',
    'vendor_assigned', 'vendor_released', 'waitlist_seat', 'sequence_locked',
    'payment_reminder', 'return_trip', 'vendor_approved', 'vendor_revoked'
  ]::text[]
);

-- The admin's decision reaches the vendor, from every path that writes it (private.decide_vendor
-- for the api and the SQL editor, or an edit of the row in the dashboard). Filing again
-- (back to 'pending') is the vendor's own doing and tells nobody.
create function private.vendor_applications_notify()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.status in ('approved', 'revoked') then
    perform private.notify(
      new.user_id, null,
      case new.status when 'approved' then 'vendor_approved' else 'vendor_revoked' end,
      jsonb_build_object('vendorName', (
        select coalesce(nullif(btrim(company_name), ''), private.member_display_name(id))
          from public.users where id = new.user_id))
    );
  end if;
  return null;
end;
$$;

create trigger vendor_applications_notify
  after update of status on public.vendor_applications
  for each row
  when (old.status is distinct from new.status)
  execute function private.vendor_applications_notify();

-- As in 20261201000200_notification_events.sql, plus what the date and the pickup were.
create or replace function private.rides_notify_changes()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_params jsonb := private.ride_event_params(new);
  v_changed text[] := array[]::text[];
  v_before jsonb := '{}'::jsonb;
  v_recipient integer;
begin
  if old.date is distinct from new.date then
    v_changed := array_append(v_changed, 'date');
    v_before := v_before || jsonb_build_object('previousDate', private.ride_event_params(old) -> 'date');
  end if;
  if old.pickup_location is distinct from new.pickup_location then
    v_changed := array_append(v_changed, 'pickup');
    -- Long addresses are cut: the whole event must stay within the row's 4,000 bytes.
    v_before := v_before || jsonb_strip_nulls(jsonb_build_object(
      'previousPickup', left(old.pickup_location, 200),
      'pickup', left(new.pickup_location, 200)
    ));
  end if;
  if private.stop_names(old.dropoff_locations) is distinct from private.stop_names(new.dropoff_locations) then
    v_changed := array_append(v_changed, 'stops');
  end if;

  if cardinality(v_changed) > 0 then
    for v_recipient in
      select new.creator_id
      union
      select p.user_id from public.ride_passengers p where p.ride_id = new.id
    loop
      perform private.notify(v_recipient, new.id, 'ride_changed',
        v_params || v_before || jsonb_build_object('changed', to_jsonb(v_changed)));
    end loop;
  end if;

  if old.vendor_id is distinct from new.vendor_id then
    for v_recipient in
      select new.creator_id
      union
      select p.user_id from public.ride_passengers p where p.ride_id = new.id
    loop
      if new.vendor_id is not null then
        perform private.notify(v_recipient, new.id, 'vendor_assigned',
          v_params || jsonb_build_object('vendorName', (
            select coalesce(nullif(btrim(company_name), ''), private.member_display_name(id))
              from public.users where id = new.vendor_id)));
      else
        perform private.notify(v_recipient, new.id, 'vendor_released', v_params);
      end if;
    end loop;
  end if;

  -- Only FC->SG rides have an ordered drop-off list (SPEC, private.lock_ride_for_sequence).
  if new.direction = 'FC->SG' and not old.sequence_locked and new.sequence_locked then
    for v_recipient in select p.user_id from public.ride_passengers p where p.ride_id = new.id loop
      perform private.notify(v_recipient, new.id, 'sequence_locked', v_params);
    end loop;
  end if;
  return null;
end;
$$;

revoke all on function
  private.refuse_join(public.rides, integer),
  private.vendor_applications_notify()
from public, anon, authenticated, service_role;
