import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';

import {
  markNotificationsReadSchema,
  type NotificationPageQuery,
  notificationPageQuerySchema,
} from '../../_shared/schemas/notifications.ts';
import { notificationListSchema, unreadCountSchema } from '../../_shared/schemas/notifications-response.ts';
import type { NotificationList } from '../../_shared/types/notification.ts';
import { contractRoutes, json, jsonBody, mount, refused } from '../lib/contract.ts';
import type { RequestDb } from '../lib/database.ts';
import { type AppEnv, requireCaller } from '../lib/env.ts';
import { readBody, readQuery } from '../lib/validate.ts';
import { isoTimestamp } from '../queries/sql.ts';

export const notificationRoutes = contractRoutes();

const tags = ['Notifications'];

const readPageQuery = (c: Context<AppEnv>): NotificationPageQuery => readQuery(c, notificationPageQuerySchema);

// RLS limits every query here to the caller's own rows (migration 20261201000100). The bell's
// number: the unread inbox, the ride chats counted by their unread messages (app.unread_count).
async function unreadCount(db: RequestDb): Promise<number> {
  const row = await db.one<{ unread: number }>('select app.unread_count() as unread');
  return row?.unread ?? 0;
}

// Newest first, one page at a time; nextBefore continues below the last item shown.
const getNotifications = createRoute({
  method: 'get',
  path: '/notifications',
  tags,
  summary: "The signed-in member's inbox, newest first, a page at a time",
  request: { query: notificationPageQuerySchema },
  responses: {
    200: json('One page, and the unread count', notificationListSchema),
    ...refused({ 400: ['invalid_input', 'parameter_repeated'], 401: ['login_required'] }),
  },
});
mount(notificationRoutes, getNotifications, async (c) => {
  requireCaller(c);
  const query = readPageQuery(c);
  const db = c.get('db');
  const items = await db.query<NotificationList['items'][number]>(
    `select id::float8 as "id", ride_id as "rideId", kind, params,
            ${isoTimestamp('created_at')} as "createdAt",
            case when read_at is null then null else ${isoTimestamp('read_at')} end as "readAt"
       from public.notifications
      where user_id = app.current_user_id()
        and ($1::bigint is null or id < $1::bigint)
      order by id desc
      limit $2::integer + 1`,
    [query.before ?? null, query.limit],
  );
  const more = items.length > query.limit;
  const page = more ? items.slice(0, query.limit) : items;
  const body: NotificationList = {
    items: page,
    unread: await unreadCount(db),
    nextBefore: more ? page[page.length - 1]!.id : null,
  };
  return c.json(body, 200);
});

const markRead = createRoute({
  method: 'post',
  path: '/notifications/read',
  tags,
  summary: 'Mark the items seen as read, or all of them',
  request: { body: jsonBody(markNotificationsReadSchema) },
  responses: {
    200: json('The unread count now', unreadCountSchema),
    ...refused({ 400: ['invalid_json', 'body_not_object', 'invalid_input'], 401: ['login_required'] }),
  },
});
mount(notificationRoutes, markRead, async (c) => {
  requireCaller(c);
  const input = await readBody(c, markNotificationsReadSchema);
  const db = c.get('db');
  if ('all' in input) {
    await db.query(
      'update public.notifications set read_at = now() where read_at is null and user_id = app.current_user_id()',
    );
  } else {
    // Ids of other members' rows match nothing: RLS hides them.
    // The ids travel as JSON text (::text first: postgres.js would encode a string sent as jsonb
    // a second time), which every host passes the same way.
    await db.query(
      `update public.notifications set read_at = now()
        where read_at is null
          and id in (select jsonb_array_elements_text($1::text::jsonb)::bigint)`,
      [JSON.stringify(input.ids)],
    );
  }
  return c.json({ unread: await unreadCount(db) }, 200);
});
