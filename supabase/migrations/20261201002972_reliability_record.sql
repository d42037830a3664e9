-- Migration: the reliability record (issue 26 §1)
-- Purpose: public.ride_no_shows, the passengers an organiser marked as not having come
--          (app.mark_no_show: the organiser only, once the ride has left and for 3 days, a
--          passenger of that ride only), and app.member_record_json, a member's trips and
--          no-shows: the one thing public about how they travel.
--          app.my_data (a member's download) gains their blocks and no-shows;
--          private.delete_member (deleting an account) deletes the blocks they made and received.
-- Affects: new table public.ride_no_shows and its functions; app.my_data and
--          private.delete_member (create or replace; same signatures, so grants stay).
-- Rollback: drop table public.ride_no_shows cascade, app.member_record_json, app.mark_no_show;
--           restore app.my_data and
--           private.delete_member from 20261201002848_ride_chat_unread_notify_lines.sql.

create table public.ride_no_shows (
  ride_id integer not null,
  user_id integer not null,
  marked_at timestamptz not null default now(),
  primary key (ride_id, user_id),
  -- Only someone who was on the ride; the entry of a past ride stays (ride_passengers_keep_history).
  constraint ride_no_shows_passenger_fkey foreign key (ride_id, user_id)
    references public.ride_passengers (ride_id, user_id) on delete cascade
);
comment on table public.ride_no_shows is
  'Passengers the organiser marked as not having come, within 3 days of the ride (issue 26 §1); written only by app.mark_no_show.';

-- Counting a member's no-shows.
create index ride_no_shows_user_id_idx on public.ride_no_shows (user_id);

alter table public.ride_no_shows enable row level security;
revoke all on public.ride_no_shows from public, anon, authenticated;
grant select on public.ride_no_shows to authenticated;

-- The mark itself is between the organiser and the passenger (and the admin); everyone else
-- sees only the count (app.member_record_json).
create policy "organisers and the passenger see a no-show"
  on public.ride_no_shows for select to authenticated
  using (
    user_id = (select app.current_user_id())
    or (select app.is_admin())
    or exists (
      select 1 from public.rides r
       where r.id = ride_no_shows.ride_id and r.creator_id = (select app.current_user_id())
    )
  );

-- A member's record, the one thing public about how they travel: trips are the rides that have
-- left with them on board (organising or as a passenger, not marked a no-show); no-shows the
-- rides they were marked absent from. A deleted ride is not a trip (only an upcoming ride can be
-- deleted). Null for a member who does not exist.
create function app.member_record_json(p_user_id integer) returns json
    language sql stable security definer
    set search_path to ''
as $$
  select json_build_object(
    'trips', (
      select count(*) from public.rides r
       where r.date <= now() and (
         r.creator_id = p_user_id
         or exists (
           select 1 from public.ride_passengers p
            where p.ride_id = r.id and p.user_id = p_user_id
              and not exists (
                select 1 from public.ride_no_shows n where n.ride_id = p.ride_id and n.user_id = p.user_id
              )
         )
       )
    ),
    'noShows', (select count(*) from public.ride_no_shows n where n.user_id = p_user_id)
  )
    from public.users u
   where u.id = p_user_id
$$;
revoke all on function app.member_record_json(integer) from public;
grant execute on function app.member_record_json(integer) to authenticated;

-- The organiser marks (p_no_show) or unmarks a passenger of their ride as a no-show: once the
-- ride has left, and for three days.
create function app.mark_no_show(p_ride_id integer, p_passenger_id integer, p_no_show boolean) returns void
    language plpgsql security definer
    set search_path to ''
as $$
declare
  v_uid integer := private.require_user();
  v_ride public.rides := private.lock_ride(p_ride_id);
  v_passenger public.ride_passengers;
begin
  if v_ride.creator_id <> v_uid then
    raise exception using errcode = 'PT403', message = 'Only the organizer can mark a no-show',
      hint = 'no_show_organizer_only';
  end if;
  v_passenger := private.lock_ride_passenger(p_ride_id, p_passenger_id);
  if v_ride.date > now() then
    raise exception using errcode = 'PT409', message = 'A no-show can be marked only once the ride has left',
      hint = 'no_show_too_early';
  end if;
  if v_ride.date < now() - interval '3 days' then
    raise exception using errcode = 'PT409', message = 'A no-show can be marked only within 3 days of the ride',
      hint = 'no_show_window_over';
  end if;
  if p_no_show then
    insert into public.ride_no_shows (ride_id, user_id) values (v_ride.id, v_passenger.user_id)
    on conflict do nothing;
  else
    delete from public.ride_no_shows where ride_id = v_ride.id and user_id = v_passenger.user_id;
  end if;
end;
$$;
revoke all on function app.mark_no_show(integer, integer, boolean) from public;
grant execute on function app.mark_no_show(integer, integer, boolean) to authenticated;

create or replace function app.my_data() returns jsonb
    language plpgsql stable security definer
    set search_path to ''
as $$
declare
  v_uid integer := private.require_user();
  v_username text;
begin
  select discord_username into v_username from public.users where id = v_uid;
  return jsonb_build_object(
    'format', 'fc-rideshare-member-data/1',
    'exportedAt', now(),
    'profile', (select to_jsonb(u) - 'username_skeleton' from public.users u where u.id = v_uid),
    -- The versions of the privacy notice and community rules they accepted, and when.
    'policiesAccepted', coalesce((
      select jsonb_agg(to_jsonb(a) order by a.accepted_at, a.document, a.version)
        from public.policy_acceptances a where a.user_id = v_uid), '[]'::jsonb),
    'password', (select jsonb_build_object('updated_at', c.updated_at)
                   from private.credentials c where c.user_id = v_uid),
    'sessions', coalesce((
      select jsonb_agg(jsonb_build_object('created_at', s.created_at, 'expires_at', s.expires_at)
                       order by s.created_at)
        from private.sessions s where s.user_id = v_uid), '[]'::jsonb),
    'knownDevices', coalesce((
      select jsonb_agg(jsonb_build_object('created_at', d.created_at, 'expires_at', d.expires_at)
                       order by d.created_at)
        from private.login_devices d where d.user_id = v_uid), '[]'::jsonb),
    'failedLogins', coalesce((
      select jsonb_agg(jsonb_build_object('failed_at', f.failed_at) order by f.failed_at)
        from private.login_failures f
       where f.throttle_key in (private.member_throttle_key('login', v_username),
                                private.member_throttle_key('reset-code', v_username))), '[]'::jsonb),
    'passwordResetCodes', coalesce((
      select jsonb_agg(jsonb_build_object('created_at', r.created_at, 'expires_at', r.expires_at,
                                          'used_at', r.used_at) order by r.created_at)
        from private.password_reset_codes r where r.user_id = v_uid), '[]'::jsonb),
    'passwordResetRequests', coalesce((
      select jsonb_agg(to_jsonb(r) order by r.id)
        from public.password_reset_requests r where r.user_id = v_uid), '[]'::jsonb),
    'vendorApplication', (select to_jsonb(a) from public.vendor_applications a where a.user_id = v_uid),
    'vendorDecisions', coalesce((
      select jsonb_agg(jsonb_build_object('user_id', a.user_id, 'status', a.status, 'decided_at', a.decided_at)
                       order by a.decided_at)
        from public.vendor_applications a where a.decided_by = v_uid), '[]'::jsonb),
    'ridesOrganised', coalesce((
      select jsonb_agg(to_jsonb(r) order by r.date, r.id)
        from public.rides r where r.creator_id = v_uid), '[]'::jsonb),
    'ridesAsVendor', coalesce((
      select jsonb_agg(to_jsonb(r) order by r.date, r.id)
        from public.rides r where r.vendor_id = v_uid), '[]'::jsonb),
    -- The ride beside each seat, enough to know which trip it was.
    'ridesJoined', coalesce((
      select jsonb_agg(to_jsonb(p) || jsonb_build_object('ride', jsonb_build_object(
                         'id', r.id, 'direction', r.direction, 'date', r.date,
                         'pickup_location', r.pickup_location, 'status', r.status, 'cost', r.cost))
                       order by r.date, p.id)
        from public.ride_passengers p join public.rides r on r.id = p.ride_id
       where p.user_id = v_uid), '[]'::jsonb),
    'payments', coalesce((
      select jsonb_agg(jsonb_build_object('ride_id', p.ride_id, 'ride_date', r.date,
                                          'payment_status', p.payment_status, 'claimed_at', p.claimed_at,
                                          'paid_at', p.paid_at)
                       order by r.date, p.id)
        from public.ride_passengers p join public.rides r on r.id = p.ride_id
       where p.user_id = v_uid), '[]'::jsonb),
    'waitlist', coalesce((
      select jsonb_agg(to_jsonb(w) order by w.id)
        from public.ride_waitlist w where w.user_id = v_uid), '[]'::jsonb),
    'notifications', coalesce((
      select jsonb_agg(to_jsonb(n) order by n.id)
        from public.notifications n where n.user_id = v_uid), '[]'::jsonb),
    'rideMessages', coalesce((
      select jsonb_agg(to_jsonb(m) order by m.id)
        from public.ride_messages m where m.author_id = v_uid), '[]'::jsonb),
    -- How far they have read each ride's conversation.
    'chatReads', coalesce((
      select jsonb_agg(to_jsonb(c) order by c.ride_id)
        from private.ride_chat_reads c where c.user_id = v_uid), '[]'::jsonb),
    'rideAlerts', coalesce((
      select jsonb_agg(to_jsonb(a) order by a.id)
        from public.ride_alerts a where a.user_id = v_uid), '[]'::jsonb),
    'rideAlertsTold', coalesce((
      select jsonb_agg(to_jsonb(d) order by d.created_at, d.ride_id)
        from private.ride_alert_deliveries d where d.user_id = v_uid), '[]'::jsonb),
    'following', coalesce((
      select jsonb_agg(to_jsonb(f) order by f.created_at, f.organiser_id)
        from public.organiser_follows f where f.follower_id = v_uid), '[]'::jsonb),
    -- How many follow them and since when; who is theirs to tell, not the organiser's to know.
    'followedBy', coalesce((
      select jsonb_agg(jsonb_build_object('created_at', f.created_at) order by f.created_at)
        from public.organiser_follows f where f.organiser_id = v_uid), '[]'::jsonb),
    'rideRequests', coalesce((
      select jsonb_agg(to_jsonb(q) order by q.id)
        from public.ride_requests q where q.requester_id = v_uid), '[]'::jsonb),
    'rideRequestMeToos', coalesce((
      select jsonb_agg(to_jsonb(m) order by m.created_at, m.request_id)
        from public.ride_request_members m where m.user_id = v_uid), '[]'::jsonb),
    -- Whom they blocked. Whom others blocked is those members' own, and never told (ADR 0026).
    'membersBlocked', coalesce((
      select jsonb_agg(to_jsonb(b) order by b.created_at, b.blocked_id)
        from public.member_blocks b where b.blocker_id = v_uid), '[]'::jsonb),
    -- The rides whose organiser marked them absent.
    'noShows', coalesce((
      select jsonb_agg(to_jsonb(n) order by n.marked_at, n.ride_id)
        from public.ride_no_shows n where n.user_id = v_uid), '[]'::jsonb),
    -- Which devices get pushes, and for what; the endpoint and keys are the device's secrets.
    'pushDevices', coalesce((
      select jsonb_agg(jsonb_build_object('id', s.id, 'service', substring(s.endpoint from '^https://[^/?#]+'),
                                          'kinds', s.kinds, 'created_at', s.created_at, 'saved_at', s.saved_at)
                       order by s.id)
        from public.push_subscriptions s where s.user_id = v_uid), '[]'::jsonb),
    -- Moderation (issue 26 §1): the reports they made; those about them without who made them;
    -- their suspension; and, for the admin, the reports closed, suspensions decided and the log.
    'reportsMade', coalesce((
      select jsonb_agg(to_jsonb(r) - 'resolved_by' order by r.id)
        from public.reports r where r.reporter_id = v_uid), '[]'::jsonb),
    'reportsAboutMe', coalesce((
      select jsonb_agg(jsonb_build_object('id', r.id, 'reason', r.reason, 'status', r.status,
                                          'created_at', r.created_at) order by r.id)
        from public.reports r where r.member_id = v_uid), '[]'::jsonb),
    'reportsResolved', coalesce((
      select jsonb_agg(jsonb_build_object('id', r.id, 'status', r.status, 'resolved_at', r.resolved_at)
                       order by r.id)
        from public.reports r where r.resolved_by = v_uid), '[]'::jsonb),
    'suspension', (select to_jsonb(s) - 'suspended_by' from public.member_suspensions s where s.user_id = v_uid),
    'suspensionsDecided', coalesce((
      select jsonb_agg(jsonb_build_object('user_id', s.user_id, 'suspended_until', s.suspended_until,
                                          'created_at', s.created_at) order by s.created_at)
        from public.member_suspensions s where s.suspended_by = v_uid), '[]'::jsonb),
    'moderationActions', coalesce((
      select jsonb_agg(to_jsonb(l) order by l.id)
        from public.moderation_log l where l.admin_id = v_uid), '[]'::jsonb),
    -- The actions of theirs the abuse limits counted (private.throttle_limits), while kept.
    'countedActions', coalesce((
      select jsonb_agg(jsonb_build_object('limit_name', e.limit_name, 'happened_at', e.happened_at)
                       order by e.id)
        from private.throttle_events e where e.subject = v_uid::text), '[]'::jsonb)
  );
end;
$$;

create or replace function private.delete_member(p_user_id integer) returns jsonb
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
  delete from public.organiser_follows where follower_id = p_user_id or organiser_id = p_user_id;
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
  delete from public.policy_acceptances where user_id = p_user_id;
  delete from private.throttle_events where subject = p_user_id::text;
  -- Their blocks, made and received (issue 26 §1): nobody can meet a former member again.
  delete from public.member_blocks where blocker_id = p_user_id or blocked_id = p_user_id;

  -- 5. Only the values that are one of their names, not text that happens to contain one.
  update public.notifications n
     set params = (
       select jsonb_object_agg(e.key, case when e.value #>> '{}' = any (v_names)
                                            then to_jsonb('a former member'::text) else e.value end)
         from jsonb_each(n.params) e)
   where exists (select 1 from jsonb_each(n.params) e
                  where jsonb_typeof(e.value) = 'string' and e.value #>> '{}' = any (v_names));
  -- The ride chats' system lines that named them (joined, left, ...) name "a former member"
  -- too; how far they had read goes with them.
  update public.ride_messages m
     set system_params = m.system_params || jsonb_build_object('name', 'a former member'),
         body = left(replace(m.body, m.system_params ->> 'name', 'a former member'), 1000)
   where m.system_kind is not null and m.system_params ->> 'name' = any (v_names);
  delete from private.ride_chat_reads where user_id = p_user_id;

  -- 6.
  update public.users
     set erased_at = now(), discord_username = null, name = 'a former member', whatsapp_number = null,
         malaysian_number = null, revolut_username = null, company_name = null, driver_details = null,
         is_vendor = false, language = null
   where id = p_user_id;

  return jsonb_build_object('ridesCancelled', v_cancelled, 'ridesReleased', v_released, 'ridesLeft', v_left);
end;
$$;
