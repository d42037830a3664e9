-- What hosted Supabase already provides, for local hosts (PGlite, Debian PostgreSQL):
-- the API roles and the extensions schema with pgcrypto. Safe to run again, and a no-op
-- on Supabase, where all of it exists.
do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'anon') then
    create role anon nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticated') then
    create role authenticated nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'service_role') then
    create role service_role nologin noinherit bypassrls;
  end if;
exception
  -- Another database on the same server created them at the same moment.
  when duplicate_object or unique_violation then null;
end
$$;

-- The api connects as its own role and switches to these per request.
do $$
begin
  if not (select rolsuper from pg_roles where rolname = current_user)
     and not (pg_has_role(current_user, 'anon', 'member') and pg_has_role(current_user, 'authenticated', 'member')) then
    execute format('grant anon, authenticated to %I', current_user);
  end if;
end
$$;

create schema if not exists extensions;
create extension if not exists pgcrypto with schema extensions;
grant usage on schema extensions to anon, authenticated, service_role;
