-- Migration: no pushes for a suspended member
-- Purpose: issue 35 §6. A suspension left the member's push devices, ride alerts and follows,
--          so pushes kept coming while they could not even log in. private.queue_push now
--          queues nothing for a member whose suspension runs (for good, or until a time still
--          ahead); their devices, alerts and follows stay, so the pushes come back once it ends
--          or is lifted. The in-app inbox is unchanged.
-- Affects: private.queue_push (create or replace; same signature, trigger and grants stay).
-- Rollback: create or replace private.queue_push with its text in 20261201002610.

-- What an event queues for push: the member's devices that opted into its kind, newest first;
-- for a ride's event, no more than the ride's window has room for, and "ride changed" only
-- when the member's devices were not woken for this ride within its window. Nothing for a
-- member while suspended (issue 35 §6): their devices, alerts and follows stay, so the pushes
-- come back when the suspension ends or is lifted, with nothing to restore.
create or replace function private.queue_push() returns trigger
    language plpgsql security definer
    set search_path to ''
as $$
declare
  v_row record;
  v_devices bigint[];
begin
  -- Once per statement: only the inserted rows whose member has a device opted into their kind
  -- are visited, so telling many members without push devices costs one join (ADR 0024).
  for v_row in
    select i.id, i.user_id, i.ride_id, i.kind,
           array_agg(s.id order by s.saved_at desc, s.id desc) as devices
      from inserted i
      join public.push_subscriptions s on s.user_id = i.user_id and i.kind = any (s.kinds)
     where private.suspended_until(i.user_id) is null
     group by i.id, i.user_id, i.ride_id, i.kind
     order by i.id
  loop
    v_devices := v_row.devices;
    if v_row.ride_id is not null then
      if v_row.kind = 'ride_changed'
         and private.take_throttle_room('push:ride-changed', v_row.ride_id || ':' || v_row.user_id, 1) = 0 then
        continue;
      end if;
      v_devices := v_devices[1:private.take_throttle_room('push:ride', v_row.ride_id::text, cardinality(v_devices))];
    end if;

    insert into private.push_outbox (notification_id, subscription_id)
    select v_row.id, device from unnest(v_devices) as device;
  end loop;
  return null;
end;
$$;
