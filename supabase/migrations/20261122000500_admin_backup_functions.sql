-- Migration: admin backup functions
-- Purpose: what the admin can do from the Supabase dashboard's SQL editor when the app's own
--          admin card is out of reach: reset a member's password, end a member's sessions,
--          list open reset requests, mark a member as a vendor. docs/admin.md has the snippets.
-- Affects: new schema admin; writes private.credentials, private.sessions,
--          private.login_failures, public.users, public.password_reset_requests.
-- Notes: the admin schema and its functions are closed to public, anon, authenticated and
--        service_role: only the owner (the role that ran the migrations, `postgres` on
--        Supabase, which the SQL editor uses) can call them. Passwords are hashed with
--        pgcrypto's bcrypt (cost 10, `$2a$` hashes), which the api's bcryptjs verifies.
--        Runs unchanged on PostgreSQL 15, Supabase (17) and PGlite (18).

create schema if not exists admin;
revoke all on schema admin from public, anon, authenticated, service_role;
comment on schema admin is 'Admin backup functions for the SQL editor. Not reachable by API roles.';

-- One member by Discord username, whatever its case; a clear error when there is none.
create function admin.find_member(p_discord_username text)
returns public.users
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_user public.users;
begin
  select * into v_user from public.users
   where lower(discord_username) = lower(btrim(p_discord_username));
  if not found then
    raise exception using errcode = 'no_data_found',
      message = format('No member with Discord username %L', p_discord_username);
  end if;
  return v_user;
end;
$$;

-- Ends every session of a member (all devices). Returns how many were ended.
create function admin.end_member_sessions(p_discord_username text)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user public.users := admin.find_member(p_discord_username);
  v_ended integer;
begin
  delete from private.sessions where user_id = v_user.id;
  get diagnostics v_ended = row_count;
  return v_ended;
end;
$$;

-- Sets a new password, as the app's admin reset does: every session of the member ends, failed
-- login attempts are forgotten (so the member can log in at once) and open reset requests are
-- closed. Tell the member the new password privately; they can change it under Profile.
create function admin.reset_member_password(p_discord_username text, p_new_password text)
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

  insert into private.credentials (user_id, password_hash, updated_at)
  values (v_user.id, extensions.crypt(p_new_password, extensions.gen_salt('bf', 10)), now())
  on conflict (user_id) do update
    set password_hash = excluded.password_hash, updated_at = excluded.updated_at;

  delete from private.sessions where user_id = v_user.id;
  get diagnostics v_ended = row_count;

  delete from private.login_failures where throttle_key = 'user:' || lower(v_user.discord_username);

  update private.password_reset_codes set used_at = now()
   where user_id = v_user.id and used_at is null;

  update public.password_reset_requests set status = 'done', resolved_at = now()
   where user_id = v_user.id and status = 'open';

  return format('Password of %s (id %s) reset; %s session(s) ended', v_user.discord_username, v_user.id, v_ended);
end;
$$;

-- Members waiting for the admin, oldest first, with the contact the admin needs to reach them.
create function admin.open_reset_requests()
returns table (
  request_id integer,
  user_id integer,
  discord_username text,
  name text,
  whatsapp_number text,
  requested_at timestamptz
)
language sql
stable
security definer
set search_path = ''
as $$
  select r.id, u.id, u.discord_username, u.name, u.whatsapp_number, r.created_at
    from public.password_reset_requests r
    join public.users u on u.id = r.user_id
   where r.status = 'open'
   order by r.created_at, r.id
$$;

-- Makes a member a vendor, with the company and driver details the vendor page shows
-- (driverDetails in the api: name, contact, carNumber). Returns the member's id.
create function admin.mark_vendor(
  p_discord_username text,
  p_company_name text,
  p_driver_name text,
  p_driver_contact text,
  p_car_number text
)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user public.users := admin.find_member(p_discord_username);
begin
  if nullif(btrim(p_company_name), '') is null or nullif(btrim(p_driver_name), '') is null
     or nullif(btrim(p_driver_contact), '') is null or nullif(btrim(p_car_number), '') is null then
    raise exception using errcode = 'check_violation',
      message = 'Company name, driver name, driver contact and car number are all required';
  end if;

  update public.users
     set is_vendor = true,
         company_name = btrim(p_company_name),
         driver_details = jsonb_build_object(
           'name', btrim(p_driver_name),
           'contact', btrim(p_driver_contact),
           'carNumber', btrim(p_car_number)
         )
   where id = v_user.id;
  return v_user.id;
end;
$$;

-- PostgreSQL grants EXECUTE on new functions to PUBLIC; take it back from everyone but the owner.
revoke all on function admin.find_member(text) from public, anon, authenticated, service_role;
revoke all on function admin.end_member_sessions(text) from public, anon, authenticated, service_role;
revoke all on function admin.reset_member_password(text, text) from public, anon, authenticated, service_role;
revoke all on function admin.open_reset_requests() from public, anon, authenticated, service_role;
revoke all on function admin.mark_vendor(text, text, text, text, text)
  from public, anon, authenticated, service_role;
