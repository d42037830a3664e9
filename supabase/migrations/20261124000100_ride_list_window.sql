-- Migration: windowed ride lists and their data version
-- Purpose: GET /api/rides/page pages through rides by keyset on (date, id), and the api caches
--          list bodies per data version (docs/decisions/0009-windowed-ride-lists.md, issue 10).
--          - Indexes that serve each page in order: every ride, the open ones (vendors'
--            "Available"), an organiser's and a vendor's own.
--          - private.ride_list_versions: the data version, a counter in 64 shards. A write to a
--            ride (which every passenger change makes, see 20261122000200_derived_counts.sql) or
--            to a user's name or contacts bumps the shard of that ride or user, so concurrent
--            joins on different rides do not queue on one row.
--          - app.ride_list_version(): the sum, read by the api inside the request's statement.
-- Affects: indexes on public.rides; new table private.ride_list_versions; new triggers on
--          public.rides, public.users, public.ride_passengers; new function
--          app.ride_list_version().
-- Notes: the counter only ever grows, and a list body is cached under the sum read in the
--        same statement (one snapshot), so two snapshots with the same sum hold the same list
--        data. Runs unchanged on PostgreSQL 15, Supabase (17) and PGlite (18).

-- Indexes ----------------------------------------------------------------------------------
-- (date, id) serves everything rides_date_idx did, and the keyset order besides.
create index rides_date_id_idx on public.rides (date, id);
drop index public.rides_date_idx;

create index rides_open_date_id_idx on public.rides (date, id) where status = 'open';

-- Also serve the foreign keys' lookups and the RLS policies on creator_id, as the single-column
-- indexes they replace did.
create index rides_creator_date_id_idx on public.rides (creator_id, date, id);
drop index public.rides_creator_id_idx;
create index rides_vendor_date_id_idx on public.rides (vendor_id, date, id);
drop index public.rides_vendor_id_idx;

-- The data version -------------------------------------------------------------------------
create table private.ride_list_versions (
  shard smallint primary key check (shard between 0 and 63),
  version bigint not null default 0
) with (fillfactor = 50);
comment on table private.ride_list_versions is
  'Data version of the ride lists, in shards: a write bumps the shard of the ride or user it touched.';

insert into private.ride_list_versions (shard) select generate_series(0, 63);

-- Reached only through the functions below (owner), never by an API role.
alter table private.ride_list_versions enable row level security;
revoke all on private.ride_list_versions from public, anon, authenticated;

create function private.bump_ride_list_version(p_key integer)
returns void
language sql
security definer
set search_path = ''
as $$
  update private.ride_list_versions set version = version + 1 where shard = p_key % 64
$$;

create function private.rides_bump_list_version()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.bump_ride_list_version(case when tg_op = 'DELETE' then old.id else new.id end);
  return null;
end;
$$;

create function private.users_bump_list_version()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.bump_ride_list_version(old.id);
  return null;
end;
$$;

-- A truncate touches every list at once; one shard is enough to change the sum.
create function private.truncate_bumps_list_version()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.bump_ride_list_version(0);
  return null;
end;
$$;

create trigger rides_bump_list_version
  after insert or update or delete on public.rides
  for each row execute function private.rides_bump_list_version();

-- The lists show the organiser's name, and members' lists their contacts too.
create trigger users_bump_list_version_on_update
  after update of name, discord_username, whatsapp_number, malaysian_number on public.users
  for each row
  when (
    old.name is distinct from new.name
    or old.discord_username is distinct from new.discord_username
    or old.whatsapp_number is distinct from new.whatsapp_number
    or old.malaysian_number is distinct from new.malaysian_number
  )
  execute function private.users_bump_list_version();

create trigger users_bump_list_version_on_delete
  after delete on public.users
  for each row execute function private.users_bump_list_version();

create trigger rides_truncate_bumps_list_version
  after truncate on public.rides
  for each statement execute function private.truncate_bumps_list_version();
create trigger ride_passengers_truncate_bumps_list_version
  after truncate on public.ride_passengers
  for each statement execute function private.truncate_bumps_list_version();
create trigger users_truncate_bumps_list_version
  after truncate on public.users
  for each statement execute function private.truncate_bumps_list_version();

-- The api's read of the version, as the request's own role. Stable: called inside the statement
-- that builds a list, it sees that statement's snapshot.
create function app.ride_list_version()
returns numeric
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(sum(version), 0) from private.ride_list_versions
$$;

revoke all on function private.bump_ride_list_version(integer) from public, anon, authenticated;
revoke all on function private.rides_bump_list_version() from public, anon, authenticated;
revoke all on function private.users_bump_list_version() from public, anon, authenticated;
revoke all on function private.truncate_bumps_list_version() from public, anon, authenticated;
revoke all on function app.ride_list_version() from public, anon, authenticated;
grant execute on function app.ride_list_version() to anon, authenticated;
