// Issue 21 §2 (ADR 0016): one rule for what each person owes, and every figure a member reads
// comes from it. Over seeded random rides (0-4 stops, 1-10 aboard, parties of 1-4), what the
// passengers owe and the organiser's rest add up to the car's total to the cent, each share is
// within rounding of the exact split, and every screen's helper says the rule's figure.
import { paymentSummary } from '@shared/payments.ts';
import { payNowAmount } from '@shared/paynow.ts';
import { nowEach, organiserShare, passengerShare, PRICE_STEP_SGD, shareWith, totalCost } from '@shared/price.ts';
import { describe, expect, it } from 'vitest';

import type { CalendarRide } from '../../../supabase/functions/api/queries/calendar.ts';
import { rideDescription } from '../../../supabase/functions/api/routes/calendar.ts';
import { formatSgd } from '../../lib/format';
import { ridePrice, withYouText } from '../../lib/ride-rules';
import { makePassenger, makeRide } from '../../testing/fixtures';
import { tripSummary } from './share-summary';

// mulberry32: a tiny seeded generator, so a failure names a case that can be run again.
function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

const SEED = 20261201;
const CASES = 2000;
const cents = (sgd: number) => Math.round(sgd * 100);

interface MoneyCase {
  cost: number;
  stops: number;
  organiserParty: number;
  parties: number[];
  maxPassengers: number;
}

// A ride as the database can hold it: 1-10 aboard, the organiser's party first, parties of 1-4.
function randomCase(random: () => number): MoneyCase {
  const between = (low: number, high: number) => low + Math.floor(random() * (high - low + 1));
  // Whole dollars mostly (the drivers' prices), sometimes with cents, up to $300 SGD.
  const cost = random() < 0.7 ? between(0, 300) : between(0, 30_000) / 100;
  const organiserParty = between(1, 4);
  const parties: number[] = [];
  let aboard = organiserParty;
  const wanted = between(organiserParty, 10);
  while (aboard < wanted) {
    const party = Math.min(between(1, 4), wanted - aboard);
    parties.push(party);
    aboard += party;
  }
  return { cost, stops: between(0, 4), organiserParty, parties, maxPassengers: between(aboard, 10) };
}

function rideOf(money: MoneyCase) {
  const aboard = money.organiserParty + money.parties.reduce((sum, party) => sum + party, 0);
  return makeRide({
    id: 7,
    cost: money.cost,
    additionalStops: money.stops,
    currentPassengers: aboard,
    maxPassengers: money.maxPassengers,
    organizerPassengerCount: money.organiserParty,
  });
}

function calendarRide(money: MoneyCase, role: CalendarRide['role'], ownParty: number | null): CalendarRide {
  const ride = rideOf(money);
  return {
    id: ride.id,
    direction: 'FC->SG',
    date: ride.date,
    revision: 0,
    pickupLocation: 'Forest City',
    dropoffLocations: [{ location: 'Tampines Mall', passengerCount: money.organiserParty }],
    organizerPassengerCount: money.organiserParty,
    sequenceLocked: false,
    role,
    cost: ride.cost,
    additionalStops: ride.additionalStops,
    currentPassengers: ride.currentPassengers,
    ownParty,
    organiser: { name: 'Olivia', discordUsername: 'olivia', whatsappNumber: null },
    passengers: money.parties.map((party, index) => ({
      name: `P${index}`,
      dropoffLocation: `Stop ${index}`,
      passengerCount: party,
    })),
    driver: null,
    vendor: null,
  };
}

const cases = (() => {
  const random = seeded(SEED);
  return Array.from({ length: CASES }, () => randomCase(random));
})();

describe('the one share rule over random rides', () => {
  it('covers 0-4 stops, 1-10 aboard and parties of 1-4', () => {
    const aboard = new Set(cases.map((money) => rideOf(money).currentPassengers));
    expect([...aboard].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(new Set(cases.map((money) => money.stops)).size).toBe(5);
    expect(new Set(cases.flatMap((money) => money.parties)).size).toBe(4);
  });

  it('adds up: the passengers’ shares and the organiser’s rest are the total to the cent, each within rounding', () => {
    for (const money of cases) {
      const ride = rideOf(money);
      const total = totalCost(ride);
      expect(cents(total)).toBe(cents(money.cost) + money.stops * 500);
      const shares = money.parties.map((party) => passengerShare(ride, party));
      const own = organiserShare(total, shares);
      const exactEach = total / ride.currentPassengers;
      // Everyone together pays the car, to the cent: never more than a rounding step away.
      const sum = cents(own) + shares.reduce((acc, share) => acc + cents(share), 0);
      expect(Math.abs(sum - cents(total)), JSON.stringify(money)).toBeLessThan(cents(PRICE_STEP_SGD));
      // Each person's part is rounded once, so a party is at most half a cent a person away.
      expect(Math.abs(nowEach(ride) - exactEach)).toBeLessThanOrEqual(PRICE_STEP_SGD / 2 + 1e-9);
      money.parties.forEach((party, index) => {
        expect(cents(shares[index]!)).toBe(cents(nowEach(ride)) * party);
      });
      // The organiser's rest is their own part give or take the passengers' half cents.
      const passengersAboard = ride.currentPassengers - money.organiserParty;
      expect(Math.abs(own - exactEach * money.organiserParty)).toBeLessThanOrEqual(
        (passengersAboard * PRICE_STEP_SGD) / 2 + 1e-9,
      );
      expect(own).toBeGreaterThanOrEqual(0);
    }
  });

  it('says the rule’s figure on every screen: card, detail, join page, payment cards, QR, share summary, calendar', () => {
    for (const money of cases.slice(0, 300)) {
      const ride = rideOf(money);
      const each = nowEach(ride);
      const total = totalCost(ride);
      const shares = money.parties.map((party) => passengerShare(ride, party));
      const own = organiserShare(total, shares);

      // Ride card and detail cost breakdown (one helper, ridePrice).
      const price = ridePrice(ride);
      expect(price.nowEach).toBe(each);
      expect(price.total).toBe(total);
      expect(price.now).toContain(`${formatSgd(each)} each (${ride.currentPassengers} aboard`);
      expect(price.now.includes('stops included')).toBe(money.stops > 0);

      // The join page's "with you" is what the party is asked once aboard (same stops).
      const party = 1 + (money.parties.length % 4);
      const after = { ...ride, currentPassengers: ride.currentPassengers + party };
      expect(shareWith(ride, party).share).toBe(passengerShare(after, party));
      expect(withYouText(ride, party)).toContain(`${formatSgd(nowEach(after))} each`);

      // The organiser's payments card, from the passengers answer.
      const passengers = money.parties.map((count, index) =>
        makePassenger(index + 1, { passengerCount: count, paymentStatus: 'unpaid', share: shares[index]! }),
      );
      const summary = paymentSummary(ride, passengers);
      expect(summary).toMatchObject({ carCost: total, ownShare: own });
      expect(cents(summary.expected) + cents(summary.ownShare)).toBe(cents(total));
      // The summary from a cached list without shares works them out the same way.
      expect(
        paymentSummary(
          ride,
          passengers.map((entry) => ({ ...entry, share: undefined })),
        ),
      ).toEqual(summary);

      // The passenger's card and the PayNow QR amount.
      for (const share of shares) expect(payNowAmount(share)).toBe(share.toFixed(2));

      // The share summary.
      expect(tripSummary(ride, 'https://rides.example.sg')).toContain(
        `Each now: ${formatSgd(each)} (${ride.currentPassengers} aboard)`,
      );

      // The calendar file: the same figures, and each reader's own share.
      const costLine = `${formatSgd(each)} each (${ride.currentPassengers} aboard`;
      expect(rideDescription(calendarRide(money, 'organiser', null), 'x')).toContain(costLine);
      expect(rideDescription(calendarRide(money, 'organiser', null), 'x')).toContain(`Your share: ${formatSgd(own)}`);
      if (money.parties.length > 0) {
        const mine = money.parties[0]!;
        expect(rideDescription(calendarRide(money, 'passenger', mine), 'x')).toContain(
          `Your share: ${formatSgd(shares[0]!)}`,
        );
      }
    }
  });

  // The rides, by hand: the figures a member reported, and what they read now.
  it('reads the reported rides right: 3 stops over 4 aboard, a full 4/4 car, the guide’s example', () => {
    const threeStops = makeRide({ cost: 80, additionalStops: 3, currentPassengers: 4, maxPassengers: 4 });
    expect(passengerShare(threeStops, 1)).toBe(23.75);
    expect(organiserShare(totalCost(threeStops), [23.75, 23.75, 23.75])).toBe(23.75);
    const full = makeRide({ cost: 80, additionalStops: 2, currentPassengers: 4, maxPassengers: 4 });
    expect(ridePrice(full).nowEach).toBe(ridePrice(full).ifFullEach);
    expect(nowEach({ cost: 80, additionalStops: 1, currentPassengers: 4 })).toBe(21.25);
  });
});
