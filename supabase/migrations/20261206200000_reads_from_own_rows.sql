-- Migration: a member's reads start from their own rows
-- Purpose: issue 36 §2 and §3. The users policy built an array of every trip mate across all of
--          the caller's rides (263 -> 9,387 buffers at 50,000 rides) and the passengers policy an
--          array of all the caller's rides, on every statement that read such a row; My Rides
--          "joined" and the offline bundle walked the whole history by date. Now:
--          private.trip_mates keeps who shared a ride with whom (one row per ordered pair and
--          ride, rebuilt per ride by triggers), app.member_visible and app.is_on_ride answer the two
--          policies with probes of unique indexes, and ride_passengers.ride_date (kept equal to
--          the ride's date by a foreign key on update cascade) lets a member's entries be read in
--          date order from ride_passengers_user_date_idx. app.ride_passenger_stops is
--          planned as the ten rows it returns at most. app.chat_unread and
--          app.member_record_json read the entries' dates, no longer each entry's ride.
-- Affects: rides (new unique key on (id, date)); ride_passengers (new column ride_date, its
--          foreign key and trigger, new index replacing ride_passengers_user_id_idx,
--          keep_history create or replace, passengers policy); the users policy; new
--          private.trip_mates with its functions and five triggers; app.chat_unread,
--          app.member_record_json (create or replace, same signatures and grants); app.my_ride_ids and
--          app.my_trip_mate_ids dropped (nothing else used them).
-- Rollback: recreate the two array functions and the two policies as in
--           20261205131753_community_counts_kept.sql's schema; drop the triggers, functions,
--           trip_mates, the index, the foreign key, the column and the unique key.

alter table only public.rides
    add constraint rides_id_date_key unique (id, date);

create function private.ride_passengers_ride_date() returns trigger
    language plpgsql security definer
    set search_path to ''
as $$
declare
  v_creator integer;
begin
  select r.date, r.creator_id into new.ride_date, v_creator from public.rides r where r.id = new.ride_id;
  if not found then
    raise foreign_key_violation using
      message = 'insert or update on table "ride_passengers" violates foreign key constraint "ride_passengers_ride_id_fkey"',
      constraint = 'ride_passengers_ride_id_fkey',
      table = 'ride_passengers',
      schema = 'public';
  end if;
  if v_creator = new.user_id then
    raise exception using errcode = 'PT409', message = 'You cannot join your own ride', hint = 'own_ride';
  end if;
  return new;
end;
$$;

revoke all on function private.ride_passengers_ride_date() from public;

alter table public.ride_passengers add column ride_date timestamp with time zone;

update public.ride_passengers p set ride_date = r.date from public.rides r where r.id = p.ride_id;

alter table public.ride_passengers alter column ride_date set not null;

comment on column public.ride_passengers.ride_date is 'The ride''s date, kept equal to it by a foreign key (issue 36 §3): a member''s rides in date order straight from their own entries.';

alter table only public.ride_passengers
    add constraint ride_passengers_ride_date_fkey foreign key (ride_id, ride_date) references public.rides(id, date) on update cascade on delete cascade;

create index ride_passengers_user_date_idx on public.ride_passengers using btree (user_id, ride_date, ride_id);

drop index public.ride_passengers_user_id_idx;

create trigger ride_passengers_ride_date
  before insert or update of ride_id, user_id on public.ride_passengers
  for each row execute function private.ride_passengers_ride_date();

-- As before, and the ride's own date following it (ride_date) goes through on a past ride.
create or replace function private.ride_passengers_keep_history() returns trigger
    language plpgsql security definer
    set search_path to ''
as $$
declare
  v_ride public.rides;
begin
  if tg_op = 'UPDATE'
     and (to_jsonb(old) - array['payment_status', 'claimed_at', 'paid_at', 'ride_date'])
         is not distinct from (to_jsonb(new) - array['payment_status', 'claimed_at', 'paid_at', 'ride_date']) then
    return new;
  end if;
  -- The earlier of the rides the entry leaves and joins: past if either is.
  select r.* into v_ride
    from public.rides r
   where r.id in (
     case when tg_op <> 'INSERT' then old.ride_id end,
     case when tg_op <> 'DELETE' then new.ride_id end
   )
   order by r.date
   limit 1;
  if found then
    perform private.refuse_past_change(v_ride, case tg_op
      when 'INSERT' then 'passenger_insert'
      when 'DELETE' then 'passenger_delete'
      else 'passenger_update'
    end);
  end if;
  return case when tg_op = 'DELETE' then old else new end;
end;
$$;

-- Who has shared a ride with whom (issue 36 §2): the users policy asks it of every row of
-- another member it reads, in one probe of the primary key, where an array of all the caller's
-- trip mates grew with their history. One row per ordered pair and ride, so that a ride's rows
-- can be rebuilt from that ride alone when someone joins, leaves, takes it over or drives it.
create table private.trip_mates (
    user_id integer not null,
    mate_id integer not null,
    ride_id integer not null
);

comment on table private.trip_mates is 'Pairs of members on one ride (organiser, driver, passengers), kept by triggers on rides and ride_passengers; read by app.member_visible.';

alter table only private.trip_mates
    add constraint trip_mates_pkey primary key (user_id, mate_id, ride_id);

alter table only private.trip_mates
    add constraint trip_mates_ride_id_fkey foreign key (ride_id) references public.rides(id) on delete cascade;

create index trip_mates_ride_id_idx on private.trip_mates using btree (ride_id);

alter table private.trip_mates enable row level security;
revoke all on private.trip_mates from public, anon, authenticated;

-- Rebuilds the trip mates of these rides from who is aboard each now: at most a dozen people a
-- ride, so a join or a hand-over rewrites a few dozen rows.
create function private.refresh_trip_mates(p_ride_ids integer[]) returns void
    language plpgsql security definer
    set search_path to ''
as $$
begin
  delete from private.trip_mates where ride_id = any (p_ride_ids);
  insert into private.trip_mates (user_id, mate_id, ride_id)
  with aboard as (
    select r.id as ride_id, r.creator_id as user_id from public.rides r where r.id = any (p_ride_ids)
    union
    select r.id, r.vendor_id from public.rides r where r.id = any (p_ride_ids) and r.vendor_id is not null
    union
    select p.ride_id, p.user_id from public.ride_passengers p where p.ride_id = any (p_ride_ids)
  )
  select a.user_id, b.user_id, a.ride_id
    from aboard a join aboard b on b.ride_id = a.ride_id and b.user_id <> a.user_id;
end;
$$;

revoke all on function private.refresh_trip_mates(integer[]) from public;

-- Once per statement, from its transition table: a cascade that takes a ride's passengers with
-- it, or a weekly series seating its organiser, rebuilds each ride once.
create function private.ride_passengers_refresh_trip_mates() returns trigger
    language plpgsql security definer
    set search_path to ''
as $$
begin
  if tg_op = 'INSERT' then
    perform private.refresh_trip_mates(array(select distinct a.ride_id from added a));
  elsif tg_op = 'DELETE' then
    perform private.refresh_trip_mates(array(select distinct d.ride_id from removed d));
  else
    perform private.refresh_trip_mates(array[old.ride_id, new.ride_id]);
  end if;
  return null;
end;
$$;

revoke all on function private.ride_passengers_refresh_trip_mates() from public;

-- A new organiser (a hand-over) or a driver booked or released changes who is aboard.
create function private.rides_refresh_trip_mates() returns trigger
    language plpgsql security definer
    set search_path to ''
as $$
begin
  perform private.refresh_trip_mates(array[new.id]);
  return null;
end;
$$;

revoke all on function private.rides_refresh_trip_mates() from public;

-- Whether the caller is aboard this ride (organiser, driver or passenger): two probes of unique
-- indexes, for the passengers policy, which asks it of each row it reads. Cost 1000 (and the
-- same for app.member_visible): a policy's function is applied to every row a plan reads, so the
-- planner must see that reading the whole table to hash it costs a call a row.
create function app.is_on_ride(p_ride_id integer) returns boolean
    language sql stable security definer cost 1000
    set search_path to ''
as $$
  select exists (
           select 1 from public.ride_passengers p
            where p.ride_id = p_ride_id and p.user_id = (select app.current_user_id())
         )
      or exists (
           select 1 from public.rides r
            where r.id = p_ride_id and (select app.current_user_id()) in (r.creator_id, r.vendor_id)
         );
$$;

revoke all on function app.is_on_ride(integer) from public;
grant all on function app.is_on_ride(integer) to authenticated;

-- Whether the caller may read this member's row: they organise a ride the list shows, or the
-- caller has shared a ride with them (one probe of trip_mates' key). In one definer function:
-- as a subquery of the policy, "organises a ride" was planned as a hash of every ride. The first
-- question asks for the member's earliest ride in the index's own order, so that a plan made
-- for an average organiser with many rides still walks rides_creator_date_id_idx, never the
-- table (an EXISTS would drop the order and the limit).
create function app.member_visible(p_user_id integer) returns boolean
    language sql stable security definer cost 1000
    set search_path to ''
as $$
  select (
           select r.id from public.rides r
            where r.creator_id = p_user_id and r.hidden_at is null
            order by r.creator_id, r.date, r.id
            limit 1
         ) is not null
      or exists (
           select 1 from private.trip_mates t
            where t.user_id = (select app.current_user_id()) and t.mate_id = p_user_id
         );
$$;

revoke all on function app.member_visible(integer) from public;
grant all on function app.member_visible(integer) to authenticated;

create trigger ride_passengers_trip_mates_added
  after insert on public.ride_passengers
  referencing new table as added
  for each statement execute function private.ride_passengers_refresh_trip_mates();

create trigger ride_passengers_trip_mates_moved
  after update of ride_id, user_id on public.ride_passengers
  for each row
  when ((old.ride_id <> new.ride_id) or (old.user_id <> new.user_id))
  execute function private.ride_passengers_refresh_trip_mates();

create trigger ride_passengers_trip_mates_removed
  after delete on public.ride_passengers
  referencing old table as removed
  for each statement execute function private.ride_passengers_refresh_trip_mates();

create trigger rides_refresh_trip_mates
  after update of creator_id, vendor_id on public.rides
  for each row
  when ((old.creator_id <> new.creator_id) or (old.vendor_id is distinct from new.vendor_id))
  execute function private.rides_refresh_trip_mates();

-- Everyone who has shared a ride so far, in this migration's transaction.
select private.refresh_trip_mates(array(select r.id from public.rides r));

drop policy "members see the passengers of their rides" on public.ride_passengers;

create policy "members see the passengers of their rides"
  on public.ride_passengers for select to authenticated
  using (
    (select app.current_user_id()) is not null
    and (
      user_id = (select app.current_user_id())
      or (select app.is_admin())
      or app.is_on_ride(ride_id)
    )
  );

drop policy "members see themselves, the people on their rides and organiser" on public.users;

create policy "members see themselves, the people on their rides and organiser"
  on public.users for select to authenticated
  using (
    (select app.current_user_id()) is not null
    and (
      id = (select app.current_user_id())
      or (select app.is_admin())
      or app.member_visible(id)
    )
  );

-- From the member's own entries by date (ride_passengers_user_date_idx), where it joined every
-- entry to its ride to read the date.
create or replace function app.chat_unread() returns json
    language sql stable security definer
    set search_path to ''
as $$
  with mine as (
    select r.id from public.rides r
     where r.creator_id = app.current_user_id() and r.date >= now() - interval '7 days'
    union
    select r.id from public.rides r
     where r.vendor_id = app.current_user_id() and r.date >= now() - interval '7 days'
    union
    select p.ride_id from public.ride_passengers p
     where p.user_id = app.current_user_id() and p.ride_date >= now() - interval '7 days'
  ),
  counts as (
    select mine.id as ride_id, private.ride_chat_unread(mine.id, app.current_user_id()) as unread from mine
  )
  select json_build_object(
    'total', coalesce(sum(unread), 0)::integer,
    'rides', coalesce(json_agg(json_build_object('rideId', ride_id, 'unread', unread) order by ride_id)
                        filter (where unread > 0), '[]'::json)
  )
  from counts
$$;

-- Two index-only counts; the organiser's own ride is never among their entries (the trigger
-- above refuses it).
create or replace function app.member_record_json(p_user_id integer) returns json
    language sql stable security definer
    set search_path to ''
as $$
  select json_build_object(
    'trips',
      (select count(*) from public.rides r where r.creator_id = p_user_id and r.date <= now())
      + (select count(*)
           from public.ride_passengers p
          where p.user_id = p_user_id
            and p.ride_date <= now()
            and not exists (
              select 1 from public.ride_no_shows n where n.ride_id = p.ride_id and n.user_id = p.user_id
            )),
    'noShows', (select count(*) from public.ride_no_shows n where n.user_id = p_user_id)
  )
    from public.users u
   where u.id = p_user_id
$$;

-- A ride seats ten at most; a planner that guessed a thousand rows joined them by hashing every
-- entry of ride_passengers.
alter function app.ride_passenger_stops(integer) rows 10;

drop function app.my_trip_mate_ids();

drop function app.my_ride_ids();
