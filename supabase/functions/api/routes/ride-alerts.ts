import { createRoute } from '@hono/zod-openapi';

import { refusal } from '../../_shared/refusals.ts';
import { rideIdParams } from '../../_shared/schemas/fields.ts';
import {
  RIDE_ALERTS_MAX,
  type RideAlert,
  type RideAlertList,
  rideAlertListSchema,
  rideAlertSaveSchema,
  rideAlertSchema,
} from '../../_shared/schemas/ride-alerts.ts';
import { rideAlertDeletedSchema } from '../../_shared/schemas/ride-alerts-response.ts';
import { contractRoutes, json, jsonBody, mount, refused } from '../lib/contract.ts';
import type { RequestDb } from '../lib/database.ts';
import { requireCaller } from '../lib/env.ts';
import { HttpError } from '../lib/http-error.ts';
import { readBody, readId } from '../lib/validate.ts';
import { isoTimestamp } from '../queries/sql.ts';

// A member's ride alerts (issue 24 §2; 55_ride_alerts.sql): told when a ride matching one is
// posted. Each route's contract (lib/contract.ts) names the refusals its handler and the
// database give.
export const rideAlertRoutes = contractRoutes();

const tags = ['Ride alerts'];
// The path's id is an alert's; its shape is a ride's.
const alertIdParams = rideIdParams;

// Days and times as the member wrote them: a date column would come back as a Date at the
// host's midnight, which is not Singapore's.
const ALERT_COLUMNS = `
  id, direction::text as direction,
  to_char(first_day, 'YYYY-MM-DD') as "firstDay",
  to_char(last_day, 'YYYY-MM-DD') as "lastDay",
  weekdays::int[] as weekdays,
  to_char(window_start, 'HH24:MI') as "windowStart",
  to_char(window_end, 'HH24:MI') as "windowEnd",
  ${isoTimestamp('created_at')} as "createdAt"`;

// RLS shows the caller only their own alerts; an ended dated alert is no longer one of them.
async function listAlerts(db: RequestDb): Promise<RideAlert[]> {
  return db.query<RideAlert>(
    `select ${ALERT_COLUMNS} from public.ride_alerts
      where user_id = app.current_user_id()
        and (last_day is null or last_day >= (now() at time zone 'Asia/Singapore')::date)
      order by id`,
  );
}

const listRideAlerts = createRoute({
  method: 'get',
  path: '/ride-alerts',
  tags,
  summary: "The caller's ride alerts that have not ended",
  responses: {
    200: json('The alerts, and how many one may hold', rideAlertListSchema),
    ...refused({ 401: ['login_required'] }),
  },
});
mount(rideAlertRoutes, listRideAlerts, async (c) => {
  requireCaller(c);
  return c.json({ items: await listAlerts(c.get('db')), max: RIDE_ALERTS_MAX } satisfies RideAlertList, 200);
});

// The limit and an already-ended range are the database's refusals (ride_alerts_limit).
const saveRideAlert = createRoute({
  method: 'post',
  path: '/ride-alerts',
  tags,
  summary: 'The caller sets an alert: a direction, days and a window in Singapore time',
  request: { body: jsonBody(rideAlertSaveSchema) },
  responses: {
    201: json('The new alert', rideAlertSchema),
    ...refused({
      400: ['invalid_json', 'body_not_object', 'invalid_input', 'ride_alert_over'],
      401: ['login_required'],
      409: ['ride_alerts_limit'],
    }),
  },
});
mount(rideAlertRoutes, saveRideAlert, async (c) => {
  const caller = requireCaller(c);
  const input = await readBody(c, rideAlertSaveSchema);
  const row = await c.get('db').one<RideAlert>(
    `insert into public.ride_alerts (user_id, direction, first_day, last_day, weekdays, window_start, window_end)
     values ($1, $2::public.ride_direction, $3::date, $4::date, $5::smallint[], $6::time, $7::time)
     returning ${ALERT_COLUMNS}`,
    [caller.userId, input.direction, input.firstDay, input.lastDay, input.weekdays, input.windowStart, input.windowEnd],
  );
  return c.json(row!, 201);
});

// Another member's alert is as unknown as one that never was (RLS hides it).
const deleteRideAlert = createRoute({
  method: 'delete',
  path: '/ride-alerts/{id}',
  tags,
  summary: 'The caller deletes one of their alerts',
  request: { params: alertIdParams },
  responses: {
    200: json('The alert is gone', rideAlertDeletedSchema),
    ...refused({ 400: ['invalid_id'], 401: ['login_required'], 404: ['ride_alert_not_found'] }),
  },
});
mount(rideAlertRoutes, deleteRideAlert, async (c) => {
  requireCaller(c);
  const id = readId(c, 'id', 'Ride alert id');
  const deleted = await c.get('db').query('delete from public.ride_alerts where id = $1 returning id', [id]);
  if (deleted.length === 0) throw new HttpError(404, refusal('ride_alert_not_found'));
  return c.json({ deleted: true as const }, 200);
});
