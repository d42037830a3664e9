-- Migration: paying the organiser
-- Purpose: the money side of a trip happens in the app (issue 13, part 3). Each passenger entry
--          carries a payment status: 'unpaid', 'claimed' (the passenger said "I've paid") or
--          'paid' (the organiser confirmed it). The passenger claims (and may take a claim back
--          until it is confirmed), the organiser confirms or reverts, and the organiser may remind
--          everyone not yet confirmed, at most once per ride in 12 hours.
-- Affects: public.ride_passengers gains payment_status, claimed_at, paid_at; new throttle limit
--          'payments:remind'; new functions app.claim_payment, app.confirm_payment,
--          app.remind_unpaid; private.ride_passengers_keep_history replaced (same trigger) to let
--          the payment columns change on a past ride.
-- Errors: SQLSTATE 'PTnnn' carries the HTTP status nnn, as in the other ride functions; the
--         reminder throttle refuses with 'PT429' and the seconds to wait in HINT.
-- Notes: people pay after the trip, so the payment columns, and only they, stay changeable once
--        the ride is past; every other column of a past ride's passengers is still the record.
--        The amount owed is not stored: it is the app's one price rule
--        (supabase/functions/_shared/price.ts) times the party, worked out by the api when it
--        reads the passengers, which also passes each passenger's amount to app.remind_unpaid
--        (so SQL holds no second copy of the rule). Who may read a status (the passenger and the
--        organiser) is decided by the passengers query, since every member on a ride reads the
--        other entries' rows. Lock order, as in the other ride functions: the ride row, then the
--        passenger row. Runs unchanged on PostgreSQL 15, Supabase (17) and PGlite (18).

alter table public.ride_passengers
  add column payment_status text not null default 'unpaid'
    check (payment_status in ('unpaid', 'claimed', 'paid')),
  add column claimed_at timestamptz,
  add column paid_at timestamptz,
  add constraint ride_passengers_paid_has_time check ((payment_status = 'paid') = (paid_at is not null)),
  add constraint ride_passengers_claim_has_time check (payment_status <> 'claimed' or claimed_at is not null);

comment on column public.ride_passengers.payment_status is
  'unpaid, claimed (the passenger says they paid) or paid (the organiser confirmed); changeable on a past ride.';

insert into private.throttle_limits (name, max_count, window_seconds, description) values
  ('payments:remind', 1, 43200, 'payment reminders an organiser sends for one ride');

-- As in 20261124000520_history_kept.sql, plus: an update that changes only the payment columns
-- goes through on a past ride.
create or replace function private.ride_passengers_keep_history()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_past boolean;
begin
  if app.current_user_id() is null or app.is_admin() then
    return case when tg_op = 'DELETE' then old else new end;
  end if;
  if tg_op = 'UPDATE'
     and (to_jsonb(old) - array['payment_status', 'claimed_at', 'paid_at'])
         is not distinct from (to_jsonb(new) - array['payment_status', 'claimed_at', 'paid_at']) then
    return new;
  end if;
  select bool_or(r.date <= now()) into v_past
    from public.rides r
   where r.id in (
     case when tg_op <> 'INSERT' then old.ride_id end,
     case when tg_op <> 'DELETE' then new.ride_id end
   );
  if coalesce(v_past, false) then
    raise exception using errcode = 'PT409', message = case tg_op
      when 'INSERT' then 'This ride is in the past and cannot be joined'
      when 'DELETE' then 'Passengers cannot be removed from a past ride'
      else 'The passengers of a past ride can no longer be changed: they are the record of the trip'
    end;
  end if;
  return case when tg_op = 'DELETE' then old else new end;
end;
$$;

-- The caller, a passenger on the ride, says they paid (p_claimed true) or takes that back
-- (false). Saying it twice changes nothing; a payment the organiser confirmed stays confirmed.
create function app.claim_payment(p_ride_id integer, p_claimed boolean default true)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid integer := private.require_user();
  v_ride public.rides := private.lock_ride(p_ride_id);
  v_entry public.ride_passengers;
begin
  select * into v_entry
    from public.ride_passengers where ride_id = p_ride_id and user_id = v_uid
     for update;
  if not found then
    if v_ride.creator_id = v_uid then
      raise exception using errcode = 'PT409', message = 'You organize this ride: your passengers pay you';
    end if;
    raise exception using errcode = 'PT403', message = 'Only the passengers of this ride pay for it';
  end if;

  if v_entry.payment_status = 'paid' then
    if p_claimed then
      return;
    end if;
    raise exception using errcode = 'PT409',
      message = 'The organizer has confirmed your payment: ask them if it needs changing';
  end if;

  if p_claimed and v_entry.payment_status = 'unpaid' then
    update public.ride_passengers set payment_status = 'claimed', claimed_at = now() where id = v_entry.id;
  elsif not p_claimed and v_entry.payment_status = 'claimed' then
    update public.ride_passengers set payment_status = 'unpaid', claimed_at = null where id = v_entry.id;
  end if;
end;
$$;

-- The organiser confirms a passenger's payment (p_paid true) or sets it back to unpaid, which
-- also clears the passenger's claim (the money did not arrive).
create function app.confirm_payment(p_ride_id integer, p_passenger_id integer, p_paid boolean)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid integer := private.require_user();
  v_ride public.rides := private.lock_ride(p_ride_id);
  v_entry public.ride_passengers;
begin
  if v_ride.creator_id <> v_uid then
    raise exception using errcode = 'PT403', message = 'Only the organizer can confirm payments';
  end if;
  select * into v_entry
    from public.ride_passengers where id = p_passenger_id and ride_id = p_ride_id
     for update;
  if not found then
    raise exception using errcode = 'PT404', message = 'Passenger not found on this ride';
  end if;

  if p_paid then
    if v_entry.payment_status <> 'paid' then
      update public.ride_passengers set payment_status = 'paid', paid_at = now() where id = v_entry.id;
    end if;
  elsif v_entry.payment_status <> 'unpaid' then
    update public.ride_passengers
       set payment_status = 'unpaid', claimed_at = null, paid_at = null
     where id = v_entry.id;
  end if;
end;
$$;

-- The organiser reminds every passenger whose payment is not confirmed yet (unpaid or only
-- claimed): a 'payment_reminder' notification each, with their amount (p_amounts: passenger
-- entry id -> amount in SGD, from the api's price rule). Returns how many were reminded. Nothing
-- to remind is no reminder: the throttle counts only reminders that went out.
create function app.remind_unpaid(p_ride_id integer, p_amounts jsonb)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid integer := private.require_user();
  v_ride public.rides := private.lock_ride(p_ride_id);
  v_name text;
  v_count integer := 0;
  v_entry record;
begin
  if v_ride.creator_id <> v_uid then
    raise exception using errcode = 'PT403', message = 'Only the organizer can remind passengers to pay';
  end if;
  if not exists (
    select 1 from public.ride_passengers where ride_id = p_ride_id and payment_status <> 'paid'
  ) then
    return 0;
  end if;

  perform private.take_throttle('payments:remind', p_ride_id::text,
    'You already reminded your passengers to pay. Please try again in %s.');

  select coalesce(u.name, u.discord_username) into v_name from public.users u where u.id = v_ride.creator_id;
  for v_entry in
    select id, user_id, payment_status from public.ride_passengers
     where ride_id = p_ride_id and payment_status <> 'paid'
     order by id
  loop
    perform private.notify(v_entry.user_id, p_ride_id, 'payment_reminder', jsonb_build_object(
      'direction', v_ride.direction,
      'date', to_char(v_ride.date at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'name', v_name,
      'amount', case when jsonb_typeof(p_amounts -> v_entry.id::text) = 'number'
                     then p_amounts -> v_entry.id::text end,
      'currency', 'SGD',
      'status', v_entry.payment_status
    ));
    v_count := v_count + 1;
  end loop;
  return v_count;
end;
$$;

revoke all on function
  app.claim_payment(integer, boolean),
  app.confirm_payment(integer, integer, boolean),
  app.remind_unpaid(integer, jsonb)
from public, anon, authenticated, service_role;
grant execute on function
  app.claim_payment(integer, boolean),
  app.confirm_payment(integer, integer, boolean),
  app.remind_unpaid(integer, jsonb)
to authenticated;
revoke all on function private.ride_passengers_keep_history() from public, anon, authenticated, service_role;
