-- Foundation
--
-- Schemas, types and the helpers every domain uses: who is calling, text hygiene, updated_at.
--
-- The database as it is now; supabase/migrations is how it got here. To change it, see the
-- README, "Changing the database".

-- ------------------------------------------------------------------------------------------------
-- Schemas and types

create schema admin;

comment on schema admin is 'Admin backup functions for the SQL editor. Not reachable by API roles.';

create schema app;

create schema private;

create type public.ride_direction as enum (
    'SG->FC',
    'FC->SG'
);

create type public.ride_status as enum (
    'open',
    'assigned',
    'completed'
);

grant usage on schema app to anon;

grant usage on schema app to authenticated;

grant usage on schema public to anon;

grant usage on schema public to authenticated;

-- ------------------------------------------------------------------------------------------------
-- Checks the tables below use

create function private.has_hidden_characters(p_text text)
returns boolean
language sql
immutable
security invoker
set search_path = ''
as $$
  select p_text ~ '[\u0001-\u0008\u000b-\u000c\u000e-\u001f\u007f-\u009f\u00ad\u034f\u0600-\u0605\u061c\u06dd\u070f\u0890-\u0891\u08e2\u115f-\u1160\u17b4-\u17b5\u180b-\u180f\u200b-\u200c\u200e-\u200f\u2028-\u202e\u2060-\u206f\u3164\ufe00-\ufe0d\ufeff\uffa0\ufff0-\ufffb\U000110bd\U000110cd\U00013430-\U0001343f\U0001bca0-\U0001bca3\U0001d173-\U0001d17a\U000e0000-\U000e001f\U000e0080-\U000e0fff]'
$$;

revoke all on function private.has_hidden_characters(p_text text) from public;

grant all on function private.has_hidden_characters(p_text text) to authenticated;

-- Every string inside a jsonb value (driver details, drop-off entries). Security definer: the
-- check runs as the member writing the row, who may execute this function but has no usage on
-- schema private, where the function it calls lives.
create function private.jsonb_has_hidden_characters(p_value jsonb)
returns boolean
language sql
immutable
security definer -- checks run as the member, who has no usage on schema private
set search_path = ''
as $_$
  select coalesce(bool_or(private.has_hidden_characters(item #>> '{}')), false)
    from jsonb_path_query(p_value, 'strict $.**') as item
   where jsonb_typeof(item) = 'string'
$_$;

revoke all on function private.jsonb_has_hidden_characters(p_value jsonb) from public;

grant all on function private.jsonb_has_hidden_characters(p_value jsonb) to authenticated;

-- ------------------------------------------------------------------------------------------------
-- Tables

create unlogged table private.request_callers (
  backend_pid integer not null primary key,
  xact xid8 not null,
  user_id integer not null,
  is_admin boolean not null default false
);

comment on table private.request_callers is
  'Who the api acts for, one row per connection, valid only in the transaction it names; written by the api (owner) only.';

-- ------------------------------------------------------------------------------------------------
-- Functions

-- Who is calling: the API sets these per transaction, after resolving the session.
-- Reading an unset custom setting after a transaction-local set yields '' on a reused
-- connection, hence nullif.
--
-- Same signatures as in 20261122000100_core_schema.sql, so the policies and functions that call
-- them stay as they are. Security definer: the API roles cannot read the table themselves.
-- plpgsql, not sql: a session keeps the plan, where a non-inlined sql function (a security
-- definer is never inlined) is planned on every call, three times slower; policies call these
-- in nearly every statement.
create function app.current_user_id()
returns integer
language plpgsql
stable
security definer -- reads private.request_callers, which the api roles cannot
set search_path = ''
as $$
begin
  return (
    select user_id from private.request_callers
     where backend_pid = pg_backend_pid() and xact = pg_current_xact_id_if_assigned()
  );
end;
$$;

revoke all on function app.current_user_id() from public;

grant all on function app.current_user_id() to anon;

grant all on function app.current_user_id() to authenticated;

create function app.is_admin()
returns boolean
language plpgsql
stable
security definer -- reads private.request_callers, which the api roles cannot
set search_path = ''
as $$
begin
  return coalesce((
    select is_admin from private.request_callers
     where backend_pid = pg_backend_pid() and xact = pg_current_xact_id_if_assigned()
  ), false);
end;
$$;

revoke all on function app.is_admin() from public;

grant all on function app.is_admin() to anon;

grant all on function app.is_admin() to authenticated;

-- The api's only way to say who is calling: the owner runs it before `set local role`. Null
-- forgets the caller (a request that signs out and on as another member calls it again).
create function private.act_as(p_user_id integer, p_is_admin boolean)
returns void
language plpgsql
security invoker
set search_path = ''
as $$
begin
  if p_user_id is null then
    delete from private.request_callers where backend_pid = pg_backend_pid();
    return;
  end if;
  insert into private.request_callers (backend_pid, xact, user_id, is_admin)
  values (pg_backend_pid(), pg_current_xact_id(), p_user_id, coalesce(p_is_admin, false))
  on conflict (backend_pid) do update
    set xact = excluded.xact, user_id = excluded.user_id, is_admin = excluded.is_admin;
end;
$$;

revoke all on function private.act_as(p_user_id integer, p_is_admin boolean) from public;

create function private.chr_of_hex(p_hex text)
returns text
language sql
immutable
security invoker
set search_path = ''
as $$
  select chr(('x' || lpad(p_hex, 8, '0'))::bit(32)::integer)
$$;

revoke all on function private.chr_of_hex(p_hex text) from public;

create function private.require_admin()
returns integer
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  v_uid integer := private.require_user();
begin
  if not app.is_admin() then
    raise exception using errcode = 'PT403', message = 'Only the admin can do that', hint = 'admin_only';
  end if;
  return v_uid;
end;
$$;

revoke all on function private.require_admin() from public;

create function private.require_user()
returns integer
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  v_uid integer := app.current_user_id();
begin
  if v_uid is null then
    raise exception using errcode = 'PT401', message = 'You must be logged in', hint = 'login_required';
  end if;
  return v_uid;
end;
$$;

revoke all on function private.require_user() from public;

create function private.touch_updated_at()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end;
$$;

revoke all on function private.touch_updated_at() from public;

-- '12 minutes', '5 hours', '3 days': how long to wait, for a message.
create function private.wait_text(p_seconds integer)
returns text
language sql
immutable
security invoker
set search_path = ''
as $$
  select case
    when p_seconds <= 90 * 60 then
      ceil(greatest(p_seconds, 1) / 60.0)::integer || case when p_seconds <= 60 then ' minute' else ' minutes' end
    when p_seconds <= 48 * 3600 then ceil(p_seconds / 3600.0)::integer || ' hours'
    else ceil(p_seconds / 86400.0)::integer || ' days'
  end
$$;

revoke all on function private.wait_text(p_seconds integer) from public;

-- ------------------------------------------------------------------------------------------------
-- Row level security

alter table private.request_callers enable row level security;
