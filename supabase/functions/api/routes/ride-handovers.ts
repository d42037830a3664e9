import { createRoute } from '@hono/zod-openapi';

import { refusal } from '../../_shared/refusals.ts';
import { rideIdParams } from '../../_shared/schemas/fields.ts';
import { offerHandoverSchema, type RideHandover } from '../../_shared/schemas/ride-handovers.ts';
import { handoverAcceptAnswerSchema, handoverAnswerSchema } from '../../_shared/schemas/ride-handovers-response.ts';
import { contractRoutes, json, jsonBody, mount, refused } from '../lib/contract.ts';
import type { RequestDb } from '../lib/database.ts';
import { requireCaller } from '../lib/env.ts';
import { HttpError } from '../lib/http-error.ts';
import { readBody, readId } from '../lib/validate.ts';
import { readRide } from '../queries/rides.ts';

// Handing a ride over to a passenger (issue 26 §2): who may offer, accept or decline, and what
// accepting changes, are the database's (supabase/schemas/59_ride_handovers.sql); these routes
// validate and call its functions. Each route's contract (lib/contract.ts) names the refusals
// its handler and those functions give.
export const rideHandoverRoutes = contractRoutes();

const tags = ['Ride hand-overs'];

async function pendingOffer(db: RequestDb, rideId: number) {
  const row = await db.one<{ handover: RideHandover }>('select app.ride_handover_json($1::integer) as handover', [
    rideId,
  ]);
  return row?.handover ?? null;
}

// For the organiser who made it and the passenger offered; null for anyone else, and for a ride
// that has none (or is not there).
const getHandover = createRoute({
  method: 'get',
  path: '/rides/{id}/handover',
  tags,
  summary: "The ride's pending hand-over offer, for the two members it is between",
  request: { params: rideIdParams },
  responses: {
    200: json('The offer, or null', handoverAnswerSchema),
    ...refused({ 400: ['invalid_id'], 401: ['login_required'] }),
  },
});
mount(rideHandoverRoutes, getHandover, async (c) => {
  requireCaller(c);
  const rideId = readId(c, 'id', 'ride');
  return c.json({ handover: await pendingOffer(c.get('db'), rideId) }, 200);
});

// An offer already made goes (one per ride); the same offer again changes nothing.
const offerHandover = createRoute({
  method: 'post',
  path: '/rides/{id}/handover',
  tags,
  summary: 'The organiser offers their upcoming ride to one of its passengers',
  request: { params: rideIdParams, body: jsonBody(offerHandoverSchema) },
  responses: {
    201: json('The offer as it now stands', handoverAnswerSchema),
    ...refused({
      400: ['invalid_id', 'invalid_json', 'body_not_object', 'invalid_input'],
      401: ['login_required'],
      403: ['handover_organizer_only', 'handover_not_allowed'],
      404: ['ride_not_found'],
      409: ['handover_past_ride', 'handover_not_passenger'],
      410: ['ride_removed'],
      429: ['too_many_handover_offers'],
    }),
  },
});
mount(rideHandoverRoutes, offerHandover, async (c) => {
  requireCaller(c);
  const rideId = readId(c, 'id', 'ride');
  const { toUserId } = await readBody(c, offerHandoverSchema);
  await c.get('db').query('select app.offer_ride_handover($1::integer, $2::integer)', [rideId, toUserId]);
  return c.json({ handover: await pendingOffer(c.get('db'), rideId) }, 201);
});

// The organiser withdraws the offer, or the passenger offered declines it; no offer between the
// caller and the ride is nothing to do.
const withdrawHandover = createRoute({
  method: 'delete',
  path: '/rides/{id}/handover',
  tags,
  summary: 'The organiser withdraws the offer, or the passenger offered declines it',
  request: { params: rideIdParams },
  responses: {
    200: json('No offer any more', handoverAnswerSchema),
    ...refused({
      400: ['invalid_id'],
      401: ['login_required'],
      404: ['ride_not_found'],
      410: ['ride_removed'],
    }),
  },
});
mount(rideHandoverRoutes, withdrawHandover, async (c) => {
  requireCaller(c);
  const rideId = readId(c, 'id', 'ride');
  await c.get('db').query('select app.withdraw_ride_handover($1::integer)', [rideId]);
  return c.json({ handover: null }, 200);
});

// The new organiser's ride edit counts against rides:edits (private.ride_edits_throttle).
const acceptHandover = createRoute({
  method: 'post',
  path: '/rides/{id}/handover/accept',
  tags,
  summary: 'The passenger offered the ride takes it over',
  request: { params: rideIdParams },
  responses: {
    200: json('The ride, organised by the caller now', handoverAcceptAnswerSchema),
    ...refused({
      400: ['invalid_id'],
      401: ['login_required'],
      403: ['handover_not_allowed'],
      404: ['ride_not_found', 'handover_not_offered'],
      409: ['handover_past_ride'],
      410: ['ride_removed'],
      429: ['too_many_ride_edits'],
    }),
  },
});
mount(rideHandoverRoutes, acceptHandover, async (c) => {
  requireCaller(c);
  const rideId = readId(c, 'id', 'ride');
  const db = c.get('db');
  await db.query('select app.accept_ride_handover($1::integer)', [rideId]);
  const ride = await readRide(db, true, rideId);
  // The function has just locked and changed it: it is there.
  if (!ride) throw new HttpError(404, refusal('ride_not_found'));
  return c.json({ ride }, 200);
});
