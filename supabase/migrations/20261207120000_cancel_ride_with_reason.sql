-- Migration: cancel a ride from its page, with a reason for its passengers
-- Purpose: issue 37 §4. The organiser cancels from the ride page with an optional reason; the
--          'ride_deleted' notification carries it (params.reason). The reason reaches the
--          delete trigger as a transaction-local setting (fc.cancel_reason), which only
--          app.cancel_ride sets. Its limit, 300 characters, is the api's schema's
--          (RIDE_CANCEL_REASON_MAX_LENGTH) and a check on the notifications that keep it.
-- Affects: public.notifications (check notifications_reason_check), private.rides_notify_deleted
--          (create or replace, same signature), private.cancel_reason and app.cancel_ride (new).
-- Rollback: drop function app.cancel_ride(integer, text); the trigger function as in
--          20261201003300_ride_series_changes.sql; drop function
--          private.cancel_reason(); alter table public.notifications drop constraint
--          notifications_reason_check.

alter table public.notifications
  add constraint notifications_reason_check check (char_length(params ->> 'reason') <= 300);

create or replace function private.rides_notify_deleted() returns trigger
    language plpgsql security definer
    set search_path to ''
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
     where u.id = old.creator_id
        or u.id in (select p.user_id from public.ride_passengers p where p.ride_id = old.id)
  loop
    perform private.notify(v_recipient, null, 'ride_deleted', private.ride_event_params(old) || private.cancel_reason());
  end loop;
  return old;
end;
$$;

revoke all on function private.rides_notify_deleted() from public;

-- The organiser's words for why the ride is cancelled, as app.cancel_ride left them for this
-- transaction's delete: { reason } or nothing. A delete has no arguments of its own to carry them.
-- Any role may set a custom setting; one that sets this itself only words the notice of a delete
-- it may make anyway, and notifications_reason_check bounds its length.
create function private.cancel_reason() returns jsonb
    language sql stable
    set search_path to ''
as $$
  select case when coalesce(current_setting('fc.cancel_reason', true), '') = '' then '{}'::jsonb
              else jsonb_build_object('reason', current_setting('fc.cancel_reason', true)) end
$$;

revoke all on function private.cancel_reason() from public;

-- The organiser cancels one ride from its page (issue 37): everyone on it is told, with the
-- reason when one is given. Over the same rules as a delete (the organiser only, not once it
-- is past); the reason's limit is the api's schema's too (RIDE_CANCEL_REASON_MAX_LENGTH).
create function app.cancel_ride(p_ride_id integer, p_reason text) returns void
    language plpgsql security definer
    set search_path to ''
as $$
declare
  v_uid integer := private.require_user();
  v_ride public.rides := private.lock_ride(p_ride_id);
  v_reason text := nullif(btrim(p_reason), '');
begin
  if v_ride.creator_id is distinct from v_uid then
    raise exception using errcode = 'PT403', message = 'You are not authorized to delete this ride',
      hint = 'not_ride_deleter';
  end if;
  if char_length(v_reason) > 300 then
    raise exception using errcode = 'PT400', message = 'Reason must be at most 300 characters', hint = 'invalid_input';
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
