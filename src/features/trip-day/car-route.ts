import type { CarStepEntry } from '@shared/schemas/trip-day-response.ts';
import { rideRoute, type RouteRide, stopKey } from '@shared/stops.ts';
import type { CarStep } from '@shared/trip-steps.ts';

// One step of the car's route on the day: a step, and for 'at_stop' the stop's name.
export interface CarRouteStep {
  step: CarStep;
  stop: string | null;
}

// The car's route on the day, in the order the database's steps name it (66_trip_day.sql):
// SG->FC collects everyone in Singapore, then crosses at the Singapore checkpoint first; FC->SG
// crosses Malaysia's first, then drops everyone off. The stops are the ride's route
// (_shared/stops.ts: the organiser's, then the passengers' in stop order), each place once.
export function carRoute(ride: RouteRide, passengerStops: ReadonlyArray<string | null>): CarRouteStep[] {
  const seen = new Set<string>();
  const stops: CarRouteStep[] = [];
  const route = rideRoute(
    ride,
    passengerStops.map((stop) => ({ dropoffLocation: stop })),
  );
  for (const { location } of route.stops) {
    const key = stopKey(location);
    if (!location || !key || seen.has(key)) continue;
    seen.add(key);
    stops.push({ step: 'at_stop', stop: location });
  }
  const step = (name: CarStep): CarRouteStep => ({ step: name, stop: null });
  if (ride.direction === 'SG->FC') {
    return [
      step('on_the_way'),
      ...stops,
      step('at_checkpoint'),
      step('through_sg'),
      step('through_my'),
      step('arrived'),
    ];
  }
  return [step('on_the_way'), step('at_checkpoint'), step('through_my'), step('through_sg'), ...stops, step('arrived')];
}

function sameStep(a: CarRouteStep, b: CarRouteStep): boolean {
  return a.step === b.step && stopKey(a.stop) === stopKey(b.stop);
}

// The steps still ahead of the car: those after where it is now. A step the route no longer
// has (a stop whose passenger left) leaves the whole route on offer.
export function nextCarSteps(route: readonly CarRouteStep[], carSteps: readonly CarStepEntry[]): CarRouteStep[] {
  const current = carSteps.at(-1);
  if (!current) return [...route];
  const index = route.findLastIndex((step) => sameStep(step, current));
  return index < 0 ? route.filter((step) => !sameStep(step, current)) : route.slice(index + 1);
}
