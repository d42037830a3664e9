-- Throttles
--
-- Throttles and brakes: how many of an action a member (or everyone) may take in a window.
--
-- The database as it is now; supabase/migrations is how it got here. To change it, see the
-- README, "Changing the database".

-- ------------------------------------------------------------------------------------------------
-- Tables

-- What happened, one row per counted action: subject is the client address, the member id, or ''
-- for a limit on everyone.
create table private.throttle_events (
  id bigint generated always as identity primary key,
  limit_name text not null,
  subject text not null,
  happened_at timestamptz not null default now()
);

create table private.throttle_limits (
  name text not null primary key,
  max_count integer not null,
  window_seconds integer,
  description text not null,
  constraint throttle_limits_max_count_check check (max_count >= 0),
  constraint throttle_limits_window_seconds_check check (window_seconds > 0)
);

comment on table private.throttle_limits is
  'Abuse limits the api and the triggers enforce (429). The owner may change max_count and window_seconds.';

-- ------------------------------------------------------------------------------------------------
-- Indexes

create index throttle_events_happened_at_idx on private.throttle_events (happened_at);

create index throttle_events_subject_idx on private.throttle_events (limit_name, subject, happened_at);

-- ------------------------------------------------------------------------------------------------
-- Functions

-- Failed guesses are counted per member under this key: scope 'login' for passwords (login and
-- change password), 'reset-code' for reset codes, which are counted apart so that a member who
-- locked themselves out by guessing can still redeem the code the admin gave them.
create function private.member_throttle_key(p_scope text, p_discord_username text)
returns text
language sql
immutable
security invoker
set search_path = ''
as $$
  select case p_scope when 'login' then 'user:' when 'reset-code' then 'reset-code:' end
         || lower(p_discord_username)
$$;

revoke all on function private.member_throttle_key(p_scope text, p_discord_username text) from public;

create function private.ride_edits_throttle()
returns trigger
language plpgsql
security definer -- counts in private.throttle_events, out of the organiser's reach
set search_path = ''
as $$
declare
  v_uid integer := app.current_user_id();
begin
  -- A change of a series' later dates is counted once by its function (private.series_bulk).
  if v_uid is not null and v_uid = new.organiser_id and pg_trigger_depth() = 1 and not private.series_bulk() then
    perform private.take_throttle('rides:edits', v_uid::text,
      'Too many ride edits. Please try again in %s.');
  end if;
  return new;
end;
$$;

revoke all on function private.ride_edits_throttle() from public;

-- A member's own joins and leaves, counted together. A join past the limit is refused; a leave
-- is counted but always goes through (a member must be able to get out of a ride). An organiser
-- removing someone and a ride's deletion (a cascade: trigger depth above 1) are not the
-- member's churn.
create function private.ride_passengers_throttle()
returns trigger
language plpgsql
security definer -- counts in private.throttle_events, out of the member's reach
set search_path = ''
as $$
declare
  v_uid integer := app.current_user_id();
begin
  -- A series function counts the member's joins or leaves of all its dates once itself.
  if private.series_bulk() then
    return case when tg_op = 'INSERT' then new else old end;
  end if;
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

revoke all on function private.ride_passengers_throttle() from public;

-- The opening of every windowed limit (private.take_throttle, take_brake, take_throttle_room):
-- p_limit's row and how many actions of p_subject its window holds (o_taken; o_last, the newest),
-- under the per-subject lock, held until the transaction ends, so a concurrent request for the
-- same subject waits here, then counts what this one committed. No row: the limit is not in the
-- table (or has no window) and does not apply.
create function private.open_throttle(p_limit text, p_subject text)
returns table (o_max_count integer, o_window_seconds integer, o_taken integer, o_last timestamptz)
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_limit private.throttle_limits;
begin
  select * into v_limit from private.throttle_limits where name = p_limit;
  if not found or v_limit.window_seconds is null then
    return;
  end if;
  perform pg_advisory_xact_lock(hashtextextended('fc-throttle:' || p_limit || ':' || p_subject, 0));
  return query
    select v_limit.max_count, v_limit.window_seconds, count(*)::integer, max(e.happened_at)
      from private.throttle_events e
     where e.limit_name = p_limit and e.subject = p_subject
       and e.happened_at > now() - make_interval(secs => v_limit.window_seconds);
end;
$$;

revoke all on function private.open_throttle(p_limit text, p_subject text) from public;

-- The refusal (PT429) of a windowed limit that is full: p_message has one %s, how long to wait
-- (p_retry seconds, also in the error's DETAIL as {"wait": seconds}: the refusal's params and
-- the api's Retry-After); the limit names the
-- refusal's code (supabase/functions/_shared/refusals.ts), in the error's HINT. A limit with no
-- code here gets the generic one of its status.
create function private.refuse_throttled(p_limit text, p_message text, p_retry integer)
returns void
language plpgsql
security invoker
set search_path = ''
as $$
begin
  raise exception using errcode = 'PT429', message = format(p_message, private.wait_text(p_retry)),
    detail = json_build_object('wait', p_retry)::text,
    hint = case p_limit
      when 'rides:created' then 'too_many_rides_today'
      when 'rides:edits' then 'too_many_ride_edits'
      when 'passengers:changes' then 'too_many_joins'
      when 'payments:remind' then 'reminded_recently'
      when 'register:client' then 'too_many_accounts_network'
      when 'register:network' then 'too_many_accounts_network'
      when 'register:all' then 'too_many_accounts'
      when 'ride_requests:posted' then 'too_many_ride_requests'
      when 'ride_requests:me-too' then 'too_many_me_too'
      when 'chat:messages' then 'too_many_messages'
      when 'reports:filed' then 'too_many_reports'
      when 'handovers:offered' then 'too_many_handover_offers'
      when 'trip:steps' then 'too_many_trip_updates'
      when 'trip:positions' then 'too_many_trip_updates'
    end;
end;
$$;

revoke all on function private.refuse_throttled(p_limit text, p_message text, p_retry integer) from public;

-- A member's rides: at most rides:upcoming ahead at once, and rides:created per window. A weekly
-- series counts as one ride in both (issue 27, docs/decisions/0029-weekly-series.md): its first
-- date is counted, and a date of a series that already has one to come is not.
create function private.rides_throttle()
returns trigger
language plpgsql
security definer -- reads private.throttle_limits and counts in private.throttle_events
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
  perform pg_advisory_xact_lock(hashtextextended('fc-throttle:rides:' || new.organiser_id, 0));
  -- Earlier dates of the same INSERT are visible here (a row trigger sees the rows its statement
  -- wrote before this one): only the first date of a new series gets past this.
  if new.series_id is not null and exists (
    select 1 from public.rides where series_id = new.series_id and date > now()
  ) then
    return new;
  end if;

  select max_count into v_max from private.throttle_limits where name = 'rides:upcoming';
  if found then
    select count(*) filter (where series_id is null) + count(distinct series_id),
           ceil(extract(epoch from min(date) - now()))::integer
      into v_upcoming, v_retry
      from public.rides
     where organiser_id = new.organiser_id and date > now();
    if v_upcoming >= v_max then
      -- The earliest one departs first; deleting one frees a place at once.
      v_retry := greatest(coalesce(v_retry, 3600), 1);
      raise exception using errcode = 'PT429',
        message = format('You already have %s upcoming rides, the most allowed. Please try again in %s.',
                         v_upcoming, private.wait_text(v_retry)),
        detail = json_build_object('count', v_upcoming, 'wait', v_retry)::text, hint = 'too_many_upcoming_rides';
    end if;
  end if;

  perform private.take_throttle('rides:created', new.organiser_id::text,
    'Too many rides created today. Please try again in %s.');
  return new;
end;
$$;

revoke all on function private.rides_throttle() from public;

-- The member a counted action (private.throttle_events) belongs to, or null: most limits count
-- a member under their id, chat:messages under "<member>:<ride>" and push:ride-changed under
-- "<ride>:<member>"; the ones keyed by a ride (push:ride, payments:remind), an address or
-- nobody name no member, even when the number happens to be a member's id. What a member can
-- download of them, and what goes when they leave (app.my_data, private.delete_member).
create function private.throttle_subject_member(p_limit text, p_subject text)
returns integer
language sql
immutable
security invoker
set search_path = ''
as $$
  select case when v.id ~ '^[0-9]{1,9}$' then v.id::integer end
    from (select case
                   when p_limit in ('push:ride', 'payments:remind')
                        or p_limit like 'register:%' or p_limit like 'failures:%' then null
                   when p_limit = 'push:ride-changed' then split_part(p_subject, ':', 2)
                   else split_part(p_subject, ':', 1)
                 end as id) v
$$;

revoke all on function private.throttle_subject_member(p_limit text, p_subject text) from public;

create function private.take_brake(p_limit text, p_subject text, p_message text)
returns void
language plpgsql
security invoker
set search_path = ''
as $$
begin
  perform private.take_window(p_limit, p_subject, p_message, true);
end;
$$;

revoke all on function private.take_brake(p_limit text, p_subject text, p_message text) from public;

-- Counts one action of p_subject against the windowed limit p_limit, or refuses it (PT429) when
-- the window already holds max_count of them. p_message has one %s: how long to wait. A limit
-- that is not in the table does not apply.
create function private.take_throttle(p_limit text, p_subject text, p_message text)
returns void
language plpgsql
security invoker
set search_path = ''
as $$
begin
  perform private.take_window(p_limit, p_subject, p_message, false);
end;
$$;

revoke all on function private.take_throttle(p_limit text, p_subject text, p_message text) from public;

-- private.take_throttle (p_brake false) and private.take_brake (true): they differ only in the
-- wait. A throttle waits until enough of the window's actions age out for one more; a brake lets
-- one through every window / limit seconds, so a flood slows others down but never shuts them out.
-- An action stamped after this request's now() (by a concurrent request that began later and was
-- counted first, seen once its lock is released) counts as made now: otherwise the wait grew by
-- the difference, and a burst was told to retry in 3601 s for a window of 3600.
create function private.take_window(p_limit text, p_subject text, p_message text, p_brake boolean)
returns void
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_max integer;
  v_window integer;
  v_count integer;
  v_last timestamp with time zone;
  v_retry integer;
begin
  select * into v_max, v_window, v_count, v_last from private.open_throttle(p_limit, p_subject);
  if not found then
    return;
  end if;

  if v_count >= v_max then
    if p_brake then
      v_retry := ceil(v_window::double precision / greatest(v_max, 1)
                      - greatest(extract(epoch from now() - v_last), 0))::integer;
    else
      select ceil(extract(epoch from least(happened_at, now()) + make_interval(secs => v_window) - now()))::integer
        into v_retry
        from private.throttle_events
       where limit_name = p_limit and subject = p_subject
         and happened_at > now() - make_interval(secs => v_window)
       order by happened_at
      offset v_count - v_max
       limit 1;
      v_retry := greatest(coalesce(v_retry, v_window), 1);
    end if;
    if v_retry > 0 then
      perform private.refuse_throttled(p_limit, p_message, v_retry);
    end if;
  end if;

  insert into private.throttle_events (limit_name, subject) values (p_limit, p_subject);
end;
$$;

revoke all on function private.take_window(p_limit text, p_subject text, p_message text, p_brake boolean) from public;

-- Takes up to p_wanted places of the windowed limit p_limit for p_subject and returns how many it
-- got (0 when the window is full): for what is dropped rather than refused. A limit that is not in
-- the table (or has no window) grants everything. Locked as private.take_throttle is.
create function private.take_throttle_room(p_limit text, p_subject text, p_wanted integer)
returns integer
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_max integer;
  v_taken integer;
  v_granted integer;
begin
  select o_max_count, o_taken into v_max, v_taken from private.open_throttle(p_limit, p_subject);
  if not found then
    return p_wanted;
  end if;
  v_granted := least(p_wanted, greatest(v_max - v_taken, 0));

  insert into private.throttle_events (limit_name, subject)
  select p_limit, p_subject from generate_series(1, v_granted);
  return v_granted;
end;
$$;

revoke all on function private.take_throttle_room(p_limit text, p_subject text, p_wanted integer) from public;

-- ------------------------------------------------------------------------------------------------
-- Row level security

alter table private.throttle_events enable row level security;

alter table private.throttle_limits enable row level security;
