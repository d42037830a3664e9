-- Migration: the public list of ride requests is bounded (issue 24 §1)
-- Purpose: app.ride_requests_json answers at most the 200 soonest open requests (one by id is
--          unchanged), so GET /api/ride-requests stays small whatever members post.
-- Affects: app.ride_requests_json (create or replace; same signature, so grants stay).
-- Rollback: restore it from 20261201002000_ride_requests.sql.

create or replace function app.ride_requests_json(p_request_id integer, p_direction public.ride_direction, p_day date)
returns json
language sql stable security definer
set search_path = ''
as $$
  select coalesce(json_agg(json_build_object(
    'id', r.id,
    'requesterId', r.requester_id,
    'requesterName', (select u.name from public.users u where u.id = r.requester_id),
    'direction', r.direction,
    'date', to_char(r.day, 'YYYY-MM-DD'),
    'startTime', to_char(r.window_start at time zone 'Asia/Singapore', 'HH24:MI'),
    'endTime', to_char(r.window_end at time zone 'Asia/Singapore', 'HH24:MI'),
    'windowStart', to_char(r.window_start at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'windowEnd', to_char(r.window_end at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'passengerCount', r.passenger_count,
    'area', r.area,
    'note', r.note,
    'status', case when r.status = 'open' and r.window_end <= now() then 'ended' else r.status end,
    'people', r.passenger_count + coalesce((
      select sum(m.passenger_count) from public.ride_request_members m where m.request_id = r.id), 0),
    'parties', 1 + (select count(*) from public.ride_request_members m where m.request_id = r.id),
    'members', coalesce((
      select json_agg(json_build_object(
        'userId', m.user_id,
        'name', (select u.name from public.users u where u.id = m.user_id),
        'passengerCount', m.passenger_count,
        'area', m.area) order by m.created_at, m.user_id)
        from public.ride_request_members m where m.request_id = r.id), '[]'::json),
    'ride', (
      select json_build_object(
        'id', d.id, 'direction', d.direction,
        'date', to_char(d.date at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
        from public.rides d where d.id = r.ride_id)
  ) order by r.window_start, r.id), '[]'::json)
  from (
    select * from public.ride_requests q
     where case
       when p_request_id is not null then q.id = p_request_id
       else q.status = 'open' and q.window_end > now()
         and (p_direction is null or q.direction = p_direction)
         and (p_day is null or q.day = p_day)
     end
     order by q.window_start, q.id
     limit 200
  ) r
$$;
