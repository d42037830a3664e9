// The car's route, one list for every place that shows it: the Passengers tab's "Stop #", the
// border checklist, the calendar file, the share summary, the ride page's drop-off list and the
// drop-off order panel. Before, the Passengers tab numbered the passengers alone ("Stop #1")
// while the checklist and the calendar put the organiser's stop first (the same person #2).
//
// FC->SG: the car leaves Forest City and drops the organiser's stop first, then the passengers'
// in the order the organiser set (a draft until locked, ADR 0002). Those stops are numbered.
// SG->FC: the car collects everyone in Singapore, the organiser first, and ends at Forest City.
// The organiser or the assigned driver may set the pickup order with the same draft and lock
// (issue 37 §3, ADR 0040); until it is set the pickups carry no number, as a number nobody chose
// would read as a promise. Once set (locked, or every passenger numbered) they are numbered.
import { type Direction, FOREST_CITY } from './limits.ts';
import type { DropoffEntry } from './types/ride.ts';

// How two stops are told apart, as the database counts extra stops (private.stop_key, ADR 0038):
// case, punctuation, spacing and a note in brackets make no new stop.
export function stopKey(location: string | null | undefined): string {
  return (location ?? '')
    .toLowerCase()
    .replace(/\([^)]*\)/g, ' ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

export function sameStop(a: string | null | undefined, b: string | null | undefined): boolean {
  return stopKey(a) === stopKey(b);
}

export interface RouteRide {
  direction: Direction;
  pickupLocation: string | null;
  // FC->SG: where in Forest City the car picks everyone up, when the organiser named it.
  meetingPoint?: string | null;
  // SPEC §3: entries may also be plain strings when read.
  dropoffLocations: ReadonlyArray<DropoffEntry | string> | null;
  organizerPassengerCount?: number | null;
  // Whether the stop order is locked (ADR 0002); SG->FC pickups are numbered once it is.
  sequenceLocked?: boolean | null;
}

// What the route needs of a passenger; the api's list is already in stop order, and a
// dropoffSequence (set by a lock: the drop-off order FC->SG, the pickup order SG->FC) wins over
// that order.
export interface RoutePassenger {
  dropoffLocation: string | null;
  dropoffSequence?: number | null;
  passengerCount?: number | null;
}

export interface RouteStop<P> {
  // 1-based place in the drop-off order (FC->SG), or in the pickup order once it is set (SG->FC);
  // null for a pickup whose order nobody has set.
  number: number | null;
  // Null where the reader may not see it (a member not on the ride).
  location: string | null;
  passengerCount: number;
  // The passenger this stop is for; null for the organiser's own stop.
  passenger: P | null;
}

export interface RideRoute<P> {
  direction: Direction;
  // Where the car sets off before the first stop (FC->SG: Forest City).
  start: string | null;
  stops: Array<RouteStop<P>>;
  // Where it ends after the last stop (SG->FC: Forest City).
  end: string | null;
  // Whether the stops are numbered (FC->SG; SG->FC once the pickup order is set).
  numbered: boolean;
}

function organiserStops(ride: RouteRide): Array<{ location: string; passengerCount: number }> {
  if (ride.direction === 'SG->FC') {
    return ride.pickupLocation
      ? [{ location: ride.pickupLocation, passengerCount: ride.organizerPassengerCount ?? 1 }]
      : [];
  }
  return (ride.dropoffLocations ?? []).map((entry) =>
    typeof entry === 'string'
      ? { location: entry, passengerCount: 1 }
      : { location: entry.location, passengerCount: entry.passengerCount },
  );
}

// The stops the car already makes that anyone may read (the organiser's own), each once: what a
// joining passenger may pick instead of typing the same place another way (issue 37 §2).
export function knownStops(ride: RouteRide): string[] {
  const seen = new Set<string>();
  return organiserStops(ride)
    .map((stop) => stop.location)
    .filter((location) => {
      const key = stopKey(location);
      if (!key || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

// Where the car sets off: the pickup going to Forest City; going to Singapore, Forest City with
// the meeting point the organiser named (issue 37 §3). The calendar file, the share summary and
// the route read it from here.
export function carStart(ride: Pick<RouteRide, 'direction' | 'pickupLocation' | 'meetingPoint'>): string {
  if (ride.direction === 'FC->SG') {
    return ride.meetingPoint ? `${FOREST_CITY}: ${ride.meetingPoint}` : FOREST_CITY;
  }
  return ride.pickupLocation || FOREST_CITY;
}

// A locked number first, then the order the list came in (stable).
function inStopOrder<P extends RoutePassenger>(passengers: readonly P[]): P[] {
  return passengers
    .map((passenger, index) => ({ passenger, index }))
    .sort(
      (a, b) =>
        (a.passenger.dropoffSequence ?? Number.MAX_SAFE_INTEGER) -
          (b.passenger.dropoffSequence ?? Number.MAX_SAFE_INTEGER) || a.index - b.index,
    )
    .map(({ passenger }) => passenger);
}

// Whether an SG->FC ride's pickup order is set, as SPEC §4 reads a drop-off order as locked:
// the ride says so, or every passenger has a number (a lock numbers everyone, ADR 0002).
export function pickupOrderSet(
  ride: Pick<RouteRide, 'direction' | 'sequenceLocked'>,
  passengers: readonly RoutePassenger[],
): boolean {
  if (ride.direction !== 'SG->FC') return false;
  return (
    Boolean(ride.sequenceLocked) ||
    (passengers.length > 0 && passengers.every((passenger) => passenger.dropoffSequence != null))
  );
}

// draft: number the stops in the order given though an SG->FC order is not set yet (the order
// panel, where the organiser or the driver is setting it).
export function rideRoute<P extends RoutePassenger>(
  ride: RouteRide,
  passengers: readonly P[],
  { draft = false }: { draft?: boolean } = {},
): RideRoute<P> {
  const numbered = ride.direction === 'FC->SG' || draft || pickupOrderSet(ride, passengers);
  const stops: Array<RouteStop<P>> = [
    ...organiserStops(ride).map((stop) => ({ ...stop, passenger: null })),
    ...inStopOrder(passengers).map((passenger) => ({
      location: passenger.dropoffLocation,
      passengerCount: passenger.passengerCount ?? 1,
      passenger,
    })),
  ].map((stop, index) => ({ ...stop, number: numbered ? index + 1 : null }));
  return ride.direction === 'FC->SG'
    ? { direction: ride.direction, start: carStart(ride), stops, end: null, numbered }
    : { direction: ride.direction, start: null, stops, end: FOREST_CITY, numbered };
}

// A passenger's number in the stop order, or null (a pickup not ordered yet, or not on the list).
export function stopNumberOf<P extends RoutePassenger>(route: RideRoute<P>, passenger: P): number | null {
  return route.stops.find((stop) => stop.passenger === passenger)?.number ?? null;
}

// Whether the stop order is locked (FC->SG drop-offs, SG->FC pickups): a lock gives every
// passenger their dropoffSequence (ADR 0002). Until then the order is a draft, and no screen
// numbers the stops.
export function dropoffOrderLocked(passengers: readonly RoutePassenger[]): boolean {
  return passengers.some((passenger) => passenger.dropoffSequence != null);
}

// "Pickup 2 of 3": a passenger's place among an SG->FC ride's pickups once their order is set
// (the organiser's own pickup is the first), or null.
export function pickupPlace<P extends RoutePassenger>(
  route: RideRoute<P>,
  passenger: P,
): { number: number; of: number } | null {
  if (route.direction !== 'SG->FC' || !route.numbered) return null;
  const number = stopNumberOf(route, passenger);
  return number === null ? null : { number, of: route.stops.length };
}
