-- Migration: a ride's open chats hear of a change at once (issue 25, "Live while open")
-- Purpose: every change to a ride's conversation (a message sent, deleted, pinned, purged) and
--          every passenger leaving sends pg_notify('ride_chat', '<ride id>') after its commit.
--          The api's live stream (GET /api/rides/{id}/messages/stream, ADR 0025) LISTENs on that
--          channel and reads the conversation again as each listening member, through the same
--          function and row-level security as GET /messages: the payload carries the ride's id
--          only, never a message, so what a member receives is what they may read at that
--          moment, and a passenger who left is refused and their stream ends.
-- Affects: new functions private.ride_chat_wake() and two after-row triggers,
--          ride_messages_wake_chat on public.ride_messages and ride_passengers_wake_ride_chat on
--          public.ride_passengers (after delete).
-- Rollback: drop trigger ride_messages_wake_chat on public.ride_messages; drop trigger
--           ride_passengers_wake_ride_chat on public.ride_passengers; drop function
--           private.ride_chat_wake().

-- PostgreSQL delivers a transaction's notifications once it commits, and one per distinct
-- payload: a purge of many messages of one ride wakes its chats once.
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
