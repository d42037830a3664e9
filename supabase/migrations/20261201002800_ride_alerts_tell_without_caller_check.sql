-- Ride alerts: the told members' INSERT no longer asks who is acting for each row
--
-- The organiser creating or moving a ride is the one acting, and the match already leaves out
-- the ride's creator: the per-row app.current_user_id() check removed no one and cost a call per
-- member told (ADR 0024; bench:alerts).

create or replace function private.rides_notify_alerts() returns trigger
    language plpgsql security definer
    set search_path to ''
as $$
declare
  v_local timestamp without time zone := new.date at time zone 'Asia/Singapore';
  v_params jsonb;
begin
  if new.date <= now() then
    return null;
  end if;
  v_params := private.ride_event_params(new) || jsonb_build_object(
    'name', private.member_display_name(new.creator_id));
  -- One INSERT for every member told, not private.notify per member: the inbox's statement
  -- triggers then run once for the lot (ADR 0024). The organiser, the one acting, is never among
  -- them (the match leaves out the creator), so private.notify's skip of the acting member is
  -- not needed here.
  with matched as (
    select distinct a.user_id
      from public.ride_alerts a
     where a.direction = new.direction
       and a.window_start <= v_local::time
       and a.window_end >= v_local::time
       and (a.first_day is null or v_local::date between a.first_day and a.last_day)
       and (a.weekdays is null or extract(isodow from v_local)::smallint = any (a.weekdays))
       and a.user_id <> new.creator_id
       and not exists (
         select 1 from public.ride_passengers p where p.ride_id = new.id and p.user_id = a.user_id)
       and not exists (
         select 1 from public.ride_waitlist w where w.ride_id = new.id and w.user_id = a.user_id)
  ), told as (
    insert into private.ride_alert_deliveries (ride_id, user_id)
    select new.id, m.user_id from matched m
    on conflict do nothing
    returning user_id
  )
  insert into public.notifications (user_id, ride_id, kind, params)
  select t.user_id, new.id, 'ride_alert', v_params
    from told t
   order by t.user_id;
  return null;
end;
$$;
