-- Migration: the inbox and push kinds of ride requests and ride alerts (issue 24 §1, §2)
-- Purpose: 'ride_request_offered' tells everyone on a ride request that an organiser started a
--          ride for it; 'ride_alert' tells a member that a ride matching one of their alerts was
--          posted. Both are written by the database in the transaction of the change, like the
--          other kinds, and a device opts into each for Web Push.
-- Affects: the check constraints notifications_kind_check and push_subscriptions_kinds_check.
-- Rollback: delete the rows of the two kinds, then restore both constraints without them.

alter table public.notifications drop constraint notifications_kind_check;
alter table public.notifications add constraint notifications_kind_check check (kind in (
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
  'return_trip',
  'vendor_approved',
  'vendor_revoked',
  'ride_request_offered',
  'ride_alert'
));

alter table public.push_subscriptions drop constraint push_subscriptions_kinds_check;
alter table public.push_subscriptions add constraint push_subscriptions_kinds_check check (
  kinds <@ array[
    'passenger_joined', 'passenger_left', 'removed_from_ride', 'ride_changed', 'ride_deleted',
    'vendor_assigned', 'vendor_released', 'waitlist_seat', 'sequence_locked',
    'payment_reminder', 'return_trip', 'vendor_approved', 'vendor_revoked',
    'ride_request_offered', 'ride_alert'
  ]::text[]
);
