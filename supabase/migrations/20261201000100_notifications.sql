-- Migration: a notification inbox for every member
-- Purpose: the app tells people what happened to their rides (issue 13): a row per recipient
--          and event, read in the in-app inbox (bell and unread count) and, for members who opt
--          in, sent as Web Push after the request commits. Events are written in the same
--          transaction as the change that causes them, by triggers and ride functions calling
--          private.notify, so an event exists exactly when its change committed.
-- Affects: new table public.notifications; new function private.notify.
-- Notes: the text a member sees is built from kind + params by the client (and the push
--        sender), so it can be shown in the member's language; params carry what the text needs
--        (ride direction and date, the other member's display name, counts), copied at the time
--        of the event so a deleted ride still reads right. Nobody is told about their own
--        action: private.notify skips the caller. Runs unchanged on PostgreSQL 15, Supabase (17)
--        and PGlite (18).

create table public.notifications (
  id bigint generated always as identity primary key,
  user_id integer not null references public.users (id) on delete cascade,
  -- Kept null once the ride is deleted: the params still say which ride it was.
  ride_id integer references public.rides (id) on delete set null,
  kind text not null check (kind in (
    'passenger_joined',
    'passenger_left',
    'removed_from_ride',
    'ride_changed',
    'ride_deleted',
    'vendor_assigned',
    'vendor_released',
    'waitlist_seat',
    'sequence_locked',
    'payment_reminder',
    'return_trip'
  )),
  params jsonb not null default '{}'::jsonb check (
    jsonb_typeof(params) = 'object' and octet_length(params::text) <= 4000
  ),
  created_at timestamptz not null default now(),
  read_at timestamptz
);
comment on table public.notifications is
  'Inbox: one row per recipient and event; written by private.notify in the transaction of the change.';

-- The inbox reads a member's newest first; the bell counts the unread.
create index notifications_user_id_id_idx on public.notifications (user_id, id desc);
create index notifications_unread_idx on public.notifications (user_id) where read_at is null;
create index notifications_ride_id_idx on public.notifications (ride_id);

alter table public.notifications enable row level security;

revoke all on public.notifications from public, anon, authenticated;
grant select on public.notifications to authenticated;
-- Marking read is the only change a member makes to their inbox.
grant update (read_at) on public.notifications to authenticated;

create policy "members read their own notifications"
  on public.notifications for select
  to authenticated
  using (user_id = (select app.current_user_id()));

create policy "members mark their own notifications read"
  on public.notifications for update
  to authenticated
  using (user_id = (select app.current_user_id()))
  with check (user_id = (select app.current_user_id()));

-- The one way an event is recorded. Security definer: triggers fire as the API role, which may
-- not insert notifications for other members itself.
create function private.notify(p_user_id integer, p_ride_id integer, p_kind text, p_params jsonb)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if p_user_id is null or p_user_id is not distinct from app.current_user_id() then
    return;
  end if;
  insert into public.notifications (user_id, ride_id, kind, params)
  values (p_user_id, p_ride_id, p_kind, coalesce(p_params, '{}'::jsonb));
end;
$$;

revoke all on function private.notify(integer, integer, text, jsonb) from public, anon, authenticated;
