-- Seed: the two community-recommended drivers (SPEC §1, §9). Indicative prices; the admin keeps
-- names and numbers current in the dashboard (driver_contacts).
insert into public.driver_contacts (name, whatsapp_number, malaysian_number, vehicle_type, notes, base_price_sgd)
values
  ('Uncle Lim', '+6580000075', '+60120000075', 'Toyota Alphard (6 seats)',
   'S$75 per trip, plus S$5 for each additional stop.', 75),
  ('Mr Kumar', '+6580000080', '+60120000080', 'Toyota HiAce (10 seats)',
   'S$80 per trip, plus S$5 to S$10 for each additional stop.', 80);
