-- Migration: weekly series (issue 27), the third part: moving a series' end
-- Purpose: the organiser moves a series' end (PATCH /api/series/{id} {until}): earlier cancels
--          the dates after it (each member told once), later (at most 12 weeks from today) adds
--          the dates up to it in one INSERT, copies of the series' last date, and tells each
--          regular once ('organiser_ride' with seriesId and newDates: the PWA links to the series,
--          where they join the new dates with one tap).
-- Affects: new function app.set_ride_series_until.
-- Rollback: drop the function.

-- The organiser moves the series' end (PATCH /api/series/{id}): earlier cancels its dates after
-- p_until (each member told once); later, at most 12 weeks from today, adds the dates up to it,
-- each a copy of the series' last date (seats, stops, cost, booked driver) on its own day at the
-- series' time, in one INSERT as at creation, and tells each regular once ("N new dates", a
-- link to the series, where they join them with one tap): a regular is not seated on a date
-- weeks away without choosing it. Counted once against rides:edits. Returns how many dates were
-- added.
create function app.set_ride_series_until(p_series_id integer, p_until date) returns integer
    language plpgsql security definer
    set search_path to ''
as $$
declare
  v_uid integer := private.require_user();
  v_series public.ride_series := private.lock_ride_series(p_series_id);
  v_last public.rides;
  v_added integer[];
  v_first public.rides;
  v_regular integer;
begin
  if v_series.creator_id is distinct from v_uid then
    raise exception using errcode = 'PT403', message = 'Only the organiser can change this weekly ride',
      hint = 'not_series_organiser';
  end if;
  if v_series.ended_at is not null then
    raise exception using errcode = 'PT409', message = 'This weekly ride has ended', hint = 'series_ended';
  end if;
  if p_until is null or p_until < v_series.first_day then
    raise exception using errcode = 'PT400', message = 'A weekly ride ends on or after its first date',
      hint = 'series_until_before_start';
  end if;
  if p_until > v_series.until and p_until > private.singapore_today() + 7 * 12 then
    raise exception using errcode = 'PT400',
      message = 'A weekly ride can be extended to at most 12 weeks from today', hint = 'series_extend_too_far';
  end if;
  perform private.take_throttle('rides:edits', v_uid::text, 'Too many ride edits. Please try again in %s.');

  if p_until < v_series.until then
    update public.ride_series set until = p_until where id = v_series.id;
    perform private.cancel_series_dates(v_series.id, (p_until + 1)::timestamp at time zone 'Asia/Singapore');
    return 0;
  end if;
  if p_until = v_series.until then
    return 0;
  end if;

  select * into v_last from public.rides where series_id = v_series.id order by date desc, id desc limit 1;
  if not found then
    raise exception using errcode = 'PT409', message = 'This weekly ride has ended', hint = 'series_ended';
  end if;

  with days as (
    select d::date as day
      from generate_series(greatest(v_series.until + 1, private.singapore_today()), p_until, interval '1 day') d
     where extract(isodow from d)::smallint = any (v_series.weekdays)
       and (d::date + v_series.local_time) at time zone 'Asia/Singapore' > now()
  ), created as (
    insert into public.rides (
      creator_id, direction, date, max_passengers, organizer_passenger_count, pickup_location,
      dropoff_locations, driver_contact_id, cost, series_id)
    select v_uid, v_series.direction, (days.day + v_series.local_time) at time zone 'Asia/Singapore',
           v_last.max_passengers, v_last.organizer_passenger_count, v_last.pickup_location,
           v_last.dropoff_locations, v_last.driver_contact_id, v_last.cost, v_series.id
      from days
     order by days.day
    returning id, date
  )
  select coalesce(array_agg(id order by date), '{}') into v_added from created;
  update public.ride_series set until = p_until where id = v_series.id;

  if cardinality(v_added) > 0 then
    select * into v_first from public.rides where id = v_added[1];
    for v_regular in
      select g.user_id from public.ride_series_regulars g where g.series_id = v_series.id order by g.user_id
    loop
      perform private.notify(v_regular, v_first.id, 'organiser_ride',
        private.ride_event_params(v_first) || jsonb_build_object(
          'name', private.member_display_name(v_uid),
          'seriesId', v_series.id,
          'newDates', cardinality(v_added)));
    end loop;
  end if;
  return cardinality(v_added);
end;
$$;

revoke all on function app.set_ride_series_until(p_series_id integer, p_until date) from public;
grant all on function app.set_ride_series_until(p_series_id integer, p_until date) to authenticated;
