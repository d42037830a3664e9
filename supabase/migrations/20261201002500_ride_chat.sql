-- Migration: every ride has its own conversation (issue 25 §1)
-- Purpose: public.ride_messages, read by the ride's organiser, everyone aboard and the assigned
--          vendor (private.in_ride_conversation, the one rule the policy and the functions ask),
--          written only through app.send_ride_message, app.delete_ride_message (own only) and
--          app.pin_ride_message (organiser only); read-only 7 days after the ride, purged 90 days
--          after it (private.purge_expired); throttled by 'chat:messages' (60 an hour per member
--          and ride), which private.refuse_throttled names too_many_messages.
-- Affects: new table public.ride_messages and its functions; private.purge_expired and
--          private.refuse_throttled (create or replace; same signatures, so grants stay); a row of
--          private.throttle_limits.
-- Rollback: drop table public.ride_messages cascade and its functions; restore purge_expired from
--           20261201001900_ride_alerts.sql and refuse_throttled from
--           20261201002300_ride_request_throttles.sql; delete the 'chat:messages' limit.

create table public.ride_messages (
  id bigint generated always as identity primary key,
  ride_id integer not null references public.rides (id) on delete cascade,
  -- Null for the system's own lines (joins, leaves, ...), which name no member.
  author_id integer references public.users (id) on delete cascade,
  body text not null check (char_length(body) between 1 and 1000),
  created_at timestamptz not null default now(),
  -- The organiser's announcement: at most one per ride (ride_messages_one_pinned_idx).
  pinned_at timestamptz,
  constraint ride_messages_text_visible check (not private.has_hidden_characters(body))
);
comment on table public.ride_messages is
  'A ride''s conversation (issue 25): read by its members only (private.in_ride_conversation), written only by the app functions; a deleted message is gone.';

-- The chat reads the last messages of one ride by id; the purge walks rides by id too.
create index ride_messages_ride_id_id_idx on public.ride_messages (ride_id, id);
create unique index ride_messages_one_pinned_idx on public.ride_messages (ride_id) where pinned_at is not null;
create index ride_messages_author_id_idx on public.ride_messages (author_id);

-- Who is in a ride's conversation: its organiser, everyone aboard and the assigned vendor. The
-- one rule the policy and every chat function ask, so they cannot disagree. Security definer:
-- the policy runs it as the member, whose own view of ride_passengers is narrower.
create function private.in_ride_conversation(p_ride_id integer, p_user_id integer) returns boolean
    language sql stable security definer
    set search_path to ''
as $$
  select p_user_id is not null and (
    exists (
      select 1 from public.rides r
       where r.id = p_ride_id and (r.creator_id = p_user_id or r.vendor_id = p_user_id)
    )
    or exists (
      select 1 from public.ride_passengers p where p.ride_id = p_ride_id and p.user_id = p_user_id
    )
  )
$$;
revoke all on function private.in_ride_conversation(integer, integer) from public;
grant execute on function private.in_ride_conversation(integer, integer) to authenticated;

alter table public.ride_messages enable row level security;
revoke all on public.ride_messages from public, anon, authenticated;
-- Reads only; every change goes through the app functions below.
grant select on public.ride_messages to authenticated;

create policy "members read their rides' conversations"
  on public.ride_messages for select to authenticated
  using (private.in_ride_conversation(ride_id, (select app.current_user_id())));

-- The ride, for a member of its conversation; refuses anyone else (and a missing ride).
create function private.require_ride_conversation(p_ride_id integer) returns public.rides
    language plpgsql stable
    set search_path to ''
as $$
declare
  v_uid integer := private.require_user();
  v_ride public.rides := private.find_ride(p_ride_id);
begin
  if not private.in_ride_conversation(v_ride.id, v_uid) then
    raise exception using errcode = 'PT403',
      message = 'Only the people on this ride can read and write its chat', hint = 'not_in_ride_chat';
  end if;
  return v_ride;
end;
$$;
revoke all on function private.require_ride_conversation(integer) from public;

-- A week after the ride its conversation is a record: read, not written.
create function private.refuse_closed_conversation(p_ride public.rides) returns void
    language plpgsql stable
    set search_path to ''
as $$
begin
  if p_ride.date < now() - interval '7 days' then
    raise exception using errcode = 'PT409',
      message = 'This chat is read-only: the ride was more than a week ago', hint = 'ride_chat_read_only';
  end if;
end;
$$;
revoke all on function private.refuse_closed_conversation(public.rides) from public;

-- One message as the api answers it, for the reader p_uid.
create function private.ride_message_json(p_message public.ride_messages, p_uid integer) returns json
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
    'pinned', p_message.pinned_at is not null
  )
$$;
revoke all on function private.ride_message_json(public.ride_messages, integer) from public;

-- The conversation: the last 200 messages, oldest first, and the pinned one (which may be older).
create function app.ride_messages_json(p_ride_id integer) returns json
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
       where m.ride_id = v_ride.id and m.pinned_at is not null),
    'messages', coalesce((
      select json_agg(private.ride_message_json(last, v_uid) order by last.id)
        from (select * from public.ride_messages m where m.ride_id = v_ride.id order by m.id desc limit 200) last
    ), '[]'::json)
  );
end;
$$;
revoke all on function app.ride_messages_json(integer) from public;
grant execute on function app.ride_messages_json(integer) to authenticated;

create function app.send_ride_message(p_ride_id integer, p_body text) returns json
    language plpgsql security definer
    set search_path to ''
as $$
declare
  v_ride public.rides := private.require_ride_conversation(p_ride_id);
  v_uid integer := app.current_user_id();
  v_message public.ride_messages;
begin
  perform private.refuse_closed_conversation(v_ride);
  -- Per member and ride: a busy day on one ride does not silence the member on another.
  perform private.take_throttle('chat:messages', v_uid || ':' || v_ride.id,
    'Too many messages. Please try again in %s.');
  insert into public.ride_messages (ride_id, author_id, body)
  values (v_ride.id, v_uid, btrim(p_body))
  returning * into v_message;
  return private.ride_message_json(v_message, v_uid);
end;
$$;
revoke all on function app.send_ride_message(integer, text) from public;
grant execute on function app.send_ride_message(integer, text) to authenticated;

-- The message, locked, of that ride; refuses one that is not there.
create function private.lock_ride_message(p_ride_id integer, p_message_id bigint) returns public.ride_messages
    language plpgsql
    set search_path to ''
as $$
declare
  v_message public.ride_messages;
begin
  select * into v_message from public.ride_messages
   where id = p_message_id and ride_id = p_ride_id for update;
  if not found then
    raise exception using errcode = 'PT404', message = 'Message not found', hint = 'ride_message_not_found';
  end if;
  return v_message;
end;
$$;
revoke all on function private.lock_ride_message(integer, bigint) from public;

-- A member deletes their own message, and only while the conversation is open.
create function app.delete_ride_message(p_ride_id integer, p_message_id bigint) returns void
    language plpgsql security definer
    set search_path to ''
as $$
declare
  v_ride public.rides := private.require_ride_conversation(p_ride_id);
  v_message public.ride_messages := private.lock_ride_message(v_ride.id, p_message_id);
begin
  perform private.refuse_closed_conversation(v_ride);
  if v_message.author_id is distinct from app.current_user_id() then
    raise exception using errcode = 'PT403', message = 'You can only delete your own messages',
      hint = 'not_message_author';
  end if;
  delete from public.ride_messages where id = v_message.id;
end;
$$;
revoke all on function app.delete_ride_message(integer, bigint) from public;
grant execute on function app.delete_ride_message(integer, bigint) to authenticated;

-- The organiser pins one message (p_pinned) or takes the pin off; pinning another moves it.
create function app.pin_ride_message(p_ride_id integer, p_message_id bigint, p_pinned boolean) returns void
    language plpgsql security definer
    set search_path to ''
as $$
declare
  v_ride public.rides := private.require_ride_conversation(p_ride_id);
  v_message public.ride_messages;
begin
  if v_ride.creator_id <> app.current_user_id() then
    raise exception using errcode = 'PT403', message = 'Only the organizer can pin a message',
      hint = 'not_ride_chat_pinner';
  end if;
  perform private.refuse_closed_conversation(v_ride);
  -- Two pins at once wait for each other here: one pinned message per ride, no unique violation.
  perform private.lock_ride(v_ride.id);
  v_message := private.lock_ride_message(v_ride.id, p_message_id);
  if p_pinned then
    update public.ride_messages set pinned_at = null
     where ride_id = v_ride.id and pinned_at is not null and id <> v_message.id;
  end if;
  update public.ride_messages set pinned_at = case when p_pinned then coalesce(pinned_at, now()) end
   where id = v_message.id;
end;
$$;
revoke all on function app.pin_ride_message(integer, bigint, boolean) from public;
grant execute on function app.pin_ride_message(integer, bigint, boolean) to authenticated;

-- private.refuse_throttled names the chat's limit.
create or replace function private.refuse_throttled(p_limit text, p_message text, p_retry integer) returns void
    language plpgsql
    set search_path to ''
as $$
begin
  raise exception using errcode = 'PT429', message = format(p_message, private.wait_text(p_retry)),
    detail = p_retry::text,
    hint = case p_limit
      when 'rides:created' then 'too_many_rides_today'
      when 'rides:edits' then 'too_many_ride_edits'
      when 'passengers:changes' then 'too_many_joins'
      when 'payments:remind' then 'reminded_recently'
      when 'register:client' then 'too_many_accounts_network'
      when 'register:network' then 'too_many_accounts_network'
      when 'register:all' then 'too_many_accounts'
      when 'ride_requests:posted' then 'too_many_ride_requests'
      when 'ride_requests:me-too' then 'too_many_me_too'
      when 'chat:messages' then 'too_many_messages'
    end;
end;
$$;

-- private.purge_expired deletes a ride's conversation 90 days after the ride.
create or replace function private.purge_expired() returns void
    language plpgsql
    set search_path to ''
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
end;
$$;

-- Limits ------------------------------------------------------------------------------------
insert into private.throttle_limits (name, max_count, window_seconds, description) values
  ('chat:messages', 60, 3600, 'messages one member sends in one ride''s conversation per hour')
on conflict (name) do nothing;
