import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';

import { refusal } from '../../_shared/refusals.ts';
import { rideIdParams } from '../../_shared/schemas/fields.ts';
import {
  rideRequestListQuerySchema,
  rideRequestListSchema,
  rideRequestMeTooSchema,
  type RideRequestSaveInput,
  rideRequestSaveSchema,
  rideRequestSchema,
} from '../../_shared/schemas/ride-requests.ts';
import { rideRequestDeletedSchema } from '../../_shared/schemas/ride-requests-response.ts';
import { contractRoutes, json, jsonBody, mount, refused } from '../lib/contract.ts';
import { type AppEnv, requireCaller } from '../lib/env.ts';
import { HttpError } from '../lib/http-error.ts';
import { readBody, readId, readQuery } from '../lib/validate.ts';
import { readRideRequest, readRideRequests } from '../queries/ride-requests.ts';

// Ride requests, "Looking for a ride" (issue 24 §1): every rule (who may change a request, one
// open request per member, direction and day, the throttles, the window) is the database's
// (migration 20261201002000_ride_requests.sql); these routes validate and call its functions.
// Each route's contract (lib/contract.ts) names the refusals its handler and those functions give.
export const rideRequestRoutes = contractRoutes();

const tags = ['Ride requests'];
// The path's id is a request's; its shape is a ride's.
const requestIdParams = rideIdParams;

// private.request_window: the day and the window, in Singapore time.
const WINDOW_REFUSED = ['ride_request_window_order', 'ride_request_window_past', 'ride_request_too_far'] as const;
const BODY_REFUSED = ['invalid_json', 'body_not_object', 'invalid_input'] as const;

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

// The request as it now reads; a hidden one (or one gone) is not found.
async function requestNow(c: Context<AppEnv>, requestId: number) {
  const request = await readRideRequest(c.get('db'), requestId);
  if (!request) throw new HttpError(404, refusal('ride_request_not_found'));
  return request;
}

const listRequests = createRoute({
  method: 'get',
  path: '/ride-requests',
  tags,
  summary: 'The open requests, soonest window first; by direction and day',
  request: { query: rideRequestListQuerySchema },
  responses: {
    200: json('The requests (200 at most)', rideRequestListSchema),
    ...refused({ 400: ['parameter_repeated', 'invalid_input'] }),
  },
});
mount(rideRequestRoutes, listRequests, async (c) => {
  return c.json(await readRideRequests(c.get('db'), readQuery(c, rideRequestListQuerySchema)), 200);
});

const getRequest = createRoute({
  method: 'get',
  path: '/ride-requests/{id}',
  tags,
  summary: 'One request, open or not',
  request: { params: requestIdParams },
  responses: {
    200: json('The request', rideRequestSchema),
    ...refused({ 400: ['invalid_id'], 404: ['ride_request_not_found'] }),
  },
});
mount(rideRequestRoutes, getRequest, async (c) => c.json(await requestNow(c, readId(c, 'id', 'ride request')), 200));

const postRequest = createRoute({
  method: 'post',
  path: '/ride-requests',
  tags,
  summary: 'The caller asks for a ride: direction, day, window, party and area',
  request: { body: jsonBody(rideRequestSaveSchema) },
  responses: {
    201: json('The new request', rideRequestSchema),
    ...refused({
      400: [...BODY_REFUSED, ...WINDOW_REFUSED],
      401: ['login_required'],
      403: ['member_suspended'],
      404: ['ride_request_not_found'],
      409: ['ride_request_exists'],
      429: ['too_many_ride_requests'],
    }),
  },
});
mount(rideRequestRoutes, postRequest, async (c) => {
  requireCaller(c);
  const input = await readBody(c, rideRequestSaveSchema);
  const created = await c.get('db').one<{ id: number }>(
    `select app.post_ride_request($1::public.ride_direction, $2::date, $3::time, $4::time,
                                    $5::integer, $6::text, $7::text) as id`,
    saveParams(input),
  );
  return c.json(await requestNow(c, created!.id), 201);
});

const updateRequest = createRoute({
  method: 'patch',
  path: '/ride-requests/{id}',
  tags,
  summary: 'The requester (or the admin) changes an open request',
  request: { params: requestIdParams, body: jsonBody(rideRequestSaveSchema) },
  responses: {
    200: json('The request as it now is', rideRequestSchema),
    ...refused({
      400: ['invalid_id', ...BODY_REFUSED, ...WINDOW_REFUSED],
      401: ['login_required'],
      403: ['not_ride_request_owner'],
      404: ['ride_request_not_found'],
      409: ['ride_request_closed', 'ride_request_exists'],
      429: ['too_many_ride_requests'],
    }),
  },
});
mount(rideRequestRoutes, updateRequest, async (c) => {
  requireCaller(c);
  const requestId = readId(c, 'id', 'ride request');
  const input = await readBody(c, rideRequestSaveSchema);
  await c.get('db').query(
    `select app.update_ride_request($1::integer, $2::public.ride_direction, $3::date, $4::time, $5::time,
                                      $6::integer, $7::text, $8::text)`,
    [requestId, ...saveParams(input)],
  );
  return c.json(await requestNow(c, requestId), 200);
});

// What only the requester (or the admin) may do to a request (private.lock_own_request).
const OWN_REQUEST_REFUSED = {
  400: ['invalid_id'],
  401: ['login_required'],
  403: ['not_ride_request_owner'],
  404: ['ride_request_not_found'],
} as const;

// "Found a ride".
const closeRequest = createRoute({
  method: 'post',
  path: '/ride-requests/{id}/close',
  tags,
  summary: 'The requester found a ride: the request closes',
  request: { params: requestIdParams },
  responses: {
    200: json('The request, closed', rideRequestSchema),
    ...refused(OWN_REQUEST_REFUSED),
  },
});
mount(rideRequestRoutes, closeRequest, async (c) => {
  requireCaller(c);
  const requestId = readId(c, 'id', 'ride request');
  await c.get('db').query('select app.close_ride_request($1::integer)', [requestId]);
  return c.json(await requestNow(c, requestId), 200);
});

const deleteRequest = createRoute({
  method: 'delete',
  path: '/ride-requests/{id}',
  tags,
  summary: 'The requester (or the admin) deletes a request',
  request: { params: requestIdParams },
  responses: {
    200: json('The request is gone', rideRequestDeletedSchema),
    ...refused(OWN_REQUEST_REFUSED),
  },
});
mount(rideRequestRoutes, deleteRequest, async (c) => {
  requireCaller(c);
  const requestId = readId(c, 'id', 'ride request');
  await c.get('db').query('select app.delete_ride_request($1::integer)', [requestId]);
  return c.json({ message: 'Ride request deleted' }, 200);
});

// "Me too": the caller's party and area join an open request (again: they are updated).
const joinRequest = createRoute({
  method: 'post',
  path: '/ride-requests/{id}/me-too',
  tags,
  summary: "The caller's party joins another member's open request",
  request: { params: requestIdParams, body: jsonBody(rideRequestMeTooSchema) },
  responses: {
    200: json('The request with the caller among its members', rideRequestSchema),
    ...refused({
      400: ['invalid_id', ...BODY_REFUSED],
      401: ['login_required'],
      403: ['me_too_not_allowed'],
      404: ['ride_request_not_found'],
      409: ['ride_request_closed', 'own_ride_request'],
      429: ['too_many_me_too'],
    }),
  },
});
mount(rideRequestRoutes, joinRequest, async (c) => {
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
  return c.json(await requestNow(c, requestId), 200);
});

// Leaving one the caller is not on changes nothing.
const leaveRequest = createRoute({
  method: 'delete',
  path: '/ride-requests/{id}/me-too',
  tags,
  summary: "The caller's party leaves a request",
  request: { params: requestIdParams },
  responses: {
    200: json('The request without the caller', rideRequestSchema),
    ...refused({ 400: ['invalid_id'], 401: ['login_required'], 404: ['ride_request_not_found'] }),
  },
});
mount(rideRequestRoutes, leaveRequest, async (c) => {
  requireCaller(c);
  const requestId = readId(c, 'id', 'ride request');
  await c.get('db').query('select app.leave_ride_request($1::integer)', [requestId]);
  return c.json(await requestNow(c, requestId), 200);
});
