-- Migration: a member's record counted from their own rows
-- Purpose: issue 36 §1. app.member_record_json (the "N trips · N no-shows" line under each
--          passenger) filtered every past ride on "organiser or passenger", which no index
--          serves: each call read the community's whole history, and past 50,000 rides its plan
--          passed jit_above_cost, so each call was also compiled (135-440 ms, once per passenger
--          listed, in every passenger list and offline bundle). It now counts two disjoint parts
--          from the member's own rows: the rides they organised (rides_creator_date_id_idx) and
--          the other rides they rode on (ride_passengers_user_id_idx). Same answer.
-- Affects: app.member_record_json (create or replace; same signature and grants).
-- Rollback: create or replace app.member_record_json with its text in 20261201002972.

create or replace function app.member_record_json(p_user_id integer) returns json
    language sql stable security definer
    set search_path to ''
as $$
  select json_build_object(
    'trips',
      (select count(*) from public.rides r where r.creator_id = p_user_id and r.date <= now())
      + (select count(*)
           from public.ride_passengers p
           join public.rides r on r.id = p.ride_id
          where p.user_id = p_user_id
            and r.date <= now()
            and r.creator_id is distinct from p_user_id
            and not exists (
              select 1 from public.ride_no_shows n where n.ride_id = p.ride_id and n.user_id = p.user_id
            )),
    'noShows', (select count(*) from public.ride_no_shows n where n.user_id = p_user_id)
  )
    from public.users u
   where u.id = p_user_id
$$;
