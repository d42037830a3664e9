-- Ride chat
--
-- Every ride has its own conversation (issue 25): the organiser, everyone aboard and the
-- assigned vendor (its driver) talk inside the app instead of a WhatsApp group. Read-only 7 days
-- after the ride, deleted 90 days after it (private.purge_expired).
--
-- The database as it is now; supabase/migrations is how it got here. To change it, see the
-- README, "Changing the database".

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

-- Live while open (ADR 0025): every change to a ride's conversation and every passenger leaving
-- sends pg_notify('ride_chat', '<ride id>') after its commit. The api's stream LISTENs and reads
-- the conversation again as each listening member, through app.ride_messages_json and its
-- row-level security: the payload carries the ride's id only, never a message. PostgreSQL
-- delivers one notification per distinct payload per transaction: a purge wakes a ride's chats
-- once.
create function private.ride_chat_wake() returns trigger
    language plpgsql
    set search_path to ''
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
