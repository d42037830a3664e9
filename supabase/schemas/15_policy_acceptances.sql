-- Privacy notice and community rules
--
-- Which version of the privacy notice (/privacy) and of the community rules (/rules) each member
-- accepted, and when (issue 26 §2). The versions are dates the app names
-- (supabase/functions/_shared/policies.ts); a member accepts both when registering, and again
-- when one changes. A row is never changed: accepting a new version adds one.
--
-- The database as it is now; supabase/migrations is how it got here. To change it, see the
-- README, "Changing the database".

create table public.policy_acceptances (
  user_id integer not null references public.users (id) on delete cascade,
  document text not null check (document in ('privacy', 'rules')),
  version text not null check (version ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
  accepted_at timestamptz not null default now(),
  -- The primary key's first column is the one the policies filter on.
  primary key (user_id, document, version)
);

comment on table public.policy_acceptances is
  'The versions of the privacy notice and community rules each member accepted, and when (issue 26).';

alter table public.policy_acceptances enable row level security;

revoke all on public.policy_acceptances from public, anon, authenticated;

-- A member reads their own and adds their own; the time is always the database's.
grant select on public.policy_acceptances to authenticated;

grant insert (user_id, document, version) on public.policy_acceptances to authenticated;

create policy "members see their own acceptances"
  on public.policy_acceptances for select to authenticated
  using (user_id = (select app.current_user_id()));

create policy "members accept for themselves"
  on public.policy_acceptances for insert to authenticated
  with check (user_id = (select app.current_user_id()));
