-- Migration: derived ride counts
-- Purpose: keep rides.current_passengers (organiser's party + every passenger's party) and
--          rides.additional_stops (distinct passenger locations beyond the organiser's) true
--          whatever writes the rows, so no caller can make them drift.
-- Affects: public.rides, public.ride_passengers, public.users (updated_at).

create function private.touch_updated_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end;
$$;

-- The organiser's own stop: the pickup for SG->FC, the first drop-off for FC->SG.
-- Drop-off entries may be plain strings in older rows, hence the jsonb_typeof branch.
create function private.organizer_location(
  p_direction public.ride_direction,
  p_pickup_location text,
  p_dropoff_locations jsonb
)
returns text
language sql
immutable
set search_path = ''
as $$
  select case
    when p_direction = 'SG->FC' then p_pickup_location
    when jsonb_typeof(p_dropoff_locations -> 0) = 'string' then p_dropoff_locations ->> 0
    else p_dropoff_locations -> 0 ->> 'location'
  end
$$;

create function private.rides_derive_counts()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_organizer_stop text := lower(btrim(coalesce(
    private.organizer_location(new.direction, new.pickup_location, new.dropoff_locations), ''
  )));
begin
  select
    new.organizer_passenger_count + coalesce(sum(p.passenger_count), 0),
    count(distinct lower(btrim(p.dropoff_location)))
      filter (where lower(btrim(p.dropoff_location)) <> v_organizer_stop)
  into new.current_passengers, new.additional_stops
  from public.ride_passengers p
  where p.ride_id = new.id;

  if tg_op = 'UPDATE' then
    new.updated_at := now();
  end if;
  return new;
end;
$$;

create trigger rides_derive_counts
  before insert or update on public.rides
  for each row execute function private.rides_derive_counts();

-- A passenger change touches its ride, which re-derives the counts above; the ride's
-- check constraint then refuses any overbooking, even from a writer that skipped the
-- join function's friendlier checks.
create function private.ride_passengers_touch_ride()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    update public.rides set updated_at = now() where id = old.ride_id;
  end if;
  if tg_op in ('INSERT', 'UPDATE') and (tg_op = 'INSERT' or new.ride_id <> old.ride_id) then
    update public.rides set updated_at = now() where id = new.ride_id;
  end if;
  return null;
end;
$$;

create trigger ride_passengers_touch_ride
  after insert or delete or update of ride_id, passenger_count, dropoff_location
  on public.ride_passengers
  for each row execute function private.ride_passengers_touch_ride();

create trigger users_touch_updated_at
  before update on public.users
  for each row execute function private.touch_updated_at();
