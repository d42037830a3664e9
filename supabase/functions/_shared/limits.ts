// Business limits shared by the api, the database checks and the PWA forms (SPEC §9).
export const PASSENGERS_MIN = 1;
export const PASSENGERS_MAX = 10;
export const DEFAULT_MAX_PASSENGERS = 5;
export const PASSWORD_MIN_LENGTH = 8;
// bcrypt reads only the first 72 bytes; a longer cap would silently ignore the rest.
export const PASSWORD_MAX_LENGTH = 72;
export const LOCATION_MAX_LENGTH = 500;
export const NAME_MAX_LENGTH = 100;
// An organiser's reason for cancelling a ride, told to its passengers; the database's
// app.cancel_ride and notifications_reason_check say the same.
export const RIDE_CANCEL_REASON_MAX_LENGTH = 300;
export const DEFAULT_RIDE_COST_SGD = 80;
// The most a ride's car may cost; the database's rides_cost_in_range says the same.
export const RIDE_COST_MAX_SGD = 2000;
export const ADDITIONAL_STOP_COST_SGD = 5;
export const FOREST_CITY = 'Forest City';
export const DIRECTIONS = ['SG->FC', 'FC->SG'] as const;
export type Direction = (typeof DIRECTIONS)[number];

// How long after a ride leaves its organiser may mark (and unmark) a no-show (issue 26 §1); the
// database's rule (app.mark_no_show).
export const NO_SHOW_WINDOW_DAYS = 3;

// Live chat streams (issue 35 §4) one member, and one client address, may hold open at once on
// the Node host; past that the stream is refused (429 too_many_streams) and the PWA asks again
// every few seconds instead. A member rarely has more than a phone and a laptop with a chat open;
// an address is shared by a household or an office, and one over its share still gets the chat.
export const LIVE_CHAT_STREAMS_PER_MEMBER = 5;
export const LIVE_CHAT_STREAMS_PER_ADDRESS = 20;
