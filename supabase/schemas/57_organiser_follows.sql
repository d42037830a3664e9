-- Organiser follows
--
-- "Follow an organiser" (issue 27): a member who rode with an organiser (was or is a passenger on
-- one of their rides) follows them, and each new ride by that organiser tells the followers in
-- the inbox and, on the devices that opted in, by Web Push ('organiser_ride'). The organiser sees
-- how many follow them, not who.
--
-- The database as it is now; supabase/migrations is how it got here. To change it, see the
-- README, "Changing the database".

-- ------------------------------------------------------------------------------------------------
-- Tables

create table public.organiser_follows (
  follower_id integer not null references public.users (id) on delete cascade,
  organiser_id integer not null references public.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  constraint organiser_follows_pkey primary key (follower_id, organiser_id),
  constraint organiser_follows_not_self_check check (follower_id <> organiser_id)
);

grant select, delete on public.organiser_follows to authenticated;

comment on table public.organiser_follows is
  'Who follows which organiser: written by app.follow_organiser, read when the organiser posts a ride.';

-- ------------------------------------------------------------------------------------------------
-- Indexes

-- The organiser's side: the policy, the count on their profile and the followers of a new ride
-- (the primary key serves the follower's side).
create index organiser_follows_organiser_id_idx on public.organiser_follows (organiser_id);

-- ------------------------------------------------------------------------------------------------
-- Functions

-- The caller follows an organiser they rode with; following again changes nothing. Security
-- definer: the rule reads rides and passengers the caller's role may not see, and the table has
-- no insert grant, so this is the only way in. A former member (erased) cannot be followed.
create function app.follow_organiser(p_organiser_id integer)
returns void
language plpgsql
security definer -- reads rides the caller may not see; organiser_follows has no insert grant
set search_path = ''
as $$
declare
  v_caller integer := private.require_user();
begin
  if p_organiser_id = v_caller then
    raise exception using errcode = 'PT400', message = 'You cannot follow yourself',
      hint = 'follow_self';
  end if;
  if not exists (
    select 1
      from public.ride_passengers p
      join public.rides r on r.id = p.ride_id
      join public.users u on u.id = r.organiser_id
     where p.user_id = v_caller and r.organiser_id = p_organiser_id and u.erased_at is null
  ) then
    raise exception using errcode = 'PT403', message = 'You can only follow an organiser you have ridden with',
      hint = 'follow_not_ridden';
  end if;
  insert into public.organiser_follows (follower_id, organiser_id)
  values (v_caller, p_organiser_id)
  on conflict do nothing;
end;
$$;

revoke all on function app.follow_organiser(p_organiser_id integer) from public;

grant all on function app.follow_organiser(p_organiser_id integer) to authenticated;

-- A new ride tells the organiser's followers, in one INSERT (ADR 0024), unless they already know
-- of it: a ride alert told them (rides_notify_alerts runs first, by name), they are aboard, or
-- the ride is the way back of one they are on (rides_notify_return_trip tells them). Never about
-- a ride that has left. A weekly series is told once, by its first date (the lowest id: its
-- dates are created in date order, and dates added later come after), saying how many dates
-- it has (issue 27).
create function private.rides_notify_followers()
returns trigger
language plpgsql
security definer -- tells the organiser's followers, whom the organiser cannot read
set search_path = ''
as $$
declare
  v_params jsonb;
begin
  if new.date <= now() then
    return null;
  end if;
  if new.series_id is not null and exists (
    select 1 from public.rides s where s.series_id = new.series_id and s.id < new.id
  ) then
    return null;
  end if;
  v_params := private.ride_event_params(new) || jsonb_build_object(
    'name', private.member_display_name(new.organiser_id)) || private.series_event_params(new);
  insert into public.notifications (user_id, ride_id, kind, params)
  select f.follower_id, new.id, 'organiser_ride', v_params
    from public.organiser_follows f
   where f.organiser_id = new.organiser_id
     and f.follower_id is distinct from app.current_user_id()
     and not exists (
       select 1 from private.ride_alert_deliveries d where d.ride_id = new.id and d.user_id = f.follower_id)
     and not exists (
       select 1 from public.ride_passengers p where p.ride_id = new.id and p.user_id = f.follower_id)
     and not exists (
       select 1 from public.ride_passengers p where p.ride_id = new.return_of and p.user_id = f.follower_id)
   order by f.follower_id;
  return null;
end;
$$;

revoke all on function private.rides_notify_followers() from public;

-- ------------------------------------------------------------------------------------------------
-- Triggers

create trigger rides_notify_followers
  after insert on public.rides
  for each row execute function private.rides_notify_followers();

-- ------------------------------------------------------------------------------------------------
-- Row level security

alter table public.organiser_follows enable row level security;

-- ------------------------------------------------------------------------------------------------
-- Policies

-- A follower sees whom they follow; an organiser their followers (the api tells them only how many).
create policy "members see the follows they are part of"
  on public.organiser_follows for select
  to authenticated
  using (follower_id = (select app.current_user_id()) or organiser_id = (select app.current_user_id()));

create policy "members unfollow for themselves"
  on public.organiser_follows for delete
  to authenticated
  using (follower_id = (select app.current_user_id()));
