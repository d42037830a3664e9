import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';

import { paymentSummary } from '../../_shared/payments.ts';
import { sumSgd } from '../../_shared/price.ts';
import { rideIdParams, ridePassengerIdParams } from '../../_shared/schemas/fields.ts';
import { claimPaymentSchema, confirmPaymentSchema } from '../../_shared/schemas/payments.ts';
import {
  claimPaymentAnswerSchema,
  confirmPaymentAnswerSchema,
  refundPaymentAnswerSchema,
  remindUnpaidAnswerSchema,
  ridePaymentSchema,
} from '../../_shared/schemas/payments-response.ts';
import type { Passenger } from '../../_shared/types/ride.ts';
import { contractRoutes, json, jsonBody, mount, refused } from '../lib/contract.ts';
import type { RequestDb } from '../lib/database.ts';
import { type AppEnv, requireCaller } from '../lib/env.ts';
import { readBody, readId } from '../lib/validate.ts';
import { listPassengers } from '../queries/passengers.ts';
import { readRideMoney, readRidePayment, type RideMoney } from '../queries/payments.ts';

// Paying the organiser (issue 13, part 3; migration 20261201000500). The status changes are SQL
// functions that check who may make them; the amounts come from the one price rule
// (_shared/price.ts) through the passengers query. Each route's contract (lib/contract.ts) names
// the refusals its handler and those functions give.
export const paymentRoutes = contractRoutes();

const tags = ['Payments'];

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

// After an organiser's change to one entry: that entry as it reads now, and the totals.
async function organiserAnswer(c: Context<AppEnv>, rideId: number, passengerId: number) {
  // One after the other: both run on the request's one transaction.
  const ride = await readRideMoney(c.get('db'), rideId);
  const passengers = await listPassengers(c.get('db'), rideId);
  return {
    passenger: passengers.find((entry: Passenger) => entry.id === passengerId) ?? null,
    summary: paymentSummary(ride, passengers),
  };
}

// Where to pay and, for the organiser, the totals: the ride's organiser and passengers only.
const getPayment = createRoute({
  method: 'get',
  path: '/rides/{id}/payment',
  tags,
  summary: "Where to pay the ride's organiser, and for the organiser the totals",
  request: { params: rideIdParams },
  responses: {
    200: json('The payee; the summary for the organiser, null for a passenger', ridePaymentSchema),
    ...refused({
      400: ['invalid_id'],
      401: ['login_required'],
      403: ['payments_private'],
      404: ['ride_not_found', 'organizer_gone'],
    }),
  },
});
mount(paymentRoutes, getPayment, async (c) => {
  const caller = requireCaller(c);
  return c.json(await readRidePayment(c.get('db'), caller.userId, readId(c, 'id', 'ride')), 200);
});

// The passenger: "I've paid" ({claimed: true}, the default) or taking it back ({claimed: false}).
const claimPayment = createRoute({
  method: 'post',
  path: '/rides/{id}/payment/claim',
  tags,
  summary: 'The passenger says they paid their share, or takes it back',
  request: { params: rideIdParams, body: jsonBody(claimPaymentSchema, { required: false }) },
  responses: {
    200: json("The caller's passenger entry as it is now", claimPaymentAnswerSchema),
    ...refused({
      400: ['invalid_id', 'invalid_json', 'body_not_object', 'invalid_input'],
      401: ['login_required'],
      403: ['passengers_only_pay'],
      404: ['ride_not_found'],
      409: ['organizer_does_not_pay', 'share_changed', 'payment_confirmed'],
      410: ['ride_removed'],
    }),
  },
});
mount(paymentRoutes, claimPayment, async (c) => {
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
  return c.json(
    {
      message: claimed ? 'Thanks: the organizer will confirm your payment' : 'Payment marked as not sent',
      passenger: passenger ?? null,
    },
    200,
  );
});

// The organiser: "Mark paid" ({paid: true}) or "Mark unpaid" ({paid: false}).
const confirmPayment = createRoute({
  method: 'post',
  path: '/rides/{id}/passengers/{passengerId}/payment',
  tags,
  summary: "The organiser marks a passenger entry's share paid, or unpaid",
  request: { params: ridePassengerIdParams, body: jsonBody(confirmPaymentSchema) },
  responses: {
    200: json("The entry and the organiser's totals as they are now", confirmPaymentAnswerSchema),
    ...refused({
      400: ['invalid_id', 'invalid_json', 'body_not_object', 'invalid_input'],
      401: ['login_required'],
      403: ['confirm_payment_organizer_only'],
      404: ['ride_not_found', 'passenger_not_found'],
      409: ['share_changed'],
      410: ['ride_removed'],
    }),
  },
});
mount(paymentRoutes, confirmPayment, async (c) => {
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
  const { passenger, summary } = await organiserAnswer(c, rideId, passengerId);
  return c.json(
    {
      message: paid ? 'Payment confirmed' : 'Payment marked as unpaid',
      passenger,
      summary,
    },
    200,
  );
});

// The organiser gave back what a passenger paid over their share (issue 37 §2): "Refunded".
const refundPayment = createRoute({
  method: 'post',
  path: '/rides/{id}/passengers/{passengerId}/refund',
  tags,
  summary: 'The organiser records giving back what a passenger paid over their share',
  request: { params: ridePassengerIdParams },
  responses: {
    200: json("The sum given back, the entry and the organiser's totals", refundPaymentAnswerSchema),
    ...refused({
      400: ['invalid_id'],
      401: ['login_required'],
      403: ['confirm_payment_organizer_only'],
      404: ['ride_not_found', 'passenger_not_found'],
      409: ['share_changed', 'nothing_to_refund'],
      410: ['ride_removed'],
    }),
  },
});
mount(paymentRoutes, refundPayment, async (c) => {
  requireCaller(c);
  const rideId = readId(c, 'id', 'ride');
  const passengerId = readId(c, 'passengerId', 'passenger');
  const db = c.get('db');
  const { seen: read, share } = await shareNow(db, rideId, (entry) => entry.id === passengerId);
  const row = await db.one<{ refunded: number }>(
    'select app.refund_payment($1::integer, $2::integer, $3::numeric, $4::text::jsonb)::float8 as refunded',
    [rideId, passengerId, share, read],
  );
  const { passenger, summary } = await organiserAnswer(c, rideId, passengerId);
  return c.json(
    {
      message: 'Refund recorded',
      refunded: row?.refunded ?? 0,
      passenger,
      summary,
    },
    200,
  );
});

// The organiser reminds everyone not confirmed yet, and those whose share rose past what they
// paid: one notification each, with what they still owe.
const remindUnpaid = createRoute({
  method: 'post',
  path: '/rides/{id}/payment/remind',
  tags,
  summary: 'The organiser reminds the passengers who still owe something (once in 12 hours)',
  request: { params: rideIdParams },
  responses: {
    200: json('How many passengers were reminded (0: nobody owes anything)', remindUnpaidAnswerSchema),
    ...refused({
      400: ['invalid_id'],
      401: ['login_required'],
      403: ['remind_organizer_only'],
      404: ['ride_not_found'],
      410: ['ride_removed'],
      429: ['reminded_recently'],
    }),
  },
});
mount(paymentRoutes, remindUnpaid, async (c) => {
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
  return c.json(
    {
      message:
        reminded === 0
          ? 'Everyone has paid: nobody to remind'
          : `Reminded ${reminded} ${reminded === 1 ? 'passenger' : 'passengers'} to pay`,
      reminded,
    },
    200,
  );
});
