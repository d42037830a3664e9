// A ride and its passengers exactly as the api answers them (SPEC §3, §7). The api's queries
// build these shapes in SQL and the PWA reads them; this file is the one contract between them.
import type { Direction } from '../limits.ts';
import type { PassengerMoney, PaymentStatus, PaymentSum } from './payment.ts';

export type { Direction };
export type RideStatus = 'open' | 'assigned' | 'completed';

export interface DropoffEntry {
  location: string;
  passengerCount: number;
}

// Visitors get the organiser's id and name only; the contact fields are then null.
export interface RideCreator {
  id: number;
  name: string | null;
  discordUsername: string | null;
  whatsappNumber: string | null;
  malaysianNumber: string | null;
}

export interface Ride {
  id: number;
  creatorId: number;
  direction: Direction;
  date: string;
  maxPassengers: number;
  currentPassengers: number;
  organizerPassengerCount: number;
  pickupLocation: string | null;
  // Issue 37 §3: going to Singapore, where in Forest City the car picks everyone up (null when
  // not named, and on every SG->FC ride). Optional: answers saved before it have none.
  meetingPoint?: string | null;
  // SPEC §3: entries may also be plain strings when read.
  dropoffLocations: Array<DropoffEntry | string> | null;
  status: RideStatus;
  vendorId: number | null;
  driverContactId: number | null;
  cost: number;
  additionalStops: number;
  sequenceLocked: boolean;
  createdAt: string;
  // Members see `name ?? discordUsername`, visitors the name only.
  creatorName: string | null;
  organizerName: string | null;
  creator: RideCreator | null;
  // Issue 14: the outbound ride this one is the way back of (null for most rides). Optional:
  // older cached answers and test fixtures lack it.
  returnOf?: number | null;
  // The return planned from this ride, if any.
  returnTrip?: ReturnTripLink | null;
  // Issue 27: the weekly series this ride is a date of (GET /api/series/{id}), or null.
  seriesId?: number | null;
}

export interface ReturnTripLink {
  id: number;
  direction: Direction;
  date: string;
}

export interface PassengerUser {
  id: number;
  fullName: string | null;
  name: string | null;
  // Contacts, the username included, reach only the people on the ride; others get null.
  discordUsername: string | null;
  whatsappNumber: string | null;
  malaysianNumber: string | null;
  revolutUsername: string | null;
}

export interface Passenger {
  id: number;
  rideId: number;
  userId: number;
  // Null for members not on the ride: a stop picked on the map can be a home address.
  dropoffLocation: string | null;
  // FC->SG the drop-off order, SG->FC the pickup order (ADR 0040); set by a lock.
  dropoffSequence: number | null;
  // SG->FC only: about when the car picks them up, 'HH:MM' Singapore time on the ride's day
  // (ADR 0040). Null until set, on FC->SG, and for members not on the ride.
  pickupTime: string | null;
  passengerCount: number;
  createdAt: string;
  user: PassengerUser;
  // The passenger themself and the organiser only; null for everyone else (types/payment.ts).
  paymentStatus: PaymentStatus | null;
  // SGD owed to the organiser: the price rule × party (_shared/price.ts); null when the status is.
  share: number | null;
  // What was paid for the seat, to whom (issue 37 §2), and what that makes against the share;
  // null when the status is.
  payments: PaymentSum[] | null;
  money: PassengerMoney | null;
  // Issue 26 §1: the member's trips and no-shows, for every member who sees the list.
  record: { trips: number; noShows: number };
  // Whether the organiser marked them a no-show on this ride; the organiser only, else null.
  noShow: boolean | null;
}

// One ride in a windowed list (GET /api/rides/page, ADR 0009): what a card shows, the same for
// visitors and members. The detail call (`Ride`) carries the rest.
export type RideListItem = Pick<
  Ride,
  | 'id'
  | 'creatorId'
  | 'direction'
  | 'date'
  | 'maxPassengers'
  | 'currentPassengers'
  | 'pickupLocation'
  | 'meetingPoint'
  | 'dropoffLocations'
  | 'status'
  | 'vendorId'
  | 'cost'
  | 'additionalStops'
  | 'organizerName'
  | 'seriesId'
>;

export type RideListScope = 'all' | 'organized' | 'joined' | 'assigned' | 'available';
export type RideListTime = 'upcoming' | 'week' | 'past' | 'all';
export type RideListSort = 'earliest' | 'latest';
// A Singapore day (issue 37 §5): today, tomorrow, this weekend, or a date as YYYY-MM-DD.
export type RideListDay = 'today' | 'tomorrow' | 'weekend' | (string & {});
// Singapore time of day: before 12:00, 12:00 to 17:59, from 18:00 (ADR 0037).
export type RideListTimeOfDay = 'morning' | 'afternoon' | 'evening';
// 'once': a weekly series is one row, its next date in the list (ADR 0037).
export type RideListSeries = 'each' | 'once';

export interface RidePage {
  rides: RideListItem[];
  nextCursor: string | null;
}
