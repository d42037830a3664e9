-- Migration: what happens to a ride lands in its people's inboxes
-- Purpose: issue 13's ride events, recorded by triggers in the transaction of the change that
--          causes them, whoever writes it (the api's functions, the ride routes' updates, the
--          SQL editor): a join or a leave tells the organiser; a removal tells the one removed;
--          a new date/time, pickup or stop list, or the ride's deletion, tells its passengers
--          (and its organiser when someone else, the admin, did it); a vendor taking or giving
--          back the ride tells its organiser and passengers; locking an FC->SG ride's drop-off
--          order tells its passengers. Inboxes stay small: past 90 days (private.purge_expired)
--          or past a member's newest 200 (on insert), notifications go.
-- Affects: new trigger functions private.ride_passengers_notify, private.rides_notify_changes,
--          private.rides_notify_deleted, private.notifications_keep_newest and their triggers;
--          helpers private.member_display_name, private.ride_event_params, private.stop_names;
--          private.purge_expired recreated with one more batch (notifications).
-- Notes: private.notify skips the actor, so nobody is told about what they did themselves.
--        A ride's deletion cascades to its passenger rows after the ride row is gone: the
--        passenger trigger finds no ride and stays silent, so those passengers hear
--        "ride deleted" once, not also "removed". The deletion's notifications are written
--        before the row goes (ride_id null: the FK would clear it anyway) with the ride's
--        direction and date in params. Recipients are joined to public.users so an account
--        deleted in the same statement is never a recipient (its FK would fail the delete).
--        Runs unchanged on PostgreSQL 15, Supabase (17) and PGlite (18).

-- As the app names people: the name, else the Discord username, else "Member #<id>".
create function private.member_display_name(p_user_id integer)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(
    (select coalesce(nullif(btrim(name), ''), nullif(btrim(discord_username), ''))
       from public.users where id = p_user_id),
    'Member #' || p_user_id
  )
$$;

-- What every ride event's text needs, copied now so it still reads right once the ride changed
-- or is gone. The date is exactly JavaScript's toISOString, as the api writes dates.
create function private.ride_event_params(p_ride public.rides)
returns jsonb
language sql
immutable
set search_path = ''
as $$
  select jsonb_build_object(
    'rideId', p_ride.id,
    'direction', p_ride.direction::text,
    'date', to_char(p_ride.date at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
  )
$$;

-- The stops in order, without the organiser's party size: a changed count is not a new stop.
-- Entries may be plain strings in older rows.
create function private.stop_names(p_dropoff_locations jsonb)
returns jsonb
language sql
immutable
set search_path = ''
as $$
  select coalesce(jsonb_agg(
    lower(btrim(case when jsonb_typeof(e) = 'string' then e #>> '{}' else e ->> 'location' end))
    order by ord
  ), '[]'::jsonb)
  from jsonb_array_elements(
    case when jsonb_typeof(p_dropoff_locations) = 'array' then p_dropoff_locations else '[]'::jsonb end
  ) with ordinality as t (e, ord)
$$;

-- A join tells the organiser; a leave tells the organiser; a removal by anyone else (the
-- organiser, the admin) tells the one removed.
create function private.ride_passengers_notify()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_row public.ride_passengers := case when tg_op = 'INSERT' then new else old end;
  v_ride public.rides;
  v_params jsonb;
begin
  select * into v_ride from public.rides where id = v_row.ride_id;
  if not found then
    -- The ride itself is being deleted: rides_notify_deleted has told everyone.
    return null;
  end if;
  v_params := private.ride_event_params(v_ride) || jsonb_build_object(
    'name', private.member_display_name(v_row.user_id),
    'passengerCount', v_row.passenger_count
  );

  if tg_op = 'INSERT' then
    perform private.notify(v_ride.creator_id, v_ride.id, 'passenger_joined', v_params);
  elsif app.current_user_id() is not distinct from v_row.user_id then
    perform private.notify(v_ride.creator_id, v_ride.id, 'passenger_left', v_params);
  elsif exists (select 1 from public.users where id = v_row.user_id) then
    perform private.notify(v_row.user_id, v_ride.id, 'removed_from_ride',
      private.ride_event_params(v_ride) || jsonb_build_object(
        'name', private.member_display_name(v_ride.creator_id)));
  end if;
  return null;
end;
$$;

create trigger ride_passengers_notify
  after insert or delete on public.ride_passengers
  for each row execute function private.ride_passengers_notify();

-- Changes the riders must know about. The trigger's when clause keeps the passenger-count
-- touches (ride_passengers_touch_ride) from running it at all.
create function private.rides_notify_changes()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_params jsonb := private.ride_event_params(new);
  v_changed text[] := array[]::text[];
  v_recipient integer;
begin
  if old.date is distinct from new.date then
    v_changed := array_append(v_changed, 'date');
  end if;
  if old.pickup_location is distinct from new.pickup_location then
    v_changed := array_append(v_changed, 'pickup');
  end if;
  if private.stop_names(old.dropoff_locations) is distinct from private.stop_names(new.dropoff_locations) then
    v_changed := array_append(v_changed, 'stops');
  end if;

  if cardinality(v_changed) > 0 then
    for v_recipient in
      select new.creator_id
      union
      select p.user_id from public.ride_passengers p where p.ride_id = new.id
    loop
      perform private.notify(v_recipient, new.id, 'ride_changed',
        v_params || jsonb_build_object('changed', to_jsonb(v_changed)));
    end loop;
  end if;

  if old.vendor_id is distinct from new.vendor_id then
    for v_recipient in
      select new.creator_id
      union
      select p.user_id from public.ride_passengers p where p.ride_id = new.id
    loop
      if new.vendor_id is not null then
        perform private.notify(v_recipient, new.id, 'vendor_assigned',
          v_params || jsonb_build_object('vendorName', (
            select coalesce(nullif(btrim(company_name), ''), private.member_display_name(id))
              from public.users where id = new.vendor_id)));
      else
        perform private.notify(v_recipient, new.id, 'vendor_released', v_params);
      end if;
    end loop;
  end if;

  -- Only FC->SG rides have an ordered drop-off list (SPEC, private.lock_ride_for_sequence).
  if new.direction = 'FC->SG' and not old.sequence_locked and new.sequence_locked then
    for v_recipient in select p.user_id from public.ride_passengers p where p.ride_id = new.id loop
      perform private.notify(v_recipient, new.id, 'sequence_locked', v_params);
    end loop;
  end if;
  return null;
end;
$$;

create trigger rides_notify_changes
  after update on public.rides
  for each row
  when (
    old.date is distinct from new.date
    or old.pickup_location is distinct from new.pickup_location
    or old.dropoff_locations is distinct from new.dropoff_locations
    or old.vendor_id is distinct from new.vendor_id
    or old.sequence_locked is distinct from new.sequence_locked
  )
  execute function private.rides_notify_changes();

-- Before the row goes, while its passengers are still there to be found (the cascade removes
-- them after the ride row). rides_keep_history, earlier by name, has refused a past ride by now.
create function private.rides_notify_deleted()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_recipient integer;
begin
  for v_recipient in
    select u.id from public.users u
     where u.id = old.creator_id
        or u.id in (select p.user_id from public.ride_passengers p where p.ride_id = old.id)
  loop
    perform private.notify(v_recipient, null, 'ride_deleted', private.ride_event_params(old));
  end loop;
  return old;
end;
$$;

create trigger rides_notify_deleted
  before delete on public.rides
  for each row execute function private.rides_notify_deleted();

-- A member's inbox keeps their newest 200: each new row drops what falls off the end, reading
-- only that member's rows through notifications_user_id_id_idx. Rows another transaction holds
-- are skipped, not waited for (two events for one member at once must not deadlock): the next
-- insert drops them.
create function private.notifications_keep_newest()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from public.notifications where id in (
    select id from public.notifications
     where user_id = new.user_id
       and id <= (
         select id from public.notifications
          where user_id = new.user_id
          order by id desc
          offset 200 limit 1
       )
     for update skip locked
  );
  return null;
end;
$$;

create trigger notifications_keep_newest
  after insert on public.notifications
  for each row execute function private.notifications_keep_newest();

-- As in 20261124000200_throttles.sql, plus notifications past 90 days.
create or replace function private.purge_expired()
returns void
language plpgsql
set search_path = ''
as $$
declare
  v_keep interval := (
    select make_interval(secs => coalesce(max(window_seconds), 86400)) from private.throttle_limits
  );
begin
  delete from private.sessions where token_hash in (
    select token_hash from private.sessions where expires_at < now()
     order by expires_at limit 500 for update skip locked);
  delete from private.password_reset_codes where code_hash in (
    select code_hash from private.password_reset_codes where expires_at < now()
     order by expires_at limit 500 for update skip locked);
  delete from private.login_failures where id in (
    select id from private.login_failures where failed_at < now() - v_keep
     order by failed_at limit 500 for update skip locked);
  delete from private.throttle_events where id in (
    select id from private.throttle_events where happened_at < now() - v_keep
     order by happened_at limit 500 for update skip locked);
  delete from public.notifications where id in (
    select id from public.notifications where created_at < now() - interval '90 days'
     order by created_at limit 500 for update skip locked);
end;
$$;

create index notifications_created_at_idx on public.notifications (created_at);

revoke all on function
  private.member_display_name(integer),
  private.ride_event_params(public.rides),
  private.stop_names(jsonb),
  private.ride_passengers_notify(),
  private.rides_notify_changes(),
  private.rides_notify_deleted(),
  private.notifications_keep_newest(),
  private.purge_expired()
from public, anon, authenticated, service_role;
