-- Moderation
--
-- Members report a ride, a ride request, a chat message or a member (issue 26 §1); the admin
-- dismisses the report, hides the target or suspends its member, and lifts a suspension. Every
-- such action is a row of public.moderation_log, which no api role may change or delete.
--
-- The database as it is now; supabase/migrations is how it got here. To change it, see the
-- README, "Changing the database".

-- ------------------------------------------------------------------------------------------------
-- Tables

-- One row per report; the target is exactly one of the four references, named by target_kind.
create table public.reports (
  id bigint generated always as identity primary key,
  reporter_id integer not null references public.users (id) on delete cascade,
  target_kind text not null check (target_kind in ('ride', 'ride_request', 'ride_message', 'member')),
  ride_id integer references public.rides (id) on delete cascade,
  request_id integer references public.ride_requests (id) on delete cascade,
  message_id bigint references public.ride_messages (id) on delete cascade,
  member_id integer references public.users (id) on delete cascade,
  reason text not null check (reason in ('spam', 'harassment', 'no_show', 'unsafe', 'scam', 'other')),
  note text check (char_length(note) between 1 and 500),
  status text not null default 'open' check (status in ('open', 'dismissed', 'actioned')),
  created_at timestamptz not null default now(),
  resolved_at timestamptz,
  resolved_by integer references public.users (id) on delete set null,
  constraint reports_one_target check (
    num_nonnulls(ride_id, request_id, message_id, member_id) = 1
    and case target_kind
      when 'ride' then ride_id is not null
      when 'ride_request' then request_id is not null
      when 'ride_message' then message_id is not null
      else member_id is not null
    end
  ),
  constraint reports_resolved check ((status = 'open') = (resolved_at is null)),
  constraint reports_text_visible check (not private.has_hidden_characters(coalesce(note, '')))
);

comment on table public.reports is
  'Members'' reports of a ride, a ride request, a chat message or a member (issue 26): read by the reporter and the admin, written only by the app functions.';

-- One open report per reporter and target: the rule itself, under concurrency too.
create unique index reports_one_open_idx on public.reports
  (reporter_id, target_kind, coalesce(ride_id::bigint, request_id::bigint, message_id, member_id::bigint))
  where status = 'open';

create index reports_open_idx on public.reports (created_at, id) where status = 'open';

create index reports_ride_id_idx on public.reports (ride_id);

create index reports_request_id_idx on public.reports (request_id);

create index reports_message_id_idx on public.reports (message_id);

create index reports_member_id_idx on public.reports (member_id);

create index reports_resolved_by_idx on public.reports (resolved_by);

-- A member suspended until suspended_until, or for good (null). Lifting deletes the row.
create table public.member_suspensions (
  user_id integer primary key references public.users (id) on delete cascade,
  suspended_until timestamptz,
  reason text not null check (char_length(reason) between 1 and 500),
  suspended_by integer references public.users (id) on delete set null,
  created_at timestamptz not null default now(),
  constraint member_suspensions_text_visible check (not private.has_hidden_characters(reason))
);

comment on table public.member_suspensions is
  'Suspended members: no login, no new rides, joins or requests until suspended_until (null: for good). Written only by the app functions.';

create index member_suspensions_suspended_by_idx on public.member_suspensions (suspended_by);

-- Append-only: the api's roles may read it (the admin only) and nothing else; the functions
-- below, running as the owner, are its only writers.
create table public.moderation_log (
  id bigint generated always as identity primary key,
  admin_id integer references public.users (id) on delete set null,
  action text not null check (action in ('dismiss', 'hide', 'suspend', 'lift_suspension')),
  target_kind text not null check (target_kind in ('ride', 'ride_request', 'ride_message', 'member')),
  target_id bigint not null,
  report_id bigint references public.reports (id) on delete set null,
  reason text not null check (char_length(reason) between 1 and 500),
  -- What the action was about, as the target read then (a suspension's end, a ride's date).
  detail jsonb not null default '{}' check (jsonb_typeof(detail) = 'object' and octet_length(detail::text) <= 4000),
  created_at timestamptz not null default now(),
  constraint moderation_log_text_visible check (not private.has_hidden_characters(reason))
);

comment on table public.moderation_log is
  'The admin''s moderation actions (who, what, when, why): append-only, readable by the admin; written only by the app functions.';

create index moderation_log_created_at_idx on public.moderation_log (created_at desc, id desc);

create index moderation_log_admin_id_idx on public.moderation_log (admin_id);

create index moderation_log_report_id_idx on public.moderation_log (report_id);

alter table public.reports enable row level security;

alter table public.member_suspensions enable row level security;

alter table public.moderation_log enable row level security;

revoke all on public.reports from public, anon, authenticated;

revoke all on public.member_suspensions from public, anon, authenticated;

revoke all on public.moderation_log from public, anon, authenticated;

-- Reads only; every change goes through the app functions below.
grant select on public.reports to authenticated;

grant select on public.member_suspensions to authenticated;

grant select on public.moderation_log to authenticated;

create policy "reporters and the admin read reports"
  on public.reports for select to authenticated
  using (reporter_id = (select app.current_user_id()) or (select app.is_admin()));

create policy "the admin reads suspensions"
  on public.member_suspensions for select to authenticated
  using ((select app.is_admin()));

create policy "the admin reads the moderation log"
  on public.moderation_log for select to authenticated
  using ((select app.is_admin()));

-- ------------------------------------------------------------------------------------------------
-- Functions

-- The end of the member's suspension ('infinity' for good), or null when they are not suspended.
create function private.suspended_until(p_user_id integer)
returns timestamptz
language sql
stable
security definer -- asked for any member; only the admin may read member_suspensions
set search_path = ''
as $$
  select coalesce(s.suspended_until, 'infinity'::timestamptz)
    from public.member_suspensions s
   where s.user_id = p_user_id and (s.suspended_until is null or s.suspended_until > now())
$$;

revoke all on function private.suspended_until(integer) from public;

-- A suspended member's own rides, joins, waitlist places and requests are refused. The column
-- naming the member is the trigger's argument; the app's own moves on a member's behalf (the
-- waitlist's fill) are not the member's.
create function private.refuse_suspended_member()
returns trigger
language plpgsql
security definer -- calls private.suspended_until, out of the member's reach
set search_path = ''
as $$
declare
  v_member integer := (to_jsonb(new) ->> tg_argv[0])::integer;
begin
  if v_member = app.current_user_id() and private.suspended_until(v_member) is not null then
    raise exception using errcode = 'PT403', message = 'Your account is suspended', hint = 'member_suspended';
  end if;
  return new;
end;
$$;

revoke all on function private.refuse_suspended_member() from public;

create trigger ride_passengers_refuse_suspended
  before insert on public.ride_passengers
  for each row execute function private.refuse_suspended_member('user_id');

create trigger ride_requests_refuse_suspended
  before insert on public.ride_requests
  for each row execute function private.refuse_suspended_member('requester_id');

create trigger ride_waitlist_refuse_suspended
  before insert on public.ride_waitlist
  for each row execute function private.refuse_suspended_member('user_id');

create trigger rides_refuse_suspended
  before insert on public.rides
  for each row execute function private.refuse_suspended_member('organiser_id');

-- Who a target belongs to: the ride's organiser, the request's requester, the message's author,
-- the member; null when the target is gone.
create function private.report_target_owner(p_kind text, p_target_id bigint)
returns integer
language sql
stable
security invoker
set search_path = ''
as $$
  select case p_kind
    when 'ride' then (select organiser_id from public.rides where id = p_target_id)
    when 'ride_request' then (select requester_id from public.ride_requests where id = p_target_id)
    when 'ride_message' then (select author_id from public.ride_messages where id = p_target_id)
    when 'member' then (select id from public.users where id = p_target_id)
  end
$$;

revoke all on function private.report_target_owner(text, bigint) from public;

-- A member reports what they can see: a ride or a request that is not hidden, a message of a
-- conversation they are in, a member; never their own. Returns the report.
create function app.file_report(p_target_kind text, p_target_id bigint, p_reason text, p_note text)
returns json
language plpgsql
security definer -- reports has no insert grant; the target is read past the caller's policies
set search_path = ''
as $$
declare
  v_uid integer := private.require_user();
  v_owner integer;
  v_report public.reports;
begin
  case p_target_kind
    when 'ride' then
      v_owner := (private.find_ride(p_target_id::integer)).organiser_id;
    when 'ride_request' then
      select requester_id into v_owner from public.ride_requests where id = p_target_id and hidden_at is null;
      if not found then
        raise exception using errcode = 'PT404', message = 'Ride request not found', hint = 'ride_request_not_found';
      end if;
    when 'ride_message' then
      select m.author_id into v_owner from public.ride_messages m
       where m.id = p_target_id and m.hidden_at is null and m.author_id is not null
         and private.in_ride_conversation(m.ride_id, v_uid);
      if not found then
        raise exception using errcode = 'PT404', message = 'Message not found', hint = 'ride_message_not_found';
      end if;
    when 'member' then
      select id into v_owner from public.users where id = p_target_id;
      if not found then
        raise exception using errcode = 'PT404', message = 'User not found', hint = 'user_not_found';
      end if;
  end case;
  if v_owner = v_uid then
    raise exception using errcode = 'PT400', message = 'You cannot report yourself or what you posted',
      hint = 'cannot_report_own';
  end if;
  -- The unique index decides under concurrency; this names the reason first.
  if exists (
    select 1 from public.reports r
     where r.reporter_id = v_uid and r.target_kind = p_target_kind and r.status = 'open'
       and coalesce(r.ride_id::bigint, r.request_id::bigint, r.message_id, r.member_id::bigint) = p_target_id
  ) then
    raise exception using errcode = 'PT409', message = 'You have already reported this. The admin will look at it.',
      hint = 'already_reported';
  end if;
  perform private.take_throttle('reports:filed', v_uid::text, 'Too many reports. Please try again in %s.');

  insert into public.reports (reporter_id, target_kind, ride_id, request_id, message_id, member_id, reason, note)
  values (
    v_uid, p_target_kind,
    case when p_target_kind = 'ride' then p_target_id::integer end,
    case when p_target_kind = 'ride_request' then p_target_id::integer end,
    case when p_target_kind = 'ride_message' then p_target_id end,
    case when p_target_kind = 'member' then p_target_id::integer end,
    p_reason, nullif(btrim(p_note), '')
  )
  returning * into v_report;
  return json_build_object(
    'id', v_report.id, 'targetKind', v_report.target_kind, 'targetId', p_target_id,
    'reason', v_report.reason, 'status', v_report.status
  );
end;
$$;

revoke all on function app.file_report(text, bigint, text, text) from public;

grant execute on function app.file_report(text, bigint, text, text) to authenticated;

-- A member as the queue shows them: name, username, how many rides they organised and joined,
-- the reports about them and what they posted, and their suspension.
create function private.moderation_member_json(p_user_id integer)
returns json
language sql
stable
security invoker
set search_path = ''
as $$
  select json_build_object(
    'id', u.id,
    'name', private.member_display_name(u.id),
    'discordUsername', u.discord_username,
    'ridesOrganised', (select count(*) from public.rides r where r.organiser_id = u.id),
    'ridesJoined', (select count(*) from public.ride_passengers p where p.user_id = u.id),
    'reportsAgainst', (
      select count(*) from public.reports r
       where r.member_id = u.id
          or r.ride_id in (select id from public.rides where organiser_id = u.id)
          or r.request_id in (select id from public.ride_requests where requester_id = u.id)
          or r.message_id in (select id from public.ride_messages where author_id = u.id)),
    'suspendedUntil', case
      when private.suspended_until(u.id) = 'infinity' then 'forever'
      else to_char(private.suspended_until(u.id) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
    end
  )
    from public.users u where u.id = p_user_id
$$;

revoke all on function private.moderation_member_json(integer) from public;

-- A report's target in context, for the admin: the ride, the request, the message with its ride,
-- or the member, with the member it belongs to.
create function private.report_target_json(p_report public.reports)
returns json
language sql
stable
security invoker
set search_path = ''
as $$
  select case p_report.target_kind
    when 'ride' then (
      select json_build_object(
        'id', r.id, 'direction', r.direction,
        'date', to_char(r.date at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        'pickupLocation', r.pickup_location, 'currentPassengers', r.current_passengers,
        'maxPassengers', r.max_passengers, 'hidden', r.hidden_at is not null,
        'owner', private.moderation_member_json(r.organiser_id))
        from public.rides r where r.id = p_report.ride_id)
    when 'ride_request' then (
      select json_build_object(
        'id', q.id, 'direction', q.direction, 'date', to_char(q.day, 'YYYY-MM-DD'),
        'area', q.area, 'note', q.note, 'passengerCount', q.passenger_count,
        'hidden', q.hidden_at is not null, 'owner', private.moderation_member_json(q.requester_id))
        from public.ride_requests q where q.id = p_report.request_id)
    when 'ride_message' then (
      select json_build_object(
        'id', m.id, 'body', m.body, 'rideId', m.ride_id, 'direction', r.direction,
        'date', to_char(r.date at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        'createdAt', to_char(m.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        'hidden', m.hidden_at is not null, 'owner', private.moderation_member_json(m.author_id))
        from public.ride_messages m join public.rides r on r.id = m.ride_id where m.id = p_report.message_id)
    else json_build_object('owner', private.moderation_member_json(p_report.member_id))
  end
$$;

revoke all on function private.report_target_json(public.reports) from public;

-- The admin's queue: the open reports, oldest first (the 200 oldest), with their targets in
-- context; the members suspended now; the newest 50 actions of the log.
create function app.moderation_queue()
returns json
language plpgsql
stable
security definer -- reads every report with its target, past the row policies
set search_path = ''
as $$
begin
  perform private.require_admin();
  return json_build_object(
    'reports', coalesce((
      select json_agg(json_build_object(
        'id', r.id,
        'targetKind', r.target_kind,
        'targetId', coalesce(r.ride_id::bigint, r.request_id::bigint, r.message_id, r.member_id::bigint),
        'reason', r.reason,
        'note', r.note,
        'createdAt', to_char(r.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        'reporterName', private.member_display_name(r.reporter_id),
        'target', private.report_target_json(r)
      ) order by r.created_at, r.id)
        from (select * from public.reports where status = 'open' order by created_at, id limit 200) r
    ), '[]'::json),
    'suspensions', coalesce((
      select json_agg(json_build_object(
        'member', private.moderation_member_json(s.user_id),
        'reason', s.reason,
        'createdAt', to_char(s.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
      ) order by s.created_at, s.user_id)
        from public.member_suspensions s
       where s.suspended_until is null or s.suspended_until > now()
    ), '[]'::json),
    'log', coalesce((
      select json_agg(json_build_object(
        'id', l.id,
        'adminName', case when l.admin_id is not null then private.member_display_name(l.admin_id) end,
        'action', l.action,
        'targetKind', l.target_kind,
        'targetId', l.target_id,
        'reason', l.reason,
        'createdAt', to_char(l.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
      ) order by l.created_at desc, l.id desc)
        from (select * from public.moderation_log order by created_at desc, id desc limit 50) l
    ), '[]'::json)
  );
end;
$$;

revoke all on function app.moderation_queue() from public;

grant execute on function app.moderation_queue() to authenticated;

-- The open report, locked; refuses one that is not there or no longer open.
create function private.lock_open_report(p_report_id bigint)
returns public.reports
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_report public.reports;
begin
  select * into v_report from public.reports where id = p_report_id for update;
  if not found then
    raise exception using errcode = 'PT404', message = 'Report not found', hint = 'report_not_found';
  end if;
  if v_report.status <> 'open' then
    raise exception using errcode = 'PT409', message = 'This report has already been dealt with',
      hint = 'report_closed';
  end if;
  return v_report;
end;
$$;

revoke all on function private.lock_open_report(bigint) from public;

-- Closes every open report of the report's target as p_status, by the admin.
create function private.close_reports(p_report public.reports, p_status text, p_admin integer)
returns void
language sql
security invoker
set search_path = ''
as $$
  update public.reports set status = p_status, resolved_at = now(), resolved_by = p_admin
   where status = 'open' and target_kind = p_report.target_kind
     and ride_id is not distinct from p_report.ride_id
     and request_id is not distinct from p_report.request_id
     and message_id is not distinct from p_report.message_id
     and member_id is not distinct from p_report.member_id
$$;

revoke all on function private.close_reports(public.reports, text, integer) from public;

create function private.log_moderation(p_admin integer, p_action text, p_kind text, p_target_id bigint, p_report_id bigint, p_reason text, p_detail jsonb)
returns void
language sql
security invoker
set search_path = ''
as $$
  insert into public.moderation_log (admin_id, action, target_kind, target_id, report_id, reason, detail)
  values (p_admin, p_action, p_kind, p_target_id, p_report_id, btrim(p_reason), coalesce(p_detail, '{}'::jsonb))
$$;

revoke all on function private.log_moderation(integer, text, text, bigint, bigint, text, jsonb) from public;

-- The admin closes a report (and the other open reports of its target) without acting on it.
create function app.dismiss_report(p_report_id bigint, p_reason text)
returns void
language plpgsql
security definer -- reports and moderation_log are read-only to the api roles
set search_path = ''
as $$
declare
  v_admin integer := private.require_admin();
  v_report public.reports := private.lock_open_report(p_report_id);
begin
  perform private.close_reports(v_report, 'dismissed', v_admin);
  perform private.log_moderation(v_admin, 'dismiss', v_report.target_kind,
    coalesce(v_report.ride_id::bigint, v_report.request_id::bigint, v_report.message_id, v_report.member_id::bigint),
    v_report.id, p_reason, '{}'::jsonb);
end;
$$;

revoke all on function app.dismiss_report(bigint, text) from public;

grant execute on function app.dismiss_report(bigint, text) to authenticated;

-- The admin hides the report's ride, request or message: it leaves every list and page (the
-- select policies and the functions skip it); a ride's organiser and passengers are told. A
-- hidden message leaves the unread counts, and the conversation's unread notification goes
-- where it no longer stands for any message (its push too, if still queued). A member is
-- suspended, not hidden.
create function app.hide_report_target(p_report_id bigint, p_reason text)
returns void
language plpgsql
security definer -- hides rows and clears notifications that no grant lets the admin write
set search_path = ''
as $$
declare
  v_admin integer := private.require_admin();
  v_report public.reports := private.lock_open_report(p_report_id);
  v_ride public.rides;
  v_detail jsonb := '{}'::jsonb;
  v_recipient integer;
begin
  case v_report.target_kind
    when 'ride' then
      -- Locked as every change of a ride is: a join waits, then finds it removed.
      update public.rides set hidden_at = coalesce(hidden_at, now())
       where id = v_report.ride_id
      returning * into v_ride;
      v_detail := private.ride_event_params(v_ride);
      for v_recipient in
        select v_ride.organiser_id
        union
        select p.user_id from public.ride_passengers p where p.ride_id = v_ride.id
      loop
        perform private.notify(v_recipient, v_ride.id, 'ride_removed', private.ride_event_params(v_ride));
      end loop;
    when 'ride_request' then
      update public.ride_requests set hidden_at = coalesce(hidden_at, now()) where id = v_report.request_id;
    when 'ride_message' then
      update public.ride_messages set hidden_at = coalesce(hidden_at, now()), pinned_at = null
       where id = v_report.message_id
      returning jsonb_build_object('rideId', ride_id, 'body', body) into v_detail;
      delete from public.notifications n
       where n.ride_id = (v_detail ->> 'rideId')::integer and n.kind = 'chat_message' and n.read_at is null
         and private.ride_chat_unread(n.ride_id, n.user_id) = 0;
    when 'member' then
      raise exception using errcode = 'PT409', message = 'A member cannot be hidden: suspend them instead',
        hint = 'member_not_hideable';
  end case;
  perform private.close_reports(v_report, 'actioned', v_admin);
  perform private.log_moderation(v_admin, 'hide', v_report.target_kind,
    coalesce(v_report.ride_id::bigint, v_report.request_id::bigint, v_report.message_id), v_report.id, p_reason, v_detail);
end;
$$;

revoke all on function app.hide_report_target(bigint, text) from public;

grant execute on function app.hide_report_target(bigint, text) to authenticated;

-- Suspends p_user_id for p_days days (null: for good): their sessions end, their upcoming rides
-- are cancelled (everyone aboard is told, as when an organiser deletes a ride), the upcoming rides
-- they drive as a vendor are released back to open (the riders are told, as when the admin
-- revokes a vendor: a driver who cannot log in cannot drive them), they leave the upcoming rides
-- and waitlists they are on, their open requests close; login and every new ride, join and
-- request of theirs are refused until it ends. Suspending again replaces the period.
-- Cancelling their rides deletes the reports about those rides and their messages (issue 35 §1:
-- the common case, a reported fake ride), so the log row keeps what the report said and links
-- it only while it still exists.
create function private.suspend_member(p_admin integer, p_user_id integer, p_days integer, p_reason text, p_report_id bigint)
returns void
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_until timestamptz := case when p_days is not null then now() + make_interval(days => p_days) end;
  v_cancelled integer;
  v_released integer;
  v_report jsonb;
begin
  if p_user_id is null or not exists (select 1 from public.users where id = p_user_id) then
    raise exception using errcode = 'PT404', message = 'User not found', hint = 'user_not_found';
  end if;
  if p_user_id = p_admin or p_user_id = 1 then
    raise exception using errcode = 'PT409', message = 'The admin cannot be suspended', hint = 'admin_not_suspendable';
  end if;
  if p_days is not null and (p_days < 1 or p_days > 3650) then
    raise exception using errcode = 'PT400', message = 'A suspension lasts 1 to 3650 days, or for good',
      hint = 'suspension_days_range';
  end if;
  -- First, as a password reset does: a login holding the credentials (FOR SHARE) commits before
  -- the sessions below end, so the session it made ends with them; a later one waits, then is
  -- refused.
  perform 1 from private.credentials where user_id = p_user_id for update;
  select jsonb_build_object(
           'id', r.id, 'targetKind', r.target_kind,
           'targetId', coalesce(r.ride_id::bigint, r.request_id::bigint, r.message_id, r.member_id::bigint),
           'reason', r.reason, 'reporterId', r.reporter_id,
           'filedAt', to_char(r.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
         || case when r.ride_id is not null then (
              select jsonb_build_object('ride', jsonb_build_object('direction', d.direction,
                       'date', to_char(d.date at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                       'pickupLocation', d.pickup_location))
                from public.rides d where d.id = r.ride_id)
            else '{}'::jsonb end
    into v_report
    from public.reports r where r.id = p_report_id;
  insert into public.member_suspensions (user_id, suspended_until, reason, suspended_by)
  values (p_user_id, v_until, btrim(p_reason), p_admin)
  on conflict (user_id) do update
    set suspended_until = excluded.suspended_until, reason = excluded.reason,
        suspended_by = excluded.suspended_by, created_at = now();
  delete from private.sessions where user_id = p_user_id;

  perform set_config('fc.cancel_cause', 'organiser_unavailable', true);
  delete from public.rides where organiser_id = p_user_id and date > now();
  get diagnostics v_cancelled = row_count;
  perform set_config('fc.cancel_cause', '', true);
  update public.rides set status = 'open', vendor_id = null
   where vendor_id = p_user_id and status = 'assigned' and date > now();
  get diagnostics v_released = row_count;
  delete from public.ride_passengers p using public.rides r
   where p.user_id = p_user_id and r.id = p.ride_id and r.date > now();
  delete from public.ride_waitlist w using public.rides r
   where w.user_id = p_user_id and r.id = w.ride_id and r.date > now();
  update public.ride_requests set status = 'closed' where requester_id = p_user_id and status = 'open';

  perform private.log_moderation(p_admin, 'suspend', 'member', p_user_id,
    (select r.id from public.reports r where r.id = p_report_id), p_reason,
    jsonb_strip_nulls(jsonb_build_object(
      'until', case when v_until is null then 'forever'
                    else to_char(v_until at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') end,
      'ridesCancelled', v_cancelled, 'ridesReleased', v_released, 'report', v_report)));
end;
$$;

revoke all on function private.suspend_member(integer, integer, integer, text, bigint) from public;

-- The admin suspends the member a report is about (a ride's organiser, a request's requester, a
-- message's author, the member reported). Every open report about that target closes.
create function app.suspend_report_member(p_report_id bigint, p_days integer, p_reason text)
returns void
language plpgsql
security definer -- suspends through private.suspend_member; no grant to write it
set search_path = ''
as $$
declare
  v_admin integer := private.require_admin();
  v_report public.reports := private.lock_open_report(p_report_id);
begin
  -- Closed first: cancelling the member's rides may delete this report and its siblings.
  perform private.close_reports(v_report, 'actioned', v_admin);
  perform private.suspend_member(v_admin, private.report_target_owner(v_report.target_kind,
    coalesce(v_report.ride_id::bigint, v_report.request_id::bigint, v_report.message_id, v_report.member_id::bigint)),
    p_days, p_reason, v_report.id);
end;
$$;

revoke all on function app.suspend_report_member(bigint, integer, text) from public;

grant execute on function app.suspend_report_member(bigint, integer, text) to authenticated;

-- What suspending the member a report is about would undo (issue 37 §4), so the admin sees it
-- before confirming: their upcoming rides with the people aboard and waiting, the rides they
-- would leave, the rides they drive that would be released and their open requests. Read with
-- the same rules private.suspend_member applies, in the same statement's snapshot.
create function app.suspension_preview(p_report_id bigint)
returns jsonb
language plpgsql
stable
security definer -- reads the member's rides and requests as private.suspend_member does
set search_path = ''
as $$
declare
  v_admin integer := private.require_admin();
  v_report public.reports;
  v_user_id integer;
  v_answer jsonb;
begin
  select * into v_report from public.reports where id = p_report_id;
  if not found then
    raise exception using errcode = 'PT404', message = 'Report not found', hint = 'report_not_found';
  end if;
  if v_report.status <> 'open' then
    raise exception using errcode = 'PT409', message = 'This report has already been dealt with',
      hint = 'report_closed';
  end if;
  v_user_id := private.report_target_owner(v_report.target_kind,
    coalesce(v_report.ride_id::bigint, v_report.request_id::bigint, v_report.message_id, v_report.member_id::bigint));
  if v_user_id is null then
    raise exception using errcode = 'PT404', message = 'User not found', hint = 'user_not_found';
  end if;
  if v_user_id = v_admin or v_user_id = 1 then
    raise exception using errcode = 'PT409', message = 'The admin cannot be suspended', hint = 'admin_not_suspendable';
  end if;
  with cancelled as (
    select id from public.rides where organiser_id = v_user_id and date > now()
  )
  select jsonb_build_object(
           'memberId', v_user_id,
           'ridesCancelled', (select count(*) from cancelled),
           'passengersAffected', (select coalesce(sum(p.passenger_count), 0) from public.ride_passengers p
                                   where p.ride_id in (select id from cancelled) and p.user_id <> v_user_id),
           'waitingAffected', (select coalesce(sum(w.passenger_count), 0) from public.ride_waitlist w
                                where w.ride_id in (select id from cancelled) and w.user_id <> v_user_id),
           'ridesLeft', (select count(distinct r.id) from public.rides r
                          where r.date > now() and r.organiser_id <> v_user_id
                            and (exists (select 1 from public.ride_passengers p where p.ride_id = r.id and p.user_id = v_user_id)
                              or exists (select 1 from public.ride_waitlist w where w.ride_id = r.id and w.user_id = v_user_id))),
           'ridesReleased', (select count(*) from public.rides
                              where vendor_id = v_user_id and status = 'assigned' and date > now()
                                and organiser_id <> v_user_id),
           'requestsClosed', (select count(*) from public.ride_requests
                               where requester_id = v_user_id and status = 'open'))
    into v_answer;
  return v_answer;
end;
$$;

revoke all on function app.suspension_preview(bigint) from public;

grant execute on function app.suspension_preview(bigint) to authenticated;

create function app.lift_suspension(p_user_id integer, p_reason text)
returns void
language plpgsql
security definer -- member_suspensions is read-only to the api roles
set search_path = ''
as $$
declare
  v_admin integer := private.require_admin();
begin
  delete from public.member_suspensions
   where user_id = p_user_id and (suspended_until is null or suspended_until > now());
  if not found then
    raise exception using errcode = 'PT404', message = 'This member is not suspended', hint = 'not_suspended';
  end if;
  perform private.log_moderation(v_admin, 'lift_suspension', 'member', p_user_id, null, p_reason, '{}'::jsonb);
end;
$$;

revoke all on function app.lift_suspension(integer, text) from public;

grant execute on function app.lift_suspension(integer, text) to authenticated;

-- Whether a ride exists but was hidden by the admin: its page says so instead of "not found".
create function app.ride_removed(p_ride_id integer)
returns boolean
language sql
stable
security definer -- sees a hidden ride, which the rides policy hides
set search_path = ''
as $$
  select exists (select 1 from public.rides where id = p_ride_id and hidden_at is not null)
$$;

revoke all on function app.ride_removed(integer) from public;

grant execute on function app.ride_removed(integer) to anon, authenticated;
