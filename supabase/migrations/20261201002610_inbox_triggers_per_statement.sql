-- The inbox's triggers run once per statement (issue 24 §2: what ride alerts cost a ride)
--
-- A ride matching many members' alerts wrote one inbox row per member through private.notify,
-- and each row ran notifications_keep_newest and queue_push on its own: telling 68 members made
-- creating a ride 5-7 times slower. The alerts now insert all their rows in one statement, and
-- both triggers run once per statement over its rows (a transition table). See ADR 0024.

drop trigger notifications_keep_newest on public.notifications;
drop trigger notifications_queue_push on public.notifications;

create or replace function private.notifications_keep_newest() returns trigger
    language plpgsql security definer
    set search_path to ''
as $$
declare
  v_member integer;
begin
  -- Once per statement over the rows it inserted: a ride's alerts tell dozens of members in one
  -- INSERT (ADR 0024). One scan of those members' index entries finds who is over the limit (a
  -- probe per member cost ~0.5 ms each on PGlite); only they are trimmed, skipping rows another
  -- transaction holds.
  for v_member in
    select n.user_id
      from public.notifications n
     where n.user_id = any (array(select distinct i.user_id from inserted i))
     group by n.user_id
    having count(*) > 200
  loop
    delete from public.notifications where id in (
      select id from public.notifications
       where user_id = v_member
       order by id desc
      offset 200
       for update skip locked
    );
  end loop;
  return null;
end;
$$;

create or replace function private.queue_push() returns trigger
    language plpgsql security definer
    set search_path to ''
as $$
declare
  v_row record;
  v_devices bigint[];
begin
  -- Once per statement: only the inserted rows whose member has a device opted into their kind
  -- are visited, so telling many members without push devices costs one join (ADR 0024).
  for v_row in
    select i.id, i.user_id, i.ride_id, i.kind,
           array_agg(s.id order by s.saved_at desc, s.id desc) as devices
      from inserted i
      join public.push_subscriptions s on s.user_id = i.user_id and i.kind = any (s.kinds)
     group by i.id, i.user_id, i.ride_id, i.kind
     order by i.id
  loop
    v_devices := v_row.devices;
    if v_row.ride_id is not null then
      if v_row.kind = 'ride_changed'
         and private.take_throttle_room('push:ride-changed', v_row.ride_id || ':' || v_row.user_id, 1) = 0 then
        continue;
      end if;
      v_devices := v_devices[1:private.take_throttle_room('push:ride', v_row.ride_id::text, cardinality(v_devices))];
    end if;

    insert into private.push_outbox (notification_id, subscription_id)
    select v_row.id, device from unnest(v_devices) as device;
  end loop;
  return null;
end;
$$;

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
  -- triggers then run once for the lot (ADR 0024). The organiser is never among them, so
  -- private.notify's skip of the acting member has nothing to skip here.
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
   where t.user_id is distinct from app.current_user_id()
   order by t.user_id;
  return null;
end;
$$;

create trigger notifications_keep_newest
  after insert on public.notifications
  referencing new table as inserted
  for each statement execute function private.notifications_keep_newest();

create trigger notifications_queue_push
  after insert on public.notifications
  referencing new table as inserted
  for each statement execute function private.queue_push();
