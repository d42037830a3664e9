-- Migration: a member deletes their account (issue 26 §2)
-- Purpose: private.delete_member, called by the api once the member's password checks out: their
--          upcoming rides cancelled, the rides, waitlists and requests they joined left, everything
--          of theirs erased, other members' notifications naming them renamed, and their row kept
--          as "a former member" (users.erased_at) for the past rides it is on.
-- Affects: public.users (erased_at, discord_username nullable, two checks); a reserved name;
--          private.users_names_cannot_pose (create or replace, same signature); new function
--          private.delete_member.
-- Rollback: drop function private.delete_member; restore users_names_cannot_pose from
--           20261201001700_push_bounds_and_name_skeletons.sql; drop the two checks and erased_at
--           (once no former member is left), set discord_username not null; delete the reserved name.

-- Deleting an account (issue 26 §2). What a member who left becomes: a row that keeps its id,
-- so that past rides keep their organiser and passengers and their payment records add up, and
-- nothing that names them. The app shows it as "a former member" (FORMER_MEMBER_NAME in
-- supabase/functions/_shared/former-member.ts, in the member's language); the name is
-- reserved, so nobody else can take it. The username is freed (null): nothing of the past
-- shows it, so whoever takes it next is not linked to the trips of the one who left.
alter table public.users add column erased_at timestamp with time zone;

alter table public.users alter column discord_username drop not null;

alter table public.users add constraint users_former_member_anonymous check (
  erased_at is null
  or (discord_username is null and name = 'a former member' and whatsapp_number is null
      and malaysian_number is null and revolut_username is null and company_name is null
      and driver_details is null and not is_vendor and language is null)
);

alter table public.users add constraint users_member_has_username check (
  discord_username is not null or erased_at is not null
);

comment on column public.users.erased_at is 'When the member deleted their account: the row stays, anonymous ("a former member"), for the past rides it is on.';

insert into private.reserved_names (name) values ('a former member') on conflict do nothing;

-- As before, but a former member's row (erased_at) takes the reserved name it is shown by and
-- has no username (nor its skeleton).
create or replace function private.users_names_cannot_pose() returns trigger
    language plpgsql security definer
    set search_path to ''
as $$
declare
  v_key text;
begin
  if new.discord_username is null then
    -- A former member (users_member_has_username): no name to read as anyone's.
    new.username_skeleton := null;
  elsif tg_op = 'INSERT' or new.discord_username is distinct from old.discord_username then
    new.username_skeleton := private.name_key(new.discord_username);
    if new.id <> 1 and exists (
      select 1 from private.reserved_names r where private.name_key(r.name) = new.username_skeleton
    ) then
      raise exception using errcode = 'PT409', message = 'That Discord username is reserved. Please choose another.',
        hint = 'username_reserved';
    end if;
    -- The unique index decides under concurrency; this names the reason.
    if exists (select 1 from public.users u where u.username_skeleton = new.username_skeleton and u.id <> new.id) then
      raise exception using errcode = 'PT409',
        message = 'That Discord username looks too much like another member''s. Please choose another.',
        hint = 'username_lookalike';
    end if;
  elsif new.username_skeleton is distinct from old.username_skeleton then
    -- Only this trigger writes it.
    new.username_skeleton := old.username_skeleton;
  end if;

  if new.id <> 1 and new.erased_at is null and nullif(btrim(new.name), '') is not null
     and (tg_op = 'INSERT' or new.name is distinct from old.name) then
    v_key := private.name_key(new.name);
    if exists (select 1 from private.reserved_names r where private.name_key(r.name) = v_key)
       or v_key = (select u.username_skeleton from public.users u where u.id = 1) then
      raise exception using errcode = 'PT400', message = 'That name is reserved for the app''s team. Please choose another.',
        hint = 'display_name_reserved';
    end if;
  end if;
  return new;
end;
$$;

revoke all on function private.users_names_cannot_pose() from public;

-- The member deletes their account, in the transaction of their own request (the api has
-- checked their password; p_user_id must be the caller, so every trigger reads them as the one
-- acting, as when they leave a ride themselves). In order:
--   1. their upcoming rides are cancelled (deleted: the passengers are told, as when an
--      organiser deletes a ride); no hand-over to a passenger;
--   2. upcoming rides they drive as a vendor are released (the riders are told);
--   3. they leave the upcoming rides, waitlists and ride requests they joined (the organisers
--      are told, as when they leave themselves), and their own ride requests go;
--   4. what is theirs alone goes: messages, alerts, notifications, push devices, sessions, known
--      devices, password and reset codes, vendor application, the failed logins and counted
--      actions keyed by their name or id;
--   5. other members' notifications that named them name "a former member" instead;
--   6. their row becomes a former member's: no username, name, numbers or details.
-- Past rides stay as they were, the member in them as a former member. Returns what was done.
create function private.delete_member(p_user_id integer) returns jsonb
    language plpgsql
    set search_path to ''
as $$
declare
  v_user public.users;
  v_names text[];
  v_ride integer;
  v_cancelled integer := 0;
  v_released integer := 0;
  v_left integer := 0;
begin
  if p_user_id is distinct from app.current_user_id() then
    raise exception using errcode = 'PT403', message = 'You can only delete your own account',
      hint = 'own_account_only';
  end if;
  if app.is_admin() then
    raise exception using errcode = 'PT403', message = 'The admin account cannot be deleted',
      hint = 'admin_account_stays';
  end if;
  select * into v_user from public.users where id = p_user_id and erased_at is null for update;
  if not found then
    raise exception using errcode = 'no_data_found', message = format('No member with id %s', p_user_id),
      hint = 'user_not_found';
  end if;
  -- Every way the app has written their name into someone else's row.
  v_names := array_remove(array[
    private.member_display_name(p_user_id), private.vendor_display_name(p_user_id),
    v_user.discord_username, v_user.name, v_user.company_name
  ], null);

  -- 1.
  for v_ride in
    select id from public.rides where creator_id = p_user_id and date > now() order by id for update
  loop
    delete from public.rides where id = v_ride;
    v_cancelled := v_cancelled + 1;
  end loop;

  -- 2.
  for v_ride in
    select id from public.rides
     where vendor_id = p_user_id and status = 'assigned' and date > now() order by id
  loop
    perform app.release_ride(v_ride);
    v_released := v_released + 1;
  end loop;

  -- 3.
  for v_ride in
    select p.ride_id from public.ride_passengers p join public.rides r on r.id = p.ride_id
     where p.user_id = p_user_id and r.date > now() order by p.ride_id
  loop
    perform app.remove_ride_passenger(v_ride,
      (select p.id from public.ride_passengers p where p.ride_id = v_ride and p.user_id = p_user_id));
    v_left := v_left + 1;
  end loop;
  delete from public.ride_waitlist where user_id = p_user_id;
  delete from public.ride_request_members where user_id = p_user_id;
  delete from public.ride_requests where requester_id = p_user_id;

  -- 4.
  delete from public.ride_messages where author_id = p_user_id;
  delete from public.ride_alerts where user_id = p_user_id;
  delete from private.ride_alert_deliveries where user_id = p_user_id;
  delete from public.notifications where user_id = p_user_id;
  delete from public.push_subscriptions where user_id = p_user_id;
  delete from private.login_failures
   where throttle_key in (private.member_throttle_key('login', v_user.discord_username),
                          private.member_throttle_key('reset-code', v_user.discord_username))
      or device in (select token_hash from private.login_devices where user_id = p_user_id);
  delete from private.sessions where user_id = p_user_id;
  delete from private.login_devices where user_id = p_user_id;
  delete from private.password_reset_codes where user_id = p_user_id;
  delete from public.password_reset_requests where user_id = p_user_id;
  delete from private.credentials where user_id = p_user_id;
  delete from public.vendor_applications where user_id = p_user_id;
  delete from private.throttle_events where subject = p_user_id::text;

  -- 5. Only the values that are one of their names, not text that happens to contain one.
  update public.notifications n
     set params = (
       select jsonb_object_agg(e.key, case when e.value #>> '{}' = any (v_names)
                                            then to_jsonb('a former member'::text) else e.value end)
         from jsonb_each(n.params) e)
   where exists (select 1 from jsonb_each(n.params) e
                  where jsonb_typeof(e.value) = 'string' and e.value #>> '{}' = any (v_names));

  -- 6.
  update public.users
     set erased_at = now(), discord_username = null, name = 'a former member', whatsapp_number = null,
         malaysian_number = null, revolut_username = null, company_name = null, driver_details = null,
         is_vendor = false, language = null
   where id = p_user_id;

  return jsonb_build_object('ridesCancelled', v_cancelled, 'ridesReleased', v_released, 'ridesLeft', v_left);
end;
$$;

revoke all on function private.delete_member(p_user_id integer) from public;
