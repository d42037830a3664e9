-- Migration: a throttle's wait is never longer than its window (a brake's, than its spacing)
-- Purpose: private.take_window measured the wait from this request's now() to when the counted
--          actions age out. A concurrent request that began later (a later now()) and was counted
--          first, its row lock released before this one read the count, made the wait longer than
--          the window by the difference: of 35 joins sent at once, the refused were told to retry
--          in 3,601 s for a window of 3,600 (Retry-After). An action stamped after this
--          request's now() now counts as made now, so a throttle waits at most its window and a
--          brake at most window / limit.
-- Affects: private.take_window (create or replace; same signature, so grants stay).
-- Rollback: re-create private.take_window from 20261201002200_one_place_per_lookup.sql.

-- private.take_throttle (p_brake false) and private.take_brake (true): they differ only in the
-- wait. A throttle waits until enough of the window's actions age out for one more; a brake lets
-- one through every window / limit seconds, so a flood slows others down but never shuts them out.
-- An action stamped after this request's now() (by a concurrent request that began later and was
-- counted first, seen once its lock is released) counts as made now: otherwise the wait grew by
-- the difference, and a burst was told to retry in 3601 s for a window of 3600.
create or replace function private.take_window(p_limit text, p_subject text, p_message text, p_brake boolean) returns void
    language plpgsql
    set search_path to ''
as $$
declare
  v_max integer;
  v_window integer;
  v_count integer;
  v_last timestamp with time zone;
  v_retry integer;
begin
  select * into v_max, v_window, v_count, v_last from private.open_throttle(p_limit, p_subject);
  if not found then
    return;
  end if;

  if v_count >= v_max then
    if p_brake then
      v_retry := ceil(v_window::double precision / greatest(v_max, 1)
                      - greatest(extract(epoch from now() - v_last), 0))::integer;
    else
      select ceil(extract(epoch from least(happened_at, now()) + make_interval(secs => v_window) - now()))::integer
        into v_retry
        from private.throttle_events
       where limit_name = p_limit and subject = p_subject
         and happened_at > now() - make_interval(secs => v_window)
       order by happened_at
      offset v_count - v_max
       limit 1;
      v_retry := greatest(coalesce(v_retry, v_window), 1);
    end if;
    if v_retry > 0 then
      perform private.refuse_throttled(p_limit, p_message, v_retry);
    end if;
  end if;

  insert into private.throttle_events (limit_name, subject) values (p_limit, p_subject);
end;
$$;

