-- Migration: vendors are vouched for
-- Purpose: anyone can register with isVendor, so a vendor account no longer takes rides by
--          itself: registering files a vendor application, and only a vendor the admin approved
--          (saying what they checked: company, cross-border vehicle permit / plate, contact) may
--          assign themselves a ride. An assignment can be released (ride back to open) by its
--          vendor or by the ride's organiser; a vendor holds at most 10 upcoming assignments at
--          once; revoking a vendor releases their upcoming assignments. Riders on an assigned
--          ride (organiser, passengers) and the vendor read the vendor's company, driver, plate
--          and contact through app.ride_vendor, nobody else.
-- Affects: new table public.vendor_applications (one row per vendor, filed by a trigger on
--          public.users whenever is_vendor becomes true); public.assign_ride dropped for
--          app.assign_ride; new functions app.release_ride, app.ride_vendor,
--          app.vendor_applications, app.approve_vendor, app.revoke_vendor and, for the SQL
--          editor, admin.vendor_applications, admin.approve_vendor, admin.revoke_vendor.
-- Errors: SQLSTATE 'PTnnn' carries the HTTP status nnn, as in the other ride functions.
-- Notes: vendors registered before this migration start as pending, like new ones: the admin
--        approves those they know (their current assignments stay as they are).
--        The app functions are security definer and live in schema app, which the Supabase Data
--        API does not expose. Lock order, everywhere: the vendor's application row, then ride
--        rows; release and join lock the ride row only, so no two of them wait on each other
--        in opposite orders. Runs unchanged on PostgreSQL 15, Supabase (17) and PGlite (18).

create table public.vendor_applications (
  user_id integer primary key references public.users (id) on delete cascade,
  status text not null default 'pending' check (status in ('pending', 'approved', 'revoked')),
  -- What the admin checked before approving; kept after a revoke, as the record of it.
  licence_note text check (char_length(licence_note) between 1 and 500),
  applied_at timestamptz not null default now(),
  decided_at timestamptz,
  -- Null when the decision came from the SQL editor, which acts as no member.
  decided_by integer references public.users (id) on delete set null,
  constraint vendor_applications_approved_has_note check (status <> 'approved' or licence_note is not null),
  constraint vendor_applications_decided_when_not_pending check ((status = 'pending') = (decided_at is null))
);
comment on table public.vendor_applications is
  'One per vendor account: pending until the admin approves it; only approved vendors take rides.';

create index vendor_applications_decided_by_idx on public.vendor_applications (decided_by);

-- A vendor reads their own status (the dashboard's "Waiting for approval"); the admin's note
-- and who decided stay with the admin, who reads them through app.vendor_applications.
alter table public.vendor_applications enable row level security;
revoke all on public.vendor_applications from public, anon, authenticated;
grant select (user_id, status, applied_at, decided_at) on public.vendor_applications to authenticated;

create policy "vendors see their own application, the admin sees all"
  on public.vendor_applications for select to authenticated
  using (user_id = (select app.current_user_id()) or (select app.is_admin()));

-- Becoming a vendor (registering with isVendor, or admin.mark_vendor) files an application; a
-- member who is made a vendor again after a revoke starts again from pending.
create function private.file_vendor_application()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.is_vendor and (tg_op = 'INSERT' or not old.is_vendor) then
    insert into public.vendor_applications (user_id) values (new.id)
    on conflict (user_id) do update
      set status = 'pending', applied_at = now(), decided_at = null, decided_by = null;
  end if;
  return null;
end;
$$;

create trigger users_file_vendor_application
  after insert or update of is_vendor on public.users
  for each row execute function private.file_vendor_application();

insert into public.vendor_applications (user_id, applied_at)
select id, created_at from public.users where is_vendor
on conflict (user_id) do nothing;

-- One application as the admin sees it (the api's VendorApplication).
create function private.vendor_application_json(p_user_id integer)
returns json
language sql
stable
set search_path = ''
as $$
  select json_build_object(
    'userId', u.id,
    'discordUsername', u.discord_username,
    'name', u.name,
    'companyName', u.company_name,
    'driverDetails', u.driver_details,
    'whatsappNumber', u.whatsapp_number,
    'malaysianNumber', u.malaysian_number,
    'status', a.status,
    'licenceNote', a.licence_note,
    'appliedAt', to_char(a.applied_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'decidedAt', to_char(a.decided_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'upcomingAssignments', (
      select count(*) from public.rides r
       where r.vendor_id = u.id and r.status = 'assigned' and r.date > now()
    )
  )
    from public.vendor_applications a join public.users u on u.id = a.user_id
   where a.user_id = p_user_id
$$;

-- Approves (p_approve) or revokes a vendor. Revoking releases the vendor's upcoming
-- assignments back to open, so their riders can be picked up by someone else; past rides keep
-- them as the record of who drove. Returns how many rides were released.
create function private.decide_vendor(
  p_user_id integer,
  p_approve boolean,
  p_licence_note text,
  p_decided_by integer
)
returns integer
language plpgsql
set search_path = ''
as $$
declare
  v_user public.users;
  v_status text;
  v_note text := nullif(btrim(p_licence_note), '');
  v_released integer := 0;
begin
  select * into v_user from public.users where id = p_user_id;
  if not found then
    raise exception using errcode = 'PT404', message = 'User not found';
  end if;
  if not v_user.is_vendor then
    raise exception using errcode = 'PT409',
      message = format('%s is not a vendor account', v_user.discord_username);
  end if;

  -- Locked: an assign by this vendor waits for the decision, then sees it.
  select status into v_status from public.vendor_applications where user_id = p_user_id for update;
  if not found then
    insert into public.vendor_applications (user_id) values (p_user_id);
    v_status := 'pending';
  end if;

  if p_approve then
    if v_note is null then
      raise exception using errcode = 'PT400',
        message = 'Licence note is required: say what you checked (company, cross-border vehicle permit / plate, contact)';
    end if;
    if char_length(v_note) > 500 then
      raise exception using errcode = 'PT400', message = 'Licence note must be at most 500 characters';
    end if;
    if v_status = 'approved' then
      raise exception using errcode = 'PT409',
        message = format('%s is already an approved vendor', v_user.discord_username);
    end if;
    update public.vendor_applications
       set status = 'approved', licence_note = v_note, decided_at = now(), decided_by = p_decided_by
     where user_id = p_user_id;
  else
    if v_status = 'revoked' then
      raise exception using errcode = 'PT409',
        message = format('%s is already revoked', v_user.discord_username);
    end if;
    update public.vendor_applications
       set status = 'revoked', decided_at = now(), decided_by = p_decided_by
     where user_id = p_user_id;
    update public.rides
       set status = 'open', vendor_id = null
     where vendor_id = p_user_id and status = 'assigned' and date > now();
    get diagnostics v_released = row_count;
  end if;
  return v_released;
end;
$$;

-- The api's admin calls ----------------------------------------------------------------------

create function private.require_admin()
returns integer
language plpgsql
stable
set search_path = ''
as $$
declare
  v_uid integer := private.require_user();
begin
  if not app.is_admin() then
    raise exception using errcode = 'PT403', message = 'Only the admin can do that';
  end if;
  return v_uid;
end;
$$;

-- Pending first (oldest first: who has waited longest), then approved, then revoked.
create function app.vendor_applications()
returns json
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.require_admin();
  return (
    select coalesce(json_agg(private.vendor_application_json(a.user_id) order by
             case a.status when 'pending' then 0 when 'approved' then 1 else 2 end,
             a.applied_at, a.user_id), '[]'::json)
      from public.vendor_applications a join public.users u on u.id = a.user_id
     where u.is_vendor
  );
end;
$$;

create function app.approve_vendor(p_user_id integer, p_licence_note text)
returns json
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_admin integer := private.require_admin();
begin
  perform private.decide_vendor(p_user_id, true, p_licence_note, v_admin);
  return private.vendor_application_json(p_user_id);
end;
$$;

create function app.revoke_vendor(p_user_id integer)
returns json
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_admin integer := private.require_admin();
  v_released integer := private.decide_vendor(p_user_id, false, null, v_admin);
begin
  return json_build_object('application', private.vendor_application_json(p_user_id), 'released', v_released);
end;
$$;

-- Rides ----------------------------------------------------------------------------------------

-- As public.assign_ride was (20261122000400_ride_functions.sql), plus: only an approved vendor,
-- and at most 10 upcoming assignments per vendor. The application row is locked first, so two
-- assigns by one vendor at once are counted one after the other.
drop function public.assign_ride(integer);

create function app.assign_ride(p_ride_id integer)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid integer := private.require_user();
  v_status text;
  v_ride public.rides;
  v_upcoming integer;
begin
  if not exists (select 1 from public.users where id = v_uid and is_vendor) then
    raise exception using errcode = 'PT403', message = 'Only vendors can assign rides';
  end if;
  select status into v_status from public.vendor_applications where user_id = v_uid for update;
  if v_status is distinct from 'approved' then
    raise exception using errcode = 'PT403', message = case v_status
      when 'revoked' then 'Your vendor account is no longer approved by the admin, so it cannot take rides'
      else 'Your vendor account is waiting for the admin''s approval'
    end;
  end if;

  v_ride := private.lock_ride(p_ride_id);
  if v_ride.status <> 'open' then
    raise exception using errcode = 'PT409', message = 'This ride has already been assigned';
  end if;
  if v_ride.date <= now() then
    raise exception using errcode = 'PT409', message = 'This ride is in the past';
  end if;

  select count(*) into v_upcoming from public.rides
   where vendor_id = v_uid and status = 'assigned' and date > now();
  if v_upcoming >= 10 then
    raise exception using errcode = 'PT409',
      message = 'You already have 10 upcoming assigned rides, the most a vendor can hold at once. Release one or wait until one has departed';
  end if;

  update public.rides set status = 'assigned', vendor_id = v_uid where id = v_ride.id;
end;
$$;

-- The vendor gives a ride back, or the organiser lets its vendor go: the ride is open again for
-- any approved vendor. A past ride keeps its vendor as the record of who drove.
create function app.release_ride(p_ride_id integer)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid integer := private.require_user();
  v_ride public.rides := private.lock_ride(p_ride_id);
begin
  if v_ride.creator_id <> v_uid and v_ride.vendor_id is distinct from v_uid then
    raise exception using errcode = 'PT403',
      message = 'Only the organizer or the assigned vendor can release this ride';
  end if;
  if v_ride.status <> 'assigned' then
    raise exception using errcode = 'PT409', message = 'This ride has no vendor to release';
  end if;
  if v_ride.date <= now() then
    raise exception using errcode = 'PT409',
      message = 'This ride is in the past: its vendor stays on record';
  end if;
  update public.rides set status = 'open', vendor_id = null where id = v_ride.id;
end;
$$;

-- Who drives an assigned ride, for the people on it: its organiser, its passengers and the
-- vendor. Null while no vendor is assigned.
create function app.ride_vendor(p_ride_id integer)
returns json
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_uid integer := private.require_user();
  v_ride public.rides;
begin
  select * into v_ride from public.rides where id = p_ride_id;
  if not found then
    raise exception using errcode = 'PT404', message = 'Ride not found';
  end if;
  if v_ride.creator_id <> v_uid and v_ride.vendor_id is distinct from v_uid and not exists (
    select 1 from public.ride_passengers where ride_id = p_ride_id and user_id = v_uid
  ) then
    raise exception using errcode = 'PT403',
      message = 'Only the organizer, the passengers and the vendor of this ride can see its vendor';
  end if;
  if v_ride.vendor_id is null then
    return null;
  end if;
  return (
    select json_build_object(
      'id', u.id,
      'companyName', u.company_name,
      'driverName', u.driver_details ->> 'name',
      'driverContact', u.driver_details ->> 'contact',
      'carNumber', u.driver_details ->> 'carNumber',
      'discordUsername', u.discord_username,
      'whatsappNumber', u.whatsapp_number,
      'malaysianNumber', u.malaysian_number
    )
      from public.users u where u.id = v_ride.vendor_id
  );
end;
$$;

-- The SQL editor's backup (docs/admin.md) ----------------------------------------------------

create function admin.vendor_applications()
returns table (
  user_id integer,
  discord_username text,
  company_name text,
  driver_name text,
  driver_contact text,
  car_number text,
  whatsapp_number text,
  status text,
  licence_note text,
  applied_at timestamptz,
  decided_at timestamptz,
  upcoming_assignments bigint
)
language sql
stable
security definer
set search_path = ''
as $$
  select u.id, u.discord_username, u.company_name, u.driver_details ->> 'name',
         u.driver_details ->> 'contact', u.driver_details ->> 'carNumber', u.whatsapp_number,
         a.status, a.licence_note, a.applied_at, a.decided_at,
         (select count(*) from public.rides r
           where r.vendor_id = u.id and r.status = 'assigned' and r.date > now())
    from public.vendor_applications a join public.users u on u.id = a.user_id
   where u.is_vendor
   order by case a.status when 'pending' then 0 when 'approved' then 1 else 2 end, a.applied_at, u.id
$$;

create function admin.approve_vendor(p_discord_username text, p_licence_note text)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user public.users := admin.find_member(p_discord_username);
begin
  perform private.decide_vendor(v_user.id, true, p_licence_note, null);
  return format('%s (id %s) is an approved vendor', v_user.discord_username, v_user.id);
end;
$$;

create function admin.revoke_vendor(p_discord_username text)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user public.users := admin.find_member(p_discord_username);
  v_released integer := private.decide_vendor(v_user.id, false, null, null);
begin
  return format('%s (id %s) revoked; %s upcoming ride(s) back to open', v_user.discord_username, v_user.id, v_released);
end;
$$;

-- PostgreSQL grants EXECUTE on new functions to PUBLIC; take it back, then give the api's calls
-- to the signed-in role only (the functions check who is calling).
revoke all on function
  private.file_vendor_application(),
  private.vendor_application_json(integer),
  private.decide_vendor(integer, boolean, text, integer),
  private.require_admin(),
  app.vendor_applications(),
  app.approve_vendor(integer, text),
  app.revoke_vendor(integer),
  app.assign_ride(integer),
  app.release_ride(integer),
  app.ride_vendor(integer),
  admin.vendor_applications(),
  admin.approve_vendor(text, text),
  admin.revoke_vendor(text)
from public, anon, authenticated, service_role;

grant execute on function
  app.vendor_applications(),
  app.approve_vendor(integer, text),
  app.revoke_vendor(integer),
  app.assign_ride(integer),
  app.release_ride(integer),
  app.ride_vendor(integer)
to authenticated;
