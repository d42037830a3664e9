-- Migration: the member's language in their profile
-- Purpose: the app reads in English, 简体中文 or Bahasa Melayu. The first visit follows the
--          browser and a choice is remembered on the device; a member's choice is also kept
--          here, so their other devices (and a phone after a reinstall) switch to it when they
--          sign in.
-- Affects: new column public.users.language (null: never chosen) with the check
--          users_language_known; select and update grants on it for authenticated.
-- Notes: only the member's own answers (/api/auth/me, login, register, PATCH /api/users/{id})
--        carry it: the api reads it in lib/respond-user.ts, nowhere else. The list of languages
--        is the PWA's (src/lib/i18n/languages.ts) and the api's (_shared/schemas/auth.ts
--        PROFILE_LANGUAGES); a new language widens the check in a new migration. Runs unchanged
--        on PostgreSQL 15, Supabase (17) and PGlite (18).

alter table public.users
  add column language text,
  add constraint users_language_known check (language in ('en', 'zh', 'ms'));
comment on column public.users.language is
  'The language the member chose for the app: en, zh or ms; null when they never chose.';

-- The member writes their own (the policy "members update their own profile" keeps it to their row).
grant select (language) on public.users to authenticated;
grant update (language) on public.users to authenticated;
