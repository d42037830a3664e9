-- Migration: riders of a suspended organiser's rides are told why, in neutral words
-- Purpose: issue 37 §4. Suspending a member cancels their upcoming rides; each rider read only
--          "Your ride was deleted." private.suspend_member now marks its deletes with the cause
--          organiser_unavailable (a transaction-local setting, as app.cancel_ride's reason), and
--          private.cancel_reason adds it to the ride_deleted notice, which reads "its organiser
--          can no longer run it". A moderator's suspension is not named to the riders.
-- Affects: private.cancel_reason, private.suspend_member (create or replace, same signatures).
-- Rollback: private.cancel_reason as in 20261207120000_cancel_ride_with_reason.sql and
--           private.suspend_member as in 20261205080654_suspend_from_any_report.sql.

create or replace function private.cancel_reason() returns jsonb
    language sql stable
    set search_path to ''
as $$
  select case when coalesce(current_setting('fc.cancel_reason', true), '') = '' then '{}'::jsonb
              else jsonb_build_object('reason', current_setting('fc.cancel_reason', true)) end
      -- Set by private.suspend_member: the riders are told, in neutral words, that the organiser
      -- can no longer run the ride, never that a moderator suspended them (issue 37 §4).
      || case when current_setting('fc.cancel_cause', true) = 'organiser_unavailable'
              then jsonb_build_object('cause', 'organiser_unavailable') else '{}'::jsonb end
$$;

revoke all on function private.cancel_reason() from public;

create or replace function private.suspend_member(p_admin integer, p_user_id integer, p_days integer, p_reason text, p_report_id bigint) returns void
    language plpgsql
    set search_path to ''
as $$
declare
  v_until timestamptz := case when p_days is not null then now() + make_interval(days => p_days) end;
  v_cancelled integer;
  v_released integer;
  v_report jsonb;
begin
  if p_user_id is null or not exists (select 1 from public.users where id = p_user_id) then
    raise exception using errcode = 'PT404', message = 'User not found', hint = 'user_not_found';
  end if;
  if p_user_id = p_admin or p_user_id = 1 then
    raise exception using errcode = 'PT409', message = 'The admin cannot be suspended', hint = 'admin_not_suspendable';
  end if;
  if p_days is not null and (p_days < 1 or p_days > 3650) then
    raise exception using errcode = 'PT400', message = 'A suspension lasts 1 to 3650 days, or for good',
      hint = 'suspension_days_range';
  end if;
  -- First, as a password reset does: a login holding the credentials (FOR SHARE) commits before
  -- the sessions below end, so the session it made ends with them; a later one waits, then is
  -- refused.
  perform 1 from private.credentials where user_id = p_user_id for update;
  select jsonb_build_object(
           'id', r.id, 'targetKind', r.target_kind,
           'targetId', coalesce(r.ride_id::bigint, r.request_id::bigint, r.message_id, r.member_id::bigint),
           'reason', r.reason, 'reporterId', r.reporter_id,
           'filedAt', to_char(r.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
         || case when r.ride_id is not null then (
              select jsonb_build_object('ride', jsonb_build_object('direction', d.direction,
                       'date', to_char(d.date at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                       'pickupLocation', d.pickup_location))
                from public.rides d where d.id = r.ride_id)
            else '{}'::jsonb end
    into v_report
    from public.reports r where r.id = p_report_id;
  insert into public.member_suspensions (user_id, suspended_until, reason, suspended_by)
  values (p_user_id, v_until, btrim(p_reason), p_admin)
  on conflict (user_id) do update
    set suspended_until = excluded.suspended_until, reason = excluded.reason,
        suspended_by = excluded.suspended_by, created_at = now();
  delete from private.sessions where user_id = p_user_id;

  perform set_config('fc.cancel_cause', 'organiser_unavailable', true);
  delete from public.rides where creator_id = p_user_id and date > now();
  get diagnostics v_cancelled = row_count;
  perform set_config('fc.cancel_cause', '', true);
  update public.rides set status = 'open', vendor_id = null
   where vendor_id = p_user_id and status = 'assigned' and date > now();
  get diagnostics v_released = row_count;
  delete from public.ride_passengers p using public.rides r
   where p.user_id = p_user_id and r.id = p.ride_id and r.date > now();
  delete from public.ride_waitlist w using public.rides r
   where w.user_id = p_user_id and r.id = w.ride_id and r.date > now();
  update public.ride_requests set status = 'closed' where requester_id = p_user_id and status = 'open';

  perform private.log_moderation(p_admin, 'suspend', 'member', p_user_id,
    (select r.id from public.reports r where r.id = p_report_id), p_reason,
    jsonb_strip_nulls(jsonb_build_object(
      'until', case when v_until is null then 'forever'
                    else to_char(v_until at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') end,
      'ridesCancelled', v_cancelled, 'ridesReleased', v_released, 'report', v_report)));
end;
$$;
revoke all on function private.suspend_member(integer, integer, integer, text, bigint) from public;
