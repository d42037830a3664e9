import { z } from 'zod';

export const NOTIFICATION_PAGE_LIMIT_DEFAULT = 20;
export const NOTIFICATION_PAGE_LIMIT_MAX = 50;
// A member keeps at most 200 notifications (migration 20261201000200), so one request never
// needs to name more.
export const NOTIFICATION_READ_IDS_MAX = 200;

const notificationId = z
  .number({ error: 'ids must be a list of notification ids' })
  .int('ids must be whole numbers')
  .positive('ids must be positive')
  .max(Number.MAX_SAFE_INTEGER, 'ids must be notification ids');

// GET /api/notifications?before=<id>&limit=<1..50>: query parameters arrive as text.
export const notificationPageQuerySchema = z
  .object({
    before: z
      .string()
      .regex(/^[0-9]{1,15}$/, 'before must be a notification id')
      .transform(Number)
      .refine((id) => id >= 1, 'before must be a notification id')
      .optional(),
    limit: z
      .string()
      .regex(/^[0-9]{1,3}$/, `limit must be a whole number from 1 to ${NOTIFICATION_PAGE_LIMIT_MAX}`)
      .transform(Number)
      .refine(
        (limit) => limit >= 1 && limit <= NOTIFICATION_PAGE_LIMIT_MAX,
        `limit must be a whole number from 1 to ${NOTIFICATION_PAGE_LIMIT_MAX}`,
      )
      .default(NOTIFICATION_PAGE_LIMIT_DEFAULT),
  })
  .strict();
export type NotificationPageQuery = z.infer<typeof notificationPageQuerySchema>;

// POST /api/notifications/read: either the ids the member saw or everything.
export const markNotificationsReadSchema = z.union(
  [
    z
      .object({
        ids: z
          .array(notificationId, { error: 'ids must be a list of notification ids' })
          .min(1, 'ids must name at least one notification')
          .max(NOTIFICATION_READ_IDS_MAX, `At most ${NOTIFICATION_READ_IDS_MAX} ids at once`),
      })
      .strict(),
    z.object({ all: z.literal(true, { error: 'all must be true' }) }).strict(),
  ],
  { error: 'Send {"ids": [...]} or {"all": true}' },
);
export type MarkNotificationsReadInput = z.infer<typeof markNotificationsReadSchema>;
