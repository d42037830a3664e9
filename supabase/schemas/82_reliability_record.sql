-- The reliability record
--
-- Issue 26 §1. After a ride has left, its organiser may mark a passenger who did not come as a
-- no-show, for three days. What others see of a member is the count: "12 trips · 0 no-shows".
--
-- The database as it is now; supabase/migrations is how it got here. To change it, see the
-- README, "Changing the database".

create table public.ride_no_shows (
  ride_id integer not null,
  user_id integer not null,
  marked_at timestamptz not null default now(),
  primary key (ride_id, user_id),
  -- Only someone who was on the ride; the entry of a past ride stays (ride_passengers_keep_history).
  constraint ride_no_shows_passenger_fkey foreign key (ride_id, user_id)
    references public.ride_passengers (ride_id, user_id) on delete cascade
);
comment on table public.ride_no_shows is
  'Passengers the organiser marked as not having come, within 3 days of the ride (issue 26 §1); written only by app.mark_no_show.';

-- Counting a member's no-shows.
create index ride_no_shows_user_id_idx on public.ride_no_shows (user_id);

alter table public.ride_no_shows enable row level security;
revoke all on public.ride_no_shows from public, anon, authenticated;
grant select on public.ride_no_shows to authenticated;

-- The mark itself is between the organiser and the passenger (and the admin); everyone else
-- sees only the count (app.member_record_json).
create policy "organisers and the passenger see a no-show"
  on public.ride_no_shows for select to authenticated
  using (
    user_id = (select app.current_user_id())
    or (select app.is_admin())
    or exists (
      select 1 from public.rides r
       where r.id = ride_no_shows.ride_id and r.creator_id = (select app.current_user_id())
    )
  );

-- A member's record, the one thing public about how they travel: trips are the rides that have
-- left with them on board (organising or as a passenger, not marked a no-show); no-shows the
-- rides they were marked absent from. A deleted ride is not a trip (only an upcoming ride can be
-- deleted). Null for a member who does not exist.
-- Counted from the member's own rows, in two index-only scans, rides_creator_date_id_idx and
-- ride_passengers_user_date_idx, as two disjoint parts (the rides they organised; the others they
-- rode on, never their own: ride_passengers_ride_date refuses an organiser's entry on their own
-- ride): a filter of every past ride on "organiser or passenger" read the community's whole
-- history for each passenger listed, and past 50,000 rides was compiled by the JIT each call
-- (issue 36 §1). A daily commuter's 2,000 trips are a dozen index pages.
-- (A kept counter would not see a ride become a trip when its date passes.)
create function app.member_record_json(p_user_id integer) returns json
    language sql stable security definer
    set search_path to ''
as $$
  select json_build_object(
    'trips',
      (select count(*) from public.rides r where r.creator_id = p_user_id and r.date <= now())
      + (select count(*)
           from public.ride_passengers p
          where p.user_id = p_user_id
            and p.ride_date <= now()
            and not exists (
              select 1 from public.ride_no_shows n where n.ride_id = p.ride_id and n.user_id = p.user_id
            )),
    'noShows', (select count(*) from public.ride_no_shows n where n.user_id = p_user_id)
  )
    from public.users u
   where u.id = p_user_id
$$;
revoke all on function app.member_record_json(integer) from public;
grant execute on function app.member_record_json(integer) to authenticated;

-- The organiser marks (p_no_show) or unmarks a passenger of their ride as a no-show: once the
-- ride has left, and for three days.
create function app.mark_no_show(p_ride_id integer, p_passenger_id integer, p_no_show boolean) returns void
    language plpgsql security definer
    set search_path to ''
as $$
declare
  v_uid integer := private.require_user();
  v_ride public.rides := private.lock_ride(p_ride_id);
  v_passenger public.ride_passengers;
begin
  if v_ride.creator_id <> v_uid then
    raise exception using errcode = 'PT403', message = 'Only the organizer can mark a no-show',
      hint = 'no_show_organizer_only';
  end if;
  v_passenger := private.lock_ride_passenger(p_ride_id, p_passenger_id);
  if v_ride.date > now() then
    raise exception using errcode = 'PT409', message = 'A no-show can be marked only once the ride has left',
      hint = 'no_show_too_early';
  end if;
  if v_ride.date < now() - interval '3 days' then
    raise exception using errcode = 'PT409', message = 'A no-show can be marked only within 3 days of the ride',
      hint = 'no_show_window_over';
  end if;
  if p_no_show then
    insert into public.ride_no_shows (ride_id, user_id) values (v_ride.id, v_passenger.user_id)
    on conflict do nothing;
  else
    delete from public.ride_no_shows where ride_id = v_ride.id and user_id = v_passenger.user_id;
  end if;
end;
$$;
revoke all on function app.mark_no_show(integer, integer, boolean) from public;
grant execute on function app.mark_no_show(integer, integer, boolean) to authenticated;
