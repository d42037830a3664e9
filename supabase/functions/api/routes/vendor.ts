import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';

import { refusal } from '../../_shared/refusals.ts';
import { rideIdParams } from '../../_shared/schemas/fields.ts';
import { rideChangeAnswerSchema, rideListSchema } from '../../_shared/schemas/rides-response.ts';
import { rideVendorAnswerSchema } from '../../_shared/schemas/vendor-response.ts';
import type { Ride } from '../../_shared/types/ride.ts';
import { contractRoutes, json, mount, refused } from '../lib/contract.ts';
import { type AppEnv, requireCaller } from '../lib/env.ts';
import { HttpError } from '../lib/http-error.ts';
import { jsonText } from '../lib/json-text.ts';
import { readId } from '../lib/validate.ts';
import { listRidesJson, readRide } from '../queries/rides.ts';
import { readRideVendor } from '../queries/vendor.ts';

// Vendors (migration 20261124000400_vendor_approval.sql): an approved vendor takes open rides
// and drives them. Who may take, release or see what is the SQL functions' (60_vendors.sql);
// each route's contract (lib/contract.ts) names the refusals its handler and those functions give.
export const vendorRoutes = contractRoutes();

const tags = ['Vendors'];

// The ride as it is after the change; it exists: the change's function has just locked it.
async function rideNow(c: Context<AppEnv>, rideId: number) {
  const ride = await readRide(c.get('db'), true, rideId);
  if (!ride) throw new HttpError(404, refusal('ride_not_found'));
  return ride;
}

// A vendor still waiting for approval may open it too: it lists only rides assigned to them.
const listVendorRides = createRoute({
  method: 'get',
  path: '/vendor/rides',
  tags,
  summary: "The rides assigned to the caller, a vendor: the dashboard's list",
  responses: {
    200: json('Every ride the caller drives, past ones included, by date', rideListSchema),
    ...refused({ 401: ['login_required'], 403: ['vendor_dashboard_only'] }),
  },
});
mount(vendorRoutes, listVendorRides, async (c) => {
  const caller = requireCaller(c);
  const db = c.get('db');
  const vendor = await db.one('select 1 from public.users where id = $1::integer and is_vendor', [caller.userId]);
  if (!vendor) throw new HttpError(403, refusal('vendor_dashboard_only'));
  return jsonText<Ride[]>(c, await listRidesJson(db, true, 'assigned-to-me'));
});

// app.assign_ride refuses a caller who is not an approved vendor, a vendor holding 10 upcoming
// rides already, and a ride that is taken or past (migration 20261124000400).
const assignRide = createRoute({
  method: 'post',
  path: '/rides/{id}/assign',
  tags,
  summary: 'An approved vendor takes an open ride',
  request: { params: rideIdParams },
  responses: {
    200: json('The ride, assigned to the caller', rideChangeAnswerSchema),
    ...refused({
      400: ['invalid_id'],
      401: ['login_required'],
      403: ['vendors_only_assign', 'vendor_pending', 'vendor_revoked'],
      404: ['ride_not_found'],
      409: ['already_assigned', 'ride_in_past', 'passenger_cannot_drive', 'vendor_assignment_limit'],
      410: ['ride_removed'],
    }),
  },
});
mount(vendorRoutes, assignRide, async (c) => {
  requireCaller(c);
  const rideId = readId(c, 'id', 'ride');
  await c.get('db').query('select app.assign_ride($1::integer)', [rideId]);
  return c.json({ message: 'Ride assigned successfully', ride: await rideNow(c, rideId) }, 200);
});

// The assigned vendor or the organiser: the ride goes back to open for any approved vendor.
const releaseRide = createRoute({
  method: 'post',
  path: '/rides/{id}/release',
  tags,
  summary: 'The assigned vendor or the organiser gives an upcoming ride back to the open list',
  request: { params: rideIdParams },
  responses: {
    200: json('The ride, open again', rideChangeAnswerSchema),
    ...refused({
      400: ['invalid_id'],
      401: ['login_required'],
      403: ['release_forbidden'],
      404: ['ride_not_found'],
      409: ['no_vendor_to_release', 'past_ride_vendor_stays'],
      410: ['ride_removed'],
    }),
  },
});
mount(vendorRoutes, releaseRide, async (c) => {
  requireCaller(c);
  const rideId = readId(c, 'id', 'ride');
  await c.get('db').query('select app.release_ride($1::integer)', [rideId]);
  return c.json({ message: 'Driver released: the ride is open again', ride: await rideNow(c, rideId) }, 200);
});

// The vendor's company, driver, plate and contact: for the ride's organiser, its passengers and
// the vendor only (app.ride_vendor checks; 403 for anyone else). `vendor` is null while the ride
// is open.
const getRideVendor = createRoute({
  method: 'get',
  path: '/rides/{id}/vendor',
  tags,
  summary: 'Who drives an assigned ride, for the people on it',
  request: { params: rideIdParams },
  responses: {
    200: json('The vendor, or null while the ride is open', rideVendorAnswerSchema),
    ...refused({
      400: ['invalid_id'],
      401: ['login_required'],
      403: ['vendor_details_private'],
      404: ['ride_not_found'],
      410: ['ride_removed'],
    }),
  },
});
mount(vendorRoutes, getRideVendor, async (c) => {
  requireCaller(c);
  const rideId = readId(c, 'id', 'ride');
  return c.json({ vendor: await readRideVendor(c.get('db'), rideId) }, 200);
});
