-- Migration: a passenger stopping at the pickup, or at another's stop, is no extra stop
-- Purpose: issue 37 §2. "Clementi MRT Station, Exit B" was charged as an additional stop (+$5)
--          against the pickup "Clementi MRT Station, Exit B (beside the taxi stand)": stops were
--          compared as lower-cased, trimmed text. private.stop_key also drops punctuation,
--          spacing and a note in brackets (ADR 0038).
-- Affects: adds private.stop_key(text); replaces private.rides_derive_counts (same trigger).
--          A ride's extra stops follow the new rule at its next change (a join, a leave, an
--          edit): rewriting every upcoming ride here would touch rows an upgrade must keep.
-- Rollback: private.rides_derive_counts as in 20261122000200_derived_counts.sql, then
--           drop function private.stop_key(text).

-- How two stops are told apart (ADR 0038): case, punctuation, spacing and a note in brackets
-- do not make a new stop. "Clementi MRT Station, Exit B" and the pickup "Clementi MRT Station,
-- Exit B (beside the taxi stand)" are one place, and a passenger stopping there costs no extra
-- stop. _shared/stops.ts's stopKey is the same rule for the PWA.
create function private.stop_key(p_location text) returns text
    language sql immutable
    set search_path to ''
as $$
  select btrim(regexp_replace(
    regexp_replace(lower(coalesce(p_location, '')), '\([^)]*\)', ' ', 'g'),
    '[^[:alnum:]]+', ' ', 'g'))
$$;

revoke all on function private.stop_key(p_location text) from public;

create or replace function private.rides_derive_counts() returns trigger
    language plpgsql security definer
    set search_path to ''
as $$
declare
  v_organizer_stop text := private.stop_key(
    private.organizer_location(new.direction, new.pickup_location, new.dropoff_locations)
  );
begin
  select
    new.organizer_passenger_count + coalesce(sum(p.passenger_count), 0),
    count(distinct private.stop_key(p.dropoff_location))
      filter (where private.stop_key(p.dropoff_location) <> v_organizer_stop)
  into new.current_passengers, new.additional_stops
  from public.ride_passengers p
  where p.ride_id = new.id;

  if tg_op = 'UPDATE' then
    new.updated_at := now();
  end if;
  return new;
end;
$$;

revoke all on function private.rides_derive_counts() from public;
