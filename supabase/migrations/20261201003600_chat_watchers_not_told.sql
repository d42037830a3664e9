-- Migration: a member looking at a ride's chat is not told of its new messages (issue 25, "Told
--            when away")
-- Purpose: the member with the Chat tab shown and the app in view got the 'chat_message'
--          notification (inbox and Web Push) for the first message after they last read, which
--          their open chat then marked read. The open chat now says it is being looked at
--          (app.watch_ride_chat, every 20 s, lapsing 45 s after the last word: ADR 0025) and
--          private.ride_messages_notify skips those members. Presence comes from the app, not from
--          an open stream: a locked phone keeps its stream but is not looking.
-- Affects: private.ride_chat_reads (new column watching_until), app.watch_ride_chat (new),
--          private.ride_messages_notify (create or replace; same signature and trigger).
-- Rollback: drop function app.watch_ride_chat(integer, boolean); alter table
--           private.ride_chat_reads drop column watching_until; restore
--           private.ride_messages_notify from 20261201003020_blocked_member_chat_lines.sql.

-- Until when the member is looking at the conversation (the Chat tab shown and the app in
-- view): a new message does not tell them (private.ride_messages_notify). Null: not looking.
alter table private.ride_chat_reads add column watching_until timestamptz;
comment on table private.ride_chat_reads is
  'How far each member has read each ride''s conversation, and whether they are looking at it (issue 25): written by app.mark_ride_chat_read and app.watch_ride_chat only.';

-- The open chat says the member is looking at it (p_watching) or no longer is: the Chat tab shown
-- and the app in view, said again every 20 s while it lasts (ADR 0025). Looking lapses on its own
-- 45 s after the last word, so a phone that dies without saying goodbye is told again after at
-- most that long. Presence comes from the app, never from an open stream: a locked phone keeps
-- its stream but is not looking, and that is when the push matters.
create function app.watch_ride_chat(p_ride_id integer, p_watching boolean) returns void
    language plpgsql security definer
    set search_path to ''
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
