// The inbox contract (issue 13): the kinds match the check constraint of public.notifications,
// and one item is what GET /api/notifications answers per row.
import type { z } from 'zod';

import type { notificationItemSchema, notificationListSchema } from '../schemas/notifications-response.ts';

export const NOTIFICATION_KINDS = [
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
  'ride_alert',
  'chat_message',
  'ride_removed',
  'organiser_ride',
  'handover_offered',
  'ride_handed_over',
  'handover_declined',
  'handover_withdrawn',
  'trip_update',
  'still_coming',
] as const;

export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

// The admin's decision on a vendor account: told to vendors only, about no ride.
export const VENDOR_NOTIFICATION_KINDS: readonly NotificationKind[] = ['vendor_approved', 'vendor_revoked'];

// One item of GET /api/notifications, and the page (schemas/notifications-response.ts declares
// them).
export type NotificationItem = z.infer<typeof notificationItemSchema>;
export type NotificationList = z.infer<typeof notificationListSchema>;
