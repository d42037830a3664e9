import { type Context, Hono } from 'hono';

import { refusal } from '../../_shared/refusals.ts';
import { joinRideSchema, pickupTimeSchema, sequenceMoveSchema } from '../../_shared/schemas/rides.ts';
import { type AppEnv, requireCaller } from '../lib/env.ts';
import { HttpError } from '../lib/http-error.ts';
import { readBody, readId } from '../lib/validate.ts';
import { listPassengers } from '../queries/passengers.ts';
import { readRide } from '../queries/rides.ts';

export const passengerRoutes = new Hono<AppEnv>();

async function passengersOf(c: Context<AppEnv>, rideId: number) {
  const db = c.get('db');
  if (!(await db.one('select 1 from public.rides where id = $1::integer', [rideId]))) {
    throw new HttpError(404, refusal('ride_not_found'));
  }
  return listPassengers(db, rideId);
}

passengerRoutes.get('/rides/:rideId/passengers', async (c) => {
  if (!c.get('caller')) throw new HttpError(401, refusal('login_to_see_passengers'));
  return c.json(await passengersOf(c, readId(c, 'rideId', 'ride')));
});

passengerRoutes.post('/rides/:id/join', async (c) => {
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
    { message: 'Successfully joined the ride', passengerId: joined!.id, ride: await readRide(db, true, rideId) },
    201,
  );
});

passengerRoutes.delete('/rides/:id/passengers/:passengerId', async (c) => {
  requireCaller(c);
  const rideId = readId(c, 'id', 'ride');
  const passengerId = readId(c, 'passengerId', 'passenger');
  await c.get('db').query('select app.remove_ride_passenger($1::integer, $2::integer)', [rideId, passengerId]);
  return c.json({ message: 'Passenger Removed' });
});

passengerRoutes.patch('/rides/:rideId/passengers/:passengerId/sequence', async (c) => {
  requireCaller(c);
  const rideId = readId(c, 'rideId', 'ride');
  const passengerId = readId(c, 'passengerId', 'passenger');
  const { sequence } = await readBody(c, sequenceMoveSchema);
  await c
    .get('db')
    .query('select app.move_ride_passenger($1::integer, $2::integer, $3::integer)', [rideId, passengerId, sequence]);
  return c.json({ message: 'Passenger sequence updated', passengers: await passengersOf(c, rideId) });
});

// Issue 37 §3 (ADR 0040): about when the car picks a passenger of an SG->FC ride up, set by the
// organiser or the assigned driver; null clears it. The database decides who may and when.
passengerRoutes.patch('/rides/:rideId/passengers/:passengerId/pickupTime', async (c) => {
  requireCaller(c);
  const rideId = readId(c, 'rideId', 'ride');
  const passengerId = readId(c, 'passengerId', 'passenger');
  const { pickupTime } = await readBody(c, pickupTimeSchema);
  await c
    .get('db')
    .query('select app.set_pickup_time($1::integer, $2::integer, $3::time)', [rideId, passengerId, pickupTime]);
  return c.json({ message: 'Pickup time saved', passengers: await passengersOf(c, rideId) });
});

passengerRoutes.post('/rides/:rideId/lockSequence', async (c) => {
  requireCaller(c);
  const rideId = readId(c, 'rideId', 'ride');
  await c.get('db').query('select app.lock_ride_sequence($1::integer)', [rideId]);
  return c.json({ message: 'Sequence locked successfully', passengers: await passengersOf(c, rideId) });
});

// ADR 0002: the organiser takes the lock back to place a late joiner; the locked order stays as
// the draft and every stop number goes until the next lock.
passengerRoutes.post('/rides/:rideId/unlockSequence', async (c) => {
  requireCaller(c);
  const rideId = readId(c, 'rideId', 'ride');
  await c.get('db').query('select app.unlock_ride_sequence($1::integer)', [rideId]);
  return c.json({ message: 'Sequence unlocked successfully', passengers: await passengersOf(c, rideId) });
});
