-- Migration: a hand-over tells those aboard once (issue 26 §2)
-- Purpose: accepting a hand-over moves the ride's stop to the new organiser's, and
--          private.rides_notify_changes told every passenger "ride changed" beside the
--          "handed over" notification app.accept_ride_handover writes. The trigger now stays
--          quiet while a hand-over runs (private.handing_over), as it does for a series' bulk
--          change.
-- Affects: private.rides_notify_changes (create or replace; same signature and trigger).
-- Rollback: restore private.rides_notify_changes from 20261201003300_ride_series_changes.sql.

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
  -- A change of a series' later dates: its function tells each member once for all of them.
  -- A hand-over moves the new organiser's stop: app.accept_ride_handover tells everyone aboard
  -- of the hand-over, which says it.
  if private.series_bulk() or private.handing_over() then
    return null;
  end if;
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
