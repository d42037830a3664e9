import { Hono } from 'hono';

import { joinWaitlistSchema } from '../../_shared/schemas/waitlist.ts';
import { type AppEnv, requireCaller } from '../lib/env.ts';
import { readBody, readId } from '../lib/validate.ts';
import { readWaitlist } from '../queries/waitlist.ts';

// The waitlist of a full ride (issue 13, migration 20261201000400_waitlist.sql): the SQL
// functions check who may queue and lock the ride; promotion happens in the database, in the
// transaction that frees the seats.
export const waitlistRoutes = new Hono<AppEnv>();

waitlistRoutes.get('/rides/:id/waitlist', async (c) => {
  requireCaller(c);
  const rideId = readId(c, 'id', 'ride');
  return c.json(await readWaitlist(c.get('db'), rideId));
});

waitlistRoutes.post('/rides/:id/waitlist', async (c) => {
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

waitlistRoutes.delete('/rides/:id/waitlist', async (c) => {
  requireCaller(c);
  const rideId = readId(c, 'id', 'ride');
  const db = c.get('db');
  await db.query('select app.leave_waitlist($1::integer)', [rideId]);
  return c.json({ message: 'You left the waitlist', waitlist: await readWaitlist(db, rideId) });
});
