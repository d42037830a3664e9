-- Migration: a waitlist for full rides
-- Purpose: a full ride (or one with fewer free spots than a party) is no longer a dead end
--          (issue 13, part 2): an eligible member queues with their party size and drop-off, sees
--          their place, and can leave the queue. When seats free up (a passenger leaves or is
--          removed, the organiser raises the maximum or shrinks their own party, a member's
--          account goes), the first waiting party that fits is moved onto the ride in the same
--          transaction, repeatedly while seats remain, and told (private.notify, 'waitlist_seat').
--          First come, first served: a party too big for the free seats is skipped, not dropped,
--          and keeps its place for the next seats.
-- Affects: new table public.ride_waitlist; new functions app.join_waitlist,
--          app.leave_waitlist, app.ride_waitlist, private.fill_from_waitlist,
--          private.rides_fill_from_waitlist, private.ride_passengers_clear_waitlist; triggers
--          rides_fill_from_waitlist (after update on public.rides) and
--          ride_passengers_clear_waitlist (after insert on public.ride_passengers).
-- Errors: SQLSTATE 'PTnnn' carries the HTTP status nnn, as in the other ride functions.
-- Why one trigger on rides does the promotion: every way a seat frees up ends in an update of
--        the ride row (a passenger change touches its ride, 20261122000200_derived_counts.sql,
--        whose before trigger re-derives current_passengers; an edit of the maximum or the
--        organiser's party updates it directly), so an after-update trigger whose WHEN sees the
--        free seats grow catches all of them, whatever path the write took (a route, a ride
--        function, an account's deletion). The transaction holds the ride row lock from that
--        update to its commit, and every waitlist change (join, leave) takes the same lock first
--        (private.lock_ride), so the queue read under it is the committed one and two fills of
--        one ride never interleave. A promotion's own insert only takes seats, so the touch it
--        causes never fires the trigger again.
-- The SPEC's join is unchanged: while seats are free anyone eligible may join. The queue fills
--        freed seats in the transaction that freed them, and a party may only queue when it does
--        not fit, so a free seat never waits beside a party that fits it: whatever free seats a
--        member can join are ones every waiting party is too big for. Joining the ride normally
--        (with a smaller party, say) takes the member out of its queue.
-- Throttles (20261124000200_throttles.sql): a promotion is an insert for the waiting member by
--        another caller, so it is counted against nobody and refused by nobody's limit; it is
--        not the leaver's churn (their leave was counted once, as before). Joining the queue
--        counts as a join of passengers:changes; leaving it always goes through.
-- History (20261124000520_history_kept.sql): nobody is promoted onto a past or completed ride;
--        the queue of a past ride just stays as it was.
-- Notes: created_at is the clock at the insert, taken under the ride lock, so the queue order
--        is the order in which joins got the lock. Runs unchanged on PostgreSQL 15, Supabase
--        (17) and PGlite (18).

create table public.ride_waitlist (
  id integer generated always as identity primary key,
  ride_id integer not null references public.rides (id) on delete cascade,
  user_id integer not null references public.users (id) on delete cascade,
  passenger_count smallint not null check (passenger_count between 1 and 10),
  dropoff_location text not null check (char_length(dropoff_location) between 1 and 500),
  created_at timestamptz not null default clock_timestamp(),
  constraint ride_waitlist_one_entry_per_user unique (ride_id, user_id),
  constraint ride_waitlist_text_visible check (not private.has_hidden_characters(dropoff_location))
);
comment on table public.ride_waitlist is
  'Parties waiting for seats on a full ride, first come first served; written only by the app functions and the fill trigger.';

-- The queue in order, per ride; a member's own entries.
create index ride_waitlist_queue_idx on public.ride_waitlist (ride_id, created_at, id);
create index ride_waitlist_user_id_idx on public.ride_waitlist (user_id);

alter table public.ride_waitlist enable row level security;
revoke all on public.ride_waitlist from public, anon, authenticated;
-- Reads only: every change goes through app.join_waitlist / app.leave_waitlist and the triggers.
grant select on public.ride_waitlist to authenticated;

create policy "members see their own entries, organisers their ride's queue"
  on public.ride_waitlist for select to authenticated
  using (
    (select app.current_user_id()) is not null
    and (
      user_id = (select app.current_user_id())
      or (select app.is_admin())
      or exists (
        select 1 from public.rides r
         where r.id = ride_waitlist.ride_id and r.creator_id = (select app.current_user_id())
      )
    )
  );

-- Promotion ------------------------------------------------------------------------------------

-- Moves the first waiting party that fits onto the ride, again while seats remain; returns how
-- many moved. The caller holds the ride row lock (or takes it here).
create function private.fill_from_waitlist(p_ride_id integer)
returns integer
language plpgsql
set search_path = ''
as $$
declare
  v_ride public.rides;
  v_entry public.ride_waitlist;
  v_moved integer := 0;
begin
  loop
    -- Read again each time: the insert below re-derived current_passengers.
    select * into v_ride from public.rides where id = p_ride_id for update;
    exit when not found or v_ride.date <= now() or v_ride.status = 'completed';

    select w.* into v_entry
      from public.ride_waitlist w
     where w.ride_id = p_ride_id
       and w.passenger_count <= v_ride.max_passengers - v_ride.current_passengers
       -- Roles that changed since the member queued (a vendor assigned to the ride) wait on.
       and w.user_id <> v_ride.creator_id
       and w.user_id is distinct from v_ride.vendor_id
       and not exists (
         select 1 from public.ride_passengers p where p.ride_id = p_ride_id and p.user_id = w.user_id
       )
     order by w.created_at, w.id
     limit 1;
    exit when not found;

    delete from public.ride_waitlist where id = v_entry.id;
    insert into public.ride_passengers (ride_id, user_id, passenger_count, dropoff_location, dropoff_sequence)
    values (
      p_ride_id, v_entry.user_id, v_entry.passenger_count, v_entry.dropoff_location,
      -- As in app.join_ride: after the organiser locked the order, a newcomer is the last stop.
      case when v_ride.sequence_locked then (
        select coalesce(max(dropoff_sequence), 0) + 1
        from public.ride_passengers where ride_id = p_ride_id
      ) end
    );
    perform private.notify(
      v_entry.user_id, p_ride_id, 'waitlist_seat',
      jsonb_build_object(
        'direction', v_ride.direction,
        'date', v_ride.date,
        'passengerCount', v_entry.passenger_count
      )
    );
    v_moved := v_moved + 1;
  end loop;
  return v_moved;
end;
$$;

-- Security definer: the caller (a leaver, the organiser) may not insert another member's entry.
create function private.rides_fill_from_waitlist()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if exists (select 1 from public.ride_waitlist where ride_id = new.id) then
    perform private.fill_from_waitlist(new.id);
  end if;
  return null;
end;
$$;

create trigger rides_fill_from_waitlist
  after update on public.rides
  for each row
  when (new.max_passengers - new.current_passengers > old.max_passengers - old.current_passengers)
  execute function private.rides_fill_from_waitlist();

-- A member on the ride (joined normally, or promoted) no longer waits for it.
create function private.ride_passengers_clear_waitlist()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from public.ride_waitlist where ride_id = new.ride_id and user_id = new.user_id;
  return null;
end;
$$;

create trigger ride_passengers_clear_waitlist
  after insert on public.ride_passengers
  for each row execute function private.ride_passengers_clear_waitlist();

-- The member's calls -----------------------------------------------------------------------

-- Queues the caller's party for a ride it does not fit; returns the place in the queue (1 is
-- next). The refusals are app.join_ride's, in its words, plus the waitlist's own.
create function app.join_waitlist(
  p_ride_id integer,
  p_passenger_count integer,
  p_dropoff_location text
)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid integer := private.require_user();
  v_ride public.rides := private.lock_ride(p_ride_id);
  v_location text := btrim(p_dropoff_location);
  v_remaining integer;
  v_entry public.ride_waitlist;
begin
  if v_ride.date <= now() then
    raise exception using errcode = 'PT409', message = 'This ride is in the past and cannot be joined';
  end if;
  if v_ride.status = 'completed' then
    raise exception using errcode = 'PT409', message = 'This ride is completed';
  end if;
  if v_ride.creator_id = v_uid then
    raise exception using errcode = 'PT409', message = 'You cannot join your own ride';
  end if;
  if v_ride.vendor_id = v_uid then
    raise exception using errcode = 'PT409', message = 'You are the driver of this ride';
  end if;
  if exists (
    select 1 from public.ride_passengers where ride_id = p_ride_id and user_id = v_uid
  ) then
    raise exception using errcode = 'PT409', message = 'You have already joined this ride';
  end if;
  if exists (
    select 1 from public.ride_waitlist where ride_id = p_ride_id and user_id = v_uid
  ) then
    raise exception using errcode = 'PT409', message = 'You are already on the waitlist for this ride';
  end if;

  if p_passenger_count is null or p_passenger_count < 1 then
    raise exception using errcode = 'PT400', message = 'Must have at least 1 passenger';
  end if;
  if v_location is null or v_location = '' then
    raise exception using errcode = 'PT400', message = 'Drop-off location is required';
  end if;

  -- The organiser takes at least one of the ride's ten seats at most: a party of ten would wait
  -- forever. A smaller party that does not fit today may fit once the organiser raises the
  -- maximum or shrinks their own party, so it may wait.
  if p_passenger_count > 9 then
    raise exception using errcode = 'PT409', message = 'A ride has at most 9 seats besides the organizer';
  end if;
  v_remaining := v_ride.max_passengers - v_ride.current_passengers;
  if p_passenger_count <= v_remaining then
    raise exception using errcode = 'PT409', message = case
      when v_remaining = 1 then 'This ride still has 1 spot: join the ride instead'
      else format('This ride still has %s spots: join the ride instead', v_remaining)
    end;
  end if;

  perform private.take_throttle('passengers:changes', v_uid::text,
    'Too many joins and leaves. Please try again in %s.');

  insert into public.ride_waitlist (ride_id, user_id, passenger_count, dropoff_location)
  values (p_ride_id, v_uid, p_passenger_count, v_location)
  returning * into v_entry;

  return (
    select count(*)::integer from public.ride_waitlist w
     where w.ride_id = p_ride_id and (w.created_at, w.id) <= (v_entry.created_at, v_entry.id)
  );
end;
$$;

-- Takes the caller out of a ride's queue. Always allowed, past rides included.
create function app.leave_waitlist(p_ride_id integer)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid integer := private.require_user();
  v_ride public.rides := private.lock_ride(p_ride_id);
begin
  delete from public.ride_waitlist where ride_id = v_ride.id and user_id = v_uid;
  if not found then
    raise exception using errcode = 'PT404', message = 'You are not on the waitlist for this ride';
  end if;
end;
$$;

-- What a member may know of a ride's queue: their own entry and place, how many wait, and, for
-- the organiser only, who waits (name, party, place; not their drop-off or contacts, which are
-- for the people on the trip).
create function app.ride_waitlist(p_ride_id integer)
returns json
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_uid integer := private.require_user();
  v_ride public.rides;
begin
  select * into v_ride from public.rides where id = p_ride_id;
  if not found then
    raise exception using errcode = 'PT404', message = 'Ride not found';
  end if;
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

revoke all on function
  private.fill_from_waitlist(integer),
  private.rides_fill_from_waitlist(),
  private.ride_passengers_clear_waitlist()
from public, anon, authenticated, service_role;
revoke all on function
  app.join_waitlist(integer, integer, text),
  app.leave_waitlist(integer),
  app.ride_waitlist(integer)
from public, anon, authenticated, service_role;
grant execute on function
  app.join_waitlist(integer, integer, text),
  app.leave_waitlist(integer),
  app.ride_waitlist(integer)
to authenticated;
