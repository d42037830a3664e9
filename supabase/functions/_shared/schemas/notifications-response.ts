import { z } from 'zod';

import { NOTIFICATION_KINDS } from '../types/notification.ts';

// The inbox (issue 13; api/routes/notifications.ts): the kinds match the check constraint of
// public.notifications, and the PWA words each item from its kind and params
// (_shared/notification-text.ts).

export const notificationKindSchema = z.enum(NOTIFICATION_KINDS).meta({ id: 'NotificationKind' });

export const notificationItemSchema = z
  .object({
    id: z.number().int(),
    // Null for what is about no ride (a vendor account's approval).
    rideId: z.number().int().nullable(),
    kind: notificationKindSchema,
    // What the kind's text names (a ride's date and place, a member's name, a sum), as it was
    // when it happened.
    params: z.record(z.string(), z.unknown()),
    createdAt: z.string(),
    readAt: z.string().nullable(),
  })
  .meta({ id: 'NotificationItem' });

// GET /api/notifications: newest first, one page; nextBefore continues below its last item.
export const notificationListSchema = z
  .object({
    items: z.array(notificationItemSchema),
    // The bell's number: the unread inbox and the unread ride chat messages (app.unread_count).
    unread: z.number().int().nonnegative(),
    nextBefore: z.number().int().nullable(),
  })
  .meta({ id: 'NotificationList' });

// POST /api/notifications/read: the bell's number afterwards.
export const unreadCountSchema = z.object({ unread: z.number().int().nonnegative() });
