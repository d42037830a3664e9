-- Notifications and Web Push
--
-- In-app notifications and Web Push: what each ride event tells whom, the push outbox and
-- subscriptions.
--
-- The database as it is now; supabase/migrations is how it got here. To change it, see the
-- README, "Changing the database".

-- ------------------------------------------------------------------------------------------------
-- Tables

-- What is still to be pushed: one row per event and subscribed device.
create table private.push_outbox (
  id bigint generated always as identity primary key,
  notification_id bigint not null,
  subscription_id bigint not null,
  created_at timestamptz not null default now()
);

comment on table private.push_outbox is
  'Pushes waiting to be sent; filled with the notification, drained by the api after commit.';

-- One row at most. The private key signs every push: owner only, no API role reads it.
create table private.vapid_keys (
  id boolean not null default true primary key,
  public_key text not null,
  private_key text not null,
  created_at timestamptz not null default now(),
  constraint vapid_keys_id_check check (id),
  constraint vapid_keys_private_key_check check (private_key ~ '^[A-Za-z0-9_-]{43}$'),
  constraint vapid_keys_public_key_check check (public_key ~ '^[A-Za-z0-9_-]{87}$')
);

comment on table private.vapid_keys is
  'The VAPID key pair the api signs pushes with when VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY are unset; owner only.';

-- Triggers on notifications, in the order PostgreSQL fires them: before triggers, then the change,
-- then after triggers; triggers of one timing and event fire in the order of their names, so
-- a new trigger's name decides where it runs. Each is defined in the file named beside it.
--   after insert, once per statement (over its new rows, as the transition table "inserted"):
--     1. notifications_keep_newest (here)
--     2. notifications_queue_push (here)
create table public.notifications (
  id bigint generated always as identity primary key,
  user_id integer not null references public.users (id) on delete cascade,
  ride_id integer references public.rides (id) on delete set null,
  kind text not null,
  params jsonb not null default '{}',
  created_at timestamptz not null default now(),
  read_at timestamptz,
  constraint notifications_kind_check check (kind in ('passenger_joined', 'passenger_left', 'removed_from_ride', 'ride_changed', 'ride_deleted', 'vendor_assigned', 'vendor_released', 'waitlist_seat', 'sequence_locked', 'payment_reminder', 'return_trip', 'vendor_approved', 'vendor_revoked', 'ride_request_offered', 'ride_alert', 'chat_message', 'ride_removed', 'organiser_ride', 'handover_offered', 'ride_handed_over', 'handover_declined', 'handover_withdrawn', 'trip_update', 'still_coming')),
  constraint notifications_params_check check (
    jsonb_typeof(params) = 'object'
    and octet_length(params::text) <= 4000
  ),
  constraint notifications_reason_check check (char_length(params ->> 'reason') <= private.limit_ride_cancel_reason_max_length())
);

grant select on public.notifications to authenticated;

grant update (read_at) on public.notifications to authenticated;

comment on table public.notifications is
  'Inbox: one row per recipient and event; written by private.notify in the transaction of the change.';

create table public.push_subscriptions (
  id bigint generated always as identity primary key,
  user_id integer not null references public.users (id) on delete cascade,
  endpoint text not null unique,
  p256dh text not null,
  auth text not null,
  kinds text[] not null default '{}',
  created_at timestamptz not null default now(),
  saved_at timestamptz not null default now(),
  constraint push_subscriptions_auth_check check (auth ~ '^[A-Za-z0-9_-]{16,32}={0,2}$'),
  constraint push_subscriptions_endpoint_check check (
    endpoint like 'https://%'
    and char_length(endpoint) <= 2000
  ),
  constraint push_subscriptions_kinds_check check (kinds <@ array['passenger_joined', 'passenger_left', 'removed_from_ride', 'ride_changed', 'ride_deleted', 'vendor_assigned', 'vendor_released', 'waitlist_seat', 'sequence_locked', 'payment_reminder', 'return_trip', 'vendor_approved', 'vendor_revoked', 'ride_request_offered', 'ride_alert', 'chat_message', 'ride_removed', 'organiser_ride', 'handover_offered', 'ride_handed_over', 'handover_declined', 'handover_withdrawn', 'trip_update', 'still_coming']),
  constraint push_subscriptions_p256dh_check check (p256dh ~ '^[A-Za-z0-9_-]{80,100}={0,2}$')
);

grant select, delete on public.push_subscriptions to authenticated;

grant insert (user_id) on public.push_subscriptions to authenticated;

grant insert (endpoint) on public.push_subscriptions to authenticated;

grant insert (p256dh) on public.push_subscriptions to authenticated;

grant insert (auth) on public.push_subscriptions to authenticated;

grant insert (kinds) on public.push_subscriptions to authenticated;

comment on table public.push_subscriptions is
  'Web Push subscriptions, one per device, with the event kinds the member opted into.';

-- ------------------------------------------------------------------------------------------------
-- Keys and constraints

alter table private.push_outbox
  add constraint push_outbox_notification_id_fkey foreign key (notification_id) references public.notifications (id) on delete cascade;

alter table private.push_outbox
  add constraint push_outbox_subscription_id_fkey foreign key (subscription_id) references public.push_subscriptions (id) on delete cascade;

-- ------------------------------------------------------------------------------------------------
-- Indexes

create index push_outbox_notification_id_idx on private.push_outbox (notification_id);

create index push_outbox_subscription_id_idx on private.push_outbox (subscription_id);

create index notifications_created_at_idx on public.notifications (created_at);

create index notifications_ride_id_idx on public.notifications (ride_id);

create index notifications_unread_idx on public.notifications (user_id) where read_at is null;

create index notifications_user_id_id_idx on public.notifications (user_id, id desc);

create index push_subscriptions_user_id_idx on public.push_subscriptions (user_id);

create index push_subscriptions_user_saved_idx on public.push_subscriptions (user_id, saved_at desc, id desc);

-- ------------------------------------------------------------------------------------------------
-- Functions

-- Turning push on (or changing the kinds) on this device. Upsert by endpoint: a browser that
-- signs in as another member keeps its endpoint, and the device now belongs to that member.
--
-- As in 20261201000300_web_push.sql; saving again makes this device the newest, and the caller
-- is private.require_user's (its refusal and code).
create function app.save_push_subscription(p_endpoint text, p_p256dh text, p_auth text, p_kinds text[])
returns void
language plpgsql
security definer -- no update grant: a device moving to this member is taken over here
set search_path = ''
as $$
declare
  v_caller integer := private.require_user();
begin
  insert into public.push_subscriptions (user_id, endpoint, p256dh, auth, kinds)
  values (v_caller, p_endpoint, p_p256dh, p_auth, coalesce(p_kinds, '{}'))
  on conflict (endpoint) do update
    set user_id = excluded.user_id,
        p256dh = excluded.p256dh,
        auth = excluded.auth,
        kinds = excluded.kinds,
        saved_at = now();
end;
$$;

revoke all on function app.save_push_subscription(p_endpoint text, p_p256dh text, p_auth text, p_kinds text[]) from public;

grant all on function app.save_push_subscription(p_endpoint text, p_p256dh text, p_auth text, p_kinds text[]) to authenticated;

-- A member's inbox keeps their newest 200: each new row drops what falls off the end, reading
-- only that member's rows through notifications_user_id_id_idx. Rows another transaction holds
-- are skipped, not waited for (two events for one member at once must not deadlock): the next
-- insert drops them. Neither sequential nor bitmap scans: PL/pgSQL plans these queries once per
-- session, and a plan made while the inbox was small (a scan of the whole table, the cheapest
-- then) was kept for every insert after, reading more with each one (PGlite never analyzes on
-- its own); a bitmap scan reads a member's rows in the table's order and sorts them, where the
-- index gives them newest first.
create function private.notifications_keep_newest()
returns trigger
language plpgsql
security definer -- notifications have no delete grant; it trims anyone's inbox
set search_path = ''
set enable_seqscan = off
set enable_bitmapscan = off
as $$
declare
  v_members integer[] := array(select distinct i.user_id from inserted i);
begin
  -- An INSERT that told nobody (a ride no alert or follower matched) still fires this.
  if cardinality(v_members) = 0 then
    return null;
  end if;
  -- Once per statement over the rows it inserted: a ride's alerts tell dozens of members in one
  -- INSERT (ADR 0024), and with full inboxes every one of them is trimmed. One pass over each
  -- member's index entries, newest first, finds what lies past their 200th; only those rows are
  -- locked (FOR UPDATE under an OFFSET would lock the 200 kept ones too) and deleted, all in one
  -- statement: counting first and then deleting member by member read every inbox twice.
  delete from public.notifications where id in (
    select n.id
      from public.notifications n
     where n.id in (
       select past.id
         from unnest(v_members) as m(user_id)
         cross join lateral (
           select x.id from public.notifications x
            where x.user_id = m.user_id
            order by x.id desc
           offset 200
         ) past
     )
       for update of n skip locked
  );
  return null;
end;
$$;

revoke all on function private.notifications_keep_newest() from public;

-- The one way an event is recorded. Security definer: triggers fire as the API role, which may
-- not insert notifications for other members itself.
create function private.notify(p_user_id integer, p_ride_id integer, p_kind text, p_params jsonb)
returns void
language plpgsql
security definer -- triggers fire as the api role, which may not notify other members
set search_path = ''
as $$
begin
  if p_user_id is null or p_user_id is not distinct from app.current_user_id() then
    return;
  end if;
  insert into public.notifications (user_id, ride_id, kind, params)
  values (p_user_id, p_ride_id, p_kind, coalesce(p_params, '{}'::jsonb));
end;
$$;

revoke all on function private.notify(p_user_id integer, p_ride_id integer, p_kind text, p_params jsonb) from public;

-- After a device is saved (or moves to this member): the member's devices past the limit go,
-- the ones saved longest ago first. The lock per member makes two saves at once count each other.
create function private.push_subscriptions_cap()
returns trigger
language plpgsql
security definer -- reads private.throttle_limits, which the api roles cannot
set search_path = ''
as $$
declare
  v_max integer;
begin
  select max_count into v_max from private.throttle_limits where name = 'push:devices';
  if not found then
    return null;
  end if;
  perform pg_advisory_xact_lock(hashtextextended('fc-throttle:push:devices:' || new.user_id, 0));
  delete from public.push_subscriptions
   where id in (
     select id from public.push_subscriptions
      where user_id = new.user_id
      order by saved_at desc, id desc
     offset v_max);
  return null;
end;
$$;

revoke all on function private.push_subscriptions_cap() from public;

-- What an event queues for push: the member's devices that opted into its kind, newest first;
-- for a ride's event, no more than the ride's window has room for, and "ride changed" only
-- when the member's devices were not woken for this ride within its window. Nothing for a
-- member while suspended (issue 35 §6): their devices, alerts and follows stay, so the pushes
-- come back when the suspension ends or is lifted, with nothing to restore.
create function private.queue_push()
returns trigger
language plpgsql
security definer -- writes private.push_outbox from other members' devices
set search_path = ''
as $$
declare
  v_row record;
  v_devices bigint[];
begin
  -- Once per statement: only the inserted rows whose member has a device opted into their kind
  -- are visited, so telling many members without push devices costs one join (ADR 0024).
  for v_row in
    select i.id, i.user_id, i.ride_id, i.kind,
           array_agg(s.id order by s.saved_at desc, s.id desc) as devices
      from inserted i
      join public.push_subscriptions s on s.user_id = i.user_id and i.kind = any (s.kinds)
     where private.suspended_until(i.user_id) is null
     group by i.id, i.user_id, i.ride_id, i.kind
     order by i.id
  loop
    v_devices := v_row.devices;
    if v_row.ride_id is not null then
      if v_row.kind = 'ride_changed'
         and private.take_throttle_room('push:ride-changed', v_row.ride_id || ':' || v_row.user_id, 1) = 0 then
        continue;
      end if;
      v_devices := v_devices[1:private.take_throttle_room('push:ride', v_row.ride_id::text, cardinality(v_devices))];
    end if;

    insert into private.push_outbox (notification_id, subscription_id)
    select v_row.id, device from unnest(v_devices) as device;
  end loop;
  return null;
end;
$$;

revoke all on function private.queue_push() from public;

-- A join tells the organiser; a leave tells the organiser; a removal by anyone else (the
-- organiser, the admin) tells the one removed.
create function private.ride_passengers_notify()
returns trigger
language plpgsql
security definer -- tells the organiser or the member removed through private.notify
set search_path = ''
as $$
declare
  v_row public.ride_passengers := case when tg_op = 'INSERT' then new else old end;
  v_ride public.rides;
  v_params jsonb;
begin
  -- The member's own joins and leaves of a series' dates: the series function tells the
  -- organiser once for all of them.
  if private.series_bulk() and v_row.user_id is not distinct from app.current_user_id() then
    return null;
  end if;
  -- The passenger taking the ride over has not left it: app.accept_ride_handover tells everyone.
  if private.handing_over() and tg_op = 'DELETE' then
    return null;
  end if;
  select * into v_ride from public.rides where id = v_row.ride_id;
  if not found then
    -- The ride itself is being deleted: rides_notify_deleted has told everyone.
    return null;
  end if;
  v_params := private.ride_event_params(v_ride) || jsonb_build_object(
    'name', private.member_display_name(v_row.user_id),
    'passengerCount', v_row.passenger_count
  );

  if tg_op = 'INSERT' then
    perform private.notify(v_ride.organiser_id, v_ride.id, 'passenger_joined', v_params);
  elsif app.current_user_id() is not distinct from v_row.user_id then
    perform private.notify(v_ride.organiser_id, v_ride.id, 'passenger_left', v_params);
  elsif exists (select 1 from public.users where id = v_row.user_id) then
    perform private.notify(v_row.user_id, v_ride.id, 'removed_from_ride',
      private.ride_event_params(v_ride) || jsonb_build_object(
        'name', private.member_display_name(v_ride.organiser_id)));
  end if;
  return null;
end;
$$;

revoke all on function private.ride_passengers_notify() from public;

-- Changes the riders must know about. The trigger's when clause keeps the passenger-count
-- touches (ride_passengers_touch_ride) from running it at all.
--
-- As in 20261201000200_notification_events.sql, plus what the date and the pickup were.
create function private.rides_notify_changes()
returns trigger
language plpgsql
security definer -- tells every passenger of the ride through private.notify
set search_path = ''
as $$
declare
  v_params jsonb := private.ride_event_params(new);
  v_changed text[] := array[]::text[];
  v_before jsonb := '{}'::jsonb;
  v_vendor_name text;
  -- The organiser and the passengers, read once for every event below.
  v_riders integer[] := array(
    select new.organiser_id
    union
    select p.user_id from public.ride_passengers p where p.ride_id = new.id
  );
  v_recipient integer;
begin
  -- A change of a series' later dates: its function tells each member once for all of them.
  -- A hand-over moves the new organiser's stop: app.accept_ride_handover tells everyone aboard
  -- of the hand-over, which says it.
  if private.series_bulk() or private.handing_over() then
    return null;
  end if;
  if old.date is distinct from new.date then
    v_changed := array_append(v_changed, 'date');
    v_before := v_before || jsonb_build_object('previousDate', private.ride_event_params(old) -> 'date');
  end if;
  if old.pickup_location is distinct from new.pickup_location then
    v_changed := array_append(v_changed, 'pickup');
    -- Long addresses are cut: the whole event must stay within the row's 4,000 bytes.
    v_before := v_before || jsonb_strip_nulls(jsonb_build_object(
      'previousPickup', left(old.pickup_location, 200),
      'pickup', left(new.pickup_location, 200)
    ));
  end if;
  if private.stop_names(old.dropoff_locations) is distinct from private.stop_names(new.dropoff_locations) then
    v_changed := array_append(v_changed, 'stops');
  end if;

  if cardinality(v_changed) > 0 then
    foreach v_recipient in array v_riders loop
      perform private.notify(v_recipient, new.id, 'ride_changed',
        v_params || v_before || jsonb_build_object('changed', to_jsonb(v_changed)));
    end loop;
  end if;

  if old.vendor_id is distinct from new.vendor_id then
    v_vendor_name := private.vendor_display_name(new.vendor_id);
    foreach v_recipient in array v_riders loop
      if new.vendor_id is not null then
        perform private.notify(v_recipient, new.id, 'vendor_assigned',
          v_params || jsonb_build_object('vendorName', v_vendor_name));
      else
        perform private.notify(v_recipient, new.id, 'vendor_released', v_params);
      end if;
    end loop;
  end if;

  -- Only FC->SG rides have an ordered drop-off list (SPEC, private.lock_ride_for_sequence).
  if new.direction = 'FC->SG' and not old.sequence_locked and new.sequence_locked then
    for v_recipient in select p.user_id from public.ride_passengers p where p.ride_id = new.id loop
      perform private.notify(v_recipient, new.id, 'sequence_locked', v_params);
    end loop;
  end if;
  return null;
end;
$$;

revoke all on function private.rides_notify_changes() from public;

-- Before the row goes, while its passengers are still there to be found (the cascade removes
-- them after the ride row). rides_keep_history, earlier by name, has refused a past ride by now.
create function private.rides_notify_deleted()
returns trigger
language plpgsql
security definer -- tells every passenger of the ride through private.notify
set search_path = ''
as $$
declare
  v_recipient integer;
begin
  -- A series' dates cancelled together: its function tells each member once for all of them.
  if private.series_bulk() then
    return old;
  end if;
  for v_recipient in
    select u.id from public.users u
     where u.id = old.organiser_id
        or u.id in (select p.user_id from public.ride_passengers p where p.ride_id = old.id)
  loop
    perform private.notify(v_recipient, null, 'ride_deleted', private.ride_event_params(old) || private.cancel_reason());
  end loop;
  return old;
end;
$$;

revoke all on function private.rides_notify_deleted() from public;

-- The organiser's words for why the ride is cancelled, as app.cancel_ride left them for this
-- transaction's delete: { reason }, { cause } or nothing. A delete has no arguments of its own to carry them.
-- Any role may set a custom setting; one that sets this itself only words the notice of a delete
-- it may make anyway, and notifications_reason_check bounds its length.
create function private.cancel_reason()
returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  select case when coalesce(current_setting('fc.cancel_reason', true), '') = '' then '{}'::jsonb
              else jsonb_build_object('reason', current_setting('fc.cancel_reason', true)) end
      -- Set by private.suspend_member: the riders are told, in neutral words, that the organiser
      -- can no longer run the ride, never that a moderator suspended them (issue 37 §4).
      || case when current_setting('fc.cancel_cause', true) = 'organiser_unavailable'
              then jsonb_build_object('cause', 'organiser_unavailable') else '{}'::jsonb end
$$;

revoke all on function private.cancel_reason() from public;

-- The organiser cancels one ride from its page (issue 37): everyone on it is told, with the
-- reason when one is given. Over the same rules as a delete (the organiser only, not once it
-- is past); the reason's limit is the api's schema's too (RIDE_CANCEL_REASON_MAX_LENGTH).
create function app.cancel_ride(p_ride_id integer, p_reason text)
returns void
language plpgsql
security definer -- locks and checks through private helpers the api roles cannot reach
set search_path = ''
as $$
declare
  v_uid integer := private.require_user();
  v_ride public.rides := private.lock_ride(p_ride_id);
  v_reason text := nullif(btrim(p_reason), '');
begin
  if v_ride.organiser_id is distinct from v_uid then
    raise exception using errcode = 'PT403', message = 'You are not authorized to delete this ride',
      hint = 'not_ride_deleter';
  end if;
  if char_length(v_reason) > private.limit_ride_cancel_reason_max_length() then
    raise exception using errcode = 'PT400', message = 'Reason must be at most 300 characters',
      detail = json_build_object('rule', 'too_long', 'label', 'Reason', 'max', 300)::text, hint = 'invalid_input';
  end if;
  perform private.refuse_past_change(v_ride, 'ride_delete');
  perform set_config('fc.cancel_reason', coalesce(v_reason, ''), true);
  delete from public.rides where id = v_ride.id;
  -- Only this delete carries the reason, not a later one in the same transaction.
  perform set_config('fc.cancel_reason', '', true);
end;
$$;

revoke all on function app.cancel_ride(p_ride_id integer, p_reason text) from public;

grant all on function app.cancel_ride(p_ride_id integer, p_reason text) to authenticated;

-- Everyone who rode out hears that the way back is planned.
create function private.rides_notify_return_trip()
returns trigger
language plpgsql
security definer -- tells everyone who rode out through private.notify
set search_path = ''
as $$
declare
  v_outbound public.rides;
  v_params jsonb;
  v_recipient integer;
begin
  select * into v_outbound from public.rides where id = new.return_of;
  if not found then
    return null;
  end if;
  v_params := private.ride_event_params(v_outbound) || jsonb_build_object(
    'name', private.member_display_name(new.organiser_id),
    'returnRideId', new.id,
    'returnDirection', new.direction::text,
    'returnDate', to_char(new.date at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
  );
  for v_recipient in
    select p.user_id from public.ride_passengers p where p.ride_id = v_outbound.id order by p.id
  loop
    perform private.notify(v_recipient, new.id, 'return_trip', v_params);
  end loop;
  return null;
end;
$$;

revoke all on function private.rides_notify_return_trip() from public;

-- The admin's decision reaches the vendor, from every path that writes it (private.decide_vendor
-- for the api and the SQL editor, or an edit of the row in the dashboard). Filing again
-- (back to 'pending') is the vendor's own doing and tells nobody.
create function private.vendor_applications_notify()
returns trigger
language plpgsql
security definer -- tells the vendor through private.notify, whoever wrote the row
set search_path = ''
as $$
begin
  if new.status in ('approved', 'revoked') then
    perform private.notify(
      new.user_id, null,
      case new.status when 'approved' then 'vendor_approved' else 'vendor_revoked' end,
      jsonb_build_object('vendorName', private.vendor_display_name(new.user_id))
    );
  end if;
  return null;
end;
$$;

revoke all on function private.vendor_applications_notify() from public;

-- ------------------------------------------------------------------------------------------------
-- Triggers

create trigger notifications_keep_newest
  after insert on public.notifications
  referencing new table as inserted
  for each statement execute function private.notifications_keep_newest();

create trigger notifications_queue_push
  after insert on public.notifications
  referencing new table as inserted
  for each statement execute function private.queue_push();

create trigger push_subscriptions_cap
  after insert or update of user_id, saved_at on public.push_subscriptions
  for each row execute function private.push_subscriptions_cap();

create trigger ride_passengers_notify
  after insert or delete on public.ride_passengers
  for each row execute function private.ride_passengers_notify();

create trigger rides_notify_changes
  after update on public.rides
  for each row
  when (
    old.date is distinct from new.date
    or old.pickup_location is distinct from new.pickup_location
    or old.dropoff_locations is distinct from new.dropoff_locations
    or old.vendor_id is distinct from new.vendor_id
    or old.sequence_locked is distinct from new.sequence_locked
  )
  execute function private.rides_notify_changes();

create trigger rides_notify_deleted
  before delete on public.rides
  for each row execute function private.rides_notify_deleted();

create trigger rides_notify_return_trip
  after insert on public.rides
  for each row
  when (new.return_of is not null)
  execute function private.rides_notify_return_trip();

-- ------------------------------------------------------------------------------------------------
-- Row level security

alter table private.push_outbox enable row level security;

alter table private.vapid_keys enable row level security;

alter table public.notifications enable row level security;

alter table public.push_subscriptions enable row level security;

-- ------------------------------------------------------------------------------------------------
-- Policies

create policy "members add push subscriptions for themselves"
  on public.push_subscriptions for insert
  to authenticated
  with check (user_id = (select app.current_user_id()));

create policy "members delete their own push subscriptions"
  on public.push_subscriptions for delete
  to authenticated
  using (user_id = (select app.current_user_id()));

create policy "members mark their own notifications read"
  on public.notifications for update
  to authenticated
  using (user_id = (select app.current_user_id()))
  with check (user_id = (select app.current_user_id()));

create policy "members read their own notifications"
  on public.notifications for select
  to authenticated
  using (user_id = (select app.current_user_id()));

create policy "members see their own push subscriptions"
  on public.push_subscriptions for select
  to authenticated
  using (user_id = (select app.current_user_id()));
