-- Migration: names that cannot impersonate
-- Purpose: 'ａｄｍｉｎ' (fullwidth), 'admin' with a zero-width space, or a name wrapped in a
--          right-to-left override used to register and display as "admin". Usernames are now
--          stored NFKC-normalised (fullwidth and other compatibility forms become the plain
--          letters), so the existing unique index on lower(discord_username) compares the
--          normalised forms: 'ａｄｍｉｎ' collides with 'admin'. No stored text may hold
--          invisible, bidi-control or C0/C1 control characters.
-- Affects: public.users.discord_username (rows normalised; constraint
--          users_discord_username_normalised); new function private.has_hidden_characters;
--          constraints users_text_visible, rides_text_visible, ride_passengers_text_visible.
-- Rules: hidden characters are the C0 controls but tab, line feed and carriage return (the
--        multi-line location fields hold those), DEL, the C1 controls, every format character
--        and default-ignorable code point (zero-width spaces, bidi embeddings, overrides and
--        isolates, the soft hyphen, fillers, invisible operators, variation selectors, BOM, ...)
--        except what emoji need: U+200D (zero-width joiner), U+FE0E/U+FE0F (text and emoji
--        presentation) and the tag characters U+E0020-U+E007F (subdivision flags); plus U+2028
--        and U+2029. The api refuses the same set, with a message naming the field
--        (supabase/functions/_shared/schemas/fields.ts holds the same list), and is stricter on
--        usernames: one script plus digits, '_', '.' and '-'. That rule needs Unicode script
--        data Postgres does not have, so it is the api's alone.
-- Existing rows: a username that is not NFKC-normalised is normalised, its hidden characters and
--        white space removed; should that collide with another member's name, or leave fewer than
--        2 characters, the later account (the higher id) gets '-<id>' appended instead: the
--        earlier one is the name's owner. A notice names each rename. Other stored text with
--        hidden characters is left alone: those checks are added not valid (every new write is
--        checked) and validated when no such row is left, as the phone numbers were
--        (20261123000200).
-- Notes: Runs unchanged on PostgreSQL 15, Supabase (17) and PGlite (18); normalize() and
--        IS NFKC NORMALIZED need a UTF-8 database, which all three are.

create function private.has_hidden_characters(p_text text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select p_text ~ '[\u0001-\u0008\u000b-\u000c\u000e-\u001f\u007f-\u009f\u00ad\u034f\u0600-\u0605\u061c\u06dd\u070f\u0890-\u0891\u08e2\u115f-\u1160\u17b4-\u17b5\u180b-\u180f\u200b-\u200c\u200e-\u200f\u2028-\u202e\u2060-\u206f\u3164\ufe00-\ufe0d\ufeff\uffa0\ufff0-\ufffb\U000110bd\U000110cd\U00013430-\U0001343f\U0001bca0-\U0001bca3\U0001d173-\U0001d17a\U000e0000-\U000e001f\U000e0080-\U000e0fff]'
$$;

-- Every string inside a jsonb value (driver details, drop-off entries). Security definer: the
-- check runs as the member writing the row, who may execute this function but has no usage on
-- schema private, where the function it calls lives.
create function private.jsonb_has_hidden_characters(p_value jsonb)
returns boolean
language sql
immutable
security definer
set search_path = ''
as $$
  select coalesce(bool_or(private.has_hidden_characters(item #>> '{}')), false)
    from jsonb_path_query(p_value, 'strict $.**') as item
   where jsonb_typeof(item) = 'string'
$$;

-- Usernames --------------------------------------------------------------------------------
do $$
declare
  v_user record;
  v_name text;
begin
  for v_user in
    select id, discord_username from public.users
     where not (discord_username is nfkc normalized) or private.has_hidden_characters(discord_username)
     order by id
  loop
    v_name := regexp_replace(
      regexp_replace(normalize(v_user.discord_username, nfkc), '\s', '', 'g'),
      '[\u0001-\u001f\u007f-\u009f\u00ad\u034f\u061c\u115f-\u1160\u17b4-\u17b5\u180b-\u180f\u200b-\u200f\u2028-\u202e\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufffb]',
      '', 'g');
    if char_length(v_name) < 2 or exists (
      select 1 from public.users where lower(discord_username) = lower(v_name) and id <> v_user.id
    ) then
      v_name := left(v_name, 30) || '-' || v_user.id;
    end if;
    raise notice 'Username % (id %) is now %', v_user.discord_username, v_user.id, v_name;
    update public.users set discord_username = v_name where id = v_user.id;
  end loop;
end;
$$;

alter table public.users
  add constraint users_discord_username_normalised check (
    discord_username is nfkc normalized and not private.has_hidden_characters(discord_username)
  );

-- Other text -------------------------------------------------------------------------------
alter table public.users
  add constraint users_text_visible check (
    not private.has_hidden_characters(coalesce(name, '') || coalesce(revolut_username, '')
                                      || coalesce(company_name, ''))
    and not private.jsonb_has_hidden_characters(coalesce(driver_details, 'null'::jsonb))
  ) not valid;

alter table public.rides
  add constraint rides_text_visible check (
    not private.has_hidden_characters(pickup_location)
    and not private.jsonb_has_hidden_characters(dropoff_locations)
  ) not valid;

alter table public.ride_passengers
  add constraint ride_passengers_text_visible check (
    not private.has_hidden_characters(dropoff_location)
  ) not valid;

do $$
begin
  if not exists (
    select 1 from public.users
     where private.has_hidden_characters(coalesce(name, '') || coalesce(revolut_username, '')
                                         || coalesce(company_name, ''))
        or private.jsonb_has_hidden_characters(coalesce(driver_details, 'null'::jsonb))
  ) then
    alter table public.users validate constraint users_text_visible;
  end if;
  if not exists (
    select 1 from public.rides
     where private.has_hidden_characters(pickup_location)
        or private.jsonb_has_hidden_characters(dropoff_locations)
  ) then
    alter table public.rides validate constraint rides_text_visible;
  end if;
  if not exists (select 1 from public.ride_passengers where private.has_hidden_characters(dropoff_location)) then
    alter table public.ride_passengers validate constraint ride_passengers_text_visible;
  end if;
end;
$$;

-- The checks run as the role writing the row: members write their profile and their rides as
-- `authenticated`, which therefore may execute the two checks (it still cannot name them: it has
-- no usage on schema private).
revoke all on function private.has_hidden_characters(text) from public, anon, authenticated, service_role;
revoke all on function private.jsonb_has_hidden_characters(jsonb) from public, anon, authenticated, service_role;
grant execute on function private.has_hidden_characters(text) to authenticated;
grant execute on function private.jsonb_has_hidden_characters(jsonb) to authenticated;
