-- The day before: still coming?
--
-- Issue 40 §5: about 20 hours before a ride every passenger is asked "Still coming tomorrow?"
-- (a still_coming notification: the inbox, and Web Push with Yes / No). Yes confirms; No leaves
-- the ride through the ordinary leave path, so the waitlist fills the seat while there is still
-- time. The organiser sees who confirmed, who said no and who has not answered, and may remind
-- the silent ones once.
--
-- The clock (ADR 0051): app.run_due_reminders() is called every minute, by an in-process timer
-- on the Node host (server/reminder-clock.ts) and by pg_cron on hosted Supabase (docs/deploy.md).
-- It is idempotent: one row per ride and passenger, so a passenger is asked once whatever the
-- restarts, overlaps or retries.
--
-- When (decided in ADR 0051): 20 hours before the ride, unless that falls outside 8 am to 10 pm
-- Singapore time; then the nearest allowed time before it (10 pm the evening before, or 10 pm the
-- same evening for a late afternoon ride). A passenger not yet asked when that moment has passed
-- (the ride was created, or they joined, later) is asked at the next minute inside the window,
-- but never less than 3 hours before the ride.
--
-- The database as it is now; supabase/migrations is how it got here. To change it, see the
-- README, "Changing the database".

-- One row per ride and passenger asked; answered Yes or No, or not (null). A No keeps its row
-- after the passenger has left, so the organiser still sees who said no.
create table public.ride_still_coming (
  ride_id integer not null references public.rides (id) on delete cascade,
  -- Also a member's own reference, so their download and their deletion find it.
  user_id integer not null references public.users (id) on delete cascade,
  asked_at timestamptz not null default now(),
  answer text,
  answered_at timestamptz,
  -- When the organiser's one reminder reached them (they had not answered).
  reminded_at timestamptz,
  primary key (ride_id, user_id),
  constraint ride_still_coming_answer_check check (answer in ('yes', 'no')),
  constraint ride_still_coming_answered_check check ((answer is null) = (answered_at is null))
);

comment on table public.ride_still_coming is
  'The day-before question (issue 40 §5), one row per ride and passenger asked: read by the passenger and the organiser, written by app functions only.';

create index ride_still_coming_user_id_idx on public.ride_still_coming (user_id);

alter table public.ride_still_coming enable row level security;

revoke all on public.ride_still_coming from public, anon, authenticated;

-- Reads only; every change goes through the functions below.
grant select on public.ride_still_coming to authenticated;

create policy "the passenger and the organiser read the question"
  on public.ride_still_coming for select to authenticated
  using (
    user_id = (select app.current_user_id())
    or exists (select 1 from public.rides r where r.id = ride_id and r.organiser_id = (select app.current_user_id()))
  );

-- When a ride's passengers are asked: 20 hours before it, moved earlier to 10 pm Singapore time
-- when that falls at night (after 10 pm or before 8 am).
create function private.still_coming_due_at(p_ride_date timestamptz)
returns timestamptz
language sql
stable
security invoker
set search_path = ''
as $$
  select case
    when local_at::time > time '22:00' then (local_at::date + time '22:00') at time zone 'Asia/Singapore'
    when local_at::time < time '08:00' then (local_at::date - 1 + time '22:00') at time zone 'Asia/Singapore'
    else p_ride_date - interval '20 hours'
  end
  from (select (p_ride_date - interval '20 hours') at time zone 'Asia/Singapore' as local_at) due
$$;

revoke all on function private.still_coming_due_at(timestamptz) from public;

-- Asks every passenger not yet asked of each ride whose moment has come; returns how many were
-- asked. p_now is the clock (tests pass one; the timer and pg_cron do not). Nobody is asked
-- outside 8 am to 10 pm Singapore time, nor less than 3 hours before the ride.
create function app.run_due_reminders(p_now timestamptz default now())
returns integer
language plpgsql
security definer -- runs without a member (a timer, pg_cron) and writes every passenger's notice
set search_path = ''
as $$
declare
  v_local time := (p_now at time zone 'Asia/Singapore')::time;
  v_asked integer := 0;
  v_row record;
  v_ride public.rides;
begin
  if v_local < time '08:00' or v_local > time '22:00' then
    return 0;
  end if;
  -- Two runs at once (two hosts, a slow minute) ask each passenger once: the primary key.
  for v_row in
    insert into public.ride_still_coming (ride_id, user_id, asked_at)
    select p.ride_id, p.user_id, p_now
      from public.rides r
      join public.ride_passengers p on p.ride_id = r.id
     where r.date > p_now + interval '3 hours'
       -- 20 hours, moved at most 10 hours earlier (8 am back to 10 pm): 31 hours covers every ride.
       and r.date <= p_now + interval '31 hours'
       and r.hidden_at is null
       and r.status <> 'completed'
       and private.still_coming_due_at(r.date) <= p_now
    on conflict (ride_id, user_id) do nothing
    returning ride_id, user_id
  loop
    select * into v_ride from public.rides where id = v_row.ride_id;
    perform private.notify(v_row.user_id, v_ride.id, 'still_coming', private.ride_event_params(v_ride));
    v_asked := v_asked + 1;
  end loop;
  return v_asked;
end;
$$;

revoke all on function app.run_due_reminders(timestamptz) from public;

-- The question as the caller reads it: their own (a passenger asked), and for the organiser
-- every passenger's answer, the ones who left after a No included.
create function app.still_coming_json(p_ride_id integer)
returns json
language plpgsql
stable
security definer -- reads every passenger's answer and name for the organiser
set search_path = ''
as $$
declare
  v_uid integer := private.require_user();
  v_ride public.rides := private.find_ride(p_ride_id);
  v_mine public.ride_still_coming;
  v_organiser boolean := v_ride.organiser_id = v_uid;
begin
  select * into v_mine from public.ride_still_coming where ride_id = v_ride.id and user_id = v_uid;
  return json_build_object(
    'rideId', v_ride.id,
    'mine', case when v_mine.user_id is not null then json_build_object(
      'askedAt', to_char(v_mine.asked_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'answer', v_mine.answer) end,
    'isOrganiser', v_organiser,
    'remindedAt', case when v_organiser then (
      select to_char(max(s.reminded_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
        from public.ride_still_coming s where s.ride_id = v_ride.id) end,
    'canRemind', v_organiser and v_ride.date > now()
      and not exists (select 1 from public.ride_still_coming s where s.ride_id = v_ride.id and s.reminded_at is not null)
      and exists (
        select 1 from public.ride_still_coming s
          join public.ride_passengers p on p.ride_id = s.ride_id and p.user_id = s.user_id
         where s.ride_id = v_ride.id and s.answer is null),
    -- Asked passengers, answered or not, and those aboard not asked yet (answer null, askedAt
    -- null); the organiser only.
    'passengers', case when v_organiser then coalesce((
      select json_agg(json_build_object(
               'userId', x.user_id,
               'name', private.member_display_name(x.user_id),
               'askedAt', to_char(x.asked_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
               'answer', x.answer)
             order by x.user_id)
        from (
          select s.user_id, s.asked_at, s.answer from public.ride_still_coming s where s.ride_id = v_ride.id
          union all
          select p.user_id, null, null from public.ride_passengers p
           where p.ride_id = v_ride.id
             and not exists (select 1 from public.ride_still_coming s where s.ride_id = p.ride_id and s.user_id = p.user_id)
        ) x), '[]'::json) end
  );
end;
$$;

revoke all on function app.still_coming_json(integer) from public;

grant execute on function app.still_coming_json(integer) to authenticated;

-- The passenger answers: yes confirms, no leaves the ride (app.remove_ride_passenger, the leave
-- path, so the waitlist fills the seat). A second answer replaces the first while they are
-- aboard; after a No they are no longer a passenger.
create function app.answer_still_coming(p_ride_id integer, p_answer text)
returns json
language plpgsql
security definer -- the answers are written only through these functions
set search_path = ''
as $$
declare
  v_uid integer := private.require_user();
  v_ride public.rides := private.lock_ride(p_ride_id);
  v_passenger_id integer;
begin
  select p.id into v_passenger_id from public.ride_passengers p where p.ride_id = v_ride.id and p.user_id = v_uid;
  if v_passenger_id is null
     or not exists (select 1 from public.ride_still_coming where ride_id = v_ride.id and user_id = v_uid) then
    raise exception using errcode = 'PT409',
      message = 'Only a passenger asked whether they are still coming can answer', hint = 'still_coming_not_asked';
  end if;
  if v_ride.date <= now() then
    raise exception using errcode = 'PT409',
      message = 'The ride has left, so the question is closed', hint = 'still_coming_closed';
  end if;
  update public.ride_still_coming set answer = p_answer, answered_at = now()
   where ride_id = v_ride.id and user_id = v_uid;
  if p_answer = 'no' then
    perform app.remove_ride_passenger(v_ride.id, v_passenger_id);
  end if;
  return app.still_coming_json(v_ride.id);
end;
$$;

revoke all on function app.answer_still_coming(integer, text) from public;

grant execute on function app.answer_still_coming(integer, text) to authenticated;

-- The organiser reminds the passengers asked who have not answered, once per ride.
create function app.remind_still_coming(p_ride_id integer)
returns json
language plpgsql
security definer -- writes the silent passengers' notices
set search_path = ''
as $$
declare
  v_uid integer := private.require_user();
  v_ride public.rides := private.lock_ride(p_ride_id);
  v_reminded integer := 0;
  v_row record;
begin
  if v_ride.organiser_id <> v_uid then
    raise exception using errcode = 'PT403',
      message = 'Only the organizer can remind the passengers', hint = 'still_coming_organiser_only';
  end if;
  if exists (select 1 from public.ride_still_coming where ride_id = v_ride.id and reminded_at is not null) then
    raise exception using errcode = 'PT409',
      message = 'The passengers were already reminded once', hint = 'still_coming_already_reminded';
  end if;
  if v_ride.date <= now() then
    raise exception using errcode = 'PT409',
      message = 'The ride has left, so the question is closed', hint = 'still_coming_closed';
  end if;
  for v_row in
    update public.ride_still_coming s set reminded_at = now()
      from public.ride_passengers p
     where s.ride_id = v_ride.id and s.answer is null
       and p.ride_id = s.ride_id and p.user_id = s.user_id
    returning s.user_id
  loop
    perform private.notify(v_row.user_id, v_ride.id, 'still_coming',
      private.ride_event_params(v_ride) || jsonb_build_object('again', true));
    v_reminded := v_reminded + 1;
  end loop;
  if v_reminded = 0 then
    raise exception using errcode = 'PT409',
      message = 'Every passenger asked has answered', hint = 'still_coming_nobody_silent';
  end if;
  return app.still_coming_json(v_ride.id);
end;
$$;

revoke all on function app.remind_still_coming(integer) from public;

grant execute on function app.remind_still_coming(integer) to authenticated;
