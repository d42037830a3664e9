-- Migration: id 1 is the admin's
-- Purpose: the admin is the member with id 1 whose username is ADMIN_USERNAME (SPEC §3). That
--          used to be whoever registered first, so a first registration by anyone else (or one
--          that failed after taking an id) left the admin without id 1 for good. Now the api
--          registers ADMIN_USERNAME with id 1 explicitly, whenever that happens, and every other
--          account takes ids from 2 on: this moves the id sequence past 1.
-- Affects: the identity sequence of public.users.id (no rows change).
-- Notes: ADMIN_USERNAME is a setting of the api (the Node host's environment, the function's
--        secrets), not of the database, so the database cannot check the name that takes id 1;
--        only the api writes it. On an install where id 1 already belongs to someone other
--        than the admin, nothing changes: the admin stays as it was (docs/admin.md).
--        Runs unchanged on PostgreSQL 15, Supabase (17) and PGlite (18).

-- With is_called, the next id handed out is one above this: 2 on a new install, and one above the
-- highest id where members exist.
select setval(
  pg_get_serial_sequence('public.users', 'id'),
  greatest(coalesce((select max(id) from public.users), 0), 1, (
    select last_value from pg_sequences
     where schemaname = 'public' and sequencename = split_part(pg_get_serial_sequence('public.users', 'id'), '.', 2)
  )),
  true
);
