-- Migration: history is kept
-- Purpose: a ride whose date has passed is the record of a trip (who travelled, the stops, the
--          cost split). Its organiser can no longer edit or delete it, and its passengers can no
--          longer be added, removed or moved, whatever path the write takes (a route, a ride
--          function, a future query); only the admin may still correct it.
-- Affects: new triggers rides_keep_history (before update or delete on public.rides) and
--          ride_passengers_keep_history (before insert, update or delete on
--          public.ride_passengers); new functions private.rides_keep_history,
--          private.ride_passengers_keep_history.
-- Errors: SQLSTATE 'PT409' (the api answers 409) with a message for the member.
-- Who it applies to: a transaction that acts for a member, i.e. one in which the api wrote a
--        caller (app.current_user_id() is set, 20261124000500_unforgeable_caller.sql), and that
--        member is not the admin. The check is on the caller, not on current_user, because the
--        ride functions run as their owner (security definer) and must be held to it too.
--        Transactions that act for no member are the owner's own: migrations, maintenance in
--        the SQL editor, a benchmark dating rides back, a test arranging a past ride; they
--        change rows as before. The API roles cannot pose as the owner: with no caller they
--        match no write policy (and anon has no write grant).
-- Derived counts: a change to the derived columns only (current_passengers, additional_stops,
--        updated_at, which the database itself keeps) is let through, so re-deriving a past
--        ride's counts never fails. Passenger changes on a past ride are refused before they
--        reach the ride, so for members it only happens when the admin corrects a record.
-- Deleting a member: only the admin (or the owner) deletes an account. Both are exempt, so the
--        foreign keys cascade as before: the member's rides (past ones too) and their passenger
--        entries go, and the past rides they were on re-derive their counts. That is the point
--        of deleting an account (a member asking to be forgotten takes their data with them);
--        nobody else can remove anything from the record.
-- Notes: the past is `date <= now()`, as in join_ride and remove_ride_passenger; now() is the
--        transaction's start. Runs unchanged on PostgreSQL 15, Supabase (17) and PGlite (18).

create function private.rides_keep_history()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if old.date > now() or app.current_user_id() is null or app.is_admin() then
    return case when tg_op = 'DELETE' then old else new end;
  end if;
  if tg_op = 'DELETE' then
    raise exception using errcode = 'PT409',
      message = 'This ride is in the past and can no longer be deleted: it is the record of the trip';
  end if;
  -- Every column but the derived ones and updated_at, so a column added later is held too.
  if (to_jsonb(old) - array['current_passengers', 'additional_stops', 'updated_at'])
     is distinct from (to_jsonb(new) - array['current_passengers', 'additional_stops', 'updated_at']) then
    raise exception using errcode = 'PT409',
      message = 'This ride is in the past and can no longer be changed: it is the record of the trip';
  end if;
  return new;
end;
$$;

create trigger rides_keep_history
  before update or delete on public.rides
  for each row execute function private.rides_keep_history();

-- Security definer: reads the ride's date whatever the caller may read. A ride that is gone
-- (its own delete cascading here) has been allowed by rides_keep_history already.
create function private.ride_passengers_keep_history()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_past boolean;
begin
  if app.current_user_id() is null or app.is_admin() then
    return case when tg_op = 'DELETE' then old else new end;
  end if;
  select bool_or(r.date <= now()) into v_past
    from public.rides r
   where r.id in (
     case when tg_op <> 'INSERT' then old.ride_id end,
     case when tg_op <> 'DELETE' then new.ride_id end
   );
  if coalesce(v_past, false) then
    raise exception using errcode = 'PT409', message = case tg_op
      when 'INSERT' then 'This ride is in the past and cannot be joined'
      when 'DELETE' then 'Passengers cannot be removed from a past ride'
      else 'The passengers of a past ride can no longer be changed: they are the record of the trip'
    end;
  end if;
  return case when tg_op = 'DELETE' then old else new end;
end;
$$;

create trigger ride_passengers_keep_history
  before insert or update or delete on public.ride_passengers
  for each row execute function private.ride_passengers_keep_history();

revoke all on function private.rides_keep_history(), private.ride_passengers_keep_history()
  from public, anon, authenticated, service_role;
