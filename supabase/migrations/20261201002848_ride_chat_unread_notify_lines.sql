-- Migration: the ride chat's unread counts, its notification and its system lines (issue 25)
-- Purpose: private.ride_chat_reads keeps, per member and ride, the last message the member has
--          read (app.mark_ride_chat_read, called by the open chat); private.ride_chat_unread counts
--          what came after it from other members, for the Chat tab (app.ride_chat_summary), My
--          Rides and the bell (app.chat_unread, app.unread_count). A member's message notifies the
--          other members of the conversation in its own transaction ('chat_message', inbox and
--          Web Push), once per conversation until the member opens it. Joins, leaves, removals,
--          the drop-off order locked, a driver booked or released and a new date write a system
--          line into the conversation from the same triggers' events as the inbox.
-- Affects: new table private.ride_chat_reads; public.ride_messages gains system_kind and
--          system_params; private.ride_message_json (create or replace, same signature); the
--          check constraints notifications_kind_check and push_subscriptions_kinds_check; new
--          functions and triggers on ride_messages, ride_passengers and rides; app.my_data (create
--          or replace, same signature) carries the member's read markers ('chatReads');
--          private.delete_member (create or replace) scrubs their name from system lines.
-- Rollback: drop the new triggers, functions and table; drop the two columns; restore
--           private.ride_message_json from 20261201002500_ride_chat.sql and both constraints from
--           20261201001800_request_and_alert_notification_kinds.sql (after deleting the
--           'chat_message' rows); restore app.my_data from 20261201002733_policy_acceptances.sql.

-- The system's own lines: what happened, in words the reader's app chooses (kind and params);
-- body keeps the English for any other reader.
alter table public.ride_messages add column system_kind text;
alter table public.ride_messages add column system_params jsonb;
alter table public.ride_messages add constraint ride_messages_system_check check (
  (system_kind is null and system_params is null)
  or (author_id is null
      and system_kind in ('joined', 'left', 'removed', 'stops_locked', 'driver_booked', 'driver_released', 'date_changed')
      and jsonb_typeof(system_params) = 'object' and octet_length(system_params::text) <= 2000)
);

-- One message as the api answers it, for the reader p_uid.
create or replace function private.ride_message_json(p_message public.ride_messages, p_uid integer) returns json
    language sql stable
    set search_path to ''
as $$
  select json_build_object(
    'id', p_message.id,
    'authorId', p_message.author_id,
    'authorName', case when p_message.author_id is not null then private.member_display_name(p_message.author_id) end,
    'body', p_message.body,
    'createdAt', to_char(p_message.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'own', p_message.author_id is not distinct from p_uid,
    'pinned', p_message.pinned_at is not null,
    'system', case when p_message.system_kind is not null
      then json_build_object('kind', p_message.system_kind, 'params', p_message.system_params) end
  )
$$;

create table private.ride_chat_reads (
  ride_id integer not null references public.rides (id) on delete cascade,
  user_id integer not null references public.users (id) on delete cascade,
  -- The newest message the member has had on their screen.
  last_read_id bigint not null default 0,
  read_at timestamptz not null default now(),
  primary key (ride_id, user_id)
);
comment on table private.ride_chat_reads is
  'How far each member has read each ride''s conversation (issue 25): written by app.mark_ride_chat_read only.';
create index ride_chat_reads_user_id_idx on private.ride_chat_reads (user_id);
alter table private.ride_chat_reads enable row level security;
revoke all on private.ride_chat_reads from public, anon, authenticated;

-- Other members' messages after the member's marker. The app's own lines and the member's own
-- messages are not news to them.
create function private.ride_chat_unread(p_ride_id integer, p_user_id integer) returns integer
    language sql stable security definer
    set search_path to ''
as $$
  select count(*)::integer
    from public.ride_messages m
   where m.ride_id = p_ride_id
     and m.author_id is not null
     and m.author_id <> p_user_id
     and m.id > coalesce(
       (select r.last_read_id from private.ride_chat_reads r where r.ride_id = p_ride_id and r.user_id = p_user_id), 0)
$$;
revoke all on function private.ride_chat_unread(integer, integer) from public;

-- What the ride page shows before the chat opens: the unread count on the tab and the pinned
-- announcement on the details.
create function app.ride_chat_summary(p_ride_id integer) returns json
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
       where m.ride_id = v_ride.id and m.pinned_at is not null)
  );
end;
$$;
revoke all on function app.ride_chat_summary(integer) from public;
grant execute on function app.ride_chat_summary(integer) to authenticated;

-- The caller's unread messages per ride, for My Rides and the bell: the conversations still
-- open (a week after the ride it is a record, no longer news).
create function app.chat_unread() returns json
    language sql stable security definer
    set search_path to ''
as $$
  with mine as (
    select r.id from public.rides r
     where (r.creator_id = app.current_user_id() or r.vendor_id = app.current_user_id())
       and r.date >= now() - interval '7 days'
    union
    select r.id from public.ride_passengers p join public.rides r on r.id = p.ride_id
     where p.user_id = app.current_user_id() and r.date >= now() - interval '7 days'
  ),
  counts as (
    select mine.id as ride_id, private.ride_chat_unread(mine.id, app.current_user_id()) as unread from mine
  )
  select json_build_object(
    'total', coalesce(sum(unread), 0)::integer,
    'rides', coalesce(json_agg(json_build_object('rideId', ride_id, 'unread', unread) order by ride_id)
                        filter (where unread > 0), '[]'::json)
  )
  from counts
$$;
revoke all on function app.chat_unread() from public;
grant execute on function app.chat_unread() to authenticated;

-- The bell's number: the unread inbox, with the chat counted by its unread messages instead of
-- its one notification per conversation.
create function app.unread_count() returns integer
    language sql stable security definer
    set search_path to ''
as $$
  select (
    select count(*)::integer from public.notifications n
     where n.user_id = app.current_user_id() and n.read_at is null and n.kind <> 'chat_message'
  ) + (select (app.chat_unread() ->> 'total')::integer)
$$;
revoke all on function app.unread_count() from public;
grant execute on function app.unread_count() to authenticated;

-- The open chat says how far the member has read (never backwards, never past the last
-- message); the conversation's notification is read with it.
create function app.mark_ride_chat_read(p_ride_id integer, p_last_id bigint) returns integer
    language plpgsql security definer
    set search_path to ''
as $$
declare
  v_ride public.rides := private.require_ride_conversation(p_ride_id);
  v_uid integer := app.current_user_id();
  v_last bigint := least(p_last_id,
    coalesce((select max(m.id) from public.ride_messages m where m.ride_id = v_ride.id), 0));
begin
  insert into private.ride_chat_reads as r (ride_id, user_id, last_read_id)
  values (v_ride.id, v_uid, greatest(v_last, 0))
  on conflict (ride_id, user_id) do update
    set last_read_id = greatest(r.last_read_id, excluded.last_read_id), read_at = now();
  update public.notifications set read_at = now()
   where user_id = v_uid and ride_id = v_ride.id and kind = 'chat_message' and read_at is null;
  return private.ride_chat_unread(v_ride.id, v_uid);
end;
$$;
revoke all on function app.mark_ride_chat_read(integer, bigint) from public;
grant execute on function app.mark_ride_chat_read(integer, bigint) to authenticated;

-- A member's message tells the conversation's other members, once per conversation until they
-- open it (their unread 'chat_message' stands for every message after it). The lock per ride
-- makes two messages at once see each other's notification. Never the sender (private.notify).
-- The words of the message stay out of the inbox: a deleted message is gone everywhere.
create function private.ride_messages_notify() returns trigger
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
    if v_recipient <> new.author_id and not exists (
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

create trigger ride_messages_notify
  after insert on public.ride_messages
  for each row
  when (new.author_id is not null)
  execute function private.ride_messages_notify();

-- A system line in the ride's conversation.
create function private.ride_chat_line(p_ride_id integer, p_kind text, p_body text, p_params jsonb) returns void
    language sql security definer
    set search_path to ''
as $$
  insert into public.ride_messages (ride_id, author_id, body, system_kind, system_params)
  values (p_ride_id, null, left(p_body, 1000), p_kind, p_params)
$$;
revoke all on function private.ride_chat_line(integer, text, text, jsonb) from public;

-- Who came aboard, who left, who was taken off: the events ride_passengers_notify tells the inbox.
create function private.ride_passengers_chat_line() returns trigger
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
      jsonb_build_object('name', v_name, 'passengerCount', v_row.passenger_count));
  elsif app.current_user_id() is not distinct from v_row.user_id then
    perform private.ride_chat_line(v_row.ride_id, 'left', v_name || ' left the ride',
      jsonb_build_object('name', v_name));
  else
    perform private.ride_chat_line(v_row.ride_id, 'removed', v_name || ' is no longer on the ride',
      jsonb_build_object('name', v_name));
  end if;
  return null;
end;
$$;
revoke all on function private.ride_passengers_chat_line() from public;

create trigger ride_passengers_chat_line
  after insert or delete on public.ride_passengers
  for each row execute function private.ride_passengers_chat_line();

-- A new date, a driver booked or released, the drop-off order locked: the events
-- rides_notify_changes tells the inbox.
create function private.rides_chat_line() returns trigger
    language plpgsql security definer
    set search_path to ''
as $$
declare
  v_vendor text;
begin
  if old.date is distinct from new.date then
    perform private.ride_chat_line(new.id, 'date_changed', 'The ride moved to a new date',
      jsonb_build_object('date', private.ride_event_params(new) -> 'date',
                         'previousDate', private.ride_event_params(old) -> 'date'));
  end if;
  if old.vendor_id is distinct from new.vendor_id then
    if new.vendor_id is not null then
      v_vendor := private.vendor_display_name(new.vendor_id);
      perform private.ride_chat_line(new.id, 'driver_booked', coalesce(v_vendor, 'A driver') || ' is driving this ride',
        jsonb_strip_nulls(jsonb_build_object('name', v_vendor)));
    else
      perform private.ride_chat_line(new.id, 'driver_released', 'The driver was released', '{}'::jsonb);
    end if;
  end if;
  if new.direction = 'FC->SG' and not old.sequence_locked and new.sequence_locked then
    perform private.ride_chat_line(new.id, 'stops_locked', 'The drop-off order is locked', '{}'::jsonb);
  end if;
  return null;
end;
$$;
revoke all on function private.rides_chat_line() from public;

create trigger rides_chat_line
  after update on public.rides
  for each row
  when (
    old.date is distinct from new.date
    or old.vendor_id is distinct from new.vendor_id
    or old.sequence_locked is distinct from new.sequence_locked
  )
  execute function private.rides_chat_line();

-- The chat's kind in the inbox and Web Push.
alter table public.notifications drop constraint notifications_kind_check;
alter table public.notifications add constraint notifications_kind_check check (kind in (
  'passenger_joined',
  'passenger_left',
  'removed_from_ride',
  'ride_changed',
  'ride_deleted',
  'vendor_assigned',
  'vendor_released',
  'waitlist_seat',
  'sequence_locked',
  'payment_reminder',
  'return_trip',
  'vendor_approved',
  'vendor_revoked',
  'ride_request_offered',
  'ride_alert',
  'chat_message'
));

alter table public.push_subscriptions drop constraint push_subscriptions_kinds_check;
alter table public.push_subscriptions add constraint push_subscriptions_kinds_check check (
  kinds <@ array[
    'passenger_joined', 'passenger_left', 'removed_from_ride', 'ride_changed', 'ride_deleted',
    'vendor_assigned', 'vendor_released', 'waitlist_seat', 'sequence_locked',
    'payment_reminder', 'return_trip', 'vendor_approved', 'vendor_revoked',
    'ride_request_offered', 'ride_alert', 'chat_message'
  ]::text[]
);

-- A member's download holds their read markers too (own-data.test.ts lists every table naming a member).
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
    'rideRequests', coalesce((
      select jsonb_agg(to_jsonb(q) order by q.id)
        from public.ride_requests q where q.requester_id = v_uid), '[]'::jsonb),
    'rideRequestMeToos', coalesce((
      select jsonb_agg(to_jsonb(m) order by m.created_at, m.request_id)
        from public.ride_request_members m where m.user_id = v_uid), '[]'::jsonb),
    -- Which devices get pushes, and for what; the endpoint and keys are the device's secrets.
    'pushDevices', coalesce((
      select jsonb_agg(jsonb_build_object('id', s.id, 'service', substring(s.endpoint from '^https://[^/?#]+'),
                                          'kinds', s.kinds, 'created_at', s.created_at, 'saved_at', s.saved_at)
                       order by s.id)
        from public.push_subscriptions s where s.user_id = v_uid), '[]'::jsonb),
    -- The actions of theirs the abuse limits counted (private.throttle_limits), while kept.
    'countedActions', coalesce((
      select jsonb_agg(jsonb_build_object('limit_name', e.limit_name, 'happened_at', e.happened_at)
                       order by e.id)
        from private.throttle_events e where e.subject = v_uid::text), '[]'::jsonb)
  );
end;
$$;

-- Deleting an account: the chat's system lines that named the member name a former member,
-- and the member's read markers go (private.delete_member, as in 20261201002733_policy_acceptances.sql
-- plus that).
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
