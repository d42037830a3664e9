-- Seed: the two community-recommended drivers (SPEC §1, §9). Indicative prices; the admin keeps
-- names and numbers current in the dashboard (driver_contacts).
-- Seats and prices are columns the PWA words in each language (20261201001100); notes are the
-- English, with their translations beside them.
insert into public.driver_contacts
  (name, whatsapp_number, malaysian_number, vehicle_type, seats, base_price_sgd, stop_price_sgd,
   stop_price_max_sgd, notes, translations)
values
  ('Uncle Lim', '+6580000075', '+60120000075', 'Toyota Alphard', 6, 75, 5, null, null, '{}'),
  ('Mr Kumar', '+6580000080', '+60120000080', 'Toyota HiAce', 10, 80, 5, 10,
   'The stop price depends on how far the stop is: agree it when you book.',
   $json${
     "zh": { "notes": "每个加停点的费用视距离而定，请在预订时谈妥。" },
     "ms": { "notes": "Harga setiap hentian tambahan bergantung pada jaraknya: persetujuinya semasa menempah." }
   }$json$);
