import { type Context, Hono } from 'hono';

import { paymentSummary } from '../../_shared/payments.ts';
import { sumSgd } from '../../_shared/price.ts';
import { claimPaymentSchema, confirmPaymentSchema } from '../../_shared/schemas/payments.ts';
import type { Passenger } from '../../_shared/types/ride.ts';
import type { RequestDb } from '../lib/database.ts';
import { type AppEnv, requireCaller } from '../lib/env.ts';
import { readBody, readId } from '../lib/validate.ts';
import { listPassengers } from '../queries/passengers.ts';
import { readRideMoney, readRidePayment, type RideMoney } from '../queries/payments.ts';

// Paying the organiser (issue 13, part 3; migration 20261201000500). The status changes are SQL
// functions that check who may make them; the amounts come from the one price rule
// (_shared/price.ts) through the passengers query.
export const paymentRoutes = new Hono<AppEnv>();

// What the database checks a share against (app.claim_payment's p_seen): the ride as read here.
const seen = (ride: RideMoney) =>
  JSON.stringify({
    cost: ride.cost,
    additionalStops: ride.additionalStops,
    currentPassengers: ride.currentPassengers,
  });

// The ride's figures and one passenger entry's share now, to hand a payment function.
async function shareNow(db: RequestDb, rideId: number, find: (entry: Passenger) => boolean) {
  const ride = await readRideMoney(db, rideId);
  const entry = (await listPassengers(db, rideId)).find(find);
  return { seen: seen(ride), share: entry?.share ?? 0 };
}

async function organiserAnswer(c: Context<AppEnv>, rideId: number) {
  // One after the other: both run on the request's one transaction.
  const ride = await readRideMoney(c.get('db'), rideId);
  const passengers = await listPassengers(c.get('db'), rideId);
  return { passengers, summary: paymentSummary(ride, passengers) };
}

// Where to pay and, for the organiser, the totals: the ride's organiser and passengers only.
paymentRoutes.get('/rides/:id/payment', async (c) => {
  const caller = requireCaller(c);
  return c.json(await readRidePayment(c.get('db'), caller.userId, readId(c, 'id', 'ride')));
});

// The passenger: "I've paid" ({claimed: true}, the default) or taking it back ({claimed: false}).
paymentRoutes.post('/rides/:id/payment/claim', async (c) => {
  const caller = requireCaller(c);
  const rideId = readId(c, 'id', 'ride');
  const { claimed } = await readBody(c, claimPaymentSchema);
  const db = c.get('db');
  const { seen: read, share } = await shareNow(db, rideId, (entry) => entry.userId === caller.userId);
  await db.query('select app.claim_payment($1::integer, $2::boolean, $3::numeric, $4::text::jsonb)', [
    rideId,
    claimed,
    share,
    read,
  ]);
  const passenger = (await listPassengers(db, rideId)).find((entry) => entry.userId === caller.userId);
  return c.json({
    message: claimed ? 'Thanks: the organizer will confirm your payment' : 'Payment marked as not sent',
    passenger: passenger ?? null,
  });
});

// The organiser: "Mark paid" ({paid: true}) or "Mark unpaid" ({paid: false}).
paymentRoutes.post('/rides/:id/passengers/:passengerId/payment', async (c) => {
  requireCaller(c);
  const rideId = readId(c, 'id', 'ride');
  const passengerId = readId(c, 'passengerId', 'passenger');
  const { paid } = await readBody(c, confirmPaymentSchema);
  const db = c.get('db');
  const { seen: read, share } = await shareNow(db, rideId, (entry) => entry.id === passengerId);
  await db.query('select app.confirm_payment($1::integer, $2::integer, $3::boolean, $4::numeric, $5::text::jsonb)', [
    rideId,
    passengerId,
    paid,
    share,
    read,
  ]);
  const { passengers, summary } = await organiserAnswer(c, rideId);
  return c.json({
    message: paid ? 'Payment confirmed' : 'Payment marked as unpaid',
    passenger: passengers.find((entry: Passenger) => entry.id === passengerId) ?? null,
    summary,
  });
});

// The organiser gave back what a passenger paid over their share (issue 37 §2): "Refunded".
paymentRoutes.post('/rides/:id/passengers/:passengerId/refund', async (c) => {
  requireCaller(c);
  const rideId = readId(c, 'id', 'ride');
  const passengerId = readId(c, 'passengerId', 'passenger');
  const db = c.get('db');
  const { seen: read, share } = await shareNow(db, rideId, (entry) => entry.id === passengerId);
  const row = await db.one<{ refunded: number }>(
    'select app.refund_payment($1::integer, $2::integer, $3::numeric, $4::text::jsonb)::float8 as refunded',
    [rideId, passengerId, share, read],
  );
  const { passengers, summary } = await organiserAnswer(c, rideId);
  return c.json({
    message: 'Refund recorded',
    refunded: row?.refunded ?? 0,
    passenger: passengers.find((entry: Passenger) => entry.id === passengerId) ?? null,
    summary,
  });
});

// The organiser reminds everyone not confirmed yet, and those whose share rose past what they
// paid: one notification each, with what they still owe.
paymentRoutes.post('/rides/:id/payment/remind', async (c) => {
  requireCaller(c);
  const rideId = readId(c, 'id', 'ride');
  const db = c.get('db');
  const passengers = await listPassengers(db, rideId);
  // Only the organiser reads every share; for anyone else this map is incomplete, and the
  // function refuses them anyway.
  // An entry not confirmed yet owes its share less what was confirmed; one marked paid is in the
  // map only when its share rose past what it paid.
  const amounts = Object.fromEntries(
    passengers
      .filter((entry) => entry.share != null && entry.money != null)
      .filter((entry) => entry.paymentStatus !== 'paid' || entry.money!.due > 0)
      .map((entry) => [
        String(entry.id),
        entry.paymentStatus === 'paid'
          ? entry.money!.due
          : Math.max(0, sumSgd([entry.share!, -entry.money!.confirmed])),
      ]),
  );
  const row = await db.one<{ reminded: number }>('select app.remind_unpaid($1::integer, $2::text::jsonb) as reminded', [
    rideId,
    JSON.stringify(amounts),
  ]);
  const reminded = row?.reminded ?? 0;
  return c.json({
    message:
      reminded === 0
        ? 'Everyone has paid: nobody to remind'
        : `Reminded ${reminded} ${reminded === 1 ? 'passenger' : 'passengers'} to pay`,
    reminded,
  });
});
