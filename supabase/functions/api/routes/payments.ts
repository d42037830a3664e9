import { type Context, Hono } from 'hono';
import { paymentSummary } from '../../_shared/payments.ts';
import type { PriceInputs } from '../../_shared/price.ts';
import { claimPaymentSchema, confirmPaymentSchema } from '../../_shared/schemas/payments.ts';
import type { Payee, RidePayment } from '../../_shared/types/payment.ts';
import type { Passenger } from '../../_shared/types/ride.ts';
import { type AppEnv, requireCaller } from '../lib/env.ts';
import { refusal } from '../../_shared/refusals.ts';
import { HttpError } from '../lib/http-error.ts';
import { readBody, readId } from '../lib/validate.ts';
import { listPassengers } from '../queries/passengers.ts';

// Paying the organiser (issue 13, part 3; migration 20261201000500). The status changes are SQL
// functions that check who may make them; the amounts come from the one price rule
// (_shared/price.ts) through the passengers query.
export const paymentRoutes = new Hono<AppEnv>();

interface RideMoney extends PriceInputs {
  creatorId: number;
}

async function rideMoney(c: Context<AppEnv>, rideId: number): Promise<RideMoney> {
  const ride = await c.get('db').one<RideMoney>(
    `select creator_id as "creatorId", cost::float8 as cost, additional_stops as "additionalStops",
            current_passengers as "currentPassengers", max_passengers as "maxPassengers"
       from public.rides where id = $1::integer`,
    [rideId],
  );
  if (!ride) throw new HttpError(404, refusal('ride_not_found'));
  return ride;
}

async function organiserAnswer(c: Context<AppEnv>, rideId: number) {
  // One after the other: both run on the request's one transaction.
  const ride = await rideMoney(c, rideId);
  const passengers = await listPassengers(c.get('db'), rideId);
  return { passengers, summary: paymentSummary(ride, passengers) };
}

// Where to pay and, for the organiser, the totals: the ride's organiser and passengers only.
paymentRoutes.get('/rides/:id/payment', async (c) => {
  const caller = requireCaller(c);
  const rideId = readId(c, 'id', 'ride');
  const db = c.get('db');
  const ride = await rideMoney(c, rideId);
  const organiser = ride.creatorId === caller.userId;
  if (!organiser) {
    const aboard = await db.one('select 1 from public.ride_passengers where ride_id = $1::integer and user_id = $2::integer', [
      rideId,
      caller.userId,
    ]);
    if (!aboard) throw new HttpError(403, refusal('payments_private'));
  }
  const payee = await db.one<Payee>(
    `select id as "userId", coalesce(name, discord_username, 'Member #' || id) as name,
            whatsapp_number as "whatsappNumber", revolut_username as "revolutUsername"
       from public.users where id = $1::integer`,
    [ride.creatorId],
  );
  if (!payee) throw new HttpError(404, refusal('organizer_gone'));
  const answer: RidePayment = {
    payee,
    summary: organiser ? paymentSummary(ride, await listPassengers(db, rideId)) : null,
  };
  return c.json(answer);
});

// The passenger: "I've paid" ({claimed: true}, the default) or taking it back ({claimed: false}).
paymentRoutes.post('/rides/:id/payment/claim', async (c) => {
  const caller = requireCaller(c);
  const rideId = readId(c, 'id', 'ride');
  const { claimed } = await readBody(c, claimPaymentSchema);
  const db = c.get('db');
  await db.query('select app.claim_payment($1::integer, $2::boolean)', [rideId, claimed]);
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
  await c.get('db').query('select app.confirm_payment($1::integer, $2::integer, $3::boolean)', [rideId, passengerId, paid]);
  const { passengers, summary } = await organiserAnswer(c, rideId);
  return c.json({
    message: paid ? 'Payment confirmed' : 'Payment marked as unpaid',
    passenger: passengers.find((entry: Passenger) => entry.id === passengerId) ?? null,
    summary,
  });
});

// The organiser reminds everyone not confirmed yet: one notification each, with their amount.
paymentRoutes.post('/rides/:id/payment/remind', async (c) => {
  requireCaller(c);
  const rideId = readId(c, 'id', 'ride');
  const db = c.get('db');
  const passengers = await listPassengers(db, rideId);
  // Only the organiser reads every share; for anyone else this map is incomplete, and the
  // function refuses them anyway.
  const amounts = Object.fromEntries(
    passengers.filter((entry) => entry.share != null).map((entry) => [String(entry.id), entry.share]),
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
