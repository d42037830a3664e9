// The app's one price rule (SPEC §9), as numbers: the PWA words it on every ride screen
// (src/features/rides/ride-rules.ts) and the api works out what each passenger owes the
// organiser from it. Pure functions, no imports but the constant, so both runtimes share it.
import { ADDITIONAL_STOP_COST_SGD } from './limits.ts';

export interface PriceInputs {
  cost: number;
  additionalStops: number;
  currentPassengers: number;
  maxPassengers: number;
}

// cost + additionalStops × 5: what the car costs.
export function totalCost(ride: Pick<PriceInputs, 'cost' | 'additionalStops'>): number {
  return ride.cost + (ride.additionalStops ?? 0) * ADDITIONAL_STOP_COST_SGD;
}

// People in the car now (the organiser's party included), at least 1.
export function peopleAboard(ride: Pick<PriceInputs, 'currentPassengers'>): number {
  return Math.max(1, ride.currentPassengers);
}

// SPEC §9's card figure: cost / people aboard, in whole dollars.
export function nowEach(ride: Pick<PriceInputs, 'cost' | 'currentPassengers'>): number {
  return Math.round(ride.cost / peopleAboard(ride));
}

// SPEC §9's detail figure: total / maxPassengers, to the cent.
export function ifFullEach(ride: PriceInputs): number {
  return Math.round((totalCost(ride) / Math.max(1, ride.maxPassengers)) * 100) / 100;
}

// What one passenger entry owes the organiser: the "now" figure (the one the card and the detail
// page show beside the people aboard) for each person in the party. It follows the ride: a join
// or a leave before the organiser collects changes it for everyone.
export function passengerShare(ride: Pick<PriceInputs, 'cost' | 'currentPassengers'>, passengerCount: number): number {
  return nowEach(ride) * Math.max(1, passengerCount ?? 1);
}
