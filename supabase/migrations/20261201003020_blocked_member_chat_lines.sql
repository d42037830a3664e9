-- Migration: a block also hides the system lines about the blocked member (issue 26 §1)
-- Purpose: public.ride_messages.subject_id names the member a system line is about (who joined,
--          left, was removed; the driver booked). app.ride_messages_json leaves out, for a
--          blocker, the lines about the members they blocked, as it leaves out their messages
--          (ADR 0026). And where the chat already hid a blocked member's messages, the rest
--          now agrees: private.ride_chat_unread no longer counts them, private.ride_messages_notify
--          no longer tells a member who blocked the sender, and app.ride_chat_summary no longer
--          shows their pinned announcement. app.my_data exports the lines about the member
--          ('chatLinesAboutMe'). The lines written before this migration get their subject where
--          their name is one member's alone.
-- Affects: public.ride_messages (new column, check, index); private.ride_chat_line (a new
--          argument: dropped and created again); private.ride_passengers_chat_line,
--          private.rides_chat_line, app.ride_messages_json, private.ride_chat_unread,
--          app.ride_chat_summary, private.ride_messages_notify, app.my_data (create or replace;
--          same signatures, so grants stay).
-- Rollback: restore the functions from 20261201002848_ride_chat_unread_notify_lines.sql,
--           20261201002971_member_blocks.sql, 20261201003010_hidden_message_not_unread.sql and
--           20261201002972_reliability_record.sql (app.my_data); drop function
--           private.ride_chat_line(integer, text, text, jsonb, integer); alter table
--           public.ride_messages drop column subject_id.

alter table public.ride_messages
  add column subject_id integer references public.users (id) on delete set null;
alter table public.ride_messages
  add constraint ride_messages_subject_check check (subject_id is null or system_kind is not null);
create index ride_messages_subject_id_idx on public.ride_messages (subject_id);

-- The lines already written name their member by the name shown then: where that name is one
-- member's alone (now), it is theirs; a name two members share stays without a subject.
with names as (
  select private.member_display_name(u.id) as name, min(u.id) as id, count(*) as members
    from public.users u group by 1
)
update public.ride_messages m set subject_id = names.id
  from names
 where m.system_kind in ('joined', 'left', 'removed') and names.members = 1
   and names.name = m.system_params ->> 'name';
with names as (
  select private.vendor_display_name(u.id) as name, min(u.id) as id, count(*) as members
    from public.users u where u.is_vendor group by 1
)
update public.ride_messages m set subject_id = names.id
  from names
 where m.system_kind = 'driver_booked' and names.members = 1
   and names.name = m.system_params ->> 'name';

drop function private.ride_chat_line(integer, text, text, jsonb);

create or replace function private.ride_chat_line(p_ride_id integer, p_kind text, p_body text, p_params jsonb, p_subject integer) returns void
    language sql security definer
    set search_path to ''
as $$
  insert into public.ride_messages (ride_id, author_id, body, system_kind, system_params, subject_id)
  values (p_ride_id, null, left(p_body, 1000), p_kind, p_params, p_subject)
$$;
revoke all on function private.ride_chat_line(integer, text, text, jsonb, integer) from public;

create or replace function private.ride_passengers_chat_line() returns trigger
    language plpgsql security definer
    set search_path to ''
as $$
declare
  v_row public.ride_passengers := case when tg_op = 'INSERT' then new else old end;
  v_name text;
begin
  -- The ride itself is being deleted (its conversation with it), or the member's account.
  if not exists (select 1 from public.rides where id = v_row.ride_id)
     or not exists (select 1 from public.users where id = v_row.user_id) then
    return null;
  end if;
  v_name := private.member_display_name(v_row.user_id);
  if tg_op = 'INSERT' then
    perform private.ride_chat_line(v_row.ride_id, 'joined', v_name || ' joined the ride',
      jsonb_build_object('name', v_name, 'passengerCount', v_row.passenger_count), v_row.user_id);
  elsif app.current_user_id() is not distinct from v_row.user_id then
    perform private.ride_chat_line(v_row.ride_id, 'left', v_name || ' left the ride',
      jsonb_build_object('name', v_name), v_row.user_id);
  else
    perform private.ride_chat_line(v_row.ride_id, 'removed', v_name || ' is no longer on the ride',
      jsonb_build_object('name', v_name), v_row.user_id);
  end if;
  return null;
end;
$$;
revoke all on function private.ride_passengers_chat_line() from public;

create or replace function private.rides_chat_line() returns trigger
    language plpgsql security definer
    set search_path to ''
as $$
declare
  v_vendor text;
begin
  if old.date is distinct from new.date then
    perform private.ride_chat_line(new.id, 'date_changed', 'The ride moved to a new date',
      jsonb_build_object('date', private.ride_event_params(new) -> 'date',
                         'previousDate', private.ride_event_params(old) -> 'date'), null);
  end if;
  if old.vendor_id is distinct from new.vendor_id then
    if new.vendor_id is not null then
      v_vendor := private.vendor_display_name(new.vendor_id);
      perform private.ride_chat_line(new.id, 'driver_booked', coalesce(v_vendor, 'A driver') || ' is driving this ride',
        jsonb_strip_nulls(jsonb_build_object('name', v_vendor)), new.vendor_id);
    else
      perform private.ride_chat_line(new.id, 'driver_released', 'The driver was released', '{}'::jsonb, null);
    end if;
  end if;
  if new.direction = 'FC->SG' and not old.sequence_locked and new.sequence_locked then
    perform private.ride_chat_line(new.id, 'stops_locked', 'The drop-off order is locked', '{}'::jsonb, null);
  end if;
  return null;
end;
$$;
revoke all on function private.rides_chat_line() from public;

create or replace function app.ride_messages_json(p_ride_id integer) returns json
    language plpgsql stable security definer
    set search_path to ''
as $$
declare
  v_ride public.rides := private.require_ride_conversation(p_ride_id);
  v_uid integer := app.current_user_id();
begin
  return json_build_object(
    'rideId', v_ride.id,
    'readOnly', v_ride.date < now() - interval '7 days',
    'pinned', (
      select private.ride_message_json(m, v_uid) from public.ride_messages m
       where m.ride_id = v_ride.id and m.pinned_at is not null and m.hidden_at is null
         and not private.has_blocked(v_uid, m.author_id)),
    'messages', coalesce((
      select json_agg(private.ride_message_json(last, v_uid) order by last.id)
        from (
          select * from public.ride_messages m
           where m.ride_id = v_ride.id and m.hidden_at is null and not private.has_blocked(v_uid, m.author_id)
             and not private.has_blocked(v_uid, m.subject_id)
           order by m.id desc limit 200
        ) last
    ), '[]'::json)
  );
end;
$$;
revoke all on function app.ride_messages_json(integer) from public;

create or replace function private.ride_chat_unread(p_ride_id integer, p_user_id integer) returns integer
    language sql stable security definer
    set search_path to ''
as $$
  select count(*)::integer
    from public.ride_messages m
   where m.ride_id = p_ride_id
     and m.author_id is not null
     and m.author_id <> p_user_id
     and m.hidden_at is null
     and not private.has_blocked(p_user_id, m.author_id)
     and m.id > coalesce(
       (select r.last_read_id from private.ride_chat_reads r where r.ride_id = p_ride_id and r.user_id = p_user_id), 0)
$$;
revoke all on function private.ride_chat_unread(integer, integer) from public;

create or replace function app.ride_chat_summary(p_ride_id integer) returns json
    language plpgsql stable security definer
    set search_path to ''
as $$
declare
  v_ride public.rides := private.require_ride_conversation(p_ride_id);
  v_uid integer := app.current_user_id();
begin
  return json_build_object(
    'rideId', v_ride.id,
    'unread', private.ride_chat_unread(v_ride.id, v_uid),
    'readOnly', v_ride.date < now() - interval '7 days',
    'pinned', (
      select private.ride_message_json(m, v_uid) from public.ride_messages m
       where m.ride_id = v_ride.id and m.pinned_at is not null and m.hidden_at is null
         and not private.has_blocked(v_uid, m.author_id))
  );
end;
$$;
revoke all on function app.ride_chat_summary(integer) from public;

create or replace function private.ride_messages_notify() returns trigger
    language plpgsql security definer
    set search_path to ''
as $$
declare
  v_ride public.rides;
  v_params jsonb;
  v_recipient integer;
begin
  select * into v_ride from public.rides where id = new.ride_id;
  perform pg_advisory_xact_lock(hashtextextended('fc-chat-notify:' || new.ride_id, 0));
  v_params := private.ride_event_params(v_ride)
    || jsonb_build_object('name', private.member_display_name(new.author_id));
  for v_recipient in
    select v_ride.creator_id
    union
    select v_ride.vendor_id where v_ride.vendor_id is not null
    union
    select p.user_id from public.ride_passengers p where p.ride_id = v_ride.id
  loop
    if v_recipient <> new.author_id and not private.has_blocked(v_recipient, new.author_id) and not exists (
      select 1 from public.notifications n
       where n.user_id = v_recipient and n.read_at is null
         and n.ride_id = v_ride.id and n.kind = 'chat_message'
    ) then
      perform private.notify(v_recipient, v_ride.id, 'chat_message', v_params);
    end if;
  end loop;
  return null;
end;
$$;
revoke all on function private.ride_messages_notify() from public;

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
    -- The conversations' own lines about them: that they joined, left, were removed, drove.
    'chatLinesAboutMe', coalesce((
      select jsonb_agg(to_jsonb(m) order by m.id)
        from public.ride_messages m where m.subject_id = v_uid), '[]'::jsonb),
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

revoke all on function app.my_data() from public;
