import { type Context, Hono } from 'hono';

import { refusal } from '../../_shared/refusals.ts';
import {
  rideRequestListQuerySchema,
  rideRequestMeTooSchema,
  type RideRequestSaveInput,
  rideRequestSaveSchema,
} from '../../_shared/schemas/ride-requests.ts';
import { type AppEnv, requireCaller } from '../lib/env.ts';
import { HttpError } from '../lib/http-error.ts';
import { readBody, readId, readQuery } from '../lib/validate.ts';
import { readRideRequest, readRideRequests } from '../queries/ride-requests.ts';

// Ride requests, "Looking for a ride" (issue 24 §1): every rule (who may change a request, one
// open request per member, direction and day, the throttles, the window) is the database's
// (migration 20261201002000_ride_requests.sql); these routes validate and call its functions.
export const rideRequestRoutes = new Hono<AppEnv>();

function saveParams(input: RideRequestSaveInput): unknown[] {
  return [
    input.direction,
    input.date,
    input.startTime,
    input.endTime,
    input.passengerCount,
    input.area,
    input.note ?? null,
  ];
}

async function answerRequest(c: Context<AppEnv>, requestId: number, status: 200 | 201 = 200) {
  const request = await readRideRequest(c.get('db'), requestId);
  if (!request) throw new HttpError(404, refusal('ride_request_not_found'));
  return c.json(request, status);
}

rideRequestRoutes.get('/ride-requests', async (c) => {
  return c.json(await readRideRequests(c.get('db'), readQuery(c, rideRequestListQuerySchema)));
});

rideRequestRoutes.get('/ride-requests/:id', async (c) => answerRequest(c, readId(c, 'id', 'ride request')));

rideRequestRoutes.post('/ride-requests', async (c) => {
  requireCaller(c);
  const input = await readBody(c, rideRequestSaveSchema);
  const created = await c.get('db').one<{ id: number }>(
    `select app.post_ride_request($1::public.ride_direction, $2::date, $3::time, $4::time,
                                    $5::integer, $6::text, $7::text) as id`,
    saveParams(input),
  );
  return answerRequest(c, created!.id, 201);
});

rideRequestRoutes.patch('/ride-requests/:id', async (c) => {
  requireCaller(c);
  const requestId = readId(c, 'id', 'ride request');
  const input = await readBody(c, rideRequestSaveSchema);
  await c.get('db').query(
    `select app.update_ride_request($1::integer, $2::public.ride_direction, $3::date, $4::time, $5::time,
                                      $6::integer, $7::text, $8::text)`,
    [requestId, ...saveParams(input)],
  );
  return answerRequest(c, requestId);
});

// "Found a ride".
rideRequestRoutes.post('/ride-requests/:id/close', async (c) => {
  requireCaller(c);
  const requestId = readId(c, 'id', 'ride request');
  await c.get('db').query('select app.close_ride_request($1::integer)', [requestId]);
  return answerRequest(c, requestId);
});

rideRequestRoutes.delete('/ride-requests/:id', async (c) => {
  requireCaller(c);
  const requestId = readId(c, 'id', 'ride request');
  await c.get('db').query('select app.delete_ride_request($1::integer)', [requestId]);
  return c.json({ message: 'Ride request deleted' });
});

rideRequestRoutes.post('/ride-requests/:id/me-too', async (c) => {
  requireCaller(c);
  const requestId = readId(c, 'id', 'ride request');
  const input = await readBody(c, rideRequestMeTooSchema);
  await c
    .get('db')
    .query('select app.join_ride_request($1::integer, $2::integer, $3::text)', [
      requestId,
      input.passengerCount,
      input.area,
    ]);
  return answerRequest(c, requestId);
});

rideRequestRoutes.delete('/ride-requests/:id/me-too', async (c) => {
  requireCaller(c);
  const requestId = readId(c, 'id', 'ride request');
  await c.get('db').query('select app.leave_ride_request($1::integer)', [requestId]);
  return answerRequest(c, requestId);
});
