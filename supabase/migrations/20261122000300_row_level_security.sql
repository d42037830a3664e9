-- Migration: grants and row-level security
-- Purpose: what the API roles may touch. The api function runs each request as `anon` (no
--          session) or `authenticated` (app.user_id set); column grants decide which fields a
--          role may read or write, RLS decides which rows.
-- Affects: public.users, public.driver_contacts, public.rides, public.ride_passengers,
--          public.password_reset_requests.
-- Notes: policies key on app.current_user_id(), which only the api function sets, so a
--        Supabase Data API caller (even one signed in through Supabase Auth) sees no member
--        data. Passenger rows change only through the SQL functions of the next migration.

grant usage on schema public to anon, authenticated;

revoke all on public.users, public.driver_contacts, public.rides, public.ride_passengers,
  public.password_reset_requests from anon, authenticated;

alter table public.users enable row level security;
alter table public.driver_contacts enable row level security;
alter table public.rides enable row level security;
alter table public.ride_passengers enable row level security;
alter table public.password_reset_requests enable row level security;

-- users ------------------------------------------------------------------------------------
-- Visitors see an organiser's display name only: no usernames, no phone numbers.
grant select (id, name) on public.users to anon;
grant select (
  id, discord_username, name, whatsapp_number, malaysian_number, revolut_username,
  is_vendor, company_name, driver_details, created_at
) on public.users to authenticated;
grant update (name, whatsapp_number, malaysian_number, revolut_username) on public.users
  to authenticated;

create policy "visitors see organisers of listed rides"
  on public.users for select to anon
  using (exists (select 1 from public.rides r where r.creator_id = users.id));

create policy "members see member profiles"
  on public.users for select to authenticated
  using ((select app.current_user_id()) is not null);

create policy "members update their own profile"
  on public.users for update to authenticated
  using (id = (select app.current_user_id()))
  with check (id = (select app.current_user_id()));

-- driver_contacts --------------------------------------------------------------------------
grant select on public.driver_contacts to anon, authenticated;

create policy "visitors see active drivers"
  on public.driver_contacts for select to anon
  using (is_active);

create policy "members see active drivers"
  on public.driver_contacts for select to authenticated
  using (is_active);

-- rides ------------------------------------------------------------------------------------
grant select on public.rides to anon, authenticated;
grant insert (
  creator_id, direction, date, max_passengers, organizer_passenger_count, pickup_location,
  dropoff_locations, driver_contact_id
) on public.rides to authenticated;
grant update (
  direction, date, max_passengers, organizer_passenger_count, pickup_location,
  dropoff_locations, driver_contact_id
) on public.rides to authenticated;
grant delete on public.rides to authenticated;

create policy "visitors see rides"
  on public.rides for select to anon
  using (true);

create policy "members see rides"
  on public.rides for select to authenticated
  using (true);

-- Vendors drive rides; organising is for members.
create policy "members create their own rides"
  on public.rides for insert to authenticated
  with check (
    creator_id = (select app.current_user_id())
    and not exists (
      select 1 from public.users u
      where u.id = (select app.current_user_id()) and u.is_vendor
    )
  );

create policy "organisers update their rides"
  on public.rides for update to authenticated
  using (creator_id = (select app.current_user_id()))
  with check (creator_id = (select app.current_user_id()));

create policy "organisers delete their rides"
  on public.rides for delete to authenticated
  using (creator_id = (select app.current_user_id()));

-- ride_passengers --------------------------------------------------------------------------
grant select on public.ride_passengers to authenticated;

create policy "members see passengers"
  on public.ride_passengers for select to authenticated
  using ((select app.current_user_id()) is not null);

-- password_reset_requests ------------------------------------------------------------------
grant select on public.password_reset_requests to authenticated;

create policy "admin sees reset requests"
  on public.password_reset_requests for select to authenticated
  using ((select app.is_admin()));
