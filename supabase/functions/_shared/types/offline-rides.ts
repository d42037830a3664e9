import type { RideConversation } from '../schemas/ride-chat.ts';
import type { Waitlist } from '../schemas/waitlist.ts';
import type { RidePayment } from './payment.ts';
import type { Passenger, Ride } from './ride.ts';
import type { RideVendor } from './user.ts';

// One ride as its page reads it, each part exactly as its own call answers it
// (GET /api/rides/{id}, /passengers, /payment, /vendor, /waitlist, /messages).
export interface OfflineRide {
  ride: Ride;
  passengers: Passenger[];
  // The organiser and the passengers only; null for anyone else.
  payment: RidePayment | null;
  // Null while no vendor drives it, or when the caller may not see who does (waiting only).
  vendor: RideVendor | null;
  waitlist: Waitlist;
  // The ride's chat, its last 200 messages (issue 25): for the people in it only, null for a
  // member who only waits.
  conversation: RideConversation | null;
}

export interface OfflineRides {
  rides: OfflineRide[];
}
