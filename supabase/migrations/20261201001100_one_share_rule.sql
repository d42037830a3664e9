-- Migration: money that adds up, and recommended drivers in three languages
-- Purpose: (issue 21 §2) the organiser sets what the car costs: a ride booked with a recommended
--          driver takes that driver's price (the api fills it in when the form sends none) and
--          the organiser may change it. What each person owes is the app's one price rule
--          (supabase/functions/_shared/price.ts, ADR 0016), worked out from rides.cost,
--          additional_stops and current_passengers; the calendar file shows it, so a change of
--          cost raises the ride's revision like the other things the event shows.
--          (issue 21 §4) the recommended drivers were English free text ("Toyota Alphard
--          (6 seats)", "S$75 per trip, plus S$5 ..."): their seats and per-stop prices become
--          columns the PWA words in the reader's language, and their notes get translations
--          beside the English, as the border checklist's items have (20261201001000).
-- Affects: public.rides: insert and update grants on cost for authenticated, new check
--          rides_cost_in_range; trigger rides_bump_revision recreated with cost added.
--          public.driver_contacts: new columns seats, stop_price_sgd, stop_price_max_sgd,
--          translations, with checks; new function private.driver_contact_texts_valid; the
--          seeded drivers' rows restructured.
-- Notes: the amount owed is still not stored (20261201000500): it follows the ride as people
--        join and leave. The cost stays numeric(8, 2), whole cents, the rule's rounding step;
--        S$2,000 is far above any charter across the Second Link and keeps a typo (8000 for 80)
--        out. A driver's stop price is one amount, or a range when stop_price_max_sgd is set
--        (SPEC §9: one driver asks 5, the other 5 or 10). Driver contacts stay the admin's to
--        edit (Supabase dashboard); the policies are unchanged, since they use no column. The
--        seeded rows are changed only while their text is still the seed's, so a driver the
--        admin already edited keeps what the admin wrote. Runs unchanged on PostgreSQL 15,
--        Supabase (17) and PGlite (18).

-- rides.cost ---------------------------------------------------------------------------------

alter table public.rides
  add constraint rides_cost_in_range check (cost <= 2000);

grant insert (cost) on public.rides to authenticated;
grant update (cost) on public.rides to authenticated;

-- As in 20261201000600_ride_revision.sql, plus the cost, which the calendar file now shows.
drop trigger rides_bump_revision on public.rides;
create trigger rides_bump_revision
  before update of date, direction, pickup_location, dropoff_locations, sequence_locked,
    driver_contact_id, vendor_id, cost
  on public.rides
  for each row
  when (
    old.date is distinct from new.date
    or old.direction is distinct from new.direction
    or old.pickup_location is distinct from new.pickup_location
    or old.dropoff_locations is distinct from new.dropoff_locations
    or old.sequence_locked is distinct from new.sequence_locked
    or old.driver_contact_id is distinct from new.driver_contact_id
    or old.vendor_id is distinct from new.vendor_id
    or old.cost is distinct from new.cost
  )
  execute function private.rides_bump_revision();

-- driver_contacts ----------------------------------------------------------------------------

-- One language's texts of a driver: an object with notes only, a string that is not blank and
-- fits the English column's limit.
create function private.driver_contact_texts_valid(p_texts jsonb)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select p_texts is null or (
    jsonb_typeof(p_texts) = 'object'
    and p_texts - array['notes'] = '{}'::jsonb
    and (p_texts -> 'notes' is null
         or (jsonb_typeof(p_texts -> 'notes') = 'string'
             and char_length(btrim(p_texts ->> 'notes')) between 1 and 500))
  )
$$;

alter table public.driver_contacts
  add column seats smallint check (seats between 1 and 60),
  add column stop_price_sgd numeric(8, 2) check (stop_price_sgd >= 0),
  add column stop_price_max_sgd numeric(8, 2),
  add column translations jsonb not null default '{}'::jsonb,
  add constraint driver_contacts_stop_price_range check (
    stop_price_max_sgd is null or (stop_price_sgd is not null and stop_price_max_sgd > stop_price_sgd)
  ),
  add constraint driver_contacts_translations_shape check (
    jsonb_typeof(translations) = 'object'
    and translations - array['zh', 'ms'] = '{}'::jsonb
    and private.driver_contact_texts_valid(translations -> 'zh')
    and private.driver_contact_texts_valid(translations -> 'ms')
    and not private.jsonb_has_hidden_characters(translations)
  );

comment on column public.driver_contacts.seats is 'Seats for passengers; the PWA says "6 seats" in the reader''s language.';
comment on column public.driver_contacts.stop_price_sgd is 'What the driver asks for each additional stop (the lower end of a range).';
comment on column public.driver_contacts.stop_price_max_sgd is 'The upper end when the driver''s stop price is a range; null for one amount.';
comment on column public.driver_contacts.translations is
  'The notes in the other languages: {"zh": {"notes"}, "ms": {"notes"}}, each optional; the PWA falls back to the English notes.';

-- The seeded drivers (seed.sql), while their text is still the seed's.
update public.driver_contacts d
   set vehicle_type = seed.vehicle_type,
       seats = seed.seats,
       stop_price_sgd = seed.stop_price,
       stop_price_max_sgd = seed.stop_price_max,
       notes = seed.notes,
       translations = seed.translations
  from (values
    ('Toyota Alphard (6 seats)', 'S$75 per trip, plus S$5 for each additional stop.',
     'Toyota Alphard', 6, 5.00, null::numeric, null::text, '{}'::jsonb),
    ('Toyota HiAce (10 seats)', 'S$80 per trip, plus S$5 to S$10 for each additional stop.',
     'Toyota HiAce', 10, 5.00, 10.00,
     'The stop price depends on how far the stop is: agree it when you book.',
     $json${
       "zh": { "notes": "每个加停点的费用视距离而定，请在预订时谈妥。" },
       "ms": { "notes": "Harga setiap hentian tambahan bergantung pada jaraknya: persetujuinya semasa menempah." }
     }$json$::jsonb)
  ) as seed (old_vehicle_type, old_notes, vehicle_type, seats, stop_price, stop_price_max, notes, translations)
 where d.vehicle_type = seed.old_vehicle_type
   and d.notes = seed.old_notes;
