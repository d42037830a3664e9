-- The abuse limits (05_throttles.sql): one row per limit the api and the triggers enforce.
--
-- Reference data: `npm run db:migration` carries a change here into the migration it writes, as
-- the rows' difference (docs/decisions/0044-reference-data-in-seed-files.md). The owner may tune
-- max_count and window_seconds on the live database; a migration changes only the values edited
-- here, and a new limit that is already there keeps the live row.
insert into private.throttle_limits (name, max_count, window_seconds, description)
values
  -- Accounts
  ('register:client', 20, 3600, 'accounts registered from one client address'),
  ('register:network', 50, 3600, 'accounts registered from one network (an IPv4 /24 or an IPv6 /64)'),
  ('register:all', 200, 3600,
   'accounts registered by everyone together before registrations slow to one every window_seconds / max_count seconds'),
  ('login:pair', 5, 900, 'failed logins for one username from one client address'),
  ('login:device', 10, 900, 'failed logins from one known device of the member, from any address'),
  ('login:name', 100, 900, 'failed logins for one username from devices it has not logged in from, any address'),
  ('reset-code:pair', 5, 900, 'failed reset codes for one username from one client address'),
  ('reset-code:device', 10, 900, 'failed reset codes from one known device of the member, from any address'),
  ('reset-code:name', 100, 900,
   'failed reset codes for one username from devices it has not logged in from, any address'),
  ('failures:client', 20, 900, 'failed logins and reset codes from one client address, any username'),
  -- Rides and seats (a null window: a count of what is current, not of events)
  ('rides:upcoming', 10, null, 'upcoming rides one member organises at once'),
  ('rides:created', 30, 86400, 'rides one member creates'),
  ('rides:edits', 30, 3600, 'edits of their rides by one organiser'),
  ('series:running', 2, null, 'weekly series one member runs at once (not ended, with a date to come)'),
  ('passengers:changes', 30, 3600, 'joins and leaves of one member (refused joins only: a leave always goes through)'),
  ('handovers:offered', 5, 3600,
   'new offers to hand a ride over one organiser makes per hour (the same offer again is not one)'),
  ('ride_requests:posted', 10, 86400, 'ride requests one member posts or edits per day'),
  ('ride_requests:me-too', 30, 86400, '"Me too" taps of one member per day'),
  ('payments:remind', 1, 43200, 'payment reminders an organiser sends for one ride'),
  -- Messages and pushes
  ('chat:messages', 60, 3600, 'messages one member sends in one ride''s conversation per hour'),
  ('reports:filed', 10, 86400, 'reports one member files per day'),
  ('push:devices', 10, null, 'Web Push devices one member keeps; saving one more replaces the one saved longest ago'),
  ('push:ride', 120, 3600, 'pushes one ride''s events may queue (past it, the events reach the inbox only)'),
  ('push:ride-changed', 1, 600, '"ride changed" pushes per member and ride: a burst of edits wakes a phone once'),
  -- The day of the trip (issue 40): a busy day is a step every few minutes; a stuck finger is not.
  ('trip:steps', 60, 3600, 'trip steps one member sets on one ride'),
  -- One every 15 s is 240 an hour; the rest is room for a phone that moves fast (100 m sooner).
  ('trip:positions', 480, 3600, 'car positions the driver shares for one ride');
