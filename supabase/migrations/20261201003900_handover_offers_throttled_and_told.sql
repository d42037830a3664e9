-- Migration: hand-over offers are throttled, and the other side hears of a decline or withdrawal
--            (issue 26 §2)
-- Purpose: app.offer_ride_handover told the passenger on every call and an offer replaced the
--          last one, so an organiser could offer, withdraw and offer again in a loop and flood a
--          passenger with inbox items and pushes. Now the same offer again, while it stands,
--          changes nothing and tells nobody, and new offers count against 'handovers:offered'
--          (5 an hour per organiser; 429 too_many_handover_offers). And nobody heard of an offer
--          that ended without a hand-over: app.withdraw_ride_handover now tells the organiser
--          when the passenger declines ('handover_declined') and the passenger when the organiser
--          withdraws ('handover_withdrawn'), as does an offer that replaces theirs. Two new
--          notification kinds (inbox and Web Push).
-- Affects: app.offer_ride_handover, app.withdraw_ride_handover and private.refuse_throttled
--          (create or replace; same signatures, so grants stay); notifications_kind_check and
--          push_subscriptions_kinds_check take the new kinds; a row of private.throttle_limits.
-- Rollback: restore the two hand-over functions from 20261201003200_ride_handovers.sql and
--           private.refuse_throttled from 20261201002851_moderation.sql; delete the rows of the
--           two kinds and restore both constraints without them; delete the 'handovers:offered'
--           limit and its private.throttle_events.

-- The organiser offers their upcoming ride to one of its passengers; an offer already made goes
-- (one per ride): the passenger it was made to is told it was withdrawn, and the passenger now
-- offered is told of it.
--
-- Two brakes on an organiser who would flood a passenger with offers (each is an inbox item and a
-- push): the same offer again, while it stands, changes nothing and tells nobody (a second tap,
-- a retry); and new offers count against handovers:offered per organiser (5 an hour), which
-- bounds an offer/withdraw loop at 5 offers and 5 withdrawals an hour. Both, because either
-- alone leaves a hole: the first does nothing against offer, withdraw, offer; the second alone
-- would spend the organiser's offers on a double tap. Five an hour is room for the real use, a
-- first passenger who declines and a second or third asked, or an organiser leaving the app
-- offering the rides they still have (rides:upcoming is 10: the rest the next hour).
create or replace function app.offer_ride_handover(p_ride_id integer, p_user_id integer) returns void
    language plpgsql security definer
    set search_path to ''
as $$
declare
  v_ride public.rides := private.lock_own_upcoming_ride(p_ride_id);
  v_before public.ride_handovers;
  v_params jsonb;
begin
  if not exists (select 1 from public.ride_passengers where ride_id = p_ride_id and user_id = p_user_id) then
    raise exception using errcode = 'PT409', message = 'The ride can only be handed over to one of its passengers',
      hint = 'handover_not_passenger';
  end if;
  -- Said without the reason, as a refused join is: a block is never told (ADR 0026).
  if private.has_blocked(v_ride.creator_id, p_user_id) or private.has_blocked(p_user_id, v_ride.creator_id) then
    raise exception using errcode = 'PT403', message = 'This ride cannot be handed over to that member',
      hint = 'handover_not_allowed';
  end if;
  select * into v_before from public.ride_handovers where ride_id = p_ride_id for update;
  if found and v_before.offered_to = p_user_id and v_before.offered_by = v_ride.creator_id then
    return;
  end if;
  perform private.take_throttle('handovers:offered', v_ride.creator_id::text,
    'Too many hand-over offers. Please try again in %s.');
  insert into public.ride_handovers (ride_id, offered_by, offered_to)
  values (p_ride_id, v_ride.creator_id, p_user_id)
  on conflict (ride_id) do update
    set offered_by = excluded.offered_by, offered_to = excluded.offered_to, created_at = excluded.created_at;
  v_params := private.ride_event_params(v_ride)
    || jsonb_build_object('name', private.member_display_name(v_ride.creator_id));
  if v_before.offered_to is not null then
    perform private.notify(v_before.offered_to, p_ride_id, 'handover_withdrawn', v_params);
  end if;
  perform private.notify(p_user_id, p_ride_id, 'handover_offered', v_params);
end;
$$;

revoke all on function app.offer_ride_handover(p_ride_id integer, p_user_id integer) from public;
grant all on function app.offer_ride_handover(p_ride_id integer, p_user_id integer) to authenticated;

-- The organiser withdraws their offer, and the passenger is told (their "offered to you" item
-- would dangle otherwise); or the passenger offered declines it, and the organiser is told. No
-- offer between the caller and the ride: nothing to do, nobody told.
create or replace function app.withdraw_ride_handover(p_ride_id integer) returns void
    language plpgsql security definer
    set search_path to ''
as $$
declare
  v_uid integer := private.require_user();
  v_ride public.rides := private.lock_ride(p_ride_id);
  v_offer public.ride_handovers;
begin
  delete from public.ride_handovers where ride_id = p_ride_id and v_uid in (offered_by, offered_to)
  returning * into v_offer;
  -- A ride that has left: the offer had nothing left to hand over, so there is nothing to tell.
  if not found or v_ride.date <= now() then
    return;
  end if;
  if v_uid = v_offer.offered_to then
    perform private.notify(v_offer.offered_by, p_ride_id, 'handover_declined',
      private.ride_event_params(v_ride) || jsonb_build_object('name', private.member_display_name(v_uid)));
  else
    perform private.notify(v_offer.offered_to, p_ride_id, 'handover_withdrawn',
      private.ride_event_params(v_ride) || jsonb_build_object('name', private.member_display_name(v_uid)));
  end if;
end;
$$;

revoke all on function app.withdraw_ride_handover(p_ride_id integer) from public;
grant all on function app.withdraw_ride_handover(p_ride_id integer) to authenticated;

-- private.refuse_throttled names the hand-over offers' limit.
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
      when 'reports:filed' then 'too_many_reports'
      when 'handovers:offered' then 'too_many_handover_offers'
    end;
end;
$$;

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
  'chat_message',
  'ride_removed',
  'organiser_ride',
  'handover_offered',
  'ride_handed_over',
  'handover_declined',
  'handover_withdrawn'
));

alter table public.push_subscriptions drop constraint push_subscriptions_kinds_check;
alter table public.push_subscriptions add constraint push_subscriptions_kinds_check check (
  kinds <@ array[
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
    'chat_message',
    'ride_removed',
    'organiser_ride',
    'handover_offered',
    'ride_handed_over',
    'handover_declined',
    'handover_withdrawn'
  ]
);

-- ------------------------------------------------------------------------------------------------
-- Limits

insert into private.throttle_limits (name, max_count, window_seconds, description) values
  ('handovers:offered', 5, 3600, 'new offers to hand a ride over one organiser makes per hour (the same offer again is not one)')
on conflict (name) do nothing;
