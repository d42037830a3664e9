-- The 64 shards of the ride lists' data version (20_rides.sql): a write bumps its shard's row
-- and never inserts one, so every shard is here from the start.
--
-- Reference data: `npm run db:migration` carries a change here into the migration it writes
-- (docs/decisions/0044-reference-data-in-seed-files.md).
insert into private.ride_list_versions (shard)
select generate_series(0, 63);
