-- Payments
--
-- Payments between passengers and the ride's driver: claims, confirmations, reminders.
--
-- The database as it is now; supabase/migrations is how it got here. To change it, see the
-- README, "Changing the database".

-- ------------------------------------------------------------------------------------------------
-- Functions

-- The caller, a passenger on the ride, says they paid (p_claimed true) or takes that back
-- (false). Saying it twice changes nothing; a payment the organiser confirmed stays confirmed.
create function app.claim_payment(p_ride_id integer, p_claimed boolean default true) returns void
    language plpgsql security definer
    set search_path to ''
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
      raise exception using errcode = 'PT409', message = 'You organize this ride: your passengers pay you',
        hint = 'organizer_does_not_pay';
    end if;
    raise exception using errcode = 'PT403', message = 'Only the passengers of this ride pay for it',
      hint = 'passengers_only_pay';
  end if;

  if v_entry.payment_status = 'paid' then
    if p_claimed then
      return;
    end if;
    raise exception using errcode = 'PT409',
      message = 'The organizer has confirmed your payment: ask them if it needs changing', hint = 'payment_confirmed';
  end if;

  if p_claimed and v_entry.payment_status = 'unpaid' then
    update public.ride_passengers set payment_status = 'claimed', claimed_at = now() where id = v_entry.id;
  elsif not p_claimed and v_entry.payment_status = 'claimed' then
    update public.ride_passengers set payment_status = 'unpaid', claimed_at = null where id = v_entry.id;
  end if;
end;
$$;

revoke all on function app.claim_payment(p_ride_id integer, p_claimed boolean) from public;
grant all on function app.claim_payment(p_ride_id integer, p_claimed boolean) to authenticated;

-- The organiser confirms a passenger's payment (p_paid true) or sets it back to unpaid, which
-- also clears the passenger's claim (the money did not arrive).
create function app.confirm_payment(p_ride_id integer, p_passenger_id integer, p_paid boolean) returns void
    language plpgsql security definer
    set search_path to ''
as $$
declare
  v_uid integer := private.require_user();
  v_ride public.rides := private.lock_ride(p_ride_id);
  v_entry public.ride_passengers;
begin
  perform private.refuse_ride_change(v_ride, v_uid, 'payment_confirm');
  v_entry := private.lock_ride_passenger(p_ride_id, p_passenger_id);

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

revoke all on function app.confirm_payment(p_ride_id integer, p_passenger_id integer, p_paid boolean) from public;
grant all on function app.confirm_payment(p_ride_id integer, p_passenger_id integer, p_paid boolean) to authenticated;

-- The organiser reminds every passenger whose payment is not confirmed yet (unpaid or only
-- claimed): a 'payment_reminder' notification each, with their amount (p_amounts: passenger
-- entry id -> amount in SGD, from the api's price rule). Returns how many were reminded. Nothing
-- to remind is no reminder: the throttle counts only reminders that went out.
create function app.remind_unpaid(p_ride_id integer, p_amounts jsonb) returns integer
    language plpgsql security definer
    set search_path to ''
as $$
declare
  v_uid integer := private.require_user();
  v_ride public.rides := private.lock_ride(p_ride_id);
  v_name text;
  v_count integer := 0;
  v_entry record;
begin
  perform private.refuse_ride_change(v_ride, v_uid, 'payment_remind');
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

revoke all on function app.remind_unpaid(p_ride_id integer, p_amounts jsonb) from public;
grant all on function app.remind_unpaid(p_ride_id integer, p_amounts jsonb) to authenticated;
