import { Hono } from 'hono';

import { refusal } from '../../_shared/refusals.ts';
import {
  RIDE_ALERTS_MAX,
  type RideAlert,
  type RideAlertList,
  rideAlertSaveSchema,
} from '../../_shared/schemas/ride-alerts.ts';
import type { RequestDb } from '../lib/database.ts';
import { type AppEnv, requireCaller } from '../lib/env.ts';
import { HttpError } from '../lib/http-error.ts';
import { readBody, readId } from '../lib/validate.ts';
import { isoTimestamp } from '../queries/sql.ts';

export const rideAlertRoutes = new Hono<AppEnv>();

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

rideAlertRoutes.get('/ride-alerts', async (c) => {
  requireCaller(c);
  return c.json({ items: await listAlerts(c.get('db')), max: RIDE_ALERTS_MAX } satisfies RideAlertList);
});

// The limit and an already-ended range are the database's refusals (ride_alerts_limit).
rideAlertRoutes.post('/ride-alerts', async (c) => {
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
rideAlertRoutes.delete('/ride-alerts/:id', async (c) => {
  requireCaller(c);
  const id = readId(c, 'id', 'Ride alert id');
  const deleted = await c.get('db').query('delete from public.ride_alerts where id = $1 returning id', [id]);
  if (deleted.length === 0) throw new HttpError(404, refusal('ride_alert_not_found'));
  return c.json({ deleted: true });
});
