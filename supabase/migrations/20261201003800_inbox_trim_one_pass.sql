-- Migration: the inbox trim reads each told member's rows once and locks only what it deletes
--            (issue 24 §2)
-- Purpose: with full inboxes (every member told already at the 200 kept), creating a ride that
--          tells 76 members by their alerts cost x5.4-6.5 of today's (no alerts) on PGlite:
--          private.notifications_keep_newest counted each told member's rows, then deleted member
--          by member with FOR UPDATE under an OFFSET, which locks the 200 kept rows too. It now
--          makes one pass over each member's index entries, newest first (no bitmap scan, which
--          reads them in the table's order and sorts), locks only the rows past the 200th,
--          skipping any another transaction holds, and deletes them in one statement: x3.5-3.7.
--          Same rule: a member keeps their newest 200.
-- Affects: private.notifications_keep_newest (create or replace; same trigger).
-- Rollback: restore private.notifications_keep_newest from
--           20261201003700_ride_alerts_cheaper_telling.sql.

-- A member's inbox keeps their newest 200: each new row drops what falls off the end, reading
-- only that member's rows through notifications_user_id_id_idx. Rows another transaction holds
-- are skipped, not waited for (two events for one member at once must not deadlock): the next
-- insert drops them. Neither sequential nor bitmap scans: PL/pgSQL plans these queries once per
-- session, and a plan made while the inbox was small (a scan of the whole table, the cheapest
-- then) was kept for every insert after, reading more with each one (PGlite never analyzes on
-- its own); a bitmap scan reads a member's rows in the table's order and sorts them, where the
-- index gives them newest first.
create or replace function private.notifications_keep_newest() returns trigger
    language plpgsql security definer
    set search_path to ''
    set enable_seqscan to off
    set enable_bitmapscan to off
as $$
declare
  v_members integer[] := array(select distinct i.user_id from inserted i);
begin
  -- An INSERT that told nobody (a ride no alert or follower matched) still fires this.
  if cardinality(v_members) = 0 then
    return null;
  end if;
  -- Once per statement over the rows it inserted: a ride's alerts tell dozens of members in one
  -- INSERT (ADR 0024), and with full inboxes every one of them is trimmed. One pass over each
  -- member's index entries, newest first, finds what lies past their 200th; only those rows are
  -- locked (FOR UPDATE under an OFFSET would lock the 200 kept ones too) and deleted, all in one
  -- statement: counting first and then deleting member by member read every inbox twice.
  delete from public.notifications where id in (
    select n.id
      from public.notifications n
     where n.id in (
       select past.id
         from unnest(v_members) as m(user_id)
         cross join lateral (
           select x.id from public.notifications x
            where x.user_id = m.user_id
            order by x.id desc
           offset 200
         ) past
     )
       for update of n skip locked
  );
  return null;
end;
$$;
