-- Migration: the return trip in one tap
-- Purpose: most trips are out-and-back (issue 14 §3). An organiser plans the way back from
--          their ride, and the new ride remembers which ride it is the return of: the outbound's
--          passengers are told at once and see it on the outbound's page, to join it in one tap.
-- Affects: new column public.rides.return_of (insert grant for authenticated) and its unique
--          index; new triggers rides_check_return_link (before insert or update on
--          public.rides), rides_unlink_returns (after update on public.rides) and
--          rides_notify_return_trip (after insert on public.rides); new functions
--          private.rides_check_return_link, private.rides_unlink_returns,
--          private.rides_notify_return_trip.
-- Errors: SQLSTATE 'PTnnn' carries the HTTP status nnn, as in the ride functions: PT404 the
--         outbound does not exist, PT403 it is someone else's, PT400 it goes the same way or is
--         not earlier than the return, PT409 it already has a return.
-- Notes: a link holds when both rides have the same organiser, opposite directions and the
--        return leaves after the outbound; one return per outbound (the unique index, which
--        also serves the lookups by outbound). The check runs whoever writes (the api's insert,
--        the SQL editor). An edit that breaks a link afterwards (either ride's direction or
--        date) drops the link instead of refusing the edit: the organiser may change their plan,
--        and a ride that no longer goes back is not a return. Deleting the outbound clears the
--        link (on delete set null); the return is always later, so it is never a past ride then
--        for a member (20261124000520_history_kept.sql). The passengers' notification carries
--        the outbound's direction and date (the words of 'return_trip' in
--        _shared/notification-text.ts name the ride they took), the organiser's name and the
--        return's id, direction and date; its ride_id is the return, the ride to open.
--        private.notify skips the organiser. Runs unchanged on PostgreSQL 15, Supabase (17) and
--        PGlite (18).

alter table public.rides
  add column return_of integer references public.rides (id) on delete set null;
comment on column public.rides.return_of is
  'The outbound ride this ride is the way back of: same organiser, opposite direction, earlier date.';

create unique index rides_return_of_key on public.rides (return_of);

-- Set once, when the return is created; no update grant: the link follows the rides' edits.
grant insert (return_of) on public.rides to authenticated;

-- Security definer: locks the outbound row, which the caller may not update.
create function private.rides_check_return_link()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_outbound public.rides;
begin
  if tg_op = 'UPDATE' and new.return_of is not distinct from old.return_of then
    -- The return's own edit: a link that no longer holds goes.
    select * into v_outbound from public.rides where id = new.return_of;
    if found and (v_outbound.direction = new.direction or new.date <= v_outbound.date) then
      new.return_of := null;
    end if;
    return new;
  end if;

  -- Two returns of one outbound planned at once: the second waits here, then sees the first.
  select * into v_outbound from public.rides where id = new.return_of for no key update;
  if not found then
    raise exception using errcode = 'PT404', message = 'The ride to plan the return of was not found';
  end if;
  if v_outbound.creator_id is distinct from new.creator_id then
    raise exception using errcode = 'PT403', message = 'You can only plan the return of your own ride';
  end if;
  if v_outbound.direction = new.direction then
    raise exception using errcode = 'PT400', message = 'A return trip goes the opposite way of the ride it returns from';
  end if;
  if new.date <= v_outbound.date then
    raise exception using errcode = 'PT400', message = 'The return trip must leave after the ride it returns from';
  end if;
  if exists (select 1 from public.rides where return_of = new.return_of and id <> new.id) then
    raise exception using errcode = 'PT409', message = 'A return trip is already planned for this ride';
  end if;
  return new;
end;
$$;

create trigger rides_check_return_link
  before insert or update of return_of, direction, date on public.rides
  for each row
  when (new.return_of is not null)
  execute function private.rides_check_return_link();

-- The outbound's edit: its returns that no longer go back after it are unlinked. Security
-- definer: the organiser's update policy would allow it, but the column has no update grant.
create function private.rides_unlink_returns()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.rides set return_of = null
   where return_of = new.id and (direction = new.direction or date <= new.date);
  return null;
end;
$$;

create trigger rides_unlink_returns
  after update of direction, date on public.rides
  for each row
  when (old.direction is distinct from new.direction or old.date is distinct from new.date)
  execute function private.rides_unlink_returns();

-- Everyone who rode out hears that the way back is planned.
create function private.rides_notify_return_trip()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_outbound public.rides;
  v_params jsonb;
  v_recipient integer;
begin
  select * into v_outbound from public.rides where id = new.return_of;
  if not found then
    return null;
  end if;
  v_params := private.ride_event_params(v_outbound) || jsonb_build_object(
    'name', private.member_display_name(new.creator_id),
    'returnRideId', new.id,
    'returnDirection', new.direction::text,
    'returnDate', to_char(new.date at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
  );
  for v_recipient in
    select p.user_id from public.ride_passengers p where p.ride_id = v_outbound.id order by p.id
  loop
    perform private.notify(v_recipient, new.id, 'return_trip', v_params);
  end loop;
  return null;
end;
$$;

create trigger rides_notify_return_trip
  after insert on public.rides
  for each row
  when (new.return_of is not null)
  execute function private.rides_notify_return_trip();

revoke all on function
  private.rides_check_return_link(),
  private.rides_unlink_returns(),
  private.rides_notify_return_trip()
from public, anon, authenticated, service_role;
