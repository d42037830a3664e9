-- Migration: a departed member's name is found in Chinese text too (issue 26 §2)
-- Purpose: private.without_names (20261201003030) took a word's edge to be any letter, so a
--          name inside Chinese, written without spaces, was never found. A word now ends where
--          no ASCII letter or digit follows: "Al" still is not in "Always".
-- Affects: private.without_names (create or replace; same signature).
-- Rollback: restore private.without_names from 20261201003030_deletion_erases_moderation_traces.sql.

create or replace function private.without_names(p_text text, p_names text[]) returns text
    language plpgsql immutable
    set search_path to ''
as $$
declare
  v_text text := p_text;
  v_name text;
begin
  foreach v_name in array coalesce(p_names, array[]::text[]) loop
    if coalesce(btrim(v_name), '') <> '' then
      -- The name taken literally: every character that is not a letter, digit or space escaped.
      v_text := regexp_replace(v_text,
        '(?<![A-Za-z0-9])' || regexp_replace(v_name, '([^[:alnum:][:space:]])', '\\\1', 'g') || '(?![A-Za-z0-9])',
        'a former member', 'gi');
    end if;
  end loop;
  return v_text;
end;
$$;

revoke all on function private.without_names(p_text text, p_names text[]) from public;
