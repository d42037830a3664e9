-- Migration: who sees a member's phone numbers (issue 25, "Privacy that follows")
-- Purpose: with the ride chat in place a member chooses in Profile who sees their WhatsApp and
--          Malaysian numbers: everyone on the rides they are on ('ride_members', as before),
--          only the organisers of the rides they join ('organisers'), or nobody ('nobody':
--          message me in the app). app.phone_visible is the one rule every answer that carries
--          a member's numbers asks (passengers list, the organiser on a ride, the calendar file).
-- Affects: public.users gains phone_visibility (default 'ride_members', so nothing changes for
--          anyone until they choose); column grants; new function app.phone_visible.
-- Rollback: drop function app.phone_visible; alter table public.users drop column phone_visibility.

alter table public.users add column phone_visibility text default 'ride_members' not null;
alter table public.users add constraint users_phone_visibility_known
  check (phone_visibility in ('ride_members', 'organisers', 'nobody'));
grant select(phone_visibility), update(phone_visibility) on table public.users to authenticated;
comment on column public.users.phone_visibility is
  'Who sees the member''s phone numbers: ride_members (everyone on their rides), organisers (the organisers of rides they join), nobody.';

-- Whether the caller may read p_owner's numbers in the context of a ride organised by
-- p_ride_creator. Row-level security and the queries decide who is on the ride at all; this
-- narrows it to the member's choice. The member always sees their own.
create function app.phone_visible(p_owner integer, p_ride_creator integer) returns boolean
    language sql stable security definer
    set search_path to ''
as $$
  select p_owner = app.current_user_id()
      or coalesce((
           select case u.phone_visibility
                    when 'ride_members' then true
                    when 'organisers' then p_ride_creator is not distinct from app.current_user_id()
                                           and p_ride_creator <> p_owner
                    else false
                  end
             from public.users u where u.id = p_owner), false)
$$;
revoke all on function app.phone_visible(integer, integer) from public;
grant execute on function app.phone_visible(integer, integer) to authenticated;
