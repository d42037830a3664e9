-- Migration: phone numbers in E.164
-- Purpose: the api now stores phone numbers in E.164 ('+6591234567', '+60123456789') so that
--          wa.me and tel: links always dial the right country (the rules are in
--          supabase/functions/_shared/phone.ts). This normalises the numbers stored before, with
--          the same rules, where they read unambiguously, and leaves the others as they are.
--          Members' numbers then have to stay in E.164: a check on each column, added not valid
--          so that an old number we could not read does not stop the migration, and validated
--          at once when no such number is left (a new database, or one whose numbers all read).
-- Affects: public.users.whatsapp_number and malaysian_number (rows normalised; new constraints
--          users_whatsapp_number_e164 and users_malaysian_number_e164);
--          public.driver_contacts.whatsapp_number and malaysian_number (rows normalised only: the
--          admin keeps them in the dashboard, and the PWA reads any stored form when it dials).
-- Rules: separators (spaces, dashes, dots, parentheses) go; '+<country><digits>' is kept;
--        8 digits starting 6, 8 or 9 are Singapore's (+65); '01' and 8 or 9 more digits is a
--        Malaysian mobile (+60, without the 0); '65' and 8 digits, or '60' and 8 to 11 digits,
--        gain their +; a 0 written after +60 goes. The result must be + and 7 to 15 digits, a
--        Singapore number +65 and 8 digits starting 3, 6, 8 or 9, a Malaysian one +60 and 8 to
--        10 digits not starting with 0. The Malaysian column keeps only +60 numbers.
-- Notes: a not valid check still applies to every row written from now on: a member whose old
--        number did not read must correct it when they next save their profile (the api says how).
--        The helper lives in pg_temp and is dropped at the end; nothing is left behind.
--        Runs unchanged on PostgreSQL 15, Supabase (17) and PGlite (18).

create function pg_temp.phone_e164(p_number text)
returns text
language sql
immutable
as $$
  select case
           when number !~ '^\+[1-9][0-9]{6,14}$' then null
           when number like '+65%' and number !~ '^\+65[3689][0-9]{7}$' then null
           when number like '+60%' and number !~ '^\+60[1-9][0-9]{7,9}$' then null
           else number
         end
    from (
      -- '+60 012-345 6789': the Malaysian trunk 0 written after the country code.
      select regexp_replace(candidate, '^\+600', '+60') as number
        from (
          select case
                   when compact ~ '^\+' then compact
                   when compact ~ '^[689][0-9]{7}$' then '+65' || compact
                   when compact ~ '^01[0-9]{8,9}$' then '+60' || substr(compact, 2)
                   when compact ~ '^65[0-9]{8}$' or compact ~ '^60[0-9]{8,11}$' then '+' || compact
                 end as candidate
            from (select regexp_replace(btrim(p_number), '[[:space:]().-]', '', 'g') as compact) as typed
        ) as candidates
    ) as normalised
$$;

create function pg_temp.malaysian_e164(p_number text)
returns text
language sql
immutable
as $$
  select number from (select pg_temp.phone_e164(p_number) as number) as candidates where number like '+60%'
$$;

update public.users
   set whatsapp_number = coalesce(pg_temp.phone_e164(whatsapp_number), whatsapp_number),
       malaysian_number = coalesce(pg_temp.malaysian_e164(malaysian_number), malaysian_number)
 where whatsapp_number is distinct from coalesce(pg_temp.phone_e164(whatsapp_number), whatsapp_number)
    or malaysian_number is distinct from coalesce(pg_temp.malaysian_e164(malaysian_number), malaysian_number);

update public.driver_contacts
   set whatsapp_number = coalesce(pg_temp.phone_e164(whatsapp_number), whatsapp_number),
       malaysian_number = coalesce(pg_temp.malaysian_e164(malaysian_number), malaysian_number)
 where whatsapp_number is distinct from coalesce(pg_temp.phone_e164(whatsapp_number), whatsapp_number)
    or malaysian_number is distinct from coalesce(pg_temp.malaysian_e164(malaysian_number), malaysian_number);

drop function pg_temp.malaysian_e164(text);
drop function pg_temp.phone_e164(text);

-- The shape only; the api's rules (phone.ts) are the stricter ones for Singapore and Malaysia.
alter table public.users
  add constraint users_whatsapp_number_e164
    check (whatsapp_number ~ '^\+[1-9][0-9]{6,14}$') not valid,
  add constraint users_malaysian_number_e164
    check (malaysian_number ~ '^\+60[1-9][0-9]{7,9}$') not valid;

do $$
begin
  if not exists (select 1 from public.users where whatsapp_number !~ '^\+[1-9][0-9]{6,14}$') then
    alter table public.users validate constraint users_whatsapp_number_e164;
  end if;
  if not exists (select 1 from public.users where malaysian_number !~ '^\+60[1-9][0-9]{7,9}$') then
    alter table public.users validate constraint users_malaysian_number_e164;
  end if;
end;
$$;
