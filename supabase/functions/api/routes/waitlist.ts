import { createRoute } from '@hono/zod-openapi';

import { rideIdParams } from '../../_shared/schemas/fields.ts';
import { joinWaitlistSchema, waitlistSchema } from '../../_shared/schemas/waitlist.ts';
import { joinWaitlistAnswerSchema, leaveWaitlistAnswerSchema } from '../../_shared/schemas/waitlist-response.ts';
import { contractRoutes, json, jsonBody, mount, refused } from '../lib/contract.ts';
import { requireCaller } from '../lib/env.ts';
import { readBody, readId } from '../lib/validate.ts';
import { readWaitlist } from '../queries/waitlist.ts';

// The waitlist of a full ride (issue 13, migration 20261201000400_waitlist.sql): the SQL
// functions check who may queue and lock the ride; promotion happens in the database, in the
// transaction that frees the seats. Each route's contract (lib/contract.ts) names the refusals
// its handler and those functions give.
export const waitlistRoutes = contractRoutes();

const tags = ['Waitlist'];

const getWaitlist = createRoute({
  method: 'get',
  path: '/rides/{id}/waitlist',
  tags,
  summary: "The caller's place in a ride's queue; for the organiser, who waits",
  request: { params: rideIdParams },
  responses: {
    200: json('The queue as the caller may see it', waitlistSchema),
    ...refused({
      400: ['invalid_id'],
      401: ['login_required'],
      404: ['ride_not_found'],
      410: ['ride_removed'],
    }),
  },
});
mount(waitlistRoutes, getWaitlist, async (c) => {
  requireCaller(c);
  const rideId = readId(c, 'id', 'ride');
  return c.json(await readWaitlist(c.get('db'), rideId), 200);
});

// The refusals are app.join_ride's, in its words, plus the waitlist's own.
const joinWaitlist = createRoute({
  method: 'post',
  path: '/rides/{id}/waitlist',
  tags,
  summary: 'The caller queues their party for a ride it does not fit',
  request: { params: rideIdParams, body: jsonBody(joinWaitlistSchema) },
  responses: {
    201: json("The caller's place and the queue", joinWaitlistAnswerSchema),
    ...refused({
      400: ['invalid_id', 'invalid_json', 'body_not_object', 'invalid_input'],
      401: ['login_required'],
      403: ['join_not_allowed', 'member_suspended'],
      404: ['ride_not_found'],
      409: [
        'past_ride_unjoinable',
        'ride_completed',
        'own_ride',
        'own_ride_driver',
        'already_joined',
        'already_waitlisted',
        'seats_limit',
        'waitlist_one_spot_free',
        'waitlist_spots_free',
      ],
      410: ['ride_removed'],
      429: ['too_many_joins'],
    }),
  },
});
mount(waitlistRoutes, joinWaitlist, async (c) => {
  requireCaller(c);
  const rideId = readId(c, 'id', 'ride');
  const input = await readBody(c, joinWaitlistSchema);
  const db = c.get('db');
  const joined = await db.one<{ position: number }>(
    'select app.join_waitlist($1::integer, $2::integer, $3::text) as position',
    [rideId, input.passengerCount, input.dropoffLocation],
  );
  return c.json(
    {
      message: `You are #${joined!.position} on the waitlist`,
      position: joined!.position,
      waitlist: await readWaitlist(db, rideId),
    },
    201,
  );
});

const leaveWaitlist = createRoute({
  method: 'delete',
  path: '/rides/{id}/waitlist',
  tags,
  summary: "The caller leaves a ride's queue (always allowed, past rides included)",
  request: { params: rideIdParams },
  responses: {
    200: json('The queue without the caller', leaveWaitlistAnswerSchema),
    ...refused({
      400: ['invalid_id'],
      401: ['login_required'],
      404: ['ride_not_found', 'not_waitlisted'],
      410: ['ride_removed'],
    }),
  },
});
mount(waitlistRoutes, leaveWaitlist, async (c) => {
  requireCaller(c);
  const rideId = readId(c, 'id', 'ride');
  const db = c.get('db');
  await db.query('select app.leave_waitlist($1::integer)', [rideId]);
  return c.json({ message: 'You left the waitlist', waitlist: await readWaitlist(db, rideId) }, 200);
});
