import { Hono } from 'hono';

import { offerHandoverSchema, type RideHandover } from '../../_shared/schemas/ride-handovers.ts';
import type { RequestDb } from '../lib/database.ts';
import { type AppEnv, requireCaller } from '../lib/env.ts';
import { readBody, readId } from '../lib/validate.ts';
import { readRide } from '../queries/rides.ts';

// Handing a ride over to a passenger (issue 26 §2): who may offer, accept or decline, and what
// accepting changes, are the database's (supabase/schemas/59_ride_handovers.sql); these routes
// validate and call its functions.
export const rideHandoverRoutes = new Hono<AppEnv>();

async function pendingOffer(db: RequestDb, rideId: number) {
  const row = await db.one<{ handover: RideHandover }>('select app.ride_handover_json($1::integer) as handover', [
    rideId,
  ]);
  return row?.handover ?? null;
}

rideHandoverRoutes.get('/rides/:id/handover', async (c) => {
  requireCaller(c);
  const rideId = readId(c, 'id', 'ride');
  return c.json({ handover: await pendingOffer(c.get('db'), rideId) });
});

rideHandoverRoutes.post('/rides/:id/handover', async (c) => {
  requireCaller(c);
  const rideId = readId(c, 'id', 'ride');
  const { toUserId } = await readBody(c, offerHandoverSchema);
  await c.get('db').query('select app.offer_ride_handover($1::integer, $2::integer)', [rideId, toUserId]);
  return c.json({ handover: await pendingOffer(c.get('db'), rideId) }, 201);
});

// The organiser withdraws the offer, or the passenger offered declines it.
rideHandoverRoutes.delete('/rides/:id/handover', async (c) => {
  requireCaller(c);
  const rideId = readId(c, 'id', 'ride');
  await c.get('db').query('select app.withdraw_ride_handover($1::integer)', [rideId]);
  return c.json({ handover: null });
});

rideHandoverRoutes.post('/rides/:id/handover/accept', async (c) => {
  requireCaller(c);
  const rideId = readId(c, 'id', 'ride');
  const db = c.get('db');
  await db.query('select app.accept_ride_handover($1::integer)', [rideId]);
  return c.json({ ride: await readRide(db, true, rideId) });
});
