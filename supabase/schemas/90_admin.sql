-- Admin
--
-- The admin's backup tools for the SQL editor (schema admin, reachable by no API role),
-- housekeeping and statistics.
--
-- The database as it is now; supabase/migrations is how it got here. To change it, see the
-- README, "Changing the database".

-- ------------------------------------------------------------------------------------------------
-- Functions

create function admin.approve_vendor(p_discord_username text, p_licence_note text)
returns text
language plpgsql
security definer -- acts as the owner, whichever role runs it in the SQL editor
set search_path = ''
as $$
declare
  v_user public.users := admin.find_member(p_discord_username);
begin
  perform private.decide_vendor(v_user.id, true, p_licence_note, null);
  return format('%s (id %s) is an approved vendor', v_user.discord_username, v_user.id);
end;
$$;

revoke all on function admin.approve_vendor(p_discord_username text, p_licence_note text) from public;

-- Ends every session of a member (all devices). Returns how many were ended.
create function admin.end_member_sessions(p_discord_username text)
returns integer
language plpgsql
security definer -- acts as the owner, whichever role runs it in the SQL editor
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

revoke all on function admin.end_member_sessions(p_discord_username text) from public;

-- One member by Discord username, whatever its case; a clear error when there is none.
create function admin.find_member(p_discord_username text)
returns public.users
language plpgsql
stable
security definer -- acts as the owner, whichever role runs it in the SQL editor
set search_path = ''
as $$
declare
  v_user public.users;
begin
  select * into v_user from public.users
   where lower(discord_username) = lower(btrim(p_discord_username));
  if not found then
    raise exception using errcode = 'no_data_found',
      message = format('No member with Discord username %L', p_discord_username),
      detail = json_build_object('username', p_discord_username)::text, hint = 'user_not_found';
  end if;
  return v_user;
end;
$$;

revoke all on function admin.find_member(p_discord_username text) from public;

-- Makes a member a vendor, with the company and driver details the vendor page shows
-- (driverDetails in the api: name, contact, carNumber). Returns the member's id.
create function admin.mark_vendor(p_discord_username text, p_company_name text, p_driver_name text, p_driver_contact text, p_car_number text)
returns integer
language plpgsql
security definer -- acts as the owner, whichever role runs it in the SQL editor
set search_path = ''
as $$
declare
  v_user public.users := admin.find_member(p_discord_username);
begin
  if nullif(btrim(p_company_name), '') is null or nullif(btrim(p_driver_name), '') is null
     or nullif(btrim(p_driver_contact), '') is null or nullif(btrim(p_car_number), '') is null then
    raise exception using errcode = 'check_violation',
      message = 'Company name, driver name, driver contact and car number are all required', hint = 'invalid_value';
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

revoke all on function admin.mark_vendor(p_discord_username text, p_company_name text, p_driver_name text, p_driver_contact text, p_car_number text) from public;

-- Members waiting for the admin, oldest first, with the contact the admin needs to reach them.
create function admin.open_reset_requests()
returns table(request_id integer, user_id integer, discord_username text, name text, whatsapp_number text, requested_at timestamptz)
language sql
stable
security definer -- acts as the owner, whichever role runs it in the SQL editor
set search_path = ''
as $$
  select r.id, u.id, u.discord_username, u.name, u.whatsapp_number, r.created_at
    from public.password_reset_requests r
    join public.users u on u.id = r.user_id
   where r.status = 'open'
   order by r.created_at, r.id
$$;

revoke all on function admin.open_reset_requests() from public;

-- Sets a new password, as the app's admin reset does: every session of the member ends, failed
-- login attempts are forgotten (so the member can log in at once) and open reset requests are
-- closed. Tell the member the new password privately; they can change it under Profile.
--
-- As before (20261122000500_admin_backup_functions.sql), with the reset itself done by
-- private.replace_member_password.
create function admin.reset_member_password(p_discord_username text, p_new_password text)
returns text
language plpgsql
security definer -- acts as the owner, whichever role runs it in the SQL editor
set search_path = ''
as $$
declare
  v_user public.users := admin.find_member(p_discord_username);
  v_ended integer;
begin
  if p_new_password is null or char_length(p_new_password) < private.limit_password_min_length() then
    raise exception using errcode = 'check_violation',
      message = 'The new password must be at least 8 characters long', hint = 'invalid_value';
  end if;
  -- bcrypt reads only the first 72 bytes; the app refuses longer passwords, and so do we.
  if octet_length(p_new_password) > private.limit_password_max_length() then
    raise exception using errcode = 'check_violation',
      message = 'The new password must be at most 72 bytes (accented letters and emoji count as 2 to 4)',
      hint = 'invalid_value';
  end if;

  v_ended := private.replace_member_password(
    v_user.id, extensions.crypt(p_new_password, extensions.gen_salt('bf', 10)), null
  );
  return format('Password of %s (id %s) reset; %s session(s) ended', v_user.discord_username, v_user.id, v_ended);
end;
$$;

revoke all on function admin.reset_member_password(p_discord_username text, p_new_password text) from public;

create function admin.revoke_vendor(p_discord_username text)
returns text
language plpgsql
security definer -- acts as the owner, whichever role runs it in the SQL editor
set search_path = ''
as $$
declare
  v_user public.users := admin.find_member(p_discord_username);
  v_released integer := private.decide_vendor(v_user.id, false, null, null);
begin
  return format('%s (id %s) revoked; %s upcoming ride(s) back to open', v_user.discord_username, v_user.id, v_released);
end;
$$;

revoke all on function admin.revoke_vendor(p_discord_username text) from public;

-- Pending first (oldest first: who has waited longest), then approved, then revoked.
create function admin.vendor_applications()
returns table(user_id integer, discord_username text, company_name text, driver_name text, driver_contact text, car_number text, whatsapp_number text, status text, licence_note text, applied_at timestamptz, decided_at timestamptz, upcoming_assignments bigint)
language sql
stable
security definer -- acts as the owner, whichever role runs it in the SQL editor
set search_path = ''
as $$
  select u.id, u.discord_username, u.company_name, u.driver_details ->> 'name',
         u.driver_details ->> 'contact', u.driver_details ->> 'carNumber', u.whatsapp_number,
         a.status, a.licence_note, a.applied_at, a.decided_at,
         (select count(*) from public.rides r
           where r.vendor_id = u.id and r.status = 'assigned' and r.date > now())
    from public.vendor_applications a join public.users u on u.id = a.user_id
   where u.is_vendor
   order by case a.status when 'pending' then 0 when 'approved' then 1 else 2 end, a.applied_at, u.id
$$;

revoke all on function admin.vendor_applications() from public;

-- How many rides and members there are, kept as they change (issue 36 §4): counting every ride
-- on each call grew with the history (6 ms a call at 50,000 rides). In shards, so that two
-- transactions adding rides rarely wait for the same row; the sum is the count.
create table private.community_counts (
    shard smallint not null,
    rides bigint not null default 0,
    users bigint not null default 0,
    constraint community_counts_pkey primary key (shard),
    constraint community_counts_shard_check check (shard between 0 and 63)
)
with (fillfactor='50');

comment on table private.community_counts is
  'Rides and members counted as they are added and removed, in shards summed by app.community_stats (issue 36 §4).';

alter table private.community_counts enable row level security;

revoke all on private.community_counts from public, anon, authenticated;

-- Once per statement, from its transition table: a statement adding or removing many rows
-- (a weekly series, an account's deletion) counts them in one update.
create function private.count_community_rows()
returns trigger
language plpgsql
security definer -- keeps private.community_counts, whoever wrote the rows
set search_path = ''
as $$
declare
  v_delta bigint;
begin
  if tg_op = 'TRUNCATE' then
    if tg_table_name = 'rides' then
      update private.community_counts set rides = 0;
    else
      update private.community_counts set users = 0;
    end if;
    return null;
  elsif tg_op = 'INSERT' then
    select count(*) into v_delta from added;
  else
    select -count(*) into v_delta from removed;
  end if;
  if v_delta = 0 then
    return null;
  end if;
  insert into private.community_counts as c (shard, rides, users)
  values (pg_backend_pid() % 64,
          case when tg_table_name = 'rides' then v_delta else 0 end,
          case when tg_table_name = 'users' then v_delta else 0 end)
  on conflict (shard) do update
    set rides = c.rides + excluded.rides, users = c.users + excluded.users;
  return null;
end;
$$;

revoke all on function private.count_community_rows() from public;

create trigger rides_count_added
  after insert on public.rides
  referencing new table as added
  for each statement execute function private.count_community_rows();

create trigger rides_count_removed
  after delete on public.rides
  referencing old table as removed
  for each statement execute function private.count_community_rows();

create trigger rides_count_truncated
  after truncate on public.rides
  for each statement execute function private.count_community_rows();

create trigger users_count_added
  after insert on public.users
  referencing new table as added
  for each statement execute function private.count_community_rows();

create trigger users_count_removed
  after delete on public.users
  referencing old table as removed
  for each statement execute function private.count_community_rows();

create trigger users_count_truncated
  after truncate on public.users
  for each statement execute function private.count_community_rows();

-- Visitors may not read member rows, so the counts come from a definer function.
create function app.community_stats()
returns json
language sql
stable
security definer -- the counts are in schema private, out of visitors' reach
set search_path = ''
as $$
  select json_build_object(
    'totalRides', coalesce(sum(c.rides), 0),
    'totalUsers', coalesce(sum(c.users), 0)
  )
    from private.community_counts c
$$;

revoke all on function app.community_stats() from public;

grant all on function app.community_stats() to anon;

grant all on function app.community_stats() to authenticated;

-- Deletes what has expired: sessions, reset codes, throttle rows past every window. Bounded
-- batches on indexed columns, skipping rows another transaction holds, so it is cheap enough to
-- run on every login and registration; a backlog goes over a few calls.
--
-- As in 20261124000200_throttles.sql, plus notifications past 90 days, ended ride alerts,
-- what the alerts told past 90 days and rides' conversations 90 days after the ride.
create function private.purge_expired()
returns void
language plpgsql
security invoker
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
  delete from public.notifications where id in (
    select id from public.notifications where created_at < now() - interval '90 days'
     order by created_at limit 500 for update skip locked);
  delete from public.ride_alerts where id in (
    select id from public.ride_alerts where last_day < private.singapore_today()
     order by last_day limit 500 for update skip locked);
  -- As long as the inbox keeps the notification it stood for.
  delete from private.ride_alert_deliveries where (ride_id, user_id) in (
    select ride_id, user_id from private.ride_alert_deliveries where created_at < now() - interval '90 days'
     order by created_at limit 500 for update skip locked);
  -- A ride's conversation 90 days after the ride (issue 25).
  delete from public.ride_messages where id in (
    select m.id from public.rides r join public.ride_messages m on m.ride_id = r.id
     where r.date < now() - interval '90 days'
     order by m.ride_id, m.id limit 500 for update of m skip locked);
  -- The day of the trip is kept as long as its chat is open (issue 40).
  delete from public.ride_car_steps where id in (
    select s.id from public.rides r join public.ride_car_steps s on s.ride_id = r.id
     where r.date < now() - make_interval(days => private.limit_ride_chat_read_only_days())
     order by s.ride_id, s.id limit 500 for update of s skip locked);
  delete from public.ride_passenger_steps where (ride_id, user_id) in (
    select s.ride_id, s.user_id from public.rides r join public.ride_passenger_steps s on s.ride_id = r.id
     where r.date < now() - make_interval(days => private.limit_ride_chat_read_only_days())
     order by s.ride_id, s.user_id limit 500 for update of s skip locked);
  -- The car's last position is of no use once the trip's window closes (issue 40 §2).
  delete from public.ride_car_positions where ride_id in (
    select p.ride_id from public.rides r join public.ride_car_positions p on p.ride_id = r.id
     where r.date < now() - make_interval(hours => private.limit_trip_day_hours_after())
     order by p.ride_id limit 500 for update of p skip locked);
  -- The day before's answers (issue 40 §5) go with the trip's day.
  delete from public.ride_still_coming where (ride_id, user_id) in (
    select s.ride_id, s.user_id from public.rides r join public.ride_still_coming s on s.ride_id = r.id
     where r.date < now() - make_interval(days => private.limit_ride_chat_read_only_days())
     order by s.ride_id, s.user_id limit 500 for update of s skip locked);
end;
$$;

revoke all on function private.purge_expired() from public;
