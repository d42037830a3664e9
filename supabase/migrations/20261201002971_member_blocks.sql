-- Migration: members block members (issue 26 §1)
-- Purpose: public.member_blocks (read by the blocker only, written by app.block_member and
--          app.unblock_member, listed by app.blocked_members_json); a block refuses the blocked
--          member's joins and waitlist places on the blocker's rides (private.refuse_join,
--          join_not_allowed) and their "Me too" on the blocker's requests (app.join_ride_request,
--          me_too_not_allowed), and hides from the blocker the blocked member's requests
--          (app.ride_requests_json's lists) and chat messages (app.ride_messages_json). Blocking
--          takes the blocked member off the blocker's waitlists and requests; seats stay.
-- Affects: new table public.member_blocks and its functions; private.refuse_join,
--          app.join_ride_request, app.ride_requests_json, app.ride_messages_json (create or
--          replace; same signatures, so grants stay).
-- Rollback: drop table public.member_blocks cascade, private.has_blocked, app.block_member,
--           app.unblock_member, app.blocked_members_json; restore refuse_join from
--           20261201002100_refusals_carry_their_codes.sql, join_ride_request from
--           20261201002000_ride_requests.sql, ride_requests_json from
--           20261201002400_ride_requests_bounded.sql and ride_messages_json from
--           20261201002500_ride_chat.sql.

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
create function private.has_blocked(p_blocker integer, p_blocked integer) returns boolean
    language sql stable security definer
    set search_path to ''
as $$
  select p_blocker is not null and p_blocked is not null and exists (
    select 1 from public.member_blocks b where b.blocker_id = p_blocker and b.blocked_id = p_blocked
  )
$$;
revoke all on function private.has_blocked(integer, integer) from public;

-- The blocks one member may keep: enough for any real trouble, and a bound on the table.
create function app.block_member(p_user_id integer) returns void
    language plpgsql security definer
    set search_path to ''
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
   where r.id = w.ride_id and r.creator_id = v_uid and w.user_id = p_user_id;
  delete from public.ride_request_members m
   using public.ride_requests q
   where q.id = m.request_id and q.requester_id = v_uid and m.user_id = p_user_id;
end;
$$;
revoke all on function app.block_member(integer) from public;
grant execute on function app.block_member(integer) to authenticated;

create function app.unblock_member(p_user_id integer) returns void
    language plpgsql security definer
    set search_path to ''
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
create function app.blocked_members_json() returns json
    language sql stable security definer
    set search_path to ''
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

create or replace function private.refuse_join(p_ride public.rides, p_user_id integer) returns void
    language plpgsql stable
    set search_path to ''
as $$
begin
  perform private.refuse_past_change(p_ride, 'join');
  if p_ride.status = 'completed' then
    raise exception using errcode = 'PT409', message = 'This ride is completed', hint = 'ride_completed';
  end if;
  -- Said without the reason: the blocked member is not told of the block (15_member_blocks.sql).
  if private.has_blocked(p_ride.creator_id, p_user_id) then
    raise exception using errcode = 'PT403', message = 'You cannot join this ride', hint = 'join_not_allowed';
  end if;
  if p_ride.creator_id = p_user_id then
    raise exception using errcode = 'PT409', message = 'You cannot join your own ride', hint = 'own_ride';
  end if;
  if p_ride.vendor_id = p_user_id then
    raise exception using errcode = 'PT409', message = 'You are the driver of this ride', hint = 'own_ride_driver';
  end if;
  if exists (
    select 1 from public.ride_passengers where ride_id = p_ride.id and user_id = p_user_id
  ) then
    raise exception using errcode = 'PT409', message = 'You have already joined this ride', hint = 'already_joined';
  end if;
end;
$$;

create or replace function app.join_ride_request(p_request_id integer, p_passenger_count integer, p_area text)
returns void
language plpgsql security definer
set search_path = ''
as $$
declare
  v_uid integer := private.require_user();
  v_request public.ride_requests := private.lock_ride_request(p_request_id);
begin
  perform private.require_open_request(v_request);
  if v_request.requester_id = v_uid then
    raise exception using errcode = 'PT409', message = 'This is your own ride request',
      hint = 'own_ride_request';
  end if;
  -- As app.join_ride: the requester blocked the caller, who is not told so (15_member_blocks.sql).
  if private.has_blocked(v_request.requester_id, v_uid) then
    raise exception using errcode = 'PT403', message = 'You cannot join this ride request',
      hint = 'me_too_not_allowed';
  end if;
  perform private.take_request_throttle('ride_requests:me-too', v_uid);
  insert into public.ride_request_members (request_id, user_id, passenger_count, area)
  values (v_request.id, v_uid, p_passenger_count, btrim(p_area))
  on conflict (request_id, user_id) do update
    set passenger_count = excluded.passenger_count, area = excluded.area;
end;
$$;

create or replace function app.ride_requests_json(p_request_id integer, p_direction public.ride_direction, p_day date)
returns json
language sql stable security definer
set search_path = ''
as $$
  select coalesce(json_agg(json_build_object(
    'id', r.id,
    'requesterId', r.requester_id,
    'requesterName', (select u.name from public.users u where u.id = r.requester_id),
    'direction', r.direction,
    'date', to_char(r.day, 'YYYY-MM-DD'),
    'startTime', to_char(r.window_start at time zone 'Asia/Singapore', 'HH24:MI'),
    'endTime', to_char(r.window_end at time zone 'Asia/Singapore', 'HH24:MI'),
    'windowStart', to_char(r.window_start at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'windowEnd', to_char(r.window_end at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'passengerCount', r.passenger_count,
    'area', r.area,
    'note', r.note,
    'status', case when r.status = 'open' and r.window_end <= now() then 'ended' else r.status end,
    'people', r.passenger_count + coalesce((
      select sum(m.passenger_count) from public.ride_request_members m where m.request_id = r.id), 0),
    'parties', 1 + (select count(*) from public.ride_request_members m where m.request_id = r.id),
    'members', coalesce((
      select json_agg(json_build_object(
        'userId', m.user_id,
        'name', (select u.name from public.users u where u.id = m.user_id),
        'passengerCount', m.passenger_count,
        'area', m.area) order by m.created_at, m.user_id)
        from public.ride_request_members m where m.request_id = r.id), '[]'::json),
    'ride', (
      select json_build_object(
        'id', d.id, 'direction', d.direction,
        'date', to_char(d.date at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
        from public.rides d where d.id = r.ride_id)
  ) order by r.window_start, r.id), '[]'::json)
  from (
    select * from public.ride_requests q
     where q.hidden_at is null and case
       when p_request_id is not null then q.id = p_request_id
       else q.status = 'open' and q.window_end > now()
         and (p_direction is null or q.direction = p_direction)
         and (p_day is null or q.day = p_day)
         -- The lists leave out the requests of members the caller blocked.
         and not private.has_blocked(app.current_user_id(), q.requester_id)
     end
     order by q.window_start, q.id
     limit 200
  ) r
$$;

create or replace function app.ride_messages_json(p_ride_id integer) returns json
    language plpgsql stable security definer
    set search_path to ''
as $$
declare
  v_ride public.rides := private.require_ride_conversation(p_ride_id);
  v_uid integer := app.current_user_id();
begin
  return json_build_object(
    'rideId', v_ride.id,
    'readOnly', v_ride.date < now() - interval '7 days',
    'pinned', (
      select private.ride_message_json(m, v_uid) from public.ride_messages m
       where m.ride_id = v_ride.id and m.pinned_at is not null and m.hidden_at is null
         and not private.has_blocked(v_uid, m.author_id)),
    'messages', coalesce((
      select json_agg(private.ride_message_json(last, v_uid) order by last.id)
        from (
          select * from public.ride_messages m
           where m.ride_id = v_ride.id and m.hidden_at is null and not private.has_blocked(v_uid, m.author_id)
           order by m.id desc limit 200
        ) last
    ), '[]'::json)
  );
end;
$$;
