import { msg, plural, t } from '@lingui/core/macro';
import { FORMER_MEMBER_NAME } from '@shared/former-member.ts';
import { ADDITIONAL_STOP_COST_SGD, NO_SHOW_WINDOW_DAYS } from '@shared/limits.ts';
import { ifFullEach as ifFullEachOf, nowEach as nowEachOf, peopleAboard, shareWith, totalCost } from '@shared/price.ts';
import type { Direction, DropoffEntry, Passenger, Ride, RideStatus } from '@shared/types/ride.ts';

import { formatSgd } from './format';
import { i18n } from './i18n/i18n';

// SPEC §4 and §9: the rules every ride screen shares.

export type RideBadge = 'Past' | 'Joined' | 'Your assignment' | 'Full' | 'Your Ride' | 'Join';

// Who is looking at a ride: the member's id (null for a visitor) and whether the member is a
// passenger on it (from GET /api/rides/user/joined).
export interface RideViewer {
  userId: number | null | undefined;
  joined?: boolean;
}

// What a badge says, in the member's language (the RideBadge values stay the keys).
export function badgeLabel(badge: RideBadge): string {
  switch (badge) {
    case 'Past':
      return t`Past`;
    case 'Joined':
      return t`Joined`;
    case 'Your assignment':
      return t`Your assignment`;
    case 'Full':
      return t`Full`;
    case 'Your Ride':
      return t`Your Ride`;
    case 'Join':
      return t`Join`;
  }
}

export function isPast(ride: Pick<Ride, 'date'>, now: number = Date.now()): boolean {
  return Date.parse(ride.date) < now;
}

export function isFull(ride: Pick<Ride, 'currentPassengers' | 'maxPassengers'>): boolean {
  return ride.currentPassengers >= ride.maxPassengers;
}

export function remainingSpots(ride: Pick<Ride, 'currentPassengers' | 'maxPassengers'>): number {
  return Math.max(0, ride.maxPassengers - ride.currentPassengers);
}

// SPEC §4's Past > Full > Your Ride > Join, with the member's own part in the ride right after
// Past: 'Joined' (a passenger on it) and 'Your assignment' (the vendor driving it). A full ride
// you are on is still yours to see first; 'Your Ride' stays where SPEC §4 puts it.
//
// viewer null: who is looking, or which rides they joined, is not known yet (the session or the
// joined list still loading). Then only 'Past' can be told, and otherwise no badge: a member's
// joined ride once showed 'Join' for a moment before 'Joined' (issue 21).
export function rideBadge(
  ride: Pick<Ride, 'date' | 'currentPassengers' | 'maxPassengers' | 'vendorId' | 'creatorId'>,
  viewer: RideViewer | null,
  now: number = Date.now(),
): RideBadge | null {
  if (isPast(ride, now)) return 'Past';
  if (viewer === null) return null;
  const { userId, joined = false } = viewer;
  if (userId != null && joined) return 'Joined';
  if (isAssignedVendor(ride, userId)) return 'Your assignment';
  if (isFull(ride)) return 'Full';
  if (userId != null && ride.creatorId === userId) return 'Your Ride';
  return 'Join';
}

// The vendor assigned to drive this ride.
export function isAssignedVendor(ride: Pick<Ride, 'vendorId'>, userId: number | null | undefined): boolean {
  return userId != null && ride.vendorId === userId;
}

export function directionLabel(direction: Direction): string {
  return direction === 'SG->FC' ? t`Singapore to Forest City` : t`Forest City to Singapore`;
}

export function statusLabel(status: RideStatus | string): string {
  if (status === 'open') return t`Open`;
  if (status === 'assigned') return t`Driver Assigned`;
  return t`Completed`;
}

// A person as a reader may see them: the name they gave, and their Discord username when the
// api shows it to this reader (visitors, and list items, never carry it).
export interface NamedPerson {
  name?: string | null;
  discordUsername?: string | null;
}

// Said when the api gives neither a name nor a username: neutral, so it reads well as an
// organiser ('Organized by Member') and as a passenger alike. Translated where it is used.
export const UNNAMED_PERSON = msg`Member`;

// The one way a person is named on every screen (cards, join page, passengers, drop-off order,
// contact lines): the name, else the username, else UNNAMED_PERSON. Before, a passenger without
// a name was 'Passenger' in one list and their username ('carol') as an organiser elsewhere.
// With the person's id, the last resort is the api's own 'Member #<id>' (queries/passengers.ts),
// so one nameless person reads the same on a card and in a passenger list.
// A member who deleted their account: the api names them FORMER_MEMBER_NAME, in English.
export const FORMER_MEMBER = msg`a former member`;

export function displayName(person: NamedPerson | null | undefined, id?: number): string {
  if (person?.name === FORMER_MEMBER_NAME) return i18n._(FORMER_MEMBER);
  return (
    person?.name?.trim() ||
    person?.discordUsername?.trim() ||
    (id === undefined ? i18n._(UNNAMED_PERSON) : t`Member #${id}`)
  );
}

// What a ride says about its organiser: `organizerName` is the name alone (list items carry only
// this); a whole ride's `creatorName` is the name or, for members, the username, and its
// `creator` has both when the reader may see them.
export type RideOrganiser = Pick<Ride, 'organizerName' | 'creatorId'> & Partial<Pick<Ride, 'creatorName' | 'creator'>>;

export function organiserName(ride: RideOrganiser): string {
  return displayName(
    {
      name: ride.organizerName || ride.creator?.name,
      discordUsername: ride.creator?.discordUsername || ride.creatorName,
    },
    ride.creatorId,
  );
}

export function passengerName(passenger: {
  userId?: number;
  user: Pick<Passenger['user'], 'fullName' | 'name' | 'discordUsername'>;
}): string {
  const { user } = passenger;
  return displayName({ name: user.fullName || user.name, discordUsername: user.discordUsername }, passenger.userId);
}

// The numbers live in _shared/price.ts, where the api reads them too (what a passenger owes).
export { totalCost };

// SPEC §9's wording, with no line at all for no stops and '1 additional stop' for one.
export function additionalStopsText(additionalStops: number): string | null {
  if (!(additionalStops > 0)) return null;
  const amount = formatSgd(additionalStops * ADDITIONAL_STOP_COST_SGD, 0);
  return t`+${amount} for ${plural(additionalStops, { one: '# additional stop', other: '# additional stops' })}`;
}

export interface RidePrice {
  // cost + additionalStops × 5 (SPEC §9).
  total: number;
  // People in the car now (the organiser's party included), at least 1.
  aboard: number;
  // The total, stops included, over the people aboard, to the cent (_shared/price.ts).
  nowEach: number;
  // The total over maxPassengers, to the cent.
  ifFullEach: number;
  // 'now: $23.75 SGD each (4 aboard, stops included)'
  now: string;
  // 'if full: $19.00 SGD each'
  ifFull: string;
  // '+$15 SGD for 3 additional stops', or null when there are none.
  surcharge: string | null;
}

// The one place a ride's per-person price is worded: the ride card, the detail page's cost
// breakdown and the join page all show these strings, from the one rule in _shared/price.ts, so
// one ride reads the same everywhere and matches what the payment cards ask for.
//
// Both figures split the car's total, stops included, and are rounded to the cent: "now" over
// the people aboard (what each owes today), "if full" over every seat. SPEC §9's card figure
// left the stops out, so a full car read "now: $20 each" beside "if full: $22.50 each" and the
// organiser paid for every stop alone (ADR 0016). The surcharge line stays, and the "now"
// figure says that it includes the stops.
export function ridePrice(
  ride: Pick<Ride, 'cost' | 'additionalStops' | 'currentPassengers' | 'maxPassengers'>,
): RidePrice {
  const total = totalCost(ride);
  const aboard = peopleAboard(ride);
  const nowEach = nowEachOf(ride);
  const ifFullEach = ifFullEachOf(ride);
  const each = formatSgd(nowEach);
  const ifFullAmount = formatSgd(ifFullEach);
  return {
    total,
    aboard,
    nowEach,
    ifFullEach,
    now:
      (ride.additionalStops ?? 0) > 0
        ? t`now: ${each} each (${aboard} aboard, stops included)`
        : t`now: ${each} each (${aboard} aboard)`,
    ifFull: t`if full: ${ifFullAmount} each`,
    surcharge: additionalStopsText(ride.additionalStops ?? 0),
  };
}

// The join page's "with you" line: each person's part once the member's party is aboard, and
// what the party pays.
export function withYouText(ride: Pick<Ride, 'cost' | 'additionalStops' | 'currentPassengers'>, party: number): string {
  const joined = shareWith(ride, party);
  const each = formatSgd(joined.each);
  const share = formatSgd(joined.share);
  const aboard = joined.aboard;
  return party <= 1
    ? t`with you: ${each} each (${aboard} aboard)`
    : t`with you: ${each} each (${aboard} aboard); your party pays ${share}`;
}

export function dropoffEntries(ride: Pick<Ride, 'dropoffLocations'>): DropoffEntry[] {
  return (ride.dropoffLocations ?? []).map((entry) =>
    typeof entry === 'string' ? { location: entry, passengerCount: 1 } : entry,
  );
}

export function firstDropoff(ride: Pick<Ride, 'dropoffLocations'>): string {
  return dropoffEntries(ride)[0]?.location ?? '';
}

// FC->SG cards name where the car goes; SG->FC cards where it starts.
export function cardLocation(ride: Pick<Ride, 'direction' | 'pickupLocation' | 'dropoffLocations'>): {
  to: boolean;
  place: string;
} {
  return ride.direction === 'FC->SG'
    ? { to: true, place: firstDropoff(ride) }
    : { to: false, place: ride.pickupLocation ?? '' };
}

// Issue 26 §1: the organiser marks a passenger as a no-show from the ride's departure for this
// long (the database's rule, app.mark_no_show).
export function canMarkNoShow(ride: Pick<Ride, 'date'>, now: number = Date.now()): boolean {
  const departure = Date.parse(ride.date);
  return departure <= now && now <= departure + NO_SHOW_WINDOW_DAYS * 86_400_000;
}
