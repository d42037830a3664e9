-- Names nobody but the admin may take (10_members_sessions.sql), nor anything that reads as them.
--
-- Reference data: `npm run db:migration` carries a change here into the migration it writes
-- (docs/decisions/0044-reference-data-in-seed-files.md).
insert into private.reserved_names (name)
values
  ('admin'),
  ('administrator'),
  ('support'),
  ('moderator'),
  ('FC RideShare'),
  ('RideShare'),
  -- What a member who deleted their account is shown as (users.erased_at): nobody else is.
  ('a former member');
