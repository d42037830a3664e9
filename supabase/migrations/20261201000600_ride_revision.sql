-- Migration: a ride's revision, for calendar files
-- Purpose: "Add to calendar" (issue 13 §4) hands out an .ics whose UID is the same for a ride
--          every time and whose SEQUENCE is this counter, so a calendar that already holds the
--          ride replaces it by the newer file (RFC 5545 §3.8.7.4). It grows whenever something
--          the event shows changes: the date, the direction, the pickup, the organiser's stops,
--          the drop-off lock, the recommended driver booked, the vendor assigned; and the
--          passengers' stops and their order (a join, a leave, a moved or locked stop).
-- Affects: new column public.rides.revision; new triggers rides_bump_revision (before update
--          on public.rides) and ride_passengers_bump_revision (after insert, update or delete
--          on public.ride_passengers); new functions private.rides_bump_revision,
--          private.ride_passengers_bump_revision.
-- Notes: only the database writes it: no API role has an insert or update grant on the column,
--        and the trigger sets it on every write that changes what the event shows. The rides
--        trigger is a column list and a WHEN clause, so edits the calendar does not show (seats,
--        the organiser's party) cost nothing. A passenger change bumps its ride with one more
--        update of the ride row, which the ride functions have locked already; that update names
--        only revision, so it never re-fires rides_bump_revision. Names and contacts shown in
--        the event (organiser, vendor, driver) are read when the file is made and do not bump
--        it: a calendar re-imports the file anyway, a higher SEQUENCE only makes it certain.
--        On a past ride members cannot change the ride or its passengers
--        (20261124000520_history_kept.sql refuses first), so the bump never meets that rule
--        except for the admin and the owner, who are exempt from it.
--        Runs unchanged on PostgreSQL 15, Supabase (17) and PGlite (18).

alter table public.rides add column revision integer not null default 0 check (revision >= 0);
comment on column public.rides.revision is
  'Grows when what a calendar shows of the ride changes; the SEQUENCE of its .ics file.';

create function private.rides_bump_revision()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.revision := old.revision + 1;
  return new;
end;
$$;

create trigger rides_bump_revision
  before update of date, direction, pickup_location, dropoff_locations, sequence_locked,
    driver_contact_id, vendor_id
  on public.rides
  for each row
  when (
    old.date is distinct from new.date
    or old.direction is distinct from new.direction
    or old.pickup_location is distinct from new.pickup_location
    or old.dropoff_locations is distinct from new.dropoff_locations
    or old.sequence_locked is distinct from new.sequence_locked
    or old.driver_contact_id is distinct from new.driver_contact_id
    or old.vendor_id is distinct from new.vendor_id
  )
  execute function private.rides_bump_revision();

-- Security definer: the member whose join or leave this is may not update the ride row.
create function private.ride_passengers_bump_revision()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE'
     and new.ride_id = old.ride_id
     and new.dropoff_location is not distinct from old.dropoff_location
     and new.sort_position is not distinct from old.sort_position
     and new.dropoff_sequence is not distinct from old.dropoff_sequence then
    return null;
  end if;
  -- A ride being deleted has gone already: its passengers' cascade updates nothing here.
  update public.rides set revision = revision + 1
   where id in (
     case when tg_op <> 'INSERT' then old.ride_id end,
     case when tg_op <> 'DELETE' then new.ride_id end
   );
  return null;
end;
$$;

create trigger ride_passengers_bump_revision
  after insert or delete or update of ride_id, dropoff_location, sort_position, dropoff_sequence
  on public.ride_passengers
  for each row execute function private.ride_passengers_bump_revision();

revoke all on function private.rides_bump_revision(), private.ride_passengers_bump_revision()
  from public, anon, authenticated, service_role;
