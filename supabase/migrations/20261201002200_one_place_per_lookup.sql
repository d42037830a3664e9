-- Migration: one place for what the database functions repeated (issue 23 §2, §6)
-- Purpose: - private.find_ride is the one "Ride not found" (private.lock_ride locks the row, then
--            asks it; app.ride_waitlist and app.ride_vendor ask it), private.lock_ride_passenger
--            the one "Passenger not found on this ride" (moving, removing, confirming a payment).
--          - private.take_window is private.take_throttle and private.take_brake, which differed
--            only in how long to wait; both keep their signatures and call it.
--          - private.vendor_display_name is how a notification names a vendor (assigned, approved,
--            revoked), and private.rides_notify_changes reads the ride's riders once for all of
--            its events instead of once per event.
--          Behaviour, statuses, texts and codes are unchanged.
-- Affects: functions only (create or replace; no signature changes, so grants stay). Generated
--          from supabase/schemas/ (the bodies are the schema files' to the letter).
-- Rollback: re-create the ten functions from 20261201002100's state of supabase/schemas/ and drop
--          the four new private helpers.

create or replace function private.take_window(p_limit text, p_subject text, p_message text, p_brake boolean) returns void
    language plpgsql
    set search_path to ''
as $$
declare
  v_max integer;
  v_window integer;
  v_count integer;
  v_last timestamp with time zone;
  v_retry integer;
begin
  select * into v_max, v_window, v_count, v_last from private.open_throttle(p_limit, p_subject);
  if not found then
    return;
  end if;

  if v_count >= v_max then
    if p_brake then
      v_retry := ceil(v_window::double precision / greatest(v_max, 1) - extract(epoch from now() - v_last))::integer;
    else
      select ceil(extract(epoch from happened_at + make_interval(secs => v_window) - now()))::integer
        into v_retry
        from private.throttle_events
       where limit_name = p_limit and subject = p_subject
         and happened_at > now() - make_interval(secs => v_window)
       order by happened_at
      offset v_count - v_max
       limit 1;
      v_retry := greatest(coalesce(v_retry, v_window), 1);
    end if;
    if v_retry > 0 then
      perform private.refuse_throttled(p_limit, p_message, v_retry);
    end if;
  end if;

  insert into private.throttle_events (limit_name, subject) values (p_limit, p_subject);
end;
$$;

revoke all on function private.take_window(p_limit text, p_subject text, p_message text, p_brake boolean) from public;

create or replace function private.find_ride(p_ride_id integer) returns public.rides
    language plpgsql stable
    set search_path to ''
as $$
declare
  v_ride public.rides;
begin
  select * into v_ride from public.rides where id = p_ride_id;
  if not found then
    raise exception using errcode = 'PT404', message = 'Ride not found', hint = 'ride_not_found';
  end if;
  return v_ride;
end;
$$;

revoke all on function private.find_ride(p_ride_id integer) from public;

create or replace function private.lock_ride_passenger(p_ride_id integer, p_passenger_id integer) returns public.ride_passengers
    language plpgsql
    set search_path to ''
as $$
declare
  v_entry public.ride_passengers;
begin
  select * into v_entry
    from public.ride_passengers where id = p_passenger_id and ride_id = p_ride_id
     for update;
  if not found then
    raise exception using errcode = 'PT404', message = 'Passenger not found on this ride', hint = 'passenger_not_found';
  end if;
  return v_entry;
end;
$$;

revoke all on function private.lock_ride_passenger(p_ride_id integer, p_passenger_id integer) from public;

create or replace function private.vendor_display_name(p_user_id integer) returns text
    language sql stable security definer
    set search_path to ''
as $$
  select coalesce(nullif(btrim(company_name), ''), private.member_display_name(id))
    from public.users where id = p_user_id
$$;

revoke all on function private.vendor_display_name(p_user_id integer) from public;

create or replace function private.take_brake(p_limit text, p_subject text, p_message text) returns void
    language plpgsql
    set search_path to ''
as $$
begin
  perform private.take_window(p_limit, p_subject, p_message, true);
end;
$$;

create or replace function private.take_throttle(p_limit text, p_subject text, p_message text) returns void
    language plpgsql
    set search_path to ''
as $$
begin
  perform private.take_window(p_limit, p_subject, p_message, false);
end;
$$;

create or replace function private.lock_ride(p_ride_id integer) returns public.rides
    language plpgsql
    set search_path to ''
as $$
begin
  perform 1 from public.rides where id = p_ride_id for update;
  return private.find_ride(p_ride_id);
end;
$$;

create or replace function app.move_ride_passenger(p_ride_id integer, p_passenger_id integer, p_position integer) returns void
    language plpgsql security definer
    set search_path to ''
as $$
declare
  v_ride public.rides := private.lock_ride_for_sequence(p_ride_id);
  v_count integer;
begin
  perform private.lock_ride_passenger(p_ride_id, p_passenger_id);

  select count(*) into v_count from public.ride_passengers where ride_id = v_ride.id;
  if p_position < 1 or p_position > v_count then
    raise exception using errcode = 'PT400',
      message = format('Sequence must be between 1 and %s', v_count), hint = 'sequence_out_of_range';
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

create or replace function app.remove_ride_passenger(p_ride_id integer, p_passenger_id integer) returns void
    language plpgsql security definer
    set search_path to ''
as $$
declare
  v_uid integer := private.require_user();
  v_ride public.rides := private.lock_ride(p_ride_id);
  v_passenger public.ride_passengers := private.lock_ride_passenger(p_ride_id, p_passenger_id);
begin

  if v_passenger.user_id <> v_uid then
    perform private.refuse_ride_change(v_ride, v_uid, 'passenger_remove');
  end if;
  -- SPEC §4: a past ride keeps its passengers, so its record and cost split stay as travelled.
  perform private.refuse_past_change(v_ride, 'passenger_delete');

  delete from public.ride_passengers where id = p_passenger_id;

  -- Close the gap so the remaining stops still read 1, 2, 3...
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
end;
$$;

create or replace function app.ride_waitlist(p_ride_id integer) returns json
    language plpgsql stable security definer
    set search_path to ''
as $$
declare
  v_uid integer := private.require_user();
  v_ride public.rides := private.find_ride(p_ride_id);
begin
  return (
    with queue as (
      select w.*, row_number() over (order by w.created_at, w.id) as position
        from public.ride_waitlist w
       where w.ride_id = p_ride_id
    )
    select json_build_object(
      'mine', (
        select json_build_object(
          'position', q.position,
          'passengerCount', q.passenger_count,
          'dropoffLocation', q.dropoff_location
        )
          from queue q where q.user_id = v_uid
      ),
      'entries', case when v_ride.creator_id = v_uid then coalesce((
        select json_agg(json_build_object(
          'position', q.position,
          'userId', q.user_id,
          'name', coalesce(nullif(btrim(u.name), ''), 'Member #' || u.id),
          'passengerCount', q.passenger_count
        ) order by q.position)
          from queue q join public.users u on u.id = q.user_id
      ), '[]'::json) else '[]'::json end,
      'waiting', (select count(*) from queue)
    )
  );
end;
$$;

create or replace function app.confirm_payment(p_ride_id integer, p_passenger_id integer, p_paid boolean) returns void
    language plpgsql security definer
    set search_path to ''
as $$
declare
  v_uid integer := private.require_user();
  v_ride public.rides := private.lock_ride(p_ride_id);
  v_entry public.ride_passengers;
begin
  perform private.refuse_ride_change(v_ride, v_uid, 'payment_confirm');
  v_entry := private.lock_ride_passenger(p_ride_id, p_passenger_id);

  if p_paid then
    if v_entry.payment_status <> 'paid' then
      update public.ride_passengers set payment_status = 'paid', paid_at = now() where id = v_entry.id;
    end if;
  elsif v_entry.payment_status <> 'unpaid' then
    update public.ride_passengers
       set payment_status = 'unpaid', claimed_at = null, paid_at = null
     where id = v_entry.id;
  end if;
end;
$$;

create or replace function private.rides_notify_changes() returns trigger
    language plpgsql security definer
    set search_path to ''
as $$
declare
  v_params jsonb := private.ride_event_params(new);
  v_changed text[] := array[]::text[];
  v_before jsonb := '{}'::jsonb;
  v_vendor_name text;
  -- The organiser and the passengers, read once for every event below.
  v_riders integer[] := array(
    select new.creator_id
    union
    select p.user_id from public.ride_passengers p where p.ride_id = new.id
  );
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
    foreach v_recipient in array v_riders loop
      perform private.notify(v_recipient, new.id, 'ride_changed',
        v_params || v_before || jsonb_build_object('changed', to_jsonb(v_changed)));
    end loop;
  end if;

  if old.vendor_id is distinct from new.vendor_id then
    v_vendor_name := private.vendor_display_name(new.vendor_id);
    foreach v_recipient in array v_riders loop
      if new.vendor_id is not null then
        perform private.notify(v_recipient, new.id, 'vendor_assigned',
          v_params || jsonb_build_object('vendorName', v_vendor_name));
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

create or replace function private.vendor_applications_notify() returns trigger
    language plpgsql security definer
    set search_path to ''
as $$
begin
  if new.status in ('approved', 'revoked') then
    perform private.notify(
      new.user_id, null,
      case new.status when 'approved' then 'vendor_approved' else 'vendor_revoked' end,
      jsonb_build_object('vendorName', private.vendor_display_name(new.user_id))
    );
  end if;
  return null;
end;
$$;

create or replace function app.ride_vendor(p_ride_id integer) returns json
    language plpgsql stable security definer
    set search_path to ''
as $$
declare
  v_uid integer := private.require_user();
  v_ride public.rides := private.find_ride(p_ride_id);
begin
  if v_ride.creator_id <> v_uid and v_ride.vendor_id is distinct from v_uid and not exists (
    select 1 from public.ride_passengers where ride_id = p_ride_id and user_id = v_uid
  ) then
    raise exception using errcode = 'PT403',
      message = 'Only the organizer, the passengers and the vendor of this ride can see its vendor',
      hint = 'vendor_details_private';
  end if;
  if v_ride.vendor_id is null then
    return null;
  end if;
  return (
    select json_build_object(
      'id', u.id,
      'companyName', u.company_name,
      'driverName', u.driver_details ->> 'name',
      'driverContact', u.driver_details ->> 'contact',
      'carNumber', u.driver_details ->> 'carNumber',
      'discordUsername', u.discord_username,
      'whatsappNumber', u.whatsapp_number,
      'malaysianNumber', u.malaysian_number
    )
      from public.users u where u.id = v_ride.vendor_id
  );
end;
$$;
