-- The reliability record
--
-- Issue 26 §1. After a ride has left, its organiser may mark a passenger who did not come as a
-- no-show, for three days. What others see of a member is the count: "12 trips · 0 no-shows".
--
-- The database as it is now; supabase/migrations is how it got here. To change it, see the
-- README, "Changing the database".

create table public.ride_no_shows (
  ride_id integer not null,
  user_id integer not null,
  marked_at timestamptz not null default now(),
  primary key (ride_id, user_id),
  -- Only someone who was on the ride; the entry of a past ride stays (ride_passengers_keep_history).
  constraint ride_no_shows_passenger_fkey foreign key (ride_id, user_id)
    references public.ride_passengers (ride_id, user_id) on delete cascade
);

comment on table public.ride_no_shows is
  'Passengers the organiser marked as not having come, within 3 days of the ride (issue 26 §1); written only by app.mark_no_show.';

-- Counting a member's no-shows.
create index ride_no_shows_user_id_idx on public.ride_no_shows (user_id);

alter table public.ride_no_shows enable row level security;

revoke all on public.ride_no_shows from public, anon, authenticated;

grant select on public.ride_no_shows to authenticated;

-- The mark itself is between the organiser and the passenger (and the admin); everyone else
-- sees only the count (app.member_record_json).
create policy "organisers and the passenger see a no-show"
  on public.ride_no_shows for select to authenticated
  using (
    user_id = (select app.current_user_id())
    or (select app.is_admin())
    or exists (
      select 1 from public.rides r
       where r.id = ride_no_shows.ride_id and r.organiser_id = (select app.current_user_id())
    )
  );

-- Each member's entries, kept as they change (issue 36 §1): the rides they organise and the
-- places they hold, less those marked no-shows, past and upcoming alike. Counting a passenger's
-- past entries on every read grew with their history (1,700 index entries for a regular at
-- 50,000 rides, once per passenger listed); the kept figure less their upcoming entries, a
-- handful, is the same number. Upcoming entries are in it so that it needs no updating as
-- rides leave.
create table private.member_trip_counts (
  user_id integer not null,
  entries bigint not null default 0,
  constraint member_trip_counts_pkey primary key (user_id),
  constraint member_trip_counts_user_id_fkey foreign key (user_id) references public.users (id) on delete cascade
);

comment on table private.member_trip_counts is
  'Rides organised plus places held less no-shows, per member, past and upcoming (issue 36 §1); app.member_record_json subtracts the upcoming ones.';

alter table private.member_trip_counts enable row level security;

revoke all on private.member_trip_counts from public, anon, authenticated;

-- Adds p_sign to the entries of each listed member, once per occurrence. Members in id order, so
-- that two statements counting the same members wait rather than deadlock; a member being
-- deleted (no longer in users) is skipped, their row goes with them.
create function private.add_member_entries(p_user_ids integer[], p_sign integer)
returns void
language sql
security definer -- writes private.member_trip_counts, which the api roles cannot reach
set search_path = ''
as $$
  insert into private.member_trip_counts as c (user_id, entries)
  select u.id, p_sign * count(*)
    from unnest(p_user_ids) m(id) join public.users u on u.id = m.id
   group by u.id
   order by u.id
  on conflict (user_id) do update set entries = c.entries + excluded.entries;
$$;

revoke all on function private.add_member_entries(integer[], integer) from public;

-- Every member's entries counted afresh: after a truncate (tests), and to seed the table.
create function private.recount_member_entries()
returns void
language sql
security definer -- writes private.member_trip_counts, which the api roles cannot reach
set search_path = ''
as $$
  delete from private.member_trip_counts;
  insert into private.member_trip_counts (user_id, entries)
  select e.user_id, sum(e.n)
    from (
      select r.organiser_id as user_id, count(*) as n from public.rides r group by r.organiser_id
      union all
      select p.user_id, count(*) from public.ride_passengers p group by p.user_id
      union all
      select n.user_id, -count(*) from public.ride_no_shows n group by n.user_id
    ) e
   group by e.user_id;
$$;

revoke all on function private.recount_member_entries() from public;

-- Once per statement, from its transition table: a ride organised or deleted, a place taken or
-- given up (and those a ride's deletion takes with it), a no-show marked or unmarked.
create function private.count_member_entries()
returns trigger
language plpgsql
security definer -- keeps private.member_trip_counts, whoever wrote the rows
set search_path = ''
as $$
declare
  v_sign integer := case when tg_op = 'INSERT' then 1 else -1 end
                    * case when tg_table_name = 'ride_no_shows' then -1 else 1 end;
begin
  if tg_op = 'TRUNCATE' then
    perform private.recount_member_entries();
  elsif tg_table_name = 'rides' and tg_op = 'INSERT' then
    perform private.add_member_entries(array(select a.organiser_id from added a), v_sign);
  elsif tg_table_name = 'rides' then
    perform private.add_member_entries(array(select r.organiser_id from removed r), v_sign);
  elsif tg_op = 'INSERT' then
    perform private.add_member_entries(array(select a.user_id from added a), v_sign);
  else
    perform private.add_member_entries(array(select r.user_id from removed r), v_sign);
  end if;
  return null;
end;
$$;

revoke all on function private.count_member_entries() from public;

-- A ride handed over, or a place moved to another member: the entry changes hands.
create function private.move_member_entry()
returns trigger
language plpgsql
security definer -- keeps private.member_trip_counts, whoever wrote the rows
set search_path = ''
as $$
begin
  if tg_table_name = 'rides' then
    perform private.add_member_entries(array[old.organiser_id], -1);
    perform private.add_member_entries(array[new.organiser_id], 1);
  else
    perform private.add_member_entries(array[old.user_id], -1);
    perform private.add_member_entries(array[new.user_id], 1);
  end if;
  return null;
end;
$$;

revoke all on function private.move_member_entry() from public;

create trigger rides_member_entries_added
  after insert on public.rides
  referencing new table as added
  for each statement execute function private.count_member_entries();

create trigger rides_member_entries_removed
  after delete on public.rides
  referencing old table as removed
  for each statement execute function private.count_member_entries();

create trigger rides_member_entries_handed
  after update of organiser_id on public.rides
  for each row when (old.organiser_id is distinct from new.organiser_id)
  execute function private.move_member_entry();

create trigger rides_member_entries_truncated
  after truncate on public.rides
  for each statement execute function private.count_member_entries();

create trigger ride_passengers_member_entries_added
  after insert on public.ride_passengers
  referencing new table as added
  for each statement execute function private.count_member_entries();

create trigger ride_passengers_member_entries_removed
  after delete on public.ride_passengers
  referencing old table as removed
  for each statement execute function private.count_member_entries();

create trigger ride_passengers_member_entries_moved
  after update of user_id on public.ride_passengers
  for each row when (old.user_id is distinct from new.user_id)
  execute function private.move_member_entry();

create trigger ride_passengers_member_entries_truncated
  after truncate on public.ride_passengers
  for each statement execute function private.count_member_entries();

create trigger ride_no_shows_member_entries_added
  after insert on public.ride_no_shows
  referencing new table as added
  for each statement execute function private.count_member_entries();

create trigger ride_no_shows_member_entries_removed
  after delete on public.ride_no_shows
  referencing old table as removed
  for each statement execute function private.count_member_entries();

create trigger ride_no_shows_member_entries_truncated
  after truncate on public.ride_no_shows
  for each statement execute function private.count_member_entries();

-- A member's record, the one thing public about how they travel: trips are the rides that have
-- left with them on board (organising or as a passenger, not marked a no-show); no-shows the
-- rides they were marked absent from. A deleted ride is not a trip (only an upcoming ride can be
-- deleted). Null for a member who does not exist.
-- The kept entries less the upcoming ones, read from the member's own rows from now on
-- (rides_organiser_date_id_idx, ride_passengers_user_date_idx): constant in the member's and the
-- community's history (issue 36 §1). An organiser's entry on their own ride cannot exist
-- (ride_passengers_ride_date refuses it), so the two parts are disjoint. A no-show can be marked
-- only once a ride has left, so an upcoming place without one is the rule; the check keeps the
-- sum exact if a ride's date is moved later.
create function app.member_record_json(p_user_id integer)
returns json
language sql
stable
security definer -- reads private.member_trip_counts and any member's rides
set search_path = ''
as $$
  select json_build_object(
    'trips',
      coalesce((select c.entries from private.member_trip_counts c where c.user_id = u.id), 0)
      - (select count(*) from public.rides r where r.organiser_id = u.id and r.date > now())
      - (select count(*)
           from public.ride_passengers p
          where p.user_id = u.id
            and p.ride_date > now()
            and not exists (
              select 1 from public.ride_no_shows n where n.ride_id = p.ride_id and n.user_id = p.user_id
            )),
    'noShows', (select count(*) from public.ride_no_shows n where n.user_id = u.id)
  )
    from public.users u
   where u.id = p_user_id
$$;

revoke all on function app.member_record_json(integer) from public;

grant execute on function app.member_record_json(integer) to authenticated;

-- The organiser marks (p_no_show) or unmarks a passenger of their ride as a no-show: once the
-- ride has left, and for three days.
create function app.mark_no_show(p_ride_id integer, p_passenger_id integer, p_no_show boolean)
returns void
language plpgsql
security definer -- ride_no_shows is read-only to members
set search_path = ''
as $$
declare
  v_uid integer := private.require_user();
  v_ride public.rides := private.lock_ride(p_ride_id);
  v_passenger public.ride_passengers;
begin
  if v_ride.organiser_id <> v_uid then
    raise exception using errcode = 'PT403', message = 'Only the organizer can mark a no-show',
      hint = 'no_show_organizer_only';
  end if;
  v_passenger := private.lock_ride_passenger(p_ride_id, p_passenger_id);
  if v_ride.date > now() then
    raise exception using errcode = 'PT409', message = 'A no-show can be marked only once the ride has left',
      hint = 'no_show_too_early';
  end if;
  if v_ride.date < now() - make_interval(days => private.limit_no_show_window_days()) then
    raise exception using errcode = 'PT409', message = 'A no-show can be marked only within 3 days of the ride',
      hint = 'no_show_window_over';
  end if;
  if p_no_show then
    insert into public.ride_no_shows (ride_id, user_id) values (v_ride.id, v_passenger.user_id)
    on conflict do nothing;
  else
    delete from public.ride_no_shows where ride_id = v_ride.id and user_id = v_passenger.user_id;
  end if;
end;
$$;

revoke all on function app.mark_no_show(integer, integer, boolean) from public;

grant execute on function app.mark_no_show(integer, integer, boolean) to authenticated;
