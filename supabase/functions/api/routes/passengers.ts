import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { z } from 'zod';

import { refusal } from '../../_shared/refusals.ts';
import { idParam, rideIdParams, ridePassengerIdParams } from '../../_shared/schemas/fields.ts';
import {
  joinRideAnswerSchema,
  passengerListSchema,
  passengerRemovedAnswerSchema,
  passengersChangeAnswerSchema,
} from '../../_shared/schemas/passengers-response.ts';
import { joinRideSchema, pickupTimeSchema, sequenceMoveSchema } from '../../_shared/schemas/rides.ts';
import { contractRoutes, json, jsonBody, mount, refused } from '../lib/contract.ts';
import { type AppEnv, requireCaller } from '../lib/env.ts';
import { HttpError } from '../lib/http-error.ts';
import { readBody, readId } from '../lib/validate.ts';
import { listPassengers } from '../queries/passengers.ts';
import { readRide } from '../queries/rides.ts';

// A ride's passengers: who joined, leaving and removing, and the stop order. Who may do what is
// the SQL functions' (30_passengers_waitlist.sql, 20_rides.sql); each route's contract
// (lib/contract.ts) names the refusals its handler and those functions give.
export const passengerRoutes = contractRoutes();

const tags = ['Passengers'];

// These routes name the ride `rideId` in their path (SPEC §7).
const rideIdPathParams = z.object({ rideId: idParam });
const ridePassengerPathParams = z.object({ rideId: idParam, passengerId: idParam });

async function passengersOf(c: Context<AppEnv>, rideId: number) {
  const db = c.get('db');
  if (!(await db.one('select 1 from public.rides where id = $1::integer', [rideId]))) {
    throw new HttpError(404, refusal('ride_not_found'));
  }
  return listPassengers(db, rideId);
}

// The ride as it is after the change; it exists: the change's function has just locked it.
async function rideNow(c: Context<AppEnv>, rideId: number) {
  const ride = await readRide(c.get('db'), true, rideId);
  if (!ride) throw new HttpError(404, refusal('ride_not_found'));
  return ride;
}

const listRidePassengers = createRoute({
  method: 'get',
  path: '/rides/{rideId}/passengers',
  tags,
  summary: "A ride's passengers; stops and contacts for the people on the ride only",
  request: { params: rideIdPathParams },
  responses: {
    200: json('The passenger entries, in stop order', passengerListSchema),
    ...refused({
      400: ['invalid_id'],
      401: ['login_to_see_passengers'],
      404: ['ride_not_found'],
    }),
  },
});
mount(passengerRoutes, listRidePassengers, async (c) => {
  if (!c.get('caller')) throw new HttpError(401, refusal('login_to_see_passengers'));
  return c.json(await passengersOf(c, readId(c, 'rideId', 'ride')), 200);
});

const joinRide = createRoute({
  method: 'post',
  path: '/rides/{id}/join',
  tags,
  summary: 'The caller joins a ride with their party and their stop',
  request: { params: rideIdParams, body: jsonBody(joinRideSchema) },
  responses: {
    201: json('The new entry and the ride as it now is', joinRideAnswerSchema),
    ...refused({
      400: ['invalid_id', 'invalid_json', 'body_not_object', 'invalid_input', 'ride_id_mismatch'],
      401: ['login_to_join'],
      403: ['join_not_allowed', 'member_suspended'],
      404: ['ride_not_found'],
      409: [
        'past_ride_unjoinable',
        'ride_completed',
        'own_ride',
        'own_ride_driver',
        'already_joined',
        'ride_full',
        'one_spot_remaining',
        'spots_remaining',
      ],
      410: ['ride_removed'],
      429: ['too_many_joins'],
    }),
  },
});
mount(passengerRoutes, joinRide, async (c) => {
  if (!c.get('caller')) throw new HttpError(401, refusal('login_to_join'));
  const rideId = readId(c, 'id', 'ride');
  const input = await readBody(c, joinRideSchema);
  if (input.rideId !== undefined && Number(input.rideId) !== rideId) {
    throw new HttpError(400, refusal('ride_id_mismatch'));
  }
  const db = c.get('db');
  const joined = await db.one<{ id: number }>('select app.join_ride($1::integer, $2::integer, $3::text) as id', [
    rideId,
    input.passengerCount,
    input.dropoffLocation,
  ]);
  return c.json(
    { message: 'Successfully joined the ride', passengerId: joined!.id, ride: await rideNow(c, rideId) },
    201,
  );
});

// The passenger takes back their own entry, or the organiser removes one.
const removePassenger = createRoute({
  method: 'delete',
  path: '/rides/{id}/passengers/{passengerId}',
  tags,
  summary: 'A passenger leaves the ride, or its organiser removes them',
  request: { params: ridePassengerIdParams },
  responses: {
    200: json('The entry is gone', passengerRemovedAnswerSchema),
    ...refused({
      400: ['invalid_id'],
      401: ['login_required'],
      403: ['remove_passenger_forbidden'],
      404: ['ride_not_found', 'passenger_not_found'],
      409: ['past_ride_passengers_stay'],
      410: ['ride_removed'],
    }),
  },
});
mount(passengerRoutes, removePassenger, async (c) => {
  requireCaller(c);
  const rideId = readId(c, 'id', 'ride');
  const passengerId = readId(c, 'passengerId', 'passenger');
  await c.get('db').query('select app.remove_ride_passenger($1::integer, $2::integer)', [rideId, passengerId]);
  return c.json({ message: 'Passenger Removed' }, 200);
});

// What a step of the stop order may be refused for (private.lock_drop_off_order,
// private.lock_ride_for_sequence): FC->SG the organiser's drop-off sequence, SG->FC the pickup
// order, which the assigned driver sets too (ADR 0040).
const STOP_ORDER_FORBIDDEN = ['sequence_organizer_only', 'pickup_order_forbidden'] as const;
const STOP_ORDER_FIXED = [
  'past_sequence_change',
  'past_pickup_order_change',
  'sequence_locked',
  'pickup_order_locked',
] as const;

const movePassenger = createRoute({
  method: 'patch',
  path: '/rides/{rideId}/passengers/{passengerId}/sequence',
  tags,
  summary: 'The organiser (or, going to Forest City, the driver) moves a stop in the draft order',
  request: { params: ridePassengerPathParams, body: jsonBody(sequenceMoveSchema) },
  responses: {
    200: json('The passengers in their new order', passengersChangeAnswerSchema),
    ...refused({
      400: ['invalid_id', 'invalid_json', 'body_not_object', 'invalid_input', 'sequence_out_of_range'],
      401: ['login_required'],
      403: [...STOP_ORDER_FORBIDDEN],
      404: ['ride_not_found', 'passenger_not_found'],
      409: [...STOP_ORDER_FIXED],
      410: ['ride_removed'],
    }),
  },
});
mount(passengerRoutes, movePassenger, async (c) => {
  requireCaller(c);
  const rideId = readId(c, 'rideId', 'ride');
  const passengerId = readId(c, 'passengerId', 'passenger');
  const { sequence } = await readBody(c, sequenceMoveSchema);
  await c
    .get('db')
    .query('select app.move_ride_passenger($1::integer, $2::integer, $3::integer)', [rideId, passengerId, sequence]);
  return c.json({ message: 'Passenger sequence updated', passengers: await passengersOf(c, rideId) }, 200);
});

// Issue 37 §3 (ADR 0040): about when the car picks a passenger of an SG->FC ride up, set by the
// organiser or the assigned driver; null clears it. The database decides who may and when.
const setPickupTime = createRoute({
  method: 'patch',
  path: '/rides/{rideId}/passengers/{passengerId}/pickupTime',
  tags,
  summary: 'The organiser or the driver sets (or clears) when the car picks a passenger up',
  request: { params: ridePassengerPathParams, body: jsonBody(pickupTimeSchema) },
  responses: {
    200: json('The passengers with the time', passengersChangeAnswerSchema),
    ...refused({
      400: ['invalid_id', 'invalid_json', 'body_not_object', 'invalid_input'],
      401: ['login_required'],
      403: ['pickup_order_forbidden'],
      404: ['ride_not_found', 'passenger_not_found'],
      409: ['pickup_time_sg_to_fc_only', 'past_pickup_time_change'],
      410: ['ride_removed'],
    }),
  },
});
mount(passengerRoutes, setPickupTime, async (c) => {
  requireCaller(c);
  const rideId = readId(c, 'rideId', 'ride');
  const passengerId = readId(c, 'passengerId', 'passenger');
  const { pickupTime } = await readBody(c, pickupTimeSchema);
  await c
    .get('db')
    .query('select app.set_pickup_time($1::integer, $2::integer, $3::time)', [rideId, passengerId, pickupTime]);
  return c.json({ message: 'Pickup time saved', passengers: await passengersOf(c, rideId) }, 200);
});

const lockSequence = createRoute({
  method: 'post',
  path: '/rides/{rideId}/lockSequence',
  tags,
  summary: 'The draft stop order becomes the stop numbers; no more moves',
  request: { params: rideIdPathParams },
  responses: {
    200: json('The passengers with their stop numbers', passengersChangeAnswerSchema),
    ...refused({
      400: ['invalid_id'],
      401: ['login_required'],
      403: [...STOP_ORDER_FORBIDDEN],
      404: ['ride_not_found'],
      409: [...STOP_ORDER_FIXED, 'no_passengers_yet'],
      410: ['ride_removed'],
    }),
  },
});
mount(passengerRoutes, lockSequence, async (c) => {
  requireCaller(c);
  const rideId = readId(c, 'rideId', 'ride');
  await c.get('db').query('select app.lock_ride_sequence($1::integer)', [rideId]);
  return c.json({ message: 'Sequence locked successfully', passengers: await passengersOf(c, rideId) }, 200);
});

// ADR 0002: the organiser takes the lock back to place a late joiner; the locked order stays as
// the draft and every stop number goes until the next lock.
const unlockSequence = createRoute({
  method: 'post',
  path: '/rides/{rideId}/unlockSequence',
  tags,
  summary: 'The stop numbers go; the locked order stays as the draft',
  request: { params: rideIdPathParams },
  responses: {
    200: json('The passengers in the draft order', passengersChangeAnswerSchema),
    ...refused({
      400: ['invalid_id'],
      401: ['login_required'],
      403: [...STOP_ORDER_FORBIDDEN],
      404: ['ride_not_found'],
      409: ['past_sequence_unlock', 'past_pickup_order_unlock', 'sequence_not_locked', 'pickup_order_not_locked'],
      410: ['ride_removed'],
    }),
  },
});
mount(passengerRoutes, unlockSequence, async (c) => {
  requireCaller(c);
  const rideId = readId(c, 'rideId', 'ride');
  await c.get('db').query('select app.unlock_ride_sequence($1::integer)', [rideId]);
  return c.json({ message: 'Sequence unlocked successfully', passengers: await passengersOf(c, rideId) }, 200);
});
