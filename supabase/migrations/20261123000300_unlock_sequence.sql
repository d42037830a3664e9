-- Migration: unlock the drop-off sequence
-- Purpose: the organiser of an FC->SG ride can take back a lock, to place someone who joined
--          after it (such a joiner gets the next stop number, so is otherwise stuck as the last
--          stop). Unlocking clears every passenger's dropoff_sequence and keeps the locked order
--          as the draft (sort_position 1..n, the late joiners last), so the organiser can move
--          the late joiner and lock again.
-- Affects: new function public.unlock_ride_sequence(integer); writes public.rides.sequence_locked
--          and public.ride_passengers.dropoff_sequence and sort_position of that ride only.
-- Errors: SQLSTATE 'PTnnn' carries the HTTP status nnn, as in the other ride functions:
--         401 not logged in, 404 no such ride, 403 not the organiser, 409 an SG->FC ride, a past
--         ride, or a sequence that is not locked.
-- Notes: keeps ADR 0002's pairing: rides.sequence_locked is true exactly when the organiser has
--        locked, and then every passenger has a dropoff_sequence (lock numbers everyone, a join
--        after the lock gets the next number, a removal closes the gap); unlocking clears both.
--        So "locked on load when every passenger has a dropoff_sequence" (SPEC §4) cannot
--        re-lock an unlocked ride. Runs unchanged on PostgreSQL 15, Supabase (17) and PGlite (18).

create function public.unlock_ride_sequence(p_ride_id integer)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid integer := private.require_user();
  -- The ride row stays locked (FOR UPDATE) until the end: a join waits, then sees it unlocked.
  v_ride public.rides := private.lock_ride(p_ride_id);
begin
  if v_ride.creator_id <> v_uid then
    raise exception using errcode = 'PT403',
      message = 'Only the organizer can change the drop-off sequence';
  end if;
  if v_ride.direction <> 'FC->SG' then
    raise exception using errcode = 'PT409',
      message = 'A drop-off sequence applies only to Forest City to Singapore rides';
  end if;
  -- SPEC §4: a past ride keeps its record as travelled.
  if v_ride.date <= now() then
    raise exception using errcode = 'PT409',
      message = 'The drop-off sequence of a past ride cannot be unlocked';
  end if;
  if not v_ride.sequence_locked then
    raise exception using errcode = 'PT409', message = 'The drop-off sequence is not locked';
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

revoke execute on function public.unlock_ride_sequence(integer) from public, anon, authenticated;
grant execute on function public.unlock_ride_sequence(integer) to authenticated;
