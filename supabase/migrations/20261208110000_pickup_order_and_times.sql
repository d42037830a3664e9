-- Migration: SG->FC pickups get an order and a time per stop
-- Purpose: issue 37 §3. Going to Forest City the pickups had no order and no time: passengers
--          asked the organiser when the car would come. The organiser or the assigned driver
--          now orders the pickups as FC->SG's drop-offs are ordered (draft moves, the same lock
--          in rides.sequence_locked and ride_passengers.dropoff_sequence, unlock) and sets
--          about when each party is picked up (ride_passengers.pickup_time, Singapore time on
--          the ride's day, to the minute). The times follow the ride's time of day when it
--          changes, and go when its direction does (ADR 0040).
-- Affects: adds ride_passengers.pickup_time (nullable, no default: no row is rewritten) with
--          its check, app.set_pickup_time, private.rides_move_pickup_times and its trigger on
--          rides; replaces private.lock_drop_off_order (SG->FC rides, the assigned vendor too),
--          private.lock_ride_for_sequence, app.unlock_ride_sequence (the pickup order's own
--          refusals), private.refuse_past_change and private.refuse_ride_change (their
--          pickup-order cases).
-- Rollback: drop the trigger rides_move_pickup_times, the functions app.set_pickup_time and
--           private.rides_move_pickup_times, and the column ride_passengers.pickup_time; restore
--           private.lock_drop_off_order, private.lock_ride_for_sequence, app.unlock_ride_sequence,
--           private.refuse_past_change and private.refuse_ride_change from the migrations that
--           last replaced them.

alter table public.ride_passengers add column pickup_time time without time zone;

alter table public.ride_passengers
    add constraint ride_passengers_pickup_time_check check (((pickup_time < '24:00:00'::time without time zone) and (EXTRACT(second FROM pickup_time) = (0)::numeric)));

comment on column public.ride_passengers.pickup_time is 'SG->FC only: about when the car picks this party up, Singapore time on the ride''s day, to the minute; set by the organiser or the assigned driver (app.set_pickup_time, ADR 0040).';

-- The ride whose stop order the caller changes (lock, move, unlock), locked as
-- private.lock_ride does. Going to Singapore it is the drop-off order, its organiser's (SPEC
-- §2); going to Forest City it is the pickup order (issue 37 §3, ADR 0040), which the assigned
-- driver may set too: the driver plans the pickups.
create or replace function private.lock_drop_off_order(p_ride_id integer) returns public.rides
    language plpgsql
    set search_path to ''
as $$
declare
  v_uid integer := private.require_user();
  v_ride public.rides := private.lock_ride(p_ride_id);
begin
  if v_ride.direction = 'SG->FC' then
    if v_ride.vendor_id is distinct from v_uid then
      perform private.refuse_ride_change(v_ride, v_uid, 'pickup_order');
    end if;
  else
    perform private.refuse_ride_change(v_ride, v_uid, 'sequence');
  end if;
  return v_ride;
end;
$$;

-- The steps of a stop order that the lock stops: moves and the lock itself, of the FC->SG
-- drop-off sequence or the SG->FC pickup order.
--
-- As in 20261122000400_ride_functions.sql, plus: a past ride's stop order is its record.
create or replace function private.lock_ride_for_sequence(p_ride_id integer) returns public.rides
    language plpgsql
    set search_path to ''
as $$
declare
  v_ride public.rides := private.lock_drop_off_order(p_ride_id);
begin
  if v_ride.direction = 'SG->FC' then
    perform private.refuse_past_change(v_ride, 'pickup_order');
    if v_ride.sequence_locked then
      raise exception using errcode = 'PT409', message = 'The pickup order is locked', hint = 'pickup_order_locked';
    end if;
  else
    perform private.refuse_past_change(v_ride, 'sequence');
    if v_ride.sequence_locked then
      raise exception using errcode = 'PT409', message = 'The drop-off sequence is locked', hint = 'sequence_locked';
    end if;
  end if;
  return v_ride;
end;
$$;

create or replace function app.unlock_ride_sequence(p_ride_id integer) returns void
    language plpgsql security definer
    set search_path to ''
as $$
declare
  -- The ride row stays locked (FOR UPDATE) until the end: a join waits, then sees it unlocked.
  v_ride public.rides := private.lock_drop_off_order(p_ride_id);
begin
  if v_ride.direction = 'SG->FC' then
    perform private.refuse_past_change(v_ride, 'pickup_order_unlock');
    if not v_ride.sequence_locked then
      raise exception using errcode = 'PT409', message = 'The pickup order is not locked',
        hint = 'pickup_order_not_locked';
    end if;
  else
    perform private.refuse_past_change(v_ride, 'sequence_unlock');
    if not v_ride.sequence_locked then
      raise exception using errcode = 'PT409', message = 'The drop-off sequence is not locked',
        hint = 'sequence_not_locked';
    end if;
  end if;

  -- The stops in the order they had (the order the passenger list shows) become the draft.
  update public.ride_passengers p
  set dropoff_sequence = null, sort_position = o.position
  from (
    select id, row_number() over (
      order by coalesce(dropoff_sequence, sort_position, 32767), created_at, id
    ) as position
    from public.ride_passengers where ride_id = v_ride.id
  ) o
  where p.id = o.id;

  update public.rides set sequence_locked = false where id = v_ride.id;
end;
$$;

-- What a past ride keeps (SPEC §4: its record as travelled, and its cost split): refuses
-- p_change of p_ride once it has departed. The admin may correct the record (but neither joins
-- a past ride, nor takes or releases it as its vendor, nor unlocks its drop-off or pickup
-- order), and so may the system (no caller: migrations, the owner's scripts). Every
-- history-kept refusal is here, in the words of the change refused.
create or replace function private.refuse_past_change(p_ride public.rides, p_change text) returns void
    language plpgsql stable
    set search_path to ''
as $$
begin
  if p_ride.date > now() or app.current_user_id() is null then
    return;
  end if;
  if app.is_admin() and p_change not in ('join', 'sequence_unlock', 'pickup_order_unlock', 'vendor_assign', 'vendor_release') then
    return;
  end if;
  case p_change
    when 'ride_update' then
      raise exception using errcode = 'PT409',
        message = 'This ride is in the past and can no longer be changed: it is the record of the trip',
        hint = 'past_ride_unchangeable';
    when 'ride_delete' then
      raise exception using errcode = 'PT409',
        message = 'This ride is in the past and can no longer be deleted: it is the record of the trip',
        hint = 'past_ride_undeletable';
    when 'join', 'passenger_insert' then
      raise exception using errcode = 'PT409', message = 'This ride is in the past and cannot be joined',
        hint = 'past_ride_unjoinable';
    when 'passenger_delete' then
      raise exception using errcode = 'PT409', message = 'Passengers cannot be removed from a past ride',
        hint = 'past_ride_passengers_stay';
    when 'passenger_update' then
      raise exception using errcode = 'PT409',
        message = 'The passengers of a past ride can no longer be changed: they are the record of the trip',
        hint = 'past_ride_passengers_unchangeable';
    when 'sequence' then
      raise exception using errcode = 'PT409', message = 'The drop-off sequence of a past ride cannot be changed',
        hint = 'past_sequence_change';
    when 'sequence_unlock' then
      raise exception using errcode = 'PT409', message = 'The drop-off sequence of a past ride cannot be unlocked',
        hint = 'past_sequence_unlock';
    when 'pickup_order' then
      raise exception using errcode = 'PT409', message = 'The pickup order of a past ride cannot be changed',
        hint = 'past_pickup_order_change';
    when 'pickup_order_unlock' then
      raise exception using errcode = 'PT409', message = 'The pickup order of a past ride cannot be unlocked',
        hint = 'past_pickup_order_unlock';
    when 'pickup_time' then
      raise exception using errcode = 'PT409', message = 'The pickup times of a past ride cannot be changed',
        hint = 'past_pickup_time_change';
    when 'vendor_assign' then
      raise exception using errcode = 'PT409', message = 'This ride is in the past', hint = 'ride_in_past';
    when 'vendor_release' then
      raise exception using errcode = 'PT409', message = 'This ride is in the past: its vendor stays on record',
        hint = 'past_ride_vendor_stays';
  end case;
end;
$$;

-- Who may change a ride: its organiser. Refuses p_change by p_user_id otherwise, in the words of
-- the change refused. A caller that lets someone else do it too (the passenger their own entry,
-- the vendor its assignment) asks only for the others.
create or replace function private.refuse_ride_change(p_ride public.rides, p_user_id integer, p_change text) returns void
    language plpgsql stable
    set search_path to ''
as $$
begin
  if p_ride.creator_id = p_user_id then
    return;
  end if;
  case p_change
    when 'sequence' then
      raise exception using errcode = 'PT403', message = 'Only the organizer can change the drop-off sequence',
        hint = 'sequence_organizer_only';
    when 'pickup_order' then
      raise exception using errcode = 'PT403',
        message = 'Only the organizer or the assigned driver can change the pickup order',
        hint = 'pickup_order_forbidden';
    when 'passenger_remove' then
      raise exception using errcode = 'PT403', message = 'Only the organizer or the passenger can remove this entry',
        hint = 'remove_passenger_forbidden';
    when 'payment_confirm' then
      raise exception using errcode = 'PT403', message = 'Only the organizer can confirm payments',
        hint = 'confirm_payment_organizer_only';
    when 'payment_remind' then
      raise exception using errcode = 'PT403', message = 'Only the organizer can remind passengers to pay',
        hint = 'remind_organizer_only';
    when 'vendor_release' then
      raise exception using errcode = 'PT403', message = 'Only the organizer or the assigned vendor can release this ride',
        hint = 'release_forbidden';
  end case;
end;
$$;

-- Sets, or with null clears, about when the car picks a passenger of a Singapore to Forest City
-- ride up (issue 37 §3): Singapore time on the ride's day, to the minute. The organiser or the
-- assigned driver, as for the pickup order, until the ride departs; the order's lock does not
-- hold the times, which the driver refines up to the day (ADR 0040).
create function app.set_pickup_time(p_ride_id integer, p_passenger_id integer, p_pickup_time time without time zone) returns void
    language plpgsql security definer
    set search_path to ''
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
      hint = 'invalid_input';
  end if;

  update public.ride_passengers set pickup_time = p_pickup_time where id = p_passenger_id;
end;
$$;

revoke all on function app.set_pickup_time(p_ride_id integer, p_passenger_id integer, p_pickup_time time without time zone) from public;
grant all on function app.set_pickup_time(p_ride_id integer, p_passenger_id integer, p_pickup_time time without time zone) to authenticated;

-- The pickup times follow the ride (ADR 0040): a new time of day moves them by as much, since
-- the driver planned them from the departure; a new direction clears them, a time being only
-- for SG->FC. A new day at the same time leaves them.
create function private.rides_move_pickup_times() returns trigger
    language plpgsql security definer
    set search_path to ''
as $$
declare
  -- To the minute, as the times are: a date may carry seconds.
  v_shift interval := date_trunc('minute', new.date at time zone 'Asia/Singapore')::time
                      - date_trunc('minute', old.date at time zone 'Asia/Singapore')::time;
begin
  if new.direction <> 'SG->FC' then
    update public.ride_passengers set pickup_time = null where ride_id = new.id and pickup_time is not null;
  elsif v_shift <> interval '0' then
    update public.ride_passengers set pickup_time = pickup_time + v_shift
     where ride_id = new.id and pickup_time is not null;
  end if;
  return null;
end;
$$;

revoke all on function private.rides_move_pickup_times() from public;

create trigger rides_move_pickup_times
  after update of date, direction on public.rides
  for each row
  when ((old.date is distinct from new.date) or (old.direction is distinct from new.direction))
  execute function private.rides_move_pickup_times();
