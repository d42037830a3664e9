import { paymentSummary } from '../../_shared/payments.ts';
import type { PriceInputs } from '../../_shared/price.ts';
import { refusal } from '../../_shared/refusals.ts';
import type { Payee, RidePayment } from '../../_shared/types/payment.ts';
import type { Passenger } from '../../_shared/types/ride.ts';
import type { RequestDb } from '../lib/database.ts';
import { HttpError } from '../lib/http-error.ts';
import { listPassengers } from './passengers.ts';

export interface RideMoney extends PriceInputs {
  creatorId: number;
}

export async function readRideMoney(db: RequestDb, rideId: number): Promise<RideMoney> {
  const ride = await db.one<RideMoney>(
    `select organiser_id as "creatorId", cost::float8 as cost, additional_stops as "additionalStops",
            current_passengers as "currentPassengers", max_passengers as "maxPassengers"
       from public.rides where id = $1::integer`,
    [rideId],
  );
  if (!ride) throw new HttpError(404, refusal('ride_not_found'));
  return ride;
}

// Where to pay and, for the organiser, the totals: the ride's organiser and passengers only
// (403 for anyone else). `passengers`: the ride's list when the caller has just read it.
export async function readRidePayment(
  db: RequestDb,
  callerId: number,
  rideId: number,
  passengers?: Passenger[],
): Promise<RidePayment> {
  const ride = await readRideMoney(db, rideId);
  const organiser = ride.creatorId === callerId;
  if (!organiser) {
    const aboard = await db.one(
      'select 1 from public.ride_passengers where ride_id = $1::integer and user_id = $2::integer',
      [rideId, callerId],
    );
    if (!aboard) throw new HttpError(403, refusal('payments_private'));
  }
  // The organiser's choice of who sees their numbers holds here too (issue 35 §3): PayNow's QR
  // encodes the number, so a passenger who may not see it is offered Revolut alone.
  const payee = await db.one<Payee>(
    `select id as "userId", coalesce(name, discord_username, 'Member #' || id) as name,
            case when app.phone_visible(id, id) then whatsapp_number end as "whatsappNumber",
            revolut_username as "revolutUsername"
       from public.users where id = $1::integer`,
    [ride.creatorId],
  );
  if (!payee) throw new HttpError(404, refusal('organizer_gone'));
  return {
    payee,
    summary: organiser ? paymentSummary(ride, passengers ?? (await listPassengers(db, rideId))) : null,
  };
}
