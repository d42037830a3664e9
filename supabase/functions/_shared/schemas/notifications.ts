import { z } from 'zod';

import { VALIDATION, validationMessage } from '../validation.ts';

export const NOTIFICATION_PAGE_LIMIT_DEFAULT = 20;
export const NOTIFICATION_PAGE_LIMIT_MAX = 50;
// A member keeps at most 200 notifications (migration 20261201000200), so one request never
// needs to name more.
export const NOTIFICATION_READ_IDS_MAX = 200;

const notificationId = z
  .number({ error: VALIDATION.ids_list.message })
  .int(VALIDATION.ids_whole.message)
  .positive(validationMessage('not_positive', { label: 'ids' }))
  .max(Number.MAX_SAFE_INTEGER, VALIDATION.ids_notification.message);

const LIMIT_RANGE = validationMessage('range', { label: 'limit', max: NOTIFICATION_PAGE_LIMIT_MAX });

// GET /api/notifications?before=<id>&limit=<1..50>: query parameters arrive as text.
export const notificationPageQuerySchema = z
  .object({
    before: z
      .string()
      .regex(/^[0-9]{1,15}$/, VALIDATION.before_id.message)
      .transform(Number)
      .refine((id) => id >= 1, VALIDATION.before_id.message)
      .optional(),
    limit: z
      .string()
      .regex(/^[0-9]{1,3}$/, LIMIT_RANGE)
      .transform(Number)
      .refine((limit) => limit >= 1 && limit <= NOTIFICATION_PAGE_LIMIT_MAX, LIMIT_RANGE)
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
          .array(notificationId, { error: VALIDATION.ids_list.message })
          .min(1, VALIDATION.ids_at_least_one.message)
          .max(NOTIFICATION_READ_IDS_MAX, validationMessage('ids_at_most', { max: NOTIFICATION_READ_IDS_MAX })),
      })
      .strict(),
    z.object({ all: z.literal(true, { error: VALIDATION.all_true.message }) }).strict(),
  ],
  { error: validationMessage('ids_or_all', { ids: '{"ids": [...]}', all: '{"all": true}' }) },
);
export type MarkNotificationsReadInput = z.infer<typeof markNotificationsReadSchema>;
