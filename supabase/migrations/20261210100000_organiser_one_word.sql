-- Migration: organiser, one word
-- Purpose: one word for the member who opens a ride (issue 38 §3): the columns, constraints,
--          indexes and functions that said "creator" or "organizer" say "organiser". The JSON
--          keys SPEC fixes (creatorId, creatorName, organizerName, organizerPassengerCount,
--          creator) and the refusal codes already shipped keep their names.
-- Affects: renames columns public.rides.creator_id, public.rides.organizer_passenger_count,
--          public.ride_series.creator_id; constraints rides_creator_id_fkey,
--          rides_organizer_fits, rides_organizer_passenger_count_check,
--          ride_series_creator_id_fkey; indexes public.rides_creator_date_id_idx,
--          public.ride_series_creator_id_idx; function private.organizer_location.
--          Written by hand: a diff tool sees a renamed column as one dropped and one added, which
--          would lose every ride's organiser. The function bodies that read the new names follow
--          in the next, generated, migration (ADR 0046).
-- Rollback: the same renames the other way, then the previous function bodies.

alter table public.rides rename column creator_id to organiser_id;

alter table public.rides rename column organizer_passenger_count to organiser_passenger_count;

alter table public.ride_series rename column creator_id to organiser_id;

alter table public.rides rename constraint rides_creator_id_fkey to rides_organiser_id_fkey;

alter table public.rides rename constraint rides_organizer_fits to rides_organiser_fits;

alter table public.rides rename constraint rides_organizer_passenger_count_check to rides_organiser_passenger_count_check;

alter table public.ride_series rename constraint ride_series_creator_id_fkey to ride_series_organiser_id_fkey;

alter index public.rides_creator_date_id_idx rename to rides_organiser_date_id_idx;

alter index public.ride_series_creator_id_idx rename to ride_series_organiser_id_idx;

alter function private.organizer_location(public.ride_direction, text, jsonb) rename to organiser_location;
