-- Migration: suspending from a report works when the member's rides take the report with them
-- Purpose: issue 35 §1. Suspending the organiser of a reported upcoming ride (or the author of a
--          reported message in one) answered 400 reference_missing and suspended nobody:
--          private.suspend_member cancels the member's upcoming rides, which deletes the reports
--          about them, then logged the action against the deleted report. Now the reports close
--          first, the log row keeps what the report said (detail.report: id, kind, target,
--          reason, reporter, when filed, and a reported ride's direction, date and pickup) and
--          links report_id only while that report still exists.
-- Affects: private.suspend_member, app.suspend_report_member (create or replace; same
--          signatures, so grants stay).
-- Rollback: create or replace both functions with their text in 20261201003000 and
--          20261201002851;
--          nothing to undo in the data (the log rows keep their detail).

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

  delete from public.rides where creator_id = p_user_id and date > now();
  get diagnostics v_cancelled = row_count;
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

create or replace function app.suspend_report_member(p_report_id bigint, p_days integer, p_reason text) returns void
    language plpgsql security definer
    set search_path to ''
as $$
declare
  v_admin integer := private.require_admin();
  v_report public.reports := private.lock_open_report(p_report_id);
begin
  -- Closed first: cancelling the member's rides may delete this report and its siblings.
  perform private.close_reports(v_report, 'actioned', v_admin);
  perform private.suspend_member(v_admin, private.report_target_owner(v_report.target_kind,
    coalesce(v_report.ride_id::bigint, v_report.request_id::bigint, v_report.message_id, v_report.member_id::bigint)),
    p_days, p_reason, v_report.id);
end;
$$;
