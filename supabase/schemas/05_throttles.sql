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
    id bigint generated always as identity,
    limit_name text not null,
    subject text not null,
    happened_at timestamp with time zone default now() not null
);

create table private.throttle_limits (
    name text not null,
    max_count integer not null,
    window_seconds integer,
    description text not null,
    constraint throttle_limits_max_count_check check ((max_count >= 0)),
    constraint throttle_limits_window_seconds_check check ((window_seconds > 0))
);

comment on table private.throttle_limits is 'Abuse limits the api and the triggers enforce (429). The owner may change max_count and window_seconds.';

-- ------------------------------------------------------------------------------------------------
-- Keys and constraints

alter table only private.throttle_events
    add constraint throttle_events_pkey primary key (id);

alter table only private.throttle_limits
    add constraint throttle_limits_pkey primary key (name);

-- ------------------------------------------------------------------------------------------------
-- Indexes

create index throttle_events_happened_at_idx on private.throttle_events using btree (happened_at);

create index throttle_events_subject_idx on private.throttle_events using btree (limit_name, subject, happened_at);

-- ------------------------------------------------------------------------------------------------
-- Functions

-- Failed guesses are counted per member under this key: scope 'login' for passwords (login and
-- change password), 'reset-code' for reset codes, which are counted apart so that a member who
-- locked themselves out by guessing can still redeem the code the admin gave them.
create function private.member_throttle_key(p_scope text, p_discord_username text) returns text
    language sql immutable
    set search_path to ''
as $$
  select case p_scope when 'login' then 'user:' when 'reset-code' then 'reset-code:' end
         || lower(p_discord_username)
$$;

revoke all on function private.member_throttle_key(p_scope text, p_discord_username text) from public;

create function private.ride_edits_throttle() returns trigger
    language plpgsql security definer
    set search_path to ''
as $$
declare
  v_uid integer := app.current_user_id();
begin
  if v_uid is not null and v_uid = new.creator_id and pg_trigger_depth() = 1 then
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
create function private.ride_passengers_throttle() returns trigger
    language plpgsql security definer
    set search_path to ''
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

revoke all on function private.ride_passengers_throttle() from public;

-- A member's rides: at most rides:upcoming ahead at once, and rides:created per window.
create function private.rides_throttle() returns trigger
    language plpgsql security definer
    set search_path to ''
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

revoke all on function private.rides_throttle() from public;

create function private.take_brake(p_limit text, p_subject text, p_message text) returns void
    language plpgsql
    set search_path to ''
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

revoke all on function private.take_brake(p_limit text, p_subject text, p_message text) from public;

-- Counts one action of p_subject against the windowed limit p_limit, or refuses it (PT429) when
-- the window already holds max_count of them. p_message has one %s: how long to wait. A limit
-- that is not in the table does not apply.
create function private.take_throttle(p_limit text, p_subject text, p_message text) returns void
    language plpgsql
    set search_path to ''
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

revoke all on function private.take_throttle(p_limit text, p_subject text, p_message text) from public;

-- Takes up to p_wanted places of the windowed limit p_limit for p_subject and returns how many it
-- got (0 when the window is full): for what is dropped rather than refused. A limit that is not in
-- the table (or has no window) grants everything. Locked as private.take_throttle is.
create function private.take_throttle_room(p_limit text, p_subject text, p_wanted integer) returns integer
    language plpgsql
    set search_path to ''
as $$
declare
  v_limit private.throttle_limits;
  v_granted integer;
begin
  select * into v_limit from private.throttle_limits where name = p_limit;
  if not found or v_limit.window_seconds is null then
    return p_wanted;
  end if;
  perform pg_advisory_xact_lock(hashtextextended('fc-throttle:' || p_limit || ':' || p_subject, 0));

  select least(p_wanted, greatest(v_limit.max_count - count(*), 0))::integer into v_granted
    from private.throttle_events
   where limit_name = p_limit and subject = p_subject
     and happened_at > now() - make_interval(secs => v_limit.window_seconds);

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
