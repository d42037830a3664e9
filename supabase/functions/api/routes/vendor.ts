import { Hono } from 'hono';
import { type AppEnv, requireCaller } from '../lib/env.ts';
import { HttpError } from '../lib/http-error.ts';
import { jsonText } from '../lib/json-text.ts';
import { readId } from '../lib/validate.ts';
import { listRidesJson, readRide } from '../queries/rides.ts';

export const vendorRoutes = new Hono<AppEnv>();

vendorRoutes.get('/vendor/rides', async (c) => {
  const caller = requireCaller(c);
  const db = c.get('db');
  const vendor = await db.one('select 1 from public.users where id = $1::integer and is_vendor', [caller.userId]);
  if (!vendor) throw new HttpError(403, 'Only vendors have a vendor dashboard');
  return jsonText(c, await listRidesJson(db, true, 'assigned-to-me'));
});

// public.assign_ride refuses a caller who is not a vendor.
vendorRoutes.post('/rides/:id/assign', async (c) => {
  requireCaller(c);
  const rideId = readId(c, 'id', 'ride');
  const db = c.get('db');
  await db.query('select public.assign_ride($1::integer)', [rideId]);
  return c.json({ message: 'Ride assigned successfully', ride: await readRide(db, true, rideId) });
});
