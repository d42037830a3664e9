-- Member blocks
--
-- Issue 26 §1. A member blocks another: the blocked member can no longer join the blocker's
-- rides or their waitlists, nor say "Me too" to the blocker's ride requests; the blocker no
-- longer sees the blocked member's rides and requests in the lists, nor their chat messages.
-- Bookings made before the block stay (docs/decisions/0026-what-a-block-does.md). Early in the
-- order because the lists of later files ask private.has_blocked.
--
-- The database as it is now; supabase/migrations is how it got here. To change it, see the
-- README, "Changing the database".

create table public.member_blocks (
  blocker_id integer not null references public.users (id) on delete cascade,
  blocked_id integer not null references public.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (blocker_id, blocked_id),
  constraint member_blocks_not_self check (blocker_id <> blocked_id)
);

comment on table public.member_blocks is
  'Who blocked whom (issue 26 §1): read by the blocker only; written only by app.block_member and app.unblock_member.';

-- The primary key serves the blocker's reads (lists, policies); this one the joins of the blocked.
create index member_blocks_blocked_id_idx on public.member_blocks (blocked_id);

alter table public.member_blocks enable row level security;

revoke all on public.member_blocks from public, anon, authenticated;

grant select on public.member_blocks to authenticated;

-- Nobody learns who blocked them: the blocked member's own rows are not theirs to read.
create policy "members see whom they blocked"
  on public.member_blocks for select to authenticated
  using (blocker_id = (select app.current_user_id()));

-- Whether p_blocker has blocked p_blocked. Security definer: the functions and queries that ask
-- run for either side, and only the blocker may read the row.
create function private.has_blocked(p_blocker integer, p_blocked integer)
returns boolean
language sql
stable
security definer -- either side asks, and only the blocker may read the row
set search_path = ''
as $$
  select p_blocker is not null and p_blocked is not null and exists (
    select 1 from public.member_blocks b where b.blocker_id = p_blocker and b.blocked_id = p_blocked
  )
$$;

revoke all on function private.has_blocked(integer, integer) from public;

-- The blocks one member may keep: enough for any real trouble, and a bound on the table.
create function app.block_member(p_user_id integer)
returns void
language plpgsql
security definer -- member_blocks and the queues it clears are read-only to members
set search_path = ''
as $$
declare
  v_uid integer := private.require_user();
begin
  if p_user_id = v_uid then
    raise exception using errcode = 'PT400', message = 'You cannot block yourself', hint = 'block_self';
  end if;
  if not exists (select 1 from public.users where id = p_user_id) then
    raise exception using errcode = 'PT404', message = 'User not found', hint = 'user_not_found';
  end if;
  -- Two blocks at once by one member wait for each other here, so the count below holds.
  perform pg_advisory_xact_lock(hashtextextended('fc-member-blocks:' || v_uid, 0));
  if not private.has_blocked(v_uid, p_user_id)
     and (select count(*) from public.member_blocks where blocker_id = v_uid) >= 500 then
    raise exception using errcode = 'PT409', message = 'You have blocked 500 members, the most allowed',
      hint = 'blocks_limit';
  end if;
  insert into public.member_blocks (blocker_id, blocked_id) values (v_uid, p_user_id)
  on conflict do nothing;

  -- What the blocked member was only waiting for goes: a place in the queue of the blocker's
  -- rides (it would seat them) and a "Me too" on the blocker's requests (it would invite them).
  -- Seats already taken stay: the trip was agreed, and the organiser can still remove a passenger.
  delete from public.ride_waitlist w
   using public.rides r
   where r.id = w.ride_id and r.organiser_id = v_uid and w.user_id = p_user_id;
  delete from public.ride_request_members m
   using public.ride_requests q
   where q.id = m.request_id and q.requester_id = v_uid and m.user_id = p_user_id;
end;
$$;

revoke all on function app.block_member(integer) from public;

grant execute on function app.block_member(integer) to authenticated;

create function app.unblock_member(p_user_id integer)
returns void
language plpgsql
security definer -- member_blocks is read-only to members
set search_path = ''
as $$
declare
  v_uid integer := private.require_user();
begin
  delete from public.member_blocks where blocker_id = v_uid and blocked_id = p_user_id;
end;
$$;

revoke all on function app.unblock_member(integer) from public;

grant execute on function app.unblock_member(integer) to authenticated;

-- The caller's blocked members, newest first, by the name others see (not their username,
-- which is a contact).
create function app.blocked_members_json()
returns json
language sql
stable
security definer -- names members the users policy may not show the caller
set search_path = ''
as $$
  select coalesce(json_agg(json_build_object(
    'userId', b.blocked_id,
    'name', coalesce(nullif(btrim(u.name), ''), 'Member #' || b.blocked_id),
    'blockedAt', to_char(b.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
  ) order by b.created_at desc, b.blocked_id), '[]'::json)
    from public.member_blocks b
    join public.users u on u.id = b.blocked_id
   where b.blocker_id = app.current_user_id()
$$;

revoke all on function app.blocked_members_json() from public;

grant execute on function app.blocked_members_json() to authenticated;

