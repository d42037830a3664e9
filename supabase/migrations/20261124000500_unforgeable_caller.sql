-- Migration: a caller that the API roles cannot forge
-- Purpose: app.current_user_id() and app.is_admin() read the caller of the current transaction
--          from private.request_callers, a table only the owner can write, instead of the
--          settings app.user_id / app.is_admin, which any role that runs SQL can set
--          (set_config). The api, connected as the owner, says who is calling (private.act_as)
--          after it has resolved the session and before it switches to the request's API role.
--          Each database connection has one row, naming the transaction it was written for; it
--          counts only inside that transaction, so a row left from an earlier request on the
--          same connection names nobody, and another connection's row never matches (its
--          transaction id is not ours; xid8 ids are never reused).
-- Affects: new unlogged table private.request_callers; new function private.act_as;
--          app.current_user_id() and app.is_admin() (same signatures, now security definer;
--          every policy and ride function keeps calling them).
-- Notes: docs/decisions/0010-unforgeable-caller.md says what is still trusted.
--        Cost: a member's request writes its connection's row (one statement, as set_config
--        was; an update in place, so the table stays at one row per connection and needs no
--        cleanup) and so takes a transaction id. The table is unlogged: that write adds no WAL
--        and no commit flush. A visitor's request writes nothing: no row is the anonymous caller.
--        Policies call `(select app.current_user_id())`, evaluated once per statement: one
--        primary-key probe. pg_current_xact_id_if_assigned() gives the top-level transaction's
--        id, also inside savepoints and plpgsql exception blocks, and null before the transaction
--        has written (then nobody is the caller). Runs unchanged on PostgreSQL 15, Supabase (17)
--        and PGlite (18).

-- Unlogged: a row matters only while its transaction runs, so a crash that empties the table
-- loses nothing.
create unlogged table private.request_callers (
  backend_pid integer primary key,
  xact xid8 not null,
  user_id integer not null,
  is_admin boolean not null default false
);
comment on table private.request_callers is
  'Who the api acts for, one row per connection, valid only in the transaction it names; written by the api (owner) only.';

alter table private.request_callers enable row level security;
revoke all on private.request_callers from public, anon, authenticated, service_role;

-- The api's only way to say who is calling: the owner runs it before `set local role`. Null
-- forgets the caller (a request that signs out and on as another member calls it again).
create function private.act_as(p_user_id integer, p_is_admin boolean)
returns void
language plpgsql
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

-- Same signatures as in 20261122000100_core_schema.sql, so the policies and functions that call
-- them stay as they are. Security definer: the API roles cannot read the table themselves.
-- plpgsql, not sql: a session keeps the plan, where a non-inlined sql function (a security
-- definer is never inlined) is planned on every call, three times slower; policies call these
-- in nearly every statement.
create or replace function app.current_user_id()
returns integer
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return (
    select user_id from private.request_callers
     where backend_pid = pg_backend_pid() and xact = pg_current_xact_id_if_assigned()
  );
end;
$$;

create or replace function app.is_admin()
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return coalesce((
    select is_admin from private.request_callers
     where backend_pid = pg_backend_pid() and xact = pg_current_xact_id_if_assigned()
  ), false);
end;
$$;

revoke all on function private.act_as(integer, boolean) from public, anon, authenticated, service_role;
-- The policies run as the API roles, which must call the readers (they tell nothing but the
-- caller's own id and flag); nobody else needs them.
revoke all on function app.current_user_id(), app.is_admin() from public;
grant execute on function app.current_user_id(), app.is_admin() to anon, authenticated;
