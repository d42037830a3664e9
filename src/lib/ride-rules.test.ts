import { FORMER_MEMBER_NAME } from '@shared/former-member.ts';
import type { Ride, RideListItem } from '@shared/types/ride.ts';
import { describe, expect, it } from 'vitest';

import { makePassenger, makeRide } from '../testing/fixtures';
import { activateLanguage, i18n } from './i18n/i18n';
import {
  additionalStopsText,
  cardLocation,
  directionLabel,
  displayName,
  dropoffEntries,
  firstDropoff,
  isAssignedVendor,
  isFull,
  isPast,
  organiserName,
  passengerName,
  remainingSpots,
  rideBadge,
  ridePrice,
  statusLabel,
  totalCost,
  UNNAMED_PERSON,
  withYouText,
} from './ride-rules';

const NOW = Date.parse('2030-06-15T04:00:00.000Z');
const FUTURE = '2030-06-16T01:30:00.000Z';
const PAST = '2030-06-14T01:30:00.000Z';

const ride = (overrides: Partial<Ride> = {}) => makeRide({ date: FUTURE, ...overrides });
const passenger = (id: number, dropoffSequence: number | null) => makePassenger(id, { dropoffSequence });

describe('rideBadge: Past > Joined > Your assignment > Full > Your Ride > Join', () => {
  const as = (userId: number | null | undefined, joined = false) => ({ userId, joined });

  it('says Past for a past ride even when it is full, your own, joined or assigned to you', () => {
    expect(rideBadge(ride({ date: PAST, currentPassengers: 4, creatorId: 7 }), as(7), NOW)).toBe('Past');
    expect(rideBadge(ride({ date: PAST }), as(7, true), NOW)).toBe('Past');
    expect(rideBadge(ride({ date: PAST, vendorId: 7 }), as(7), NOW)).toBe('Past');
  });

  it('says Joined for an upcoming ride the member is on, even a full one', () => {
    expect(rideBadge(ride(), as(7, true), NOW)).toBe('Joined');
    expect(rideBadge(ride({ currentPassengers: 4 }), as(7, true), NOW)).toBe('Joined');
  });

  it('says Your assignment to the vendor driving an upcoming ride, even a full one', () => {
    expect(rideBadge(ride({ vendorId: 7, status: 'assigned' }), as(7), NOW)).toBe('Your assignment');
    expect(rideBadge(ride({ vendorId: 7, currentPassengers: 4 }), as(7), NOW)).toBe('Your assignment');
    expect(rideBadge(ride({ vendorId: 8 }), as(7), NOW)).toBe('Join');
  });

  it('puts Joined before Your assignment', () => {
    expect(rideBadge(ride({ vendorId: 7 }), as(7, true), NOW)).toBe('Joined');
  });

  it('never says Joined or Your assignment to a visitor', () => {
    expect(rideBadge(ride(), as(null, true), NOW)).toBe('Join');
    expect(rideBadge(ride({ vendorId: null }), as(null), NOW)).toBe('Join');
  });

  it('says Full for a full upcoming ride even when it is your own', () => {
    expect(rideBadge(ride({ currentPassengers: 4, creatorId: 7 }), as(7), NOW)).toBe('Full');
    expect(rideBadge(ride({ currentPassengers: 5 }), as(null), NOW)).toBe('Full');
  });

  it('says Your Ride for the organiser of an upcoming ride with room', () => {
    expect(rideBadge(ride({ creatorId: 7 }), as(7), NOW)).toBe('Your Ride');
  });

  it('says Join for anyone else, including a visitor', () => {
    expect(rideBadge(ride({ creatorId: 7 }), as(8), NOW)).toBe('Join');
    expect(rideBadge(ride(), as(null), NOW)).toBe('Join');
    expect(rideBadge(ride(), as(undefined), NOW)).toBe('Join');
  });
});

describe('isAssignedVendor', () => {
  it('is the member whose id is the ride’s vendorId', () => {
    expect(isAssignedVendor({ vendorId: 7 }, 7)).toBe(true);
    expect(isAssignedVendor({ vendorId: 8 }, 7)).toBe(false);
    expect(isAssignedVendor({ vendorId: null }, null)).toBe(false);
    expect(isAssignedVendor({ vendorId: null }, undefined)).toBe(false);
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
  const price = (cost: number, currentPassengers: number, maxPassengers: number, additionalStops = 0) =>
    ridePrice({ cost, currentPassengers, maxPassengers, additionalStops });

  it('total cost adds 5 per additional stop', () => {
    expect(totalCost({ cost: 80, additionalStops: 0 })).toBe(80);
    expect(totalCost({ cost: 80, additionalStops: 3 })).toBe(95);
  });

  // Issue 21 §2 (ADR 0016): 'now' splits the total, stops included, to the cent; SPEC §9's card
  // figure (cost / aboard, whole dollars) read $20 beside 'if full: $22.50' on a full car.
  it("'now' is the total, stops included, over max(1, aboard), to the cent", () => {
    expect(price(80, 3, 5).nowEach).toBe(26.67);
    expect(price(80, 0, 5).nowEach).toBe(80);
    expect(price(75, 2, 5).nowEach).toBe(37.5);
    expect(price(80, 6, 10).nowEach).toBe(13.33);
    expect(price(80, 3, 5, 2).nowEach).toBe(30);
    expect(price(80, 4, 4, 2).nowEach).toBe(price(80, 4, 4, 2).ifFullEach);
  });

  it("'if full' is total / max to the cent", () => {
    expect(price(80, 1, 3).ifFullEach).toBe(26.67);
    expect(price(80, 1, 5, 2).ifFullEach).toBe(18);
    expect(price(80, 1, 1).ifFullEach).toBe(80);
  });

  it('words both figures with who they are split between, and says when stops are in', () => {
    expect(price(80, 3, 5)).toMatchObject({
      total: 80,
      aboard: 3,
      now: 'now: $26.67 SGD each (3 aboard)',
      ifFull: 'if full: $16.00 SGD each',
      surcharge: null,
    });
    expect(price(80, 1, 3).ifFull).toBe('if full: $26.67 SGD each');
    expect(price(80, 0, 4).now).toBe('now: $80.00 SGD each (1 aboard)');
    expect(price(80, 4, 4, 3).now).toBe('now: $23.75 SGD each (4 aboard, stops included)');
  });

  it("words the join page's 'with you' for a party of one and of more", () => {
    const ride = { cost: 80, additionalStops: 3, currentPassengers: 2 };
    expect(withYouText(ride, 1)).toBe('with you: $31.67 SGD each (3 aboard)');
    expect(withYouText(ride, 2)).toBe('with you: $23.75 SGD each (4 aboard); your party pays $47.50 SGD');
  });

  it('adds the stops surcharge when there are stops', () => {
    expect(price(80, 3, 5, 2)).toMatchObject({
      total: 90,
      surcharge: '+$10 SGD for 2 additional stops',
      ifFull: 'if full: $18.00 SGD each',
    });
    expect(price(80, 2, 4, 1).surcharge).toBe('+$5 SGD for 1 additional stop');
  });

  it("words the stops surcharge as '+$X SGD for N additional stops', and nothing for none", () => {
    expect(additionalStopsText(2)).toBe('+$10 SGD for 2 additional stops');
    expect(additionalStopsText(1)).toBe('+$5 SGD for 1 additional stop');
    expect(additionalStopsText(0)).toBeNull();
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
});

describe('one display name for a person: name, else username, else Member', () => {
  it('displayName prefers the name, then the username, then a neutral word', () => {
    expect(displayName({ name: 'Carol Tan', discordUsername: 'carol' })).toBe('Carol Tan');
    expect(displayName({ name: null, discordUsername: 'carol' })).toBe('carol');
    expect(displayName({ name: '  ', discordUsername: 'carol' })).toBe('carol');
    expect(displayName({ name: '', discordUsername: '' })).toBe(i18n._(UNNAMED_PERSON));
    expect(displayName({})).toBe('Member');
    expect(displayName(null)).toBe('Member');
  });

  it('names a member who deleted their account "a former member", in the reader\'s language', async () => {
    const former = { name: FORMER_MEMBER_NAME, discordUsername: null };
    expect(displayName(former, 7)).toBe('a former member');
    expect(organiserName({ creatorId: 7, organizerName: FORMER_MEMBER_NAME, creatorName: FORMER_MEMBER_NAME })).toBe(
      'a former member',
    );
    await activateLanguage('ms');
    try {
      expect(displayName(former, 7)).toBe('bekas ahli');
    } finally {
      await activateLanguage('en');
    }
  });

  it("names an organiser by organizerName, else the member's creatorName (the username), else Member #<id>", () => {
    expect(organiserName({ creatorId: 5, organizerName: 'Olivia', creatorName: 'Carl' })).toBe('Olivia');
    expect(organiserName({ creatorId: 5, organizerName: null, creatorName: 'carol' })).toBe('carol');
    expect(
      organiserName({
        creatorId: 1,
        organizerName: null,
        creator: { id: 1, name: null, discordUsername: 'carol', whatsappNumber: null, malaysianNumber: null },
      }),
    ).toBe('carol');
    // A list item (ADR 0009) has the name alone.
    expect(organiserName({ creatorId: 5, organizerName: 'Olivia' })).toBe('Olivia');
    // With no name to show, the same 'Member #<id>' the api gives a nameless passenger.
    expect(organiserName({ creatorId: 5, organizerName: null })).toBe('Member #5');
    expect(organiserName({ creatorId: 5, organizerName: '', creatorName: '' })).toBe('Member #5');
  });

  it('names a passenger by name, else the username (never "Passenger"), else Member', () => {
    const base = passenger(1, null);
    expect(passengerName({ ...base, user: { ...base.user, fullName: 'Full', name: 'Short' } })).toBe('Full');
    expect(passengerName({ ...base, user: { ...base.user, name: 'Short' } })).toBe('Short');
    expect(passengerName({ ...base, user: { ...base.user, discordUsername: 'carol' } })).toBe('carol');
    expect(passengerName({ ...base, user: { ...base.user, discordUsername: '' } })).toBe(`Member #${base.userId}`);
  });

  it('names a nameless member the same as an organiser and as a passenger', () => {
    const carol = { id: 7, name: null, discordUsername: 'carol', whatsappNumber: null, malaysianNumber: null };
    const asPassenger = passengerName({ user: { ...carol, fullName: null } });
    expect(organiserName({ creatorId: 7, organizerName: null, creatorName: 'carol', creator: carol })).toBe(
      asPassenger,
    );
    expect(asPassenger).toBe('carol');
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
      cardLocation(
        ride({ direction: 'FC->SG', pickupLocation: 'Forest City', dropoffLocations: ['Tampines Mall', 'Bedok'] }),
      ),
    ).toEqual({ to: true, place: 'Tampines Mall' });
  });

  it("shows 'From: ' and the pickup for SG->FC", () => {
    expect(cardLocation(ride({ pickupLocation: 'Pasir Ris MRT' }))).toEqual({ to: false, place: 'Pasir Ris MRT' });
  });
});

// Only the fields of a windowed list's ride (ADR 0009): no creatorName, creator or contacts.
function listItem(full: Ride): RideListItem {
  const {
    id,
    creatorId,
    direction,
    date,
    maxPassengers,
    currentPassengers,
    pickupLocation,
    dropoffLocations,
    status,
    vendorId,
    cost,
    additionalStops,
    organizerName: name,
  } = full;
  return {
    id,
    creatorId,
    direction,
    date,
    maxPassengers,
    currentPassengers,
    pickupLocation,
    dropoffLocations,
    status,
    vendorId,
    cost,
    additionalStops,
    organizerName: name,
  };
}

describe('a list item (ADR 0009) is all a card needs', () => {
  it('gives the same badge, location, price and organiser as the whole ride', () => {
    const full = ride({
      direction: 'FC->SG',
      dropoffLocations: ['Bedok'],
      currentPassengers: 2,
      additionalStops: 1,
      vendorId: 9,
    });
    const item = listItem(full);
    expect(Object.keys(item)).not.toContain('creatorName');
    expect(rideBadge(item, { userId: 9 }, NOW)).toBe(rideBadge(full, { userId: 9 }, NOW));
    expect(rideBadge(item, { userId: 9 }, NOW)).toBe('Your assignment');
    expect(cardLocation(item)).toEqual({ to: true, place: 'Bedok' });
    expect(ridePrice(item)).toEqual(ridePrice(full));
    expect(organiserName(item)).toBe('Olivia');
  });
});
