// The app's one rule for what each person owes (issue 21 §2, ADR 0016): the car's total (cost
// plus the stops surcharge, SPEC §9) split over the people aboard, the organiser's party
// included, times the party. Every figure a member reads is worked out here: the ride card, the
// detail page, the join page, the payment cards and the PayNow amount, the share summary, the
// guide's example and the calendar file. Pure functions, no imports but the constant, so the
// PWA and both api runtimes share it.
//
// Amounts are worked in whole cents: the rounding step is one cent (PRICE_STEP_SGD), the
// smallest sum PayNow and the banks transfer. Each person's part is rounded once (half up);
// a passenger owes that part times their party, and the organiser pays the exact remainder of
// the total, so what everyone pays adds up to the total to the cent.
import { ADDITIONAL_STOP_COST_SGD } from './limits.ts';

export const PRICE_STEP_SGD = 0.01;

export interface PriceInputs {
  cost: number;
  additionalStops: number;
  currentPassengers: number;
  maxPassengers: number;
}

const toCents = (sgd: number): number => Math.round(sgd * 100);
const fromCents = (cents: number): number => cents / 100;

// cost + additionalStops × 5: what the car costs.
export function totalCost(ride: Pick<PriceInputs, 'cost' | 'additionalStops'>): number {
  return fromCents(toCents(ride.cost) + toCents((ride.additionalStops ?? 0) * ADDITIONAL_STOP_COST_SGD));
}

// People in the car now (the organiser's party included), at least 1.
export function peopleAboard(ride: Pick<PriceInputs, 'currentPassengers'>): number {
  return Math.max(1, ride.currentPassengers);
}

// One person's part of a total split over `people`, rounded to the cent.
function eachOf(total: number, people: number): number {
  return fromCents(Math.round(toCents(total) / Math.max(1, Math.trunc(people))));
}

// A party's part: one person's part times the party (at least 1), to the cent.
function partyShare(each: number, party: number | null | undefined): number {
  return fromCents(toCents(each) * Math.max(1, Math.trunc(party ?? 1)));
}

// Amounts added in cents, so no float sum drifts.
export function sumSgd(amounts: readonly number[]): number {
  return fromCents(amounts.reduce((sum, amount) => sum + toCents(amount), 0));
}

type NowInputs = Pick<PriceInputs, 'cost' | 'additionalStops' | 'currentPassengers'>;

// Each person's part now: the total, stops included, over the people aboard.
export function nowEach(ride: NowInputs): number {
  return eachOf(totalCost(ride), peopleAboard(ride));
}

// Each person's part once every seat is taken: the total over maxPassengers.
export function ifFullEach(ride: Pick<PriceInputs, 'cost' | 'additionalStops' | 'maxPassengers'>): number {
  return eachOf(totalCost(ride), ride.maxPassengers);
}

// What one passenger entry owes the organiser: the "now" part for each person in the party. It
// follows the ride: a join or a leave before the organiser collects changes it for everyone.
export function passengerShare(ride: NowInputs, passengerCount: number | null | undefined): number {
  return partyShare(nowEach(ride), passengerCount);
}

// What a party of `party` would pay by joining: each person's part with them aboard, and theirs.
export function shareWith(ride: NowInputs, party: number): { each: number; aboard: number; share: number } {
  const aboard = peopleAboard(ride) + Math.max(1, Math.trunc(party));
  const each = eachOf(totalCost(ride), aboard);
  return { each, aboard, share: partyShare(each, party) };
}

// The organiser's own share: the total less what the passengers owe, exactly.
export function organiserShare(total: number, passengerShares: readonly number[]): number {
  return fromCents(toCents(total) - toCents(sumSgd(passengerShares)));
}
