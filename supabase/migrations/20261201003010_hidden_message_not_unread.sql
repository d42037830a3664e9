-- Migration: a message a moderator hid is no longer unread (issue 26 §1)
-- Purpose: private.ride_chat_unread skips hidden messages, so the Chat tab, My Rides and the
--          bell stop counting what nobody can read; app.hide_report_target, hiding a message,
--          deletes the conversation's unread 'chat_message' notifications that no longer stand
--          for any unread message (their queued pushes go with them, by the outbox's cascade).
-- Affects: private.ride_chat_unread, app.hide_report_target (create or replace; same
--          signatures, so grants stay).
-- Rollback: restore private.ride_chat_unread from 20261201002848_ride_chat_unread_notify_lines.sql
--           and app.hide_report_target from 20261201002851_moderation.sql.

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
     and m.id > coalesce(
       (select r.last_read_id from private.ride_chat_reads r where r.ride_id = p_ride_id and r.user_id = p_user_id), 0)
$$;
revoke all on function private.ride_chat_unread(integer, integer) from public;

create or replace function app.hide_report_target(p_report_id bigint, p_reason text) returns void
    language plpgsql security definer
    set search_path to ''
as $$
declare
  v_admin integer := private.require_admin();
  v_report public.reports := private.lock_open_report(p_report_id);
  v_ride public.rides;
  v_detail jsonb := '{}'::jsonb;
  v_recipient integer;
begin
  case v_report.target_kind
    when 'ride' then
      -- Locked as every change of a ride is: a join waits, then finds it removed.
      update public.rides set hidden_at = coalesce(hidden_at, now())
       where id = v_report.ride_id
      returning * into v_ride;
      v_detail := private.ride_event_params(v_ride);
      for v_recipient in
        select v_ride.creator_id
        union
        select p.user_id from public.ride_passengers p where p.ride_id = v_ride.id
      loop
        perform private.notify(v_recipient, v_ride.id, 'ride_removed', private.ride_event_params(v_ride));
      end loop;
    when 'ride_request' then
      update public.ride_requests set hidden_at = coalesce(hidden_at, now()) where id = v_report.request_id;
    when 'ride_message' then
      update public.ride_messages set hidden_at = coalesce(hidden_at, now()), pinned_at = null
       where id = v_report.message_id
      returning jsonb_build_object('rideId', ride_id, 'body', body) into v_detail;
      delete from public.notifications n
       where n.ride_id = (v_detail ->> 'rideId')::integer and n.kind = 'chat_message' and n.read_at is null
         and private.ride_chat_unread(n.ride_id, n.user_id) = 0;
    when 'member' then
      raise exception using errcode = 'PT409', message = 'A member cannot be hidden: suspend them instead',
        hint = 'member_not_hideable';
  end case;
  perform private.close_reports(v_report, 'actioned', v_admin);
  perform private.log_moderation(v_admin, 'hide', v_report.target_kind,
    coalesce(v_report.ride_id::bigint, v_report.request_id::bigint, v_report.message_id), v_report.id, p_reason, v_detail);
end;
$$;
revoke all on function app.hide_report_target(bigint, text) from public;
grant execute on function app.hide_report_target(bigint, text) to authenticated;
