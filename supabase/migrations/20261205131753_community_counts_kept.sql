-- Migration: the community's counts kept as they change
-- Purpose: issue 36 §4. GET /api/stats counted every ride and member on each call: 0.2 ms of
--          SQL at 1,000 rides, 6.3 ms at 50,000 (138 answers a second where there were 461).
--          private.community_counts keeps both counts, in 64 shards so that two transactions
--          adding rides rarely wait for one row, maintained once per statement from the
--          statement's transition table; app.community_stats sums the shards. Seeded here with
--          today's counts, in this migration's transaction.
-- Affects: new private.community_counts, private.count_community_rows and six statement
--          triggers on rides and users; app.community_stats (create or replace; same
--          signature and grants).
-- Rollback: drop the six triggers, the function and the table; create or replace
--           app.community_stats with its two count(*) as before.

-- How many rides and members there are, kept as they change (issue 36 §4): counting every ride
-- on each call grew with the history (6 ms a call at 50,000 rides). In shards, so that two
-- transactions adding rides rarely wait for the same row; the sum is the count.
create table private.community_counts (
    shard smallint not null,
    rides bigint default 0 not null,
    users bigint default 0 not null,
    constraint community_counts_pkey primary key (shard),
    constraint community_counts_shard_check check (shard >= 0 and shard <= 63)
)
with (fillfactor='50');

comment on table private.community_counts is 'Rides and members counted as they are added and removed, in shards summed by app.community_stats (issue 36 §4).';

alter table private.community_counts enable row level security;
revoke all on private.community_counts from public, anon, authenticated;

-- Once per statement, from its transition table: a statement adding or removing many rows
-- (a weekly series, an account's deletion) counts them in one update.
create function private.count_community_rows() returns trigger
    language plpgsql security definer
    set search_path to ''
as $$
declare
  v_delta bigint;
begin
  if tg_op = 'TRUNCATE' then
    if tg_table_name = 'rides' then
      update private.community_counts set rides = 0;
    else
      update private.community_counts set users = 0;
    end if;
    return null;
  elsif tg_op = 'INSERT' then
    select count(*) into v_delta from added;
  else
    select -count(*) into v_delta from removed;
  end if;
  if v_delta = 0 then
    return null;
  end if;
  insert into private.community_counts as c (shard, rides, users)
  values (pg_backend_pid() % 64,
          case when tg_table_name = 'rides' then v_delta else 0 end,
          case when tg_table_name = 'users' then v_delta else 0 end)
  on conflict (shard) do update
    set rides = c.rides + excluded.rides, users = c.users + excluded.users;
  return null;
end;
$$;

revoke all on function private.count_community_rows() from public;

create trigger rides_count_added
  after insert on public.rides
  referencing new table as added
  for each statement execute function private.count_community_rows();

create trigger rides_count_removed
  after delete on public.rides
  referencing old table as removed
  for each statement execute function private.count_community_rows();

create trigger rides_count_truncated
  after truncate on public.rides
  for each statement execute function private.count_community_rows();

create trigger users_count_added
  after insert on public.users
  referencing new table as added
  for each statement execute function private.count_community_rows();

create trigger users_count_removed
  after delete on public.users
  referencing old table as removed
  for each statement execute function private.count_community_rows();

create trigger users_count_truncated
  after truncate on public.users
  for each statement execute function private.count_community_rows();

insert into private.community_counts (shard, rides, users)
values (0, (select count(*) from public.rides), (select count(*) from public.users));

-- Visitors may not read member rows, so the counts come from a definer function.
create or replace function app.community_stats() returns json
    language sql stable security definer
    set search_path to ''
as $$
  select json_build_object(
    'totalRides', coalesce(sum(c.rides), 0),
    'totalUsers', coalesce(sum(c.users), 0)
  )
    from private.community_counts c
$$;
