-- Migration: no lock-out by strangers, no sign-up wall, no sequences for the API roles
-- Purpose: three findings of issue 22.
--          1. Known devices (ADR 0018). A login from a device the member has logged in from
--             before is never refused by the per-username cap (login:name, reset-code:name), which
--             anyone could fill from 21 addresses; only unknown devices are. A known device has its
--             own cap instead (<scope>:device), counted wherever it is used, so a stolen device
--             token buys no more guesses than the username cap did. The api issues a new random
--             device token at each successful login and keeps only its SHA-256 here.
--          4. Registrations are also counted per network (register:network: an IPv4 /24; the api
--             counts an IPv6 caller by its /64 for every per-address limit), and register:all
--             becomes a brake: past max_count in its window, one registration every
--             window_seconds / max_count seconds (18 s by default) instead of none for an hour.
--          5. The API roles lose every privilege on sequences (Supabase's default privileges
--             grant them all on what a migration creates in public, so anon could setval the
--             users id and make every later registration fail), and the defaults for what later
--             migrations create in public: tables, sequences and functions are granted by the
--             migration that needs them, never by default.
-- Affects: new table private.login_devices; new column private.login_failures.device; new limits
--          login:device, reset-code:device, register:network; descriptions of login:name and
--          register:all; private.check_failures now (text, text, text, text) (the 3-argument one
--          is dropped); new function private.take_brake; sequence privileges in public and app;
--          default privileges in public for the migrating role.
-- Errors: as before, a throttle refuses with SQLSTATE 'PT429' and the seconds to wait in HINT.
-- Notes: identity columns take their next value without a sequence privilege, so no insert of
--        an API role needs one. Runs unchanged on PostgreSQL 15, Supabase (17) and PGlite (18).

-- 1. Known devices ---------------------------------------------------------------------------
create table private.login_devices (
  -- SHA-256 (hex) of the device token; the token itself lives only in the member's browser.
  token_hash text primary key,
  user_id integer not null references public.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);
comment on table private.login_devices is
  'Devices a member has logged in from (hashes of the api''s device tokens): exempt from the per-username login cap.';
create index login_devices_user_created_idx on private.login_devices (user_id, created_at);
create index login_devices_expires_at_idx on private.login_devices (expires_at);
alter table private.login_devices enable row level security;
revoke all on private.login_devices from public, anon, authenticated, service_role;

-- The known device a failure came from (its token hash), '' for an unknown one.
alter table private.login_failures add column device text not null default '';
create index login_failures_device_time_idx on private.login_failures (device, failed_at) where device <> '';

insert into private.throttle_limits (name, max_count, window_seconds, description) values
  ('login:device', 10, 900, 'failed logins from one known device of the member, from any address'),
  ('reset-code:device', 10, 900, 'failed reset codes from one known device of the member, from any address'),
  ('register:network', 50, 3600, 'accounts registered from one network (an IPv4 /24 or an IPv6 /64)');
update private.throttle_limits
   set description = 'failed logins for one username from devices it has not logged in from, any address'
 where name = 'login:name';
update private.throttle_limits
   set description = 'failed reset codes for one username from devices it has not logged in from, any address'
 where name = 'reset-code:name';
update private.throttle_limits
   set description = 'accounts registered by everyone together before registrations slow to one every window_seconds / max_count seconds'
 where name = 'register:all';

drop function private.check_failures(text, text, text);

-- Failed logins (p_scope 'login') and failed reset codes ('reset-code'): refuses (PT429) while
-- the window holds <scope>:pair failures for this username from this client, failures:client
-- from this client for any username, and either <scope>:device from this known device
-- (p_device, its token hash) or, from an unknown device (p_device ''), <scope>:name failures of
-- unknown devices for this username. p_name_key is private.member_throttle_key(p_scope,
-- username); p_client is '' when the host does not know the address (then the pair is the
-- username with unknown clients, and the per-client count is off). The locks (per username,
-- client and device, in one order so two requests never wait on each other crosswise) last
-- until the transaction ends: checking, verifying and recording a failure are one step.
create function private.check_failures(p_scope text, p_name_key text, p_client text, p_device text)
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
     from unnest(array[p_name_key, 'client:' || nullif(p_client, ''), 'device:' || nullif(p_device, '')]) as key
    where key is not null
    order by key;

  for v_limit in
    select * from private.throttle_limits
     where name in (p_scope || ':pair', p_scope || ':name', p_scope || ':device', 'failures:client')
       and window_seconds is not null
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
    elsif v_limit.name like '%:device' then
      continue when p_device = '';
      select count(*), array_agg(failed_at order by failed_at) into v_count, v_oldest
        from private.login_failures where device = p_device and failed_at > v_since;
    else
      continue when p_device <> '';
      select count(*), array_agg(failed_at order by failed_at) into v_count, v_oldest
        from private.login_failures
       where throttle_key = p_name_key and device = '' and failed_at > v_since;
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

-- 4. A brake, not a wall ----------------------------------------------------------------------
-- Counts one action of p_subject against p_limit like private.take_throttle, but once the window
-- holds max_count of them it does not close: one more goes through every window_seconds /
-- max_count seconds, and the refusal (PT429, p_message with one %s for the wait) names the
-- seconds until then. So a flood slows everyone to the limit's average pace for as long as it
-- lasts, and never shuts registration for the rest of the window.
create function private.take_brake(p_limit text, p_subject text, p_message text)
returns void
language plpgsql
set search_path = ''
as $$
declare
  v_limit private.throttle_limits;
  v_count integer;
  v_last timestamptz;
  v_spacing double precision;
  v_retry integer;
begin
  select * into v_limit from private.throttle_limits where name = p_limit;
  if not found or v_limit.window_seconds is null then
    return;
  end if;
  perform pg_advisory_xact_lock(hashtextextended('fc-throttle:' || p_limit || ':' || p_subject, 0));

  select count(*), max(happened_at) into v_count, v_last
    from private.throttle_events
   where limit_name = p_limit and subject = p_subject
     and happened_at > now() - make_interval(secs => v_limit.window_seconds);

  if v_count >= v_limit.max_count then
    v_spacing := v_limit.window_seconds::double precision / greatest(v_limit.max_count, 1);
    v_retry := ceil(v_spacing - extract(epoch from now() - v_last))::integer;
    if v_retry > 0 then
      raise exception using errcode = 'PT429', message = format(p_message, private.wait_text(v_retry)),
        hint = v_retry::text;
    end if;
  end if;

  insert into private.throttle_events (limit_name, subject) values (p_limit, p_subject);
end;
$$;

revoke all on function private.check_failures(text, text, text, text) from public, anon, authenticated, service_role;
revoke all on function private.take_brake(text, text, text) from public, anon, authenticated, service_role;

-- 5. Sequences and default privileges ---------------------------------------------------------
revoke all on all sequences in schema public from anon, authenticated;
revoke all on all sequences in schema app from anon, authenticated;
-- For what later migrations create in public (run as the same role, as Supabase's are): nothing
-- by default. PostgreSQL's own default still lets PUBLIC execute a new function; each migration
-- revokes and grants what its functions need.
alter default privileges in schema public revoke all on tables from anon, authenticated;
alter default privileges in schema public revoke all on sequences from anon, authenticated;
alter default privileges in schema public revoke all on functions from anon, authenticated;
