-- Migration: throttles on what costs, without lock-out
-- Purpose: the app sits on a public URL (issue 11). What one caller can make the database hold or
--          do is capped, with the limits in a table the owner can change:
--          - registrations per client address and for everyone together (the api takes them),
--          - rides one member organises: upcoming at once, and created per day (a trigger),
--          - joins and leaves of one member per hour (a trigger),
--          - failed logins and reset codes per (username, client), per username and per client
--            (the api counts them in private.login_failures, now with the client beside the key),
--          and what expires is purged by the api itself (private.purge_expired, run on logins and
--          registrations), so no host needs a cron job.
-- Affects: new tables private.throttle_limits (seeded) and private.throttle_events; new column
--          private.login_failures.client; new functions private.wait_text,
--          private.take_throttle, private.check_failures, private.rides_throttle, private.ride_passengers_throttle,
--          private.purge_expired; triggers rides_throttle (before insert on public.rides) and
--          ride_passengers_throttle (before insert or delete on public.ride_passengers); indexes
--          for the purge on private.sessions, private.password_reset_codes,
--          private.login_failures.
-- Errors: a throttle refuses with SQLSTATE 'PT429' (the api answers 429), a message written for
--         the member (the same style as the login's) and the seconds to wait in HINT, which the
--         api sends as Retry-After.
-- Notes: the throttles count what members do through the api (app.current_user_id() is set):
--        the owner's own SQL (the dashboard, fixtures, the admin functions) is not throttled.
--        Counts are taken under a transaction-scoped advisory lock per (limit, subject), so a
--        concurrent burst cannot pass a limit: the second request waits for the first to commit,
--        then counts again. A refused request rolls back whole, so only what happened counts.
--        docs/admin.md shows how to change a limit. Runs unchanged on PostgreSQL 15, Supabase
--        (17) and PGlite (18).

-- Limits ------------------------------------------------------------------------------------
create table private.throttle_limits (
  name text primary key,
  max_count integer not null check (max_count >= 0),
  -- The sliding window the count covers; null for a standing count (upcoming rides).
  window_seconds integer check (window_seconds > 0),
  description text not null
);
comment on table private.throttle_limits is
  'Abuse limits the api and the triggers enforce (429). The owner may change max_count and window_seconds.';

insert into private.throttle_limits (name, max_count, window_seconds, description) values
  ('register:client', 20, 3600, 'accounts registered from one client address'),
  ('register:all', 200, 3600, 'accounts registered by everyone together'),
  ('rides:upcoming', 10, null, 'upcoming rides one member organises at once'),
  ('rides:created', 30, 86400, 'rides one member creates'),
  ('passengers:changes', 30, 3600, 'joins and leaves of one member (refused joins only: a leave always goes through)'),
  ('login:pair', 5, 900, 'failed logins for one username from one client address'),
  ('login:name', 100, 900, 'failed logins for one username from anywhere'),
  ('reset-code:pair', 5, 900, 'failed reset codes for one username from one client address'),
  ('reset-code:name', 100, 900, 'failed reset codes for one username from anywhere'),
  ('failures:client', 20, 900, 'failed logins and reset codes from one client address, any username');

-- What happened, one row per counted action: subject is the client address, the member id, or ''
-- for a limit on everyone.
create table private.throttle_events (
  id bigint generated always as identity primary key,
  limit_name text not null,
  subject text not null,
  happened_at timestamptz not null default now()
);
create index throttle_events_subject_idx on private.throttle_events (limit_name, subject, happened_at);
create index throttle_events_happened_at_idx on private.throttle_events (happened_at);

-- Failed logins: the key stays the member's (private.member_throttle_key, which a password reset
-- clears); the client beside it gives the per-(username, client) and per-client counts. '' when
-- the host does not know the address.
alter table private.login_failures add column client text not null default '';
create index login_failures_client_time_idx on private.login_failures (client, failed_at) where client <> '';
create index login_failures_failed_at_idx on private.login_failures (failed_at);
-- The old per-address rows ('client:…' keys) would now read as a username's; they expire in 15
-- minutes anyway.
delete from private.login_failures where throttle_key like 'client:%';

-- Purged by expiry (private.purge_expired).
create index sessions_expires_at_idx on private.sessions (expires_at);
create index password_reset_codes_expires_at_idx on private.password_reset_codes (expires_at);

alter table private.throttle_limits enable row level security;
alter table private.throttle_events enable row level security;
revoke all on private.throttle_limits, private.throttle_events from public, anon, authenticated;

-- Functions ---------------------------------------------------------------------------------

-- '12 minutes', '5 hours', '3 days': how long to wait, for a message.
create function private.wait_text(p_seconds integer)
returns text
language sql
immutable
set search_path = ''
as $$
  select case
    when p_seconds <= 90 * 60 then
      ceil(greatest(p_seconds, 1) / 60.0)::integer || case when p_seconds <= 60 then ' minute' else ' minutes' end
    when p_seconds <= 48 * 3600 then ceil(p_seconds / 3600.0)::integer || ' hours'
    else ceil(p_seconds / 86400.0)::integer || ' days'
  end
$$;

-- Counts one action of p_subject against the windowed limit p_limit, or refuses it (PT429) when
-- the window already holds max_count of them. p_message has one %s: how long to wait. A limit
-- that is not in the table does not apply.
create function private.take_throttle(p_limit text, p_subject text, p_message text)
returns void
language plpgsql
set search_path = ''
as $$
declare
  v_limit private.throttle_limits;
  v_count integer;
  v_retry integer;
begin
  select * into v_limit from private.throttle_limits where name = p_limit;
  if not found or v_limit.window_seconds is null then
    return;
  end if;
  -- Held until the transaction ends: a concurrent request for the same subject waits here, then
  -- counts what this one committed.
  perform pg_advisory_xact_lock(hashtextextended('fc-throttle:' || p_limit || ':' || p_subject, 0));

  select count(*) into v_count
    from private.throttle_events
   where limit_name = p_limit and subject = p_subject
     and happened_at > now() - make_interval(secs => v_limit.window_seconds);

  if v_count >= v_limit.max_count then
    -- The wait until enough of them age out of the window for one more.
    select ceil(extract(epoch from happened_at + make_interval(secs => v_limit.window_seconds) - now()))::integer
      into v_retry
      from private.throttle_events
     where limit_name = p_limit and subject = p_subject
       and happened_at > now() - make_interval(secs => v_limit.window_seconds)
     order by happened_at
    offset v_count - v_limit.max_count
     limit 1;
    v_retry := greatest(coalesce(v_retry, v_limit.window_seconds), 1);
    raise exception using errcode = 'PT429', message = format(p_message, private.wait_text(v_retry)),
      hint = v_retry::text;
  end if;

  insert into private.throttle_events (limit_name, subject) values (p_limit, p_subject);
end;
$$;

-- Failed logins (p_scope 'login') and failed reset codes ('reset-code'): refuses (PT429) while the
-- window holds <scope>:pair failures for this username from this client, <scope>:name for this
-- username from anywhere, or failures:client from this client for any username. p_name_key is
-- private.member_throttle_key(p_scope, username); p_client is '' when the host does not know the
-- address (then the pair is the username with unknown clients, and the per-client count is off).
-- Checking, verifying and recording a failure must be one step: the locks taken here (per
-- username and per client, in one order so two requests never wait on each other crosswise)
-- last until the transaction ends, so a burst of concurrent guesses cannot pass the limit.
create function private.check_failures(p_scope text, p_name_key text, p_client text)
returns void
language plpgsql
set search_path = ''
as $$
declare
  v_limit private.throttle_limits;
  v_since timestamptz;
  v_count integer;
  v_oldest timestamptz[];
  v_retry integer;
begin
  perform pg_advisory_xact_lock(hashtextextended('fc-throttle:' || key, 0))
     from unnest(array[p_name_key, 'client:' || nullif(p_client, '')]) as key
    where key is not null
    order by key;

  for v_limit in
    select * from private.throttle_limits
     where name in (p_scope || ':pair', p_scope || ':name', 'failures:client') and window_seconds is not null
     order by name
  loop
    v_since := now() - make_interval(secs => v_limit.window_seconds);
    if v_limit.name = 'failures:client' then
      continue when p_client = '';
      select count(*), array_agg(failed_at order by failed_at) into v_count, v_oldest
        from private.login_failures where client = p_client and failed_at > v_since;
    elsif v_limit.name like '%:pair' then
      select count(*), array_agg(failed_at order by failed_at) into v_count, v_oldest
        from private.login_failures where throttle_key = p_name_key and client = p_client and failed_at > v_since;
    else
      select count(*), array_agg(failed_at order by failed_at) into v_count, v_oldest
        from private.login_failures where throttle_key = p_name_key and failed_at > v_since;
    end if;

    if v_count >= v_limit.max_count then
      v_retry := greatest(1, coalesce(ceil(extract(epoch from
        v_oldest[v_count - v_limit.max_count + 1] + make_interval(secs => v_limit.window_seconds) - now()
      ))::integer, v_limit.window_seconds));
      raise exception using errcode = 'PT429',
        message = format('Too many failed attempts. Please try again in %s.', private.wait_text(v_retry)),
        hint = v_retry::text;
    end if;
  end loop;
end;
$$;

-- A member's rides: at most rides:upcoming ahead at once, and rides:created per window.
create function private.rides_throttle()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid integer := app.current_user_id();
  v_max integer;
  v_upcoming integer;
  v_retry integer;
begin
  if v_uid is null then
    return new;
  end if;
  perform pg_advisory_xact_lock(hashtextextended('fc-throttle:rides:' || new.creator_id, 0));

  select max_count into v_max from private.throttle_limits where name = 'rides:upcoming';
  if found then
    select count(*), ceil(extract(epoch from min(date) - now()))::integer
      into v_upcoming, v_retry
      from public.rides
     where creator_id = new.creator_id and date > now();
    if v_upcoming >= v_max then
      -- The earliest one departs first; deleting one frees a place at once.
      v_retry := greatest(coalesce(v_retry, 3600), 1);
      raise exception using errcode = 'PT429',
        message = format('You already have %s upcoming rides, the most allowed. Please try again in %s.',
                         v_upcoming, private.wait_text(v_retry)),
        hint = v_retry::text;
    end if;
  end if;

  perform private.take_throttle('rides:created', new.creator_id::text,
    'Too many rides created today. Please try again in %s.');
  return new;
end;
$$;

create trigger rides_throttle
  before insert on public.rides
  for each row execute function private.rides_throttle();

-- A member's own joins and leaves, counted together. A join past the limit is refused; a leave
-- is counted but always goes through (a member must be able to get out of a ride). An organiser
-- removing someone and a ride's deletion (a cascade: trigger depth above 1) are not the
-- member's churn.
create function private.ride_passengers_throttle()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid integer := app.current_user_id();
begin
  if tg_op = 'INSERT' then
    if v_uid is not null and new.user_id = v_uid then
      perform private.take_throttle('passengers:changes', v_uid::text,
        'Too many joins and leaves. Please try again in %s.');
    end if;
    return new;
  end if;

  if v_uid is not null and old.user_id = v_uid and pg_trigger_depth() = 1 then
    insert into private.throttle_events (limit_name, subject) values ('passengers:changes', v_uid::text);
  end if;
  return old;
end;
$$;

create trigger ride_passengers_throttle
  before insert or delete on public.ride_passengers
  for each row execute function private.ride_passengers_throttle();

-- Deletes what has expired: sessions, reset codes, throttle rows past every window. Bounded
-- batches on indexed columns, skipping rows another transaction holds, so it is cheap enough to
-- run on every login and registration; a backlog goes over a few calls.
create function private.purge_expired()
returns void
language plpgsql
set search_path = ''
as $$
declare
  v_keep interval := (
    select make_interval(secs => coalesce(max(window_seconds), 86400)) from private.throttle_limits
  );
begin
  delete from private.sessions where token_hash in (
    select token_hash from private.sessions where expires_at < now()
     order by expires_at limit 500 for update skip locked);
  delete from private.password_reset_codes where code_hash in (
    select code_hash from private.password_reset_codes where expires_at < now()
     order by expires_at limit 500 for update skip locked);
  delete from private.login_failures where id in (
    select id from private.login_failures where failed_at < now() - v_keep
     order by failed_at limit 500 for update skip locked);
  delete from private.throttle_events where id in (
    select id from private.throttle_events where happened_at < now() - v_keep
     order by happened_at limit 500 for update skip locked);
end;
$$;

revoke all on function private.wait_text(integer) from public, anon, authenticated, service_role;
revoke all on function private.take_throttle(text, text, text) from public, anon, authenticated, service_role;
revoke all on function private.check_failures(text, text, text) from public, anon, authenticated, service_role;
revoke all on function private.rides_throttle() from public, anon, authenticated, service_role;
revoke all on function private.ride_passengers_throttle() from public, anon, authenticated, service_role;
revoke all on function private.purge_expired() from public, anon, authenticated, service_role;
