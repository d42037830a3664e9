import { describe, expect, it } from 'vitest';
import {
  additionalStopsText,
  cardCostPerPerson,
  cardLocationLine,
  directionLabel,
  dropoffEntries,
  firstDropoff,
  isFull,
  isPast,
  organizerName,
  passengerName,
  perPersonEstimate,
  remainingSpots,
  rideBadge,
  sortPassengersByStop,
  statusLabel,
  totalCost,
} from './ride-rules';
import type { Ride } from '@shared/types/ride.ts';
import { makePassenger, makeRide } from '../../testing/fixtures';

const NOW = Date.parse('2030-06-15T04:00:00.000Z');
const FUTURE = '2030-06-16T01:30:00.000Z';
const PAST = '2030-06-14T01:30:00.000Z';

const ride = (overrides: Partial<Ride> = {}) => makeRide({ date: FUTURE, ...overrides });
const passenger = (id: number, dropoffSequence: number | null) => makePassenger(id, { dropoffSequence });

describe('rideBadge: Past > Full > Your Ride > Join', () => {
  it('says Past for a past ride even when it is full and your own', () => {
    expect(rideBadge(ride({ date: PAST, currentPassengers: 4, creatorId: 7 }), 7, NOW)).toBe('Past');
  });

  it('says Full for a full upcoming ride even when it is your own', () => {
    expect(rideBadge(ride({ currentPassengers: 4, creatorId: 7 }), 7, NOW)).toBe('Full');
    expect(rideBadge(ride({ currentPassengers: 5 }), null, NOW)).toBe('Full');
  });

  it('says Your Ride for the creator of an upcoming ride with room', () => {
    expect(rideBadge(ride({ creatorId: 7 }), 7, NOW)).toBe('Your Ride');
  });

  it('says Join for anyone else, including a visitor', () => {
    expect(rideBadge(ride({ creatorId: 7 }), 8, NOW)).toBe('Join');
    expect(rideBadge(ride(), null, NOW)).toBe('Join');
    expect(rideBadge(ride(), undefined, NOW)).toBe('Join');
  });
});

describe('isPast', () => {
  it('compares instants, not wall-clock text', () => {
    // 12:00 in Singapore is 04:00 UTC: the same instant as NOW, so not yet past.
    expect(isPast({ date: '2030-06-15T12:00:00+08:00' }, NOW)).toBe(false);
    expect(isPast({ date: '2030-06-15T11:59:59+08:00' }, NOW)).toBe(true);
    expect(isPast({ date: '2030-06-15T04:00:01Z' }, NOW)).toBe(false);
  });

  it('defaults to the current time', () => {
    expect(isPast({ date: '2000-01-01T00:00:00Z' })).toBe(true);
    expect(isPast({ date: '2999-01-01T00:00:00Z' })).toBe(false);
  });
});

describe('capacity', () => {
  it('is full at or over the maximum', () => {
    expect(isFull({ currentPassengers: 3, maxPassengers: 4 })).toBe(false);
    expect(isFull({ currentPassengers: 4, maxPassengers: 4 })).toBe(true);
    expect(isFull({ currentPassengers: 5, maxPassengers: 4 })).toBe(true);
  });

  it('never reports negative spots', () => {
    expect(remainingSpots({ currentPassengers: 1, maxPassengers: 4 })).toBe(3);
    expect(remainingSpots({ currentPassengers: 6, maxPassengers: 4 })).toBe(0);
  });
});

describe('costs (SPEC §9)', () => {
  it('card cost per person is cost / max(1, current), rounded', () => {
    expect(cardCostPerPerson({ cost: 80, currentPassengers: 3 })).toBe(27);
    expect(cardCostPerPerson({ cost: 80, currentPassengers: 0 })).toBe(80);
    expect(cardCostPerPerson({ cost: 75, currentPassengers: 2 })).toBe(38);
    expect(cardCostPerPerson({ cost: 80, currentPassengers: 6 })).toBe(13);
  });

  it('total cost adds 5 per additional stop', () => {
    expect(totalCost({ cost: 80, additionalStops: 0 })).toBe(80);
    expect(totalCost({ cost: 80, additionalStops: 3 })).toBe(95);
  });

  it('per-person estimate is total / max with 2 decimals', () => {
    expect(perPersonEstimate({ cost: 80, additionalStops: 0, maxPassengers: 3 })).toBe('26.67');
    expect(perPersonEstimate({ cost: 80, additionalStops: 2, maxPassengers: 5 })).toBe('18.00');
    expect(perPersonEstimate({ cost: 80, additionalStops: 0, maxPassengers: 1 })).toBe('80.00');
  });

  it("words the stops surcharge as '+$X SGD for N additional stops'", () => {
    expect(additionalStopsText(2)).toBe('+$10 SGD for 2 additional stops');
    expect(additionalStopsText(1)).toBe('+$5 SGD for 1 additional stops');
  });
});

describe('labels', () => {
  it('names the directions', () => {
    expect(directionLabel('SG->FC')).toBe('Singapore to Forest City');
    expect(directionLabel('FC->SG')).toBe('Forest City to Singapore');
  });

  it('names the statuses, anything unknown as Completed', () => {
    expect(statusLabel('open')).toBe('Open');
    expect(statusLabel('assigned')).toBe('Driver Assigned');
    expect(statusLabel('completed')).toBe('Completed');
    expect(statusLabel('cancelled')).toBe('Completed');
  });

  it('falls back organizerName -> creatorName -> Unknown Organizer', () => {
    expect(organizerName({ organizerName: 'Olivia', creatorName: 'Carl' })).toBe('Olivia');
    expect(organizerName({ organizerName: null, creatorName: 'Carl' })).toBe('Carl');
    expect(organizerName({ organizerName: '', creatorName: '' })).toBe('Unknown Organizer');
    expect(organizerName({ organizerName: null, creatorName: null })).toBe('Unknown Organizer');
  });

  it('falls back passenger fullName -> name -> Passenger', () => {
    const base = passenger(1, null);
    expect(passengerName({ ...base, user: { ...base.user, fullName: 'Full', name: 'Short' } })).toBe('Full');
    expect(passengerName({ ...base, user: { ...base.user, name: 'Short' } })).toBe('Short');
    expect(passengerName(base)).toBe('Passenger');
  });
});

describe('drop-offs and the card location line', () => {
  it('reads plain-string entries as one passenger each', () => {
    expect(dropoffEntries({ dropoffLocations: ['Tampines Mall', { location: 'Bedok', passengerCount: 3 }] })).toEqual([
      { location: 'Tampines Mall', passengerCount: 1 },
      { location: 'Bedok', passengerCount: 3 },
    ]);
    expect(dropoffEntries({ dropoffLocations: null })).toEqual([]);
    expect(firstDropoff({ dropoffLocations: [] })).toBe('');
  });

  it("shows 'To: ' and the first drop-off for FC->SG", () => {
    expect(
      cardLocationLine(ride({ direction: 'FC->SG', pickupLocation: 'Forest City', dropoffLocations: ['Tampines Mall', 'Bedok'] })),
    ).toBe('To: Tampines Mall');
  });

  it("shows 'From: ' and the pickup for SG->FC", () => {
    expect(cardLocationLine(ride({ pickupLocation: 'Pasir Ris MRT' }))).toBe('From: Pasir Ris MRT');
  });
});

describe('sortPassengersByStop', () => {
  it('orders by sequence with unsequenced passengers last, without mutating', () => {
    const list = [passenger(1, null), passenger(2, 2), passenger(3, 1)];
    expect(sortPassengersByStop(list).map((p) => p.id)).toEqual([3, 2, 1]);
    expect(list.map((p) => p.id)).toEqual([1, 2, 3]);
  });
});
