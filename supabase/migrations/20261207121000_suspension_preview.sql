-- Migration: what a suspension would undo, shown before the admin confirms
-- Purpose: issue 37 §4. Suspending was one tap that silently cancelled the member's rides (a
--          party of 2 and 2 waiting lost their places). app.suspension_preview counts what
--          private.suspend_member would cancel, leave, release and close, for the confirm step.
-- Affects: adds app.suspension_preview(bigint), executable by authenticated (admin only inside).
-- Rollback: drop function app.suspension_preview(bigint);

-- What suspending the member a report is about would undo (issue 37 §4), so the admin sees it
-- before confirming: their upcoming rides with the people aboard and waiting, the rides they
-- would leave, the rides they drive that would be released and their open requests. Read with
-- the same rules private.suspend_member applies, in the same statement's snapshot.
create function app.suspension_preview(p_report_id bigint) returns jsonb
    language plpgsql stable security definer
    set search_path to ''
as $$
declare
  v_admin integer := private.require_admin();
  v_report public.reports;
  v_user_id integer;
  v_answer jsonb;
begin
  select * into v_report from public.reports where id = p_report_id;
  if not found then
    raise exception using errcode = 'PT404', message = 'Report not found', hint = 'report_not_found';
  end if;
  if v_report.status <> 'open' then
    raise exception using errcode = 'PT409', message = 'This report has already been dealt with',
      hint = 'report_closed';
  end if;
  v_user_id := private.report_target_owner(v_report.target_kind,
    coalesce(v_report.ride_id::bigint, v_report.request_id::bigint, v_report.message_id, v_report.member_id::bigint));
  if v_user_id is null then
    raise exception using errcode = 'PT404', message = 'User not found', hint = 'user_not_found';
  end if;
  if v_user_id = v_admin or v_user_id = 1 then
    raise exception using errcode = 'PT409', message = 'The admin cannot be suspended', hint = 'admin_not_suspendable';
  end if;
  with cancelled as (
    select id from public.rides where creator_id = v_user_id and date > now()
  )
  select jsonb_build_object(
           'memberId', v_user_id,
           'ridesCancelled', (select count(*) from cancelled),
           'passengersAffected', (select coalesce(sum(p.passenger_count), 0) from public.ride_passengers p
                                   where p.ride_id in (select id from cancelled) and p.user_id <> v_user_id),
           'waitingAffected', (select coalesce(sum(w.passenger_count), 0) from public.ride_waitlist w
                                where w.ride_id in (select id from cancelled) and w.user_id <> v_user_id),
           'ridesLeft', (select count(distinct r.id) from public.rides r
                          where r.date > now() and r.creator_id <> v_user_id
                            and (exists (select 1 from public.ride_passengers p where p.ride_id = r.id and p.user_id = v_user_id)
                              or exists (select 1 from public.ride_waitlist w where w.ride_id = r.id and w.user_id = v_user_id))),
           'ridesReleased', (select count(*) from public.rides
                              where vendor_id = v_user_id and status = 'assigned' and date > now()
                                and creator_id <> v_user_id),
           'requestsClosed', (select count(*) from public.ride_requests
                               where requester_id = v_user_id and status = 'open'))
    into v_answer;
  return v_answer;
end;
$$;
revoke all on function app.suspension_preview(bigint) from public;
grant execute on function app.suspension_preview(bigint) to authenticated;
