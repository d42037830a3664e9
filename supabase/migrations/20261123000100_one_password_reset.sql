-- Migration: one password reset
-- Purpose: a new password is set in one place. private.replace_member_password stores the hash,
--          ends the member's sessions (all, or all but the one making the change), voids their
--          outstanding reset codes, forgets their failed logins and closes their open reset
--          requests. The api calls it for a password change, an admin reset and a redeemed reset
--          code; admin.reset_member_password (the SQL editor's backup) calls it too.
--          private.member_throttle_key names a member's count of failed guesses, for the api's
--          login throttle and for the reset that clears it.
--          Also drops indexes no query uses and gives the driver list the index it reads.
-- Affects: new functions private.member_throttle_key and private.replace_member_password;
--          admin.reset_member_password (same signature, checks and answer); indexes on
--          public.driver_contacts, public.rides, public.password_reset_requests, private.sessions.
-- Notes: like the other private helpers, the new functions are not security definer and are
--        closed to public, anon, authenticated and service_role: the api reaches them through its
--        own connection role (RequestDb.asOwner), the SQL editor through the admin functions.
--        The api hashes with bcryptjs, the admin function with pgcrypto; both are bcrypt cost 10.
--        Runs unchanged on PostgreSQL 15, Supabase (17) and PGlite (18).

-- Failed guesses are counted per member under this key: scope 'login' for passwords (login and
-- change password), 'reset-code' for reset codes, which are counted apart so that a member who
-- locked themselves out by guessing can still redeem the code the admin gave them.
create function private.member_throttle_key(p_scope text, p_discord_username text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case p_scope when 'login' then 'user:' when 'reset-code' then 'reset-code:' end
         || lower(p_discord_username)
$$;

-- Sets a member's password hash. Every session of the member ends but the one whose token hash
-- is p_keep_token_hash (the member changing their own password, or the admin resetting their
-- own). A code handed out before must not reset the new password, and failed logins before were
-- against the old one: a member the admin (or a reset code) just helped must be able to log in
-- now, not in 15 minutes. Returns how many sessions ended.
create function private.replace_member_password(
  p_user_id integer,
  p_password_hash text,
  p_keep_token_hash text
)
returns integer
language plpgsql
set search_path = ''
as $$
declare
  v_discord_username text;
  v_ended integer;
begin
  select discord_username into v_discord_username from public.users where id = p_user_id;
  if not found then
    raise exception using errcode = 'no_data_found', message = format('No member with id %s', p_user_id);
  end if;

  -- First, so that a login holding the credentials row (FOR SHARE) commits before the sessions
  -- below are ended, and the session it made ends with them.
  insert into private.credentials (user_id, password_hash, updated_at)
  values (p_user_id, p_password_hash, now())
  on conflict (user_id) do update
    set password_hash = excluded.password_hash, updated_at = excluded.updated_at;

  delete from private.sessions
   where user_id = p_user_id and token_hash is distinct from p_keep_token_hash;
  get diagnostics v_ended = row_count;

  update private.password_reset_codes set used_at = now()
   where user_id = p_user_id and used_at is null;

  delete from private.login_failures
   where throttle_key = private.member_throttle_key('login', v_discord_username);

  update public.password_reset_requests set status = 'done', resolved_at = now()
   where user_id = p_user_id and status = 'open';

  return v_ended;
end;
$$;

-- As before (20261122000500_admin_backup_functions.sql), with the reset itself done by
-- private.replace_member_password.
create or replace function admin.reset_member_password(p_discord_username text, p_new_password text)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user public.users := admin.find_member(p_discord_username);
  v_ended integer;
begin
  if p_new_password is null or char_length(p_new_password) < 8 then
    raise exception using errcode = 'check_violation',
      message = 'The new password must be at least 8 characters long';
  end if;
  -- bcrypt reads only the first 72 bytes; the app refuses longer passwords, and so do we.
  if octet_length(p_new_password) > 72 then
    raise exception using errcode = 'check_violation',
      message = 'The new password must be at most 72 bytes (accented letters and emoji count as 2 to 4)';
  end if;

  v_ended := private.replace_member_password(
    v_user.id, extensions.crypt(p_new_password, extensions.gen_salt('bf', 10)), null
  );
  return format('Password of %s (id %s) reset; %s session(s) ended', v_user.discord_username, v_user.id, v_ended);
end;
$$;

-- PostgreSQL grants EXECUTE on new functions to PUBLIC; take it back from everyone but the owner.
-- (create or replace keeps the admin function's own revokes; they are repeated to be plain.)
revoke all on function private.member_throttle_key(text, text) from public, anon, authenticated, service_role;
revoke all on function private.replace_member_password(integer, text, text)
  from public, anon, authenticated, service_role;
revoke all on function admin.reset_member_password(text, text) from public, anon, authenticated, service_role;

-- Indexes ----------------------------------------------------------------------------------
-- The driver list reads the active drivers in price order; a boolean alone was never used.
drop index public.driver_contacts_is_active_idx;
create index driver_contacts_active_price_idx
  on public.driver_contacts (base_price_sgd nulls last, id) where is_active;

-- No query filters rides by status (the app filters the list it already has).
drop index public.rides_status_idx;

-- The open requests are found through password_reset_requests_one_open_idx, whose predicate is
-- status = 'open'; nothing reads the other statuses.
drop index public.password_reset_requests_status_idx;

-- Sessions are found by token hash (the primary key) or by member; nothing reads them by expiry.
drop index private.sessions_expires_at_idx;
