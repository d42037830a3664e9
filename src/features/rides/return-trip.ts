// The return trip in one tap (issue 14 §3): what the way back of a ride looks like before the
// organiser picks its date, and where each passenger gets off on it.
//
// The mirror, from the ride model (SPEC §3, §7 "Shaping rules"): every ride runs between a
// Singapore end and Forest City. The organiser's location and each passenger's stop are all on
// the Singapore end: on SG->FC they are pickups (pickupLocation, the join page's "Your pickup
// location in Singapore"), on FC->SG drop-offs (dropoffLocations, "Your drop-off location in
// Singapore"). Forest City is the shared far end in both directions. So the mirror of a place
// is the same place with its role swapped: an SG->FC pickup at Pasir Ris MRT becomes the FC->SG
// drop-off at Pasir Ris MRT, and the other way round. The party that rode out rides back.
import type { Direction, Passenger, Ride } from '@shared/types/ride.ts';

import { dropoffEntries, isPast } from '../../lib/ride-rules';
import { readSearchId } from '../../lib/search-id';
import type { RideFormValues } from './ride-form-schema';

// After its date an outbound still offers "Plan the return" this long: a day trip's organiser
// plans the way back once they are there.
export const PLAN_RETURN_AFTER_MS = 3 * 24 * 60 * 60 * 1000;

export function oppositeDirection(direction: Direction): Direction {
  return direction === 'SG->FC' ? 'FC->SG' : 'SG->FC';
}

// The organiser's Singapore-end location on a ride, whichever way it goes.
function organiserLocation(ride: Pick<Ride, 'direction' | 'pickupLocation' | 'dropoffLocations'>): string {
  if (ride.direction === 'SG->FC') return (ride.pickupLocation ?? dropoffEntries(ride)[0]?.location ?? '').trim();
  return (dropoffEntries(ride)[0]?.location ?? '').trim();
}

// A passenger's stop on the return: the same place, now a pickup or a drop-off as the
// direction says (see the note at the top).
export function mirrorStop(stop: string | null | undefined): string {
  return (stop ?? '').trim();
}

// The create form for the way back: opposite direction, the organiser's place mirrored, the
// same maximum and party, the same recommended driver booked; the date is left empty for the
// organiser to pick. The car's cost is the way out's, which the organiser may change.
export function returnFormDefaults(outbound: Ride): RideFormValues {
  return {
    direction: oppositeDirection(outbound.direction),
    maxPassengers: outbound.maxPassengers,
    date: '',
    organizerPassengerCount: outbound.organizerPassengerCount ?? dropoffEntries(outbound)[0]?.passengerCount ?? 1,
    location: organiserLocation(outbound),
    cost: outbound.cost,
    driverContactId: null,
  };
}

// "Plan the return" shows for the organiser of an upcoming ride, or one just past, that is not
// itself a return and has no return yet.
export function canPlanReturn(
  ride: Pick<Ride, 'creatorId' | 'date' | 'returnOf' | 'returnTrip'>,
  userId: number | null | undefined,
  now: number = Date.now(),
): boolean {
  if (userId == null || ride.creatorId !== userId) return false;
  if (ride.returnOf != null || ride.returnTrip != null) return false;
  return !isPast(ride, now - PLAN_RETURN_AFTER_MS);
}

export const planReturnPath = (outboundId: number) => `/rides/create?returnOf=${outboundId}`;

// The outbound the create form plans the return of, from its search parameter; null when
// absent or not an id.
export const readReturnOf = (search: URLSearchParams) => readSearchId(search, 'returnOf');

// What "Join the return" hands the join page (router state, never the address bar: a stop can
// be a home address).
export interface ReturnJoinPrefill {
  dropoffLocation: string;
  passengerCount: number;
}

export function returnJoinPrefill(entry: Pick<Passenger, 'dropoffLocation' | 'passengerCount'>): ReturnJoinPrefill {
  return { dropoffLocation: mirrorStop(entry.dropoffLocation), passengerCount: Math.max(1, entry.passengerCount ?? 1) };
}

// Router state comes back from history as anything: only a well-formed prefill is used.
export function readReturnJoinPrefill(state: unknown): ReturnJoinPrefill | null {
  if (typeof state !== 'object' || state === null) return null;
  const prefill = (state as { returnJoin?: unknown }).returnJoin;
  if (typeof prefill !== 'object' || prefill === null) return null;
  const { dropoffLocation, passengerCount } = prefill as Record<string, unknown>;
  if (typeof dropoffLocation !== 'string' || typeof passengerCount !== 'number' || !Number.isInteger(passengerCount))
    return null;
  return { dropoffLocation, passengerCount: Math.min(Math.max(passengerCount, 1), 10) };
}

export const returnJoinState = (prefill: ReturnJoinPrefill) => ({ returnJoin: prefill });
