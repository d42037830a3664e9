-- Migration: suspending a vendor releases the rides they drive (issue 26 §1)
-- Purpose: private.suspend_member also releases the suspended member's upcoming assigned rides
--          back to open (vendor cleared); rides_notify_changes tells the organiser and the
--          passengers with 'vendor_released', as when the admin revokes a vendor. Before, those
--          rides stayed assigned to a driver who can no longer log in. The log's detail counts
--          them ('ridesReleased').
-- Affects: private.suspend_member (create or replace; same signature).
-- Rollback: restore private.suspend_member from 20261201002851_moderation.sql.

create or replace function private.suspend_member(p_admin integer, p_user_id integer, p_days integer, p_reason text, p_report_id bigint) returns void
    language plpgsql
    set search_path to ''
as $$
declare
  v_until timestamptz := case when p_days is not null then now() + make_interval(days => p_days) end;
  v_cancelled integer;
  v_released integer;
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

  perform private.log_moderation(p_admin, 'suspend', 'member', p_user_id, p_report_id, p_reason,
    jsonb_build_object(
      'until', case when v_until is null then 'forever'
                    else to_char(v_until at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') end,
      'ridesCancelled', v_cancelled, 'ridesReleased', v_released));
end;
$$;
revoke all on function private.suspend_member(integer, integer, integer, text, bigint) from public;
