-- Migration: ride chat one membership rule
-- Purpose: issue 38 §1: one rule for who is in a ride's conversation, and one for until when it is
--          written. The view private.ride_conversation_members (organiser, assigned vendor,
--          passengers) is read by private.in_ride_conversation (the policy and every chat
--          function), app.chat_unread (a member's open conversations, through each branch's
--          index on the member and the date) and the chat's notification, which each spelled
--          it out before; private.conversation_open_since() is the 7-day bound they all use.
--          Same answers as before.
-- Affects: adds view private.ride_conversation_members, function private.conversation_open_since();
--          replaces function private.refuse_closed_conversation(public.rides), function
--          private.in_ride_conversation(integer, integer), function private.ride_messages_notify(),
--          function app.chat_unread(), function app.ride_messages_json(integer), function
--          app.ride_chat_summary(integer).
-- Rollback: re-create the six functions as 20261208110001_shared_limits_from_one_file.sql and
--          the chat migrations before it wrote them (their membership and 7-day checks inline),
--          then drop function private.conversation_open_since() and view
--          private.ride_conversation_members.

set check_function_bodies = off;

-- A ride's conversation is written until a week after the ride, then kept as a record: read,
-- not written. The one rule for when: the date from which a ride's conversation is still open
-- (a bound an index on the date can use).
create function private.conversation_open_since()
returns timestamptz
language sql
stable
security invoker
set search_path = ''
as $$
  select now() - make_interval(days => private.limit_ride_chat_read_only_days())
$$;
revoke all on function private.conversation_open_since() from public;

create or replace view "private"."ride_conversation_members" as  SELECT r.id AS ride_id,
    r.organiser_id AS user_id,
    r.date AS ride_date
   FROM public.rides r
UNION ALL
 SELECT r.id AS ride_id,
    r.vendor_id AS user_id,
    r.date AS ride_date
   FROM public.rides r
  WHERE (r.vendor_id IS NOT NULL)
UNION ALL
 SELECT p.ride_id,
    p.user_id,
    p.ride_date
   FROM public.ride_passengers p;

-- The caller's unread messages per ride, for My Rides and the bell: the conversations still
-- open (a week after the ride it is a record, no longer news).
create or replace function app.chat_unread()
returns json
language sql
stable
security definer -- reads private.ride_chat_reads, which the api roles cannot
set search_path = ''
as $$
  with mine as (
    select distinct m.ride_id as id from private.ride_conversation_members m
     where m.user_id = app.current_user_id() and m.ride_date >= private.conversation_open_since()
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

-- What the ride page shows before the chat opens: the unread count on the tab and the pinned
-- announcement on the details.
create or replace function app.ride_chat_summary(p_ride_id integer)
returns json
language plpgsql
stable
security definer -- reads private.ride_chat_reads and the pinned author's name
set search_path = ''
as $$
declare
  v_ride public.rides := private.require_ride_conversation(p_ride_id);
  v_uid integer := app.current_user_id();
begin
  return json_build_object(
    'rideId', v_ride.id,
    'unread', private.ride_chat_unread(v_ride.id, v_uid),
    'readOnly', v_ride.date < private.conversation_open_since(),
    'pinned', (
      select private.ride_message_json(m, v_uid) from public.ride_messages m
       where m.ride_id = v_ride.id and m.pinned_at is not null and m.hidden_at is null
         and not private.has_blocked(v_uid, m.author_id))
  );
end;
$$;

-- The conversation: the last 200 messages, oldest first, and the pinned one (which may be older),
-- without the messages of members the reader blocked, nor the system lines about them
-- (15_member_blocks.sql).
create or replace function app.ride_messages_json(p_ride_id integer)
returns json
language plpgsql
stable
security definer -- reads the conversation and the names in it for a member
set search_path = ''
as $$
declare
  v_ride public.rides := private.require_ride_conversation(p_ride_id);
  v_uid integer := app.current_user_id();
begin
  return json_build_object(
    'rideId', v_ride.id,
    'readOnly', v_ride.date < private.conversation_open_since(),
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

-- Whether p_user_id is in the ride's conversation, from the rule above: three probes of unique
-- indexes.
create or replace function private.in_ride_conversation(p_ride_id integer, p_user_id integer)
returns boolean
language sql
stable
security definer -- the policy asks it as the member, who reads fewer passengers
set search_path = ''
as $$
  select p_user_id is not null and exists (
    select 1 from private.ride_conversation_members m where m.ride_id = p_ride_id and m.user_id = p_user_id
  )
$$;

-- Refuses a change to a conversation no longer open.
create or replace function private.refuse_closed_conversation(p_ride public.rides)
returns void
language plpgsql
stable
security invoker
set search_path = ''
as $$
begin
  if p_ride.date < private.conversation_open_since() then
    raise exception using errcode = 'PT409',
      message = 'This chat is read-only: the ride was more than a week ago', hint = 'ride_chat_read_only';
  end if;
end;
$$;

-- A member's message tells the conversation's other members, once per conversation until they
-- open it (their unread 'chat_message' stands for every message after it). The lock per ride
-- makes two messages at once see each other's notification. Never the sender (private.notify),
-- nor a member who blocked the sender (they never see the message), nor a member looking at the
-- conversation (app.watch_ride_chat): their open chat shows the message and marks it read.
-- The words of the message stay out of the inbox: a deleted message is gone everywhere.
create or replace function private.ride_messages_notify()
returns trigger
language plpgsql
security definer -- notifies the other members, whose inbox the sender cannot write
set search_path = ''
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
    select distinct m.user_id from private.ride_conversation_members m where m.ride_id = v_ride.id
  loop
    if v_recipient <> new.author_id and not private.has_blocked(v_recipient, new.author_id) and not exists (
      select 1 from public.notifications n
       where n.user_id = v_recipient and n.read_at is null
         and n.ride_id = v_ride.id and n.kind = 'chat_message'
    ) and not exists (
      select 1 from private.ride_chat_reads w
       where w.ride_id = v_ride.id and w.user_id = v_recipient and w.watching_until > now()
    ) then
      perform private.notify(v_recipient, v_ride.id, 'chat_message', v_params);
    end if;
  end loop;
  return null;
end;
$$;

reset check_function_bodies;

revoke all on private.ride_conversation_members from public, anon, authenticated;

comment on view private.ride_conversation_members is 'Who is in each ride''s conversation (issue 25): its organiser, its assigned vendor and its passengers; read by the chat''s functions only.';
