-- Ride chat
--
-- Every ride has its own conversation (issue 25): the organiser, everyone aboard and the
-- assigned vendor (its driver) talk inside the app instead of a WhatsApp group. Read-only 7 days
-- after the ride, deleted 90 days after it (private.purge_expired).
--
-- The database as it is now; supabase/migrations is how it got here. To change it, see the
-- README, "Changing the database".

-- Triggers on ride_messages, in the order PostgreSQL fires them: before triggers, then the
-- change, then after triggers; triggers of one timing and event fire in the order of their
-- names, so a new trigger's name decides where it runs. Each is defined in the file named
-- beside it.
--   after insert, each row:
--     1. ride_messages_notify (here), only when its condition holds
--     2. ride_messages_wake_chat (here)
--   after update, each row:
--     1. ride_messages_wake_chat (here)
--   after delete, each row:
--     1. ride_messages_wake_chat (here)
create table public.ride_messages (
  id bigint generated always as identity primary key,
  ride_id integer not null references public.rides (id) on delete cascade,
  -- Null for the system's own lines (joins, leaves, ...), which name no member.
  author_id integer references public.users (id) on delete cascade,
  body text not null check (char_length(body) between 1 and 1000),
  created_at timestamptz not null default now(),
  -- The organiser's announcement: at most one per ride (ride_messages_one_pinned_idx).
  pinned_at timestamptz,
  -- The system's own lines: what happened, in words the reader's app chooses (kind and params);
  -- body keeps the English for any other reader.
  system_kind text,
  system_params jsonb,
  -- When the admin hid it (issue 26): nobody reads it any more but the admin.
  hidden_at timestamptz,
  -- The member a system line is about (who joined, left, was removed; the driver booked): a
  -- member who blocked them does not see it, as they do not see their messages (ADR 0026).
  subject_id integer references public.users (id) on delete set null,
  constraint ride_messages_text_visible check (not private.has_hidden_characters(body)),
  constraint ride_messages_system_check check (
    (system_kind is null and system_params is null)
    or (author_id is null
        and system_kind in ('joined', 'left', 'removed', 'stops_locked', 'driver_booked', 'driver_released', 'date_changed', 'handed_over',
                            'car_step', 'car_step_undone', 'passenger_step')
        and jsonb_typeof(system_params) = 'object' and octet_length(system_params::text) <= 2000)
  ),
  constraint ride_messages_subject_check check (subject_id is null or system_kind is not null)
);

comment on table public.ride_messages is
  'A ride''s conversation (issue 25): read by its members only (private.in_ride_conversation), written only by the app functions; a deleted message is gone.';

-- The chat reads the last messages of one ride by id; the purge walks rides by id too.
create index ride_messages_ride_id_id_idx on public.ride_messages (ride_id, id);

create unique index ride_messages_one_pinned_idx on public.ride_messages (ride_id) where pinned_at is not null;

create index ride_messages_author_id_idx on public.ride_messages (author_id);

create index ride_messages_subject_id_idx on public.ride_messages (subject_id);

-- Who is in a ride's conversation: its organiser, its assigned vendor (the driver) and everyone
-- aboard, a row each with the ride's date. The one rule: the policy below, every chat function,
-- the chat's notification and the unread counts read it, from either end: a ride's members (by
-- ride_id) or a member's conversations (by user_id and date). A view, so that each branch keeps
-- its own index from both ends; a function with its search_path set is never inlined, and one
-- called per ride would walk every ride to find a member's. Read with its owner's rights, as the
-- definer functions that read it are: no api role may read it itself.
create view private.ride_conversation_members as
  select r.id as ride_id, r.organiser_id as user_id, r.date as ride_date from public.rides r
  union all
  select r.id, r.vendor_id, r.date from public.rides r where r.vendor_id is not null
  union all
  select p.ride_id, p.user_id, p.ride_date from public.ride_passengers p;

revoke all on private.ride_conversation_members from public, anon, authenticated;

comment on view private.ride_conversation_members is
  'Who is in each ride''s conversation (issue 25): its organiser, its assigned vendor and its passengers; read by the chat''s functions only.';

-- Whether p_user_id is in the ride's conversation, from the rule above: three probes of unique
-- indexes.
create function private.in_ride_conversation(p_ride_id integer, p_user_id integer)
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

revoke all on function private.in_ride_conversation(integer, integer) from public;

grant execute on function private.in_ride_conversation(integer, integer) to authenticated;

alter table public.ride_messages enable row level security;

revoke all on public.ride_messages from public, anon, authenticated;

-- Reads only; every change goes through the app functions below.
grant select on public.ride_messages to authenticated;

create policy "members read their rides' conversations"
  on public.ride_messages for select to authenticated
  using (hidden_at is null and private.in_ride_conversation(ride_id, (select app.current_user_id())));

-- The ride, for a member of its conversation; refuses anyone else (and a missing ride).
create function private.require_ride_conversation(p_ride_id integer)
returns public.rides
language plpgsql
stable
security invoker
set search_path = ''
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

-- Refuses a change to a conversation no longer open.
create function private.refuse_closed_conversation(p_ride public.rides)
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

revoke all on function private.refuse_closed_conversation(public.rides) from public;

-- One message as the api answers it, for the reader p_uid.
create function private.ride_message_json(p_message public.ride_messages, p_uid integer)
returns json
language sql
stable
security invoker
set search_path = ''
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

revoke all on function private.ride_message_json(public.ride_messages, integer) from public;

-- The conversation: the last 200 messages, oldest first, and the pinned one (which may be older),
-- without the messages of members the reader blocked, nor the system lines about them
-- (15_member_blocks.sql).
create function app.ride_messages_json(p_ride_id integer)
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

revoke all on function app.ride_messages_json(integer) from public;

grant execute on function app.ride_messages_json(integer) to authenticated;

create function app.send_ride_message(p_ride_id integer, p_body text)
returns json
language plpgsql
security definer -- ride_messages is read-only to members: messages are sent here
set search_path = ''
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
create function private.lock_ride_message(p_ride_id integer, p_message_id bigint)
returns public.ride_messages
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_message public.ride_messages;
begin
  select * into v_message from public.ride_messages
   where id = p_message_id and ride_id = p_ride_id and hidden_at is null for update;
  if not found then
    raise exception using errcode = 'PT404', message = 'Message not found', hint = 'ride_message_not_found';
  end if;
  return v_message;
end;
$$;

revoke all on function private.lock_ride_message(integer, bigint) from public;

-- A member deletes their own message, and only while the conversation is open.
create function app.delete_ride_message(p_ride_id integer, p_message_id bigint)
returns void
language plpgsql
security definer -- ride_messages is read-only to members
set search_path = ''
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
create function app.pin_ride_message(p_ride_id integer, p_message_id bigint, p_pinned boolean)
returns void
language plpgsql
security definer -- ride_messages is read-only to members
set search_path = ''
as $$
declare
  v_ride public.rides := private.require_ride_conversation(p_ride_id);
  v_message public.ride_messages;
begin
  if v_ride.organiser_id <> app.current_user_id() then
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

-- Live while open (ADR 0025): every change to a ride's conversation and every passenger leaving
-- sends pg_notify('ride_chat', '<ride id>') after its commit. The api's stream LISTENs and reads
-- the conversation again as each listening member, through app.ride_messages_json and its
-- row-level security: the payload carries the ride's id only, never a message. PostgreSQL
-- delivers one notification per distinct payload per transaction: a purge wakes a ride's chats
-- once.
create function private.ride_chat_wake()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
begin
  perform pg_notify('ride_chat', (case when tg_op = 'DELETE' then old.ride_id else new.ride_id end)::text);
  return null;
end;
$$;

revoke all on function private.ride_chat_wake() from public;

create trigger ride_messages_wake_chat
  after insert or update or delete on public.ride_messages
  for each row execute function private.ride_chat_wake();

-- A passenger who leaves or is removed is told by their stream ending, not by the next message.
create trigger ride_passengers_wake_ride_chat
  after delete on public.ride_passengers
  for each row execute function private.ride_chat_wake();

-- Unread counts, the chat's notification and the system lines (migration
-- 20261201002848_ride_chat_unread_notify_lines.sql).

create table private.ride_chat_reads (
  ride_id integer not null references public.rides (id) on delete cascade,
  user_id integer not null references public.users (id) on delete cascade,
  -- The newest message the member has had on their screen.
  last_read_id bigint not null default 0,
  read_at timestamptz not null default now(),
  -- Until when the member is looking at the conversation (the Chat tab shown and the app in
  -- view): a new message does not tell them (private.ride_messages_notify). Null: not looking.
  -- Migration 20261201003600_chat_watchers_not_told.sql.
  watching_until timestamptz,
  primary key (ride_id, user_id)
);

comment on table private.ride_chat_reads is
  'How far each member has read each ride''s conversation, and whether they are looking at it (issue 25): written by app.mark_ride_chat_read and app.watch_ride_chat only.';

create index ride_chat_reads_user_id_idx on private.ride_chat_reads (user_id);

alter table private.ride_chat_reads enable row level security;

revoke all on private.ride_chat_reads from public, anon, authenticated;

-- Other members' messages after the member's marker. The app's own lines and the member's own
-- messages are not news to them, nor a message a moderator hid (nobody can read it), nor one of
-- a member they blocked (they never see it).
create function private.ride_chat_unread(p_ride_id integer, p_user_id integer)
returns integer
language sql
stable
security definer -- reads private.ride_chat_reads, which the api roles cannot
set search_path = ''
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

-- What the ride page shows before the chat opens: the unread count on the tab and the pinned
-- announcement on the details.
create function app.ride_chat_summary(p_ride_id integer)
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

revoke all on function app.ride_chat_summary(integer) from public;

grant execute on function app.ride_chat_summary(integer) to authenticated;

-- The caller's unread messages per ride, for My Rides and the bell: the conversations still
-- open (a week after the ride it is a record, no longer news).
create function app.chat_unread()
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

revoke all on function app.chat_unread() from public;

grant execute on function app.chat_unread() to authenticated;

-- The bell's number: the unread inbox, with the chat counted by its unread messages instead of
-- its one notification per conversation.
create function app.unread_count()
returns integer
language sql
stable
security definer -- counts the chat through private.ride_chat_reads as well
set search_path = ''
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
create function app.mark_ride_chat_read(p_ride_id integer, p_last_id bigint)
returns integer
language plpgsql
security definer -- writes private.ride_chat_reads, which the api roles cannot
set search_path = ''
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

-- The open chat says the member is looking at it (p_watching) or no longer is: the Chat tab shown
-- and the app in view, said again every 20 s while it lasts (ADR 0025). Looking lapses on its own
-- 45 s after the last word, so a phone that dies without saying goodbye is told again after at
-- most that long. Presence comes from the app, never from an open stream: a locked phone keeps
-- its stream but is not looking, and that is when the push matters.
create function app.watch_ride_chat(p_ride_id integer, p_watching boolean)
returns void
language plpgsql
security definer -- writes private.ride_chat_reads, which the api roles cannot
set search_path = ''
as $$
declare
  v_ride public.rides := private.require_ride_conversation(p_ride_id);
  v_uid integer := app.current_user_id();
begin
  if coalesce(p_watching, false) then
    insert into private.ride_chat_reads as r (ride_id, user_id, watching_until)
    values (v_ride.id, v_uid, now() + interval '45 seconds')
    on conflict (ride_id, user_id) do update set watching_until = excluded.watching_until;
  else
    update private.ride_chat_reads set watching_until = null
     where ride_id = v_ride.id and user_id = v_uid and watching_until is not null;
  end if;
end;
$$;

revoke all on function app.watch_ride_chat(integer, boolean) from public;

grant execute on function app.watch_ride_chat(integer, boolean) to authenticated;

-- A member's message tells the conversation's other members, once per conversation until they
-- open it (their unread 'chat_message' stands for every message after it). The lock per ride
-- makes two messages at once see each other's notification. Never the sender (private.notify),
-- nor a member who blocked the sender (they never see the message), nor a member looking at the
-- conversation (app.watch_ride_chat): their open chat shows the message and marks it read.
-- The words of the message stay out of the inbox: a deleted message is gone everywhere.
create function private.ride_messages_notify()
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

revoke all on function private.ride_messages_notify() from public;

create trigger ride_messages_notify
  after insert on public.ride_messages
  for each row
  when (new.author_id is not null)
  execute function private.ride_messages_notify();

-- A system line in the ride's conversation, about p_subject (null: about no member).
create function private.ride_chat_line(p_ride_id integer, p_kind text, p_body text, p_params jsonb, p_subject integer)
returns void
language sql
security definer -- ride_messages is read-only to members: the system writes its lines
set search_path = ''
as $$
  insert into public.ride_messages (ride_id, author_id, body, system_kind, system_params, subject_id)
  values (p_ride_id, null, left(p_body, 1000), p_kind, p_params, p_subject)
$$;

revoke all on function private.ride_chat_line(integer, text, text, jsonb, integer) from public;

-- Who came aboard, who left, who was taken off: the events ride_passengers_notify tells the inbox.
create function private.ride_passengers_chat_line()
returns trigger
language plpgsql
security definer -- writes the system's line whoever joined or left
set search_path = ''
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
  -- The passenger taking the ride over has not left it: app.accept_ride_handover says so.
  if private.handing_over() and tg_op = 'DELETE' then
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

create trigger ride_passengers_chat_line
  after insert or delete on public.ride_passengers
  for each row execute function private.ride_passengers_chat_line();

-- A new date, a driver booked or released, the drop-off order locked: the events
-- rides_notify_changes tells the inbox.
create function private.rides_chat_line()
returns trigger
language plpgsql
security definer -- writes the system's line whoever changed the ride
set search_path = ''
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

create trigger rides_chat_line
  after update on public.rides
  for each row
  when (
    old.date is distinct from new.date
    or old.vendor_id is distinct from new.vendor_id
    or old.sequence_locked is distinct from new.sequence_locked
  )
  execute function private.rides_chat_line();

-- Who sees a member's phone numbers (migration 20261201002893_phone_privacy.sql; the column is
-- public.users.phone_visibility).

-- Whether the caller may read p_owner's numbers in the context of a ride organised by
-- p_ride_organiser. Row-level security and the queries decide who is on the ride at all; this
-- narrows it to the member's choice. The member always sees their own.
create function app.phone_visible(p_owner integer, p_ride_organiser integer)
returns boolean
language sql
stable
security definer -- reads the owner's choice, a column no member may read of another
set search_path = ''
as $$
  select p_owner = app.current_user_id()
      or coalesce((
           select case u.phone_visibility
                    when 'ride_members' then true
                    when 'organisers' then p_ride_organiser is not distinct from app.current_user_id()
                                           and p_ride_organiser <> p_owner
                    else false
                  end
             from public.users u where u.id = p_owner), false)
$$;

revoke all on function app.phone_visible(integer, integer) from public;

grant execute on function app.phone_visible(integer, integer) to authenticated;
