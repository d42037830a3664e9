-- Migration: who may read a member's row, planned without knowing the member
-- Purpose: issue 36. app.member_visible is a SQL function, so its plan is made for any
--          p_user_id. Where a few organisers hold most rides, that plan found "the member's
--          first visible ride" by walking rides_date_id_idx: 1,566 buffers and 130 ms on
--          PostgreSQL for a passenger who organises nothing, at 50,000 rides, once per other
--          member a statement reads (a ride's passengers, the offline bundle). Asked as a range
--          of one value it walks rides_creator_date_id_idx: 3 buffers.
-- Affects: app.member_visible (create or replace, same signature, grants and answer).
-- Rollback: the function as in 20261206200000_reads_from_own_rows.sql.

-- Whether the caller may read this member's row: they organise a ride the list shows, or the
-- caller has shared a ride with them (one probe of trip_mates' key). In one definer function:
-- as a subquery of the policy, "organises a ride" was planned as a hash of every ride. The first
-- question asks for the member's earliest ride in rides_creator_date_id_idx's own order. A SQL
-- function's plan never knows p_user_id: with "creator_id = p_user_id" the planner drops
-- creator_id from the order (it is one value) and, where a few organisers hold most rides,
-- walks rides_date_id_idx for the first match, all 50,000 rides for a member who organises
-- none. A range of one value keeps creator_id in the order, which only that index gives.
create or replace function app.member_visible(p_user_id integer) returns boolean
    language sql stable security definer cost 1000
    set search_path to ''
as $$
  select (
           select r.id from public.rides r
            where r.creator_id between p_user_id and p_user_id and r.hidden_at is null
            order by r.creator_id, r.date, r.id
            limit 1
         ) is not null
      or exists (
           select 1 from private.trip_mates t
            where t.user_id = (select app.current_user_id()) and t.mate_id = p_user_id
         );
$$;

revoke all on function app.member_visible(integer) from public;
grant all on function app.member_visible(integer) to authenticated;
