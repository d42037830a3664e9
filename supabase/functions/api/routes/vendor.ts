import { Hono } from 'hono';

import { refusal } from '../../_shared/refusals.ts';
import { type AppEnv, requireCaller } from '../lib/env.ts';
import { HttpError } from '../lib/http-error.ts';
import { jsonText } from '../lib/json-text.ts';
import { readId } from '../lib/validate.ts';
import { listRidesJson, readRide } from '../queries/rides.ts';
import { readRideVendor } from '../queries/vendor.ts';

export const vendorRoutes = new Hono<AppEnv>();

// A vendor still waiting for approval may open it too: it lists only rides assigned to them.
vendorRoutes.get('/vendor/rides', async (c) => {
  const caller = requireCaller(c);
  const db = c.get('db');
  const vendor = await db.one('select 1 from public.users where id = $1::integer and is_vendor', [caller.userId]);
  if (!vendor) throw new HttpError(403, refusal('vendor_dashboard_only'));
  return jsonText(c, await listRidesJson(db, true, 'assigned-to-me'));
});

// app.assign_ride refuses a caller who is not an approved vendor, a vendor holding 10 upcoming
// rides already, and a ride that is taken or past (migration 20261124000400).
vendorRoutes.post('/rides/:id/assign', async (c) => {
  requireCaller(c);
  const rideId = readId(c, 'id', 'ride');
  const db = c.get('db');
  await db.query('select app.assign_ride($1::integer)', [rideId]);
  return c.json({ message: 'Ride assigned successfully', ride: await readRide(db, true, rideId) });
});

// The assigned vendor or the organiser: the ride goes back to open for any approved vendor.
vendorRoutes.post('/rides/:id/release', async (c) => {
  requireCaller(c);
  const rideId = readId(c, 'id', 'ride');
  const db = c.get('db');
  await db.query('select app.release_ride($1::integer)', [rideId]);
  return c.json({ message: 'Driver released: the ride is open again', ride: await readRide(db, true, rideId) });
});

// The vendor's company, driver, plate and contact: for the ride's organiser, its passengers and
// the vendor only (app.ride_vendor checks; 403 for anyone else). `vendor` is null while the ride
// is open.
vendorRoutes.get('/rides/:id/vendor', async (c) => {
  requireCaller(c);
  const rideId = readId(c, 'id', 'ride');
  return c.json({ vendor: await readRideVendor(c.get('db'), rideId) });
});
