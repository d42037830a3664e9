-- Migration: a new account starts with no failed logins against its name
-- Purpose: issue 35 §6. Failed logins counted against a username passed to whoever registered
--          that name after it was freed: private.delete_member clears the member's own, but
--          guesses at the freed name (and a login under way as the member left) were still
--          counted, and locked the name's next owner out. An account's insert now clears the
--          failures keyed by its name (login and reset-code scopes).
-- Affects: private.users_start_without_failures (new), trigger users_start_without_failures on
--          public.users (after insert).
-- Rollback: drop trigger users_start_without_failures on public.users;
--           drop function private.users_start_without_failures();

-- A new account starts with no failed logins against its name. Those counted before were
-- against a name that was nobody's, or a member's who left (private.delete_member clears theirs,
-- but guesses go on at a freed name, and a login under way as they left records one after): a
-- count that protected no account must not lock its next owner out.
create function private.users_start_without_failures() returns trigger
    language plpgsql security definer
    set search_path to ''
as $$
begin
  delete from private.login_failures
   where throttle_key in (private.member_throttle_key('login', new.discord_username),
                          private.member_throttle_key('reset-code', new.discord_username));
  return new;
end;
$$;

revoke all on function private.users_start_without_failures() from public;

create trigger users_start_without_failures
  after insert on public.users
  for each row execute function private.users_start_without_failures();
