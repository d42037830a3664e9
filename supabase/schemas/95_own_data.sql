-- A member's own data
--
-- What a member can take with them (app.my_data) and how they leave.
--
-- The database as it is now; supabase/migrations is how it got here. To change it, see the
-- README, "Changing the database".

-- Everything the database holds about the caller, as one JSON document (issue 26 §2, "Download
-- my data"): their profile and every row that names them, one key per kind of row, each row as
-- the table holds it (column names included) so that the member reads what is kept. Never a
-- secret: no password or token hash, no push keys or endpoint (only the push service's address),
-- no reset code; failed logins against the account without the address they came from (that may
-- be someone else's). Security definer: most of it sits where the api roles cannot read; every
-- part reads only the caller's rows. A table added later that names a member gets its key here;
-- tests/api/own-data.test.ts fails until it does.
create function app.my_data()
returns jsonb
language plpgsql
stable
security definer -- most of it sits where the api roles cannot read
set search_path = ''
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
        from public.rides r where r.organiser_id = v_uid), '[]'::jsonb),
    -- Their weekly series (issue 27), and the ones they joined every date of.
    'rideSeries', coalesce((
      select jsonb_agg(to_jsonb(s) order by s.id)
        from public.ride_series s where s.organiser_id = v_uid), '[]'::jsonb),
    'rideSeriesJoined', coalesce((
      select jsonb_agg(to_jsonb(g) order by g.created_at, g.series_id)
        from public.ride_series_regulars g where g.user_id = v_uid), '[]'::jsonb),
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
                                          'paid_at', p.paid_at,
                                          'sums', coalesce((
                                            select jsonb_agg(to_jsonb(y) order by y.id)
                                              from public.ride_payments y where y.passenger_id = p.id), '[]'::jsonb))
                       order by r.date, p.id)
        from public.ride_passengers p join public.rides r on r.id = p.ride_id
       where p.user_id = v_uid), '[]'::jsonb),
    -- Sums paid to them (or given back) as an organiser, without who paid: the seat says it.
    'paymentsReceived', coalesce((
      select jsonb_agg(to_jsonb(y) order by y.id)
        from public.ride_payments y where y.organiser_id = v_uid), '[]'::jsonb),
    'waitlist', coalesce((
      select jsonb_agg(to_jsonb(w) order by w.id)
        from public.ride_waitlist w where w.user_id = v_uid), '[]'::jsonb),
    'notifications', coalesce((
      select jsonb_agg(to_jsonb(n) order by n.id)
        from public.notifications n where n.user_id = v_uid), '[]'::jsonb),
    'rideMessages', coalesce((
      select jsonb_agg(to_jsonb(m) order by m.id)
        from public.ride_messages m where m.author_id = v_uid), '[]'::jsonb),
    -- The conversations' own lines about them: that they joined, left, were removed, drove.
    'chatLinesAboutMe', coalesce((
      select jsonb_agg(to_jsonb(m) order by m.id)
        from public.ride_messages m where m.subject_id = v_uid), '[]'::jsonb),
    -- The day of the trip (issue 40): their own steps, and the steps they set.
    'tripSteps', coalesce((
      select jsonb_agg(to_jsonb(s) order by s.ride_id)
        from public.ride_passenger_steps s where s.user_id = v_uid), '[]'::jsonb),
    'tripStepsSet', coalesce((
      select jsonb_agg(to_jsonb(s) order by s.ride_id, s.user_id)
        from public.ride_passenger_steps s where s.set_by = v_uid), '[]'::jsonb),
    'carStepsSet', coalesce((
      select jsonb_agg(to_jsonb(s) order by s.id)
        from public.ride_car_steps s where s.set_by = v_uid), '[]'::jsonb),
    -- The car's last position they shared, while it is kept (the trip's day only).
    'carPositionsShared', coalesce((
      select jsonb_agg(to_jsonb(p) order by p.ride_id)
        from public.ride_car_positions p where p.shared_by = v_uid), '[]'::jsonb),
    -- The day before (issue 40 §5): whether they were asked, and what they answered.
    'stillComing', coalesce((
      select jsonb_agg(to_jsonb(s) order by s.ride_id)
        from public.ride_still_coming s where s.user_id = v_uid), '[]'::jsonb),
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
    -- Offers to hand a ride over (issue 26 §2) they made, and those made to them.
    'rideHandoversOffered', coalesce((
      select jsonb_agg(to_jsonb(h) order by h.created_at, h.ride_id)
        from public.ride_handovers h where h.offered_by = v_uid), '[]'::jsonb),
    'rideHandoversReceived', coalesce((
      select jsonb_agg(to_jsonb(h) order by h.created_at, h.ride_id)
        from public.ride_handovers h where h.offered_to = v_uid), '[]'::jsonb),
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
    -- About them: of them, and of their rides, ride requests and messages, as the admin's queue
    -- shows them as theirs.
    'reportsAboutMe', coalesce((
      select jsonb_agg(jsonb_build_object('id', r.id, 'target_kind', r.target_kind, 'ride_id', r.ride_id,
                                          'request_id', r.request_id, 'message_id', r.message_id,
                                          'reason', r.reason, 'status', r.status, 'created_at', r.created_at)
                       order by r.id)
        from public.reports r
       where r.member_id = v_uid
          or r.ride_id in (select id from public.rides where organiser_id = v_uid)
          or r.request_id in (select id from public.ride_requests where requester_id = v_uid)
          or r.message_id in (select id from public.ride_messages where author_id = v_uid)), '[]'::jsonb),
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
        from private.throttle_events e
       where private.throttle_subject_member(e.limit_name, e.subject) = v_uid), '[]'::jsonb)
  );
end;
$$;

revoke all on function app.my_data() from public;

grant all on function app.my_data() to authenticated;

-- p_text with every whole-word occurrence of each of p_names (case ignored) read as "a former
-- member": free text others wrote about a member who left (a report's note, the admin's reason).
-- A word ends where no ASCII letter or digit follows: "Al" is not in "Always", and Chinese,
-- written without spaces, still has its names found ("我是张伟的朋友").
create function private.without_names(p_text text, p_names text[])
returns text
language plpgsql
immutable
security invoker
set search_path = ''
as $$
declare
  v_text text := p_text;
  v_name text;
begin
  foreach v_name in array coalesce(p_names, array[]::text[]) loop
    if coalesce(btrim(v_name), '') <> '' then
      -- The name taken literally: every character that is not a letter, digit or space escaped.
      v_text := regexp_replace(v_text,
        '(?<![A-Za-z0-9])' || regexp_replace(v_name, '([^[:alnum:][:space:]])', '\\\1', 'g') || '(?![A-Za-z0-9])',
        'a former member', 'gi');
    end if;
  end loop;
  return v_text;
end;
$$;

revoke all on function private.without_names(p_text text, p_names text[]) from public;

-- The member deletes their account, in the transaction of their own request (the api has
-- checked their password; p_user_id must be the caller, so every trigger reads them as the one
-- acting, as when they leave a ride themselves). In order:
--   1. their weekly series end and the upcoming rides still theirs are cancelled (deleted: the
--      passengers are told, as when an organiser deletes a ride); a ride a passenger accepted to
--      take over is that passenger's already (59_ride_handovers.sql), and the offers they made or
--      were made and not yet accepted go;
--   2. upcoming rides they drive as a vendor are released (the riders are told);
--   3. they leave the upcoming rides, waitlists, weekly series and ride requests they joined (the
--      organisers are told, as when they leave themselves), and their own ride requests go;
--   4. moderation keeps its rows, without them: the notes of the reports they made and of those
--      about them or their rides are erased (the reports stay, by "a former member"), their
--      suspension goes, the log's copy of their hidden messages' words goes, and wherever else
--      a report's note, a suspension's or the log's reason names them, it reads "a former
--      member" (the log stays append-only for the api's roles; this runs as the owner);
--      what is theirs alone goes: messages, alerts, follows, notifications, push devices, sessions, known
--      devices, password and reset codes, vendor application, the failed logins and counted
--      actions keyed by their name or id;
--   5. other members' notifications and the ride chats' system lines that named them name "a
--      former member" instead;
--   6. their row becomes a former member's: no username, name, numbers or details.
-- Past rides stay as they were, the member in them as a former member. Returns what was done.
create function private.delete_member(p_user_id integer)
returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_user public.users;
  v_names text[];
  v_words text[];
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
      detail = json_build_object('id', p_user_id)::text, hint = 'user_not_found';
  end if;
  -- Every way the app has written their name into someone else's row.
  v_names := array_remove(array[
    private.member_display_name(p_user_id), private.vendor_display_name(p_user_id),
    v_user.discord_username, v_user.name, v_user.company_name
  ], null);

  -- Before anything of theirs goes (their rides take their conversations with them): the log's
  -- copy of the words of their messages the admin hid (4.).
  update public.moderation_log set detail = detail - 'body'
   where target_kind = 'ride_message'
     and target_id in (select id from public.ride_messages where author_id = p_user_id);

  -- 1. Their weekly series end with them (issue 27), each member of one told once.
  update public.ride_series set ended_at = now() where organiser_id = p_user_id and ended_at is null;
  delete from public.ride_handovers where offered_by = p_user_id or offered_to = p_user_id;
  for v_ride in select id from public.ride_series where organiser_id = p_user_id order by id loop
    v_cancelled := v_cancelled + private.cancel_series_dates(v_ride, now());
  end loop;
  for v_ride in
    select id from public.rides where organiser_id = p_user_id and date > now() order by id for update
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
  delete from public.ride_series_regulars where user_id = p_user_id;
  delete from public.ride_request_members where user_id = p_user_id;
  delete from public.ride_requests where requester_id = p_user_id;

  -- 4. Free text others wrote may hold any of their names or numbers (the numbers also without
  -- the country code, as people write them).
  v_words := v_names || array_remove(array[
    v_user.whatsapp_number, v_user.malaysian_number, v_user.revolut_username,
    regexp_replace(v_user.whatsapp_number, '^\+(65|60)', ''), regexp_replace(v_user.malaysian_number, '^\+(65|60)', '')
  ], null);
  update public.reports set note = null
   where note is not null
     and (reporter_id = p_user_id or member_id = p_user_id
          or ride_id in (select id from public.rides where organiser_id = p_user_id));
  update public.reports set note = left(private.without_names(note, v_words), 500)
   where note is distinct from private.without_names(note, v_words);
  delete from public.member_suspensions where user_id = p_user_id;
  update public.member_suspensions set reason = left(private.without_names(reason, v_words), 500)
   where reason <> private.without_names(reason, v_words);
  update public.moderation_log l
     set reason = left(private.without_names(l.reason, v_words), 500),
         detail = (select coalesce(jsonb_object_agg(e.key, case when jsonb_typeof(e.value) = 'string'
                                     then to_jsonb(private.without_names(e.value #>> '{}', v_words))
                                     else e.value end), '{}'::jsonb)
                     from jsonb_each(l.detail) e)
   where l.reason <> private.without_names(l.reason, v_words)
      or exists (select 1 from jsonb_each_text(l.detail) e
                  where e.value <> private.without_names(e.value, v_words));

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
  delete from private.throttle_events where private.throttle_subject_member(limit_name, subject) = p_user_id;
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

revoke all on function private.delete_member(p_user_id integer) from public;
