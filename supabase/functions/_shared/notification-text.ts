// The words of a notification, shared by the in-app inbox and the Web Push sender so a member
// reads the same thing in both places. Params were copied when the event happened; any of them
// may be missing (older rows, other writers), so every text has a fallback and nothing throws.
//
// One ICU message per kind (and per title that names someone), with select and plural where the
// sentence varies: who is named (a member, a former member, nobody known), which parts of the
// ride are known (its way, its day), the variant of the event (a party, a reason, a weekly
// series). Each language words the whole sentence. The values a sentence needs and cannot say
// itself stay values: the way of the ride and what changed (messages of their own), the ride's
// date (formatted by whoever renders), a list of fields, the news of the trip's day.
// Marked /*i18n*/ so Lingui's extractor puts them in the catalogues. The PWA reads them in the
// member's language (src/features/notifications/notification-message.tsx); the push sender, on
// the server, through @lingui/core with compiled catalogues (notification-push-text.ts).
//
// A new kind: add its message to MESSAGES, its case to notificationMessages (rideParts and
// nameParts give the usual values), then npm run i18n:extract and translate.
import { FORMER_MEMBER_NAME } from './former-member.ts';
import { formatSgdText } from './money.ts';
import { CAR_STEPS, type CarStep, PASSENGER_STEPS, type PassengerStep } from './trip-steps.ts';
import { carStepMessage, passengerStepMessage } from './trip-text.ts';
import { type NotificationKind, VENDOR_NOTIFICATION_KINDS } from './types/notification.ts';

export type { NotificationKind };

// A text of a notification. Values are the member's own data (strings, numbers), other
// messages, a ride's date (formatted by whoever renders) or a list of messages. Choices are the
// keys of its select and plural arguments, given to the formatter as they are.
export interface NotificationMessage {
  id: string;
  message: string;
  comment?: string;
  values?: Record<string, NotificationValue>;
  choices?: Record<string, NotificationChoice>;
}
export type NotificationChoice = string | number;
// timeOnly: the day is said just before ("Fri 5 Dec, 6:00 pm → 7:30 pm").
export interface NotificationDate {
  date: string;
  timeOnly?: boolean;
}
export interface NotificationList {
  list: NotificationMessage[];
}
export type NotificationValue = string | number | NotificationMessage | NotificationDate | NotificationList;

export function isNotificationMessage(value: NotificationValue): value is NotificationMessage {
  return typeof value === 'object' && 'id' in value;
}
export function isNotificationDate(value: NotificationValue): value is NotificationDate {
  return typeof value === 'object' && 'date' in value;
}

export const TIME_ZONE = 'Asia/Singapore';

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

function whole(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return null;
}

// "Sat 5 Dec, 7:30 am": short enough for a phone's lock screen, always in Singapore time
// because that is where both ends of every ride keep their clocks. Assembled from parts, so
// Node's, Deno's and the browsers' slightly different locale data all give the same words.
const DATE_PARTS = new Intl.DateTimeFormat('en-SG', {
  timeZone: TIME_ZONE,
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
});

function rideInstant(value: unknown): string | null {
  const raw = text(value);
  if (raw === null) return null;
  return Number.isNaN(Date.parse(raw)) ? null : raw;
}

const SINGAPORE_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

function sameSingaporeDay(a: string, b: string): boolean {
  return SINGAPORE_DAY.format(new Date(Date.parse(a))) === SINGAPORE_DAY.format(new Date(Date.parse(b)));
}

export function formatRideDate(value: unknown, timeOnly = false): string | null {
  const raw = rideInstant(value);
  if (raw === null) return null;
  const part = Object.fromEntries(
    DATE_PARTS.formatToParts(new Date(Date.parse(raw))).map(({ type, value: v }) => [type, v]),
  );
  const period = (part.dayPeriod ?? '').toLowerCase().replace(/[^a-z]/g, '');
  const time = `${part.hour}:${part.minute}${period ? ` ${period}` : ''}`;
  return timeOnly ? time : `${part.weekday} ${part.day} ${part.month}, ${time}`;
}

// The way of a ride in words ("Forest City → Singapore"), each language its own; a value the
// app does not know is shown as it came.
const DIRECTIONS: Record<string, NotificationMessage> = {
  'SG->FC': /*i18n*/ {
    id: 'notification.direction.sg-fc',
    message: 'Singapore → Forest City',
    comment: 'The way of a ride',
  },
  'FC->SG': /*i18n*/ {
    id: 'notification.direction.fc-sg',
    message: 'Forest City → Singapore',
    comment: 'The way of a ride',
  },
};

function rideDirection(params: Record<string, unknown>): NotificationValue | null {
  const raw = text(params.direction);
  if (raw === null) return null;
  return Object.hasOwn(DIRECTIONS, raw) ? DIRECTIONS[raw]! : raw;
}

// Who an event names, as its params have them: a member who has since deleted their account is
// named as one in the reader's language (private.delete_member renames them in every row); a
// name that is missing is said by the message's fallback ("A member", "The organiser").
function nameParts(
  value: unknown,
  choice = 'who',
  key = 'name',
): { values: Record<string, NotificationValue>; choices: Record<string, NotificationChoice> } {
  const name = text(value);
  if (name === null) return { values: {}, choices: { [choice]: 'unknown' } };
  if (name === FORMER_MEMBER_NAME) return { values: {}, choices: { [choice]: 'former' } };
  return { values: { [key]: name }, choices: { [choice]: 'known' } };
}

// Which parts of the ride are known, for the messages' {ride, select, …}: "your Singapore →
// Forest City ride on Sat 5 Dec, 7:30 am" degrades to "your ride" when params are thin.
function rideParts(params: Record<string, unknown>): {
  values: Record<string, NotificationValue>;
  choices: Record<string, NotificationChoice>;
} {
  const direction = rideDirection(params);
  const instant = rideInstant(params.date);
  const values: Record<string, NotificationValue> = {};
  if (direction !== null) values.direction = direction;
  if (instant !== null) values.date = { date: instant };
  const ride =
    direction !== null && instant !== null
      ? 'directionDate'
      : direction !== null
        ? 'direction'
        : instant !== null
          ? 'date'
          : 'none';
  return { values, choices: { ride } };
}

// One message with the parts of its sentence: each part's values and choices, merged.
type Parts = { values?: Record<string, NotificationValue>; choices?: Record<string, NotificationChoice> };

function say(descriptor: { id: string; message: string; comment?: string }, ...parts: Parts[]): NotificationMessage {
  const message: NotificationMessage = { ...descriptor, values: {}, choices: {} };
  for (const part of parts) {
    Object.assign(message.values!, part.values);
    Object.assign(message.choices!, part.choices);
  }
  return message;
}

function partySize(params: Record<string, unknown>): number | null {
  const size = whole(params.passengerCount ?? params.partySize);
  return size !== null && size > 1 ? size : null;
}

const FIELD_WORDS: Record<string, NotificationMessage> = {
  date: /*i18n*/ { id: 'notification.field.date', message: 'date and time', comment: 'What changed on a ride' },
  pickup: /*i18n*/ { id: 'notification.field.pickup', message: 'pickup', comment: 'What changed on a ride' },
  stops: /*i18n*/ { id: 'notification.field.stops', message: 'stops', comment: 'What changed on a ride' },
};
const FIELD_OF: Record<string, keyof typeof FIELD_WORDS> = {
  date: 'date',
  pickup: 'pickup',
  pickupLocation: 'pickup',
  dropoffLocations: 'stops',
  stops: 'stops',
};

function changedFields(fields: unknown): NotificationList | null {
  const words = [
    ...new Set((Array.isArray(fields) ? fields : []).map((field) => FIELD_OF[String(field)]).filter(Boolean)),
  ];
  if (words.length === 0) return null;
  return { list: words.map((word) => FIELD_WORDS[word]) };
}

// What a value was and is now: "Fri 5 Dec, 6:00 pm → 7:30 pm" (the day once when it stayed
// the same), "Pasir Ris MRT → Tampines MRT". Null when the event did not keep the old value
// (notifications written before it did).
function change(from: NotificationValue, to: NotificationValue): NotificationMessage {
  return /*i18n*/ {
    id: 'notification.change',
    message: '{from} → {to}',
    values: { from, to },
    comment: 'What a ride’s date, time or pickup was, and what it is now',
  };
}

function dateChange(params: Record<string, unknown>): NotificationMessage | null {
  const from = rideInstant(params.previousDate);
  const to = rideInstant(params.date);
  if (from === null || to === null) return null;
  return change({ date: from }, { date: to, timeOnly: sameSingaporeDay(from, to) });
}

function pickupChange(params: Record<string, unknown>): NotificationMessage | null {
  const from = text(params.previousPickup);
  const to = text(params.pickup);
  return from === null || to === null ? null : change(from, to);
}

// A changed ride says what changed from what: the date first, as the one people plan around.
function rideChanged(params: Record<string, unknown>): Parts {
  const moved = dateChange(params);
  if (moved) {
    // The new date is in the change: the ride is named by its way alone.
    const others = changedFields(
      Array.isArray(params.changed) ? params.changed.filter((field) => FIELD_OF[String(field)] !== 'date') : [],
    );
    const ride = rideParts({ ...params, date: undefined });
    return {
      values: { ...ride.values, change: moved, ...(others ? { fields: others } : {}) },
      choices: { ...ride.choices, variant: others ? 'movedFields' : 'moved' },
    };
  }
  const fields = changedFields(params.changed);
  const pickup = pickupChange(params);
  const ride = rideParts(params);
  if (pickup && fields?.list.length === 1) {
    return { values: { ...ride.values, change: pickup }, choices: { ...ride.choices, variant: 'pickup' } };
  }
  return fields
    ? { values: { ...ride.values, fields }, choices: { ...ride.choices, variant: 'fields' } }
    : { values: ride.values, choices: { ...ride.choices, variant: 'plain' } };
}

function money(value: unknown): string | null {
  const amount = whole(value);
  if (amount === null) return null;
  return formatSgdText(amount);
}

// Issue 27: one event of a weekly series stands for several of its dates (params.dates, with
// params.seriesId): the text names the first and says how many more ({later}), or, for a new
// ride, how many dates the series has ({weekly}; 0 for a ride of one date).
function laterDates(params: Record<string, unknown>): number {
  const dates = whole(params.dates);
  return params.seriesId === undefined || dates === null || dates < 2 ? 0 : Math.trunc(dates) - 1;
}

function later(params: Record<string, unknown>): Parts {
  return { choices: { later: laterDates(params) } };
}

function weekly(params: Record<string, unknown>): Parts {
  const more = laterDates(params);
  return { choices: { weekly: more === 0 ? 0 : more + 1 } };
}

// The messages, one per kind (and per title that names someone). Generated from the fragments
// they replace, so each branch says what the fragments said.
const MESSAGES = {
  'passenger-joined.heading': /*i18n*/ {
    id: 'notification.passenger-joined.heading',
    message: '{who, select, former {A former member} unknown {A member} other {{name}}} joined your ride',
    comment: '{name} is the passenger',
  },
  'passenger-joined.text': /*i18n*/ {
    id: 'notification.passenger-joined.text',
    message:
      '{variant, select, party {{who, select, former {A former member} unknown {A member} other {{name}}} (party of {count}) joined {ride, select, directionDate {your {direction} ride on {date}} direction {your {direction} ride} date {your ride on {date}} other {your ride}}.} other {{who, select, former {A former member} unknown {A member} other {{name}}} joined {ride, select, directionDate {your {direction} ride on {date}} direction {your {direction} ride} date {your ride on {date}} other {your ride}}.}}{later, plural, =0 {} =1 { The same goes for the next date of this weekly ride.} other { The same goes for the # later dates of this weekly ride.}}',
    comment:
      '{count} is the party size, 2 or more; {later} counts the later dates of a weekly ride this also applies to',
  },
  'passenger-left.heading': /*i18n*/ {
    id: 'notification.passenger-left.heading',
    message: '{who, select, former {A former member} unknown {A member} other {{name}}} left your ride',
    comment: '{name} is the passenger',
  },
  'passenger-left.text': /*i18n*/ {
    id: 'notification.passenger-left.text',
    message:
      '{variant, select, party {{who, select, former {A former member} unknown {A member} other {{name}}} (party of {count}) left {ride, select, directionDate {your {direction} ride on {date}} direction {your {direction} ride} date {your ride on {date}} other {your ride}}.} other {{who, select, former {A former member} unknown {A member} other {{name}}} left {ride, select, directionDate {your {direction} ride on {date}} direction {your {direction} ride} date {your ride on {date}} other {your ride}}.}}{later, plural, =0 {} =1 { The same goes for the next date of this weekly ride.} other { The same goes for the # later dates of this weekly ride.}}',
    comment:
      '{count} is the party size, 2 or more; {later} counts the later dates of a weekly ride this also applies to',
  },
  'removed.text': /*i18n*/ {
    id: 'notification.removed.text',
    message:
      'You are no longer on {ride, select, directionDate {the {direction} ride on {date}} direction {the {direction} ride} date {the ride on {date}} other {the ride}}.',
  },
  'ride-changed.text': /*i18n*/ {
    id: 'notification.ride-changed.text',
    message:
      '{variant, select, movedFields {{ride, select, directionDate {Your {direction} ride on {date}} direction {Your {direction} ride} date {Your ride on {date}} other {Your ride}} moved: {change}. Its {fields} changed too.} moved {{ride, select, directionDate {Your {direction} ride on {date}} direction {Your {direction} ride} date {Your ride on {date}} other {Your ride}} moved: {change}.} pickup {The pickup of {ride, select, directionDate {your {direction} ride on {date}} direction {your {direction} ride} date {your ride on {date}} other {your ride}} moved: {change}.} fields {The {fields} of {ride, select, directionDate {your {direction} ride on {date}} direction {your {direction} ride} date {your ride on {date}} other {your ride}} changed.} other {{ride, select, directionDate {Your {direction} ride on {date}} direction {Your {direction} ride} date {Your ride on {date}} other {Your ride}} changed.}}{later, plural, =0 {} =1 { The same goes for the next date of this weekly ride.} other { The same goes for the # later dates of this weekly ride.}}',
    comment:
      '{change} is e.g. Fri 5 Dec, 6:00 pm → 7:30 pm or Pasir Ris MRT → Tampines MRT; {fields} lists what changed: date and time, pickup, stops',
  },
  'ride-deleted.text': /*i18n*/ {
    id: 'notification.ride-deleted.text',
    message:
      '{variant, select, organiserUnavailable {{ride, select, directionDate {Your {direction} ride on {date}} direction {Your {direction} ride} date {Your ride on {date}} other {Your ride}} was cancelled: its organiser can no longer run it.} reason {{ride, select, directionDate {Your {direction} ride on {date}} direction {Your {direction} ride} date {Your ride on {date}} other {Your ride}} was cancelled. The organiser says: “{reason}”} other {{ride, select, directionDate {Your {direction} ride on {date}} direction {Your {direction} ride} date {Your ride on {date}} other {Your ride}} was deleted.}}{later, plural, =0 {} =1 { The same goes for the next date of this weekly ride.} other { The same goes for the # later dates of this weekly ride.}}',
    comment: "{reason} is the organiser's own words, in their language",
  },
  'ride-removed.text': /*i18n*/ {
    id: 'notification.ride-removed.text',
    message:
      '{ride, select, directionDate {Your {direction} ride on {date}} direction {Your {direction} ride} date {Your ride on {date}} other {Your ride}} was removed by a moderator and will not take place.',
  },
  'vendor-assigned.text': /*i18n*/ {
    id: 'notification.vendor-assigned.text',
    message:
      '{vendorWho, select, former {A former member} unknown {A vendor} other {{vendor}}} took {ride, select, directionDate {your {direction} ride on {date}} direction {your {direction} ride} date {your ride on {date}} other {your ride}}.',
    comment: '{vendor} is the driver or transport company',
  },
  'vendor-released.text': /*i18n*/ {
    id: 'notification.vendor-released.text',
    message:
      '{ride, select, directionDate {Your {direction} ride on {date}} direction {Your {direction} ride} date {Your ride on {date}} other {Your ride}} has no driver any more.',
  },
  'waitlist-seat.text': /*i18n*/ {
    id: 'notification.waitlist-seat.text',
    message:
      'A seat opened up: you moved from the waitlist onto {ride, select, directionDate {the {direction} ride on {date}} direction {the {direction} ride} date {the ride on {date}} other {the ride}}.',
  },
  'sequence-locked.text': /*i18n*/ {
    id: 'notification.sequence-locked.text',
    message:
      'The drop-off order of {ride, select, directionDate {your {direction} ride on {date}} direction {your {direction} ride} date {your ride on {date}} other {your ride}} is final.',
  },
  'payment-reminder.text': /*i18n*/ {
    id: 'notification.payment-reminder.text',
    message:
      '{variant, select, amount {{who, select, former {A former member} unknown {The organiser} other {{name}}} asks you to pay {amount} for {ride, select, directionDate {your {direction} ride on {date}} direction {your {direction} ride} date {your ride on {date}} other {your ride}}.} other {{who, select, former {A former member} unknown {The organiser} other {{name}}} asks you to pay your share for {ride, select, directionDate {your {direction} ride on {date}} direction {your {direction} ride} date {your ride on {date}} other {your ride}}.}}',
    comment: '{amount} is in Singapore dollars, e.g. $26.50 SGD',
  },
  'return-trip.text': /*i18n*/ {
    id: 'notification.return-trip.text',
    message:
      'Need a ride back after {ride, select, directionDate {your {direction} ride on {date}} direction {your {direction} ride} date {your ride on {date}} other {your ride}}? Find or offer one.',
  },
  'ride-alert.text': /*i18n*/ {
    id: 'notification.ride-alert.text',
    message:
      '{variant, select, named {{who, select, former {A former member} other {{name}}} posted a ride matching your alert: {ride, select, directionDate {the {direction} ride on {date}} direction {the {direction} ride} date {the ride on {date}} other {the ride}}.} other {New ride matching your alert: {ride, select, directionDate {the {direction} ride on {date}} direction {the {direction} ride} date {the ride on {date}} other {the ride}}.}}{weekly, plural, =0 {} other { It is a weekly ride with # dates.}}',
    comment: '{name} is the organiser; {weekly} is the number of dates of a weekly ride',
  },
  'chat-message.text': /*i18n*/ {
    id: 'notification.chat-message.text',
    message:
      '{who, select, former {A former member} unknown {A member} other {{name}}} wrote in the chat of {ride, select, directionDate {the {direction} ride on {date}} direction {the {direction} ride} date {the ride on {date}} other {the ride}}.',
    comment: '{name} is the member who wrote first since the member last read the chat',
  },
  'organiser-ride.text': /*i18n*/ {
    id: 'notification.organiser-ride.text',
    message:
      '{who, select, former {A former member} unknown {An organiser you follow} other {{name}}} posted {ride, select, directionDate {the {direction} ride on {date}} direction {the {direction} ride} date {the ride on {date}} other {the ride}}.{weekly, plural, =0 {} other { It is a weekly ride with # dates.}}',
    comment: '{name} is the organiser, whom the member follows; {weekly} is the number of dates of a weekly ride',
  },
  'series-new-dates.text': /*i18n*/ {
    id: 'notification.series-new-dates.text',
    message:
      '{count, plural, =1 {{who, select, former {A former member} unknown {The organiser} other {{name}}} added a date to the weekly ride: {ride, select, directionDate {the {direction} ride on {date}} direction {the {direction} ride} date {the ride on {date}} other {the ride}}. Tap to join it.} other {{who, select, former {A former member} unknown {The organiser} other {{name}}} added # dates to the weekly ride, from {ride, select, directionDate {the {direction} ride on {date}} direction {the {direction} ride} date {the ride on {date}} other {the ride}}. Tap to join them.}}',
    comment: '{name} is the organiser; {count} is how many dates were added; {ride} is the first new date',
  },
  'handover-offered.text': /*i18n*/ {
    id: 'notification.handover-offered.text',
    message:
      '{who, select, former {A former member} unknown {A member} other {{name}}} offers you {ride, select, directionDate {the {direction} ride on {date}} direction {the {direction} ride} date {the ride on {date}} other {the ride}} to organise. Tap to accept or decline.',
    comment: '{name} is the organiser, who cannot go; the member is a passenger of the ride',
  },
  'ride-handed-over.text': /*i18n*/ {
    id: 'notification.ride-handed-over.text',
    message:
      '{variant, select, held {{who, select, former {A former member} unknown {A member} other {{name}}} now organises {ride, select, directionDate {the {direction} ride on {date}} direction {the {direction} ride} date {the ride on {date}} other {the ride}}. You hold {amount} paid for its seats: settle it with {who, select, former {A former member} unknown {A member} other {{name}}}.} other {{who, select, former {A former member} unknown {A member} other {{name}}} now organises {ride, select, directionDate {the {direction} ride on {date}} direction {the {direction} ride} date {the ride on {date}} other {the ride}}.}}',
    comment:
      '{name} took the ride over from the member, who had been paid {amount} (in Singapore dollars) by its passengers',
  },
  'handover-declined.text': /*i18n*/ {
    id: 'notification.handover-declined.text',
    message:
      '{who, select, former {A former member} unknown {A member} other {{name}}} declined to take over {ride, select, directionDate {your {direction} ride on {date}} direction {your {direction} ride} date {your ride on {date}} other {your ride}}. It is still yours to organise.',
    comment: '{name} is the passenger the member (the organiser) offered the ride to',
  },
  'trip-update.text': /*i18n*/ {
    id: 'notification.trip-update.text',
    message:
      '{news} ({ride, select, directionDate {{direction} · {date}} direction {{direction}} date {{date}} other {Ride}})',
    comment:
      '{news} is what happened, such as "The car is on the way"; then the ride, such as "Singapore → Forest City · Sat 5 Dec, 7:30 am"',
  },
  'handover-withdrawn.text': /*i18n*/ {
    id: 'notification.handover-withdrawn.text',
    message:
      '{who, select, former {A former member} unknown {A member} other {{name}}} withdrew the offer of {ride, select, directionDate {the {direction} ride on {date}} direction {the {direction} ride} date {the ride on {date}} other {the ride}}. They still organise it.',
    comment: '{name} is the organiser, who had offered the ride to the member, a passenger, to organise',
  },
  'still-coming.text': /*i18n*/ {
    id: 'notification.still-coming.text',
    message:
      'Please answer for {ride, select, directionDate {the {direction} ride on {date}} direction {the {direction} ride} date {the ride on {date}} other {the ride}}: if you cannot come, your seat goes to the waitlist.',
    comment: 'Sent the day before a ride to each passenger, with Yes / No buttons',
  },
  'ride-request-offered.text': /*i18n*/ {
    id: 'notification.ride-request-offered.text',
    message:
      '{who, select, former {A former member} unknown {A member} other {{name}}} started {ride, select, directionDate {the {direction} ride on {date}} direction {the {direction} ride} date {the ride on {date}} other {the ride}} for your request. Tap to join.',
    comment: '{name} is the organiser who started the ride',
  },
  'vendor-approved.text': /*i18n*/ {
    id: 'notification.vendor-approved.text',
    message:
      'The admin approved {vendorWho, select, former {A former member} unknown {your vendor account} other {{vendor}}}. You can now assign yourself open rides from the Vendor Dashboard.',
  },
  'vendor-revoked.text': /*i18n*/ {
    id: 'notification.vendor-revoked.text',
    message:
      'The admin withdrew the approval of {vendorWho, select, former {A former member} unknown {your vendor account} other {{vendor}}}: it cannot take rides, and your upcoming rides are open to other drivers again.',
  },
  'ride-short': /*i18n*/ {
    id: 'notification.ride-short',
    message: '{ride, select, directionDate {{direction} · {date}} direction {{direction}} date {{date}} other {Ride}}',
    comment: 'The ride of a notification: its way and its day and time',
  },
} as const;

// The ride of a trip's news and of an unknown kind: "Singapore → Forest City · Sat 5 Dec, 7:30 am".
function shortRide(params: Record<string, unknown>): NotificationMessage {
  return say(MESSAGES['ride-short'], rideParts(params));
}

export function notificationMessages(
  kind: NotificationKind,
  params: Record<string, unknown>,
): { title: NotificationValue; body: NotificationValue } {
  const name = nameParts(params.name);
  const ride = rideParts(params);
  switch (kind) {
    case 'passenger_joined':
    case 'passenger_left': {
      const count = partySize(params);
      const party: Parts =
        count === null ? { choices: { variant: 'single' } } : { values: { count }, choices: { variant: 'party' } };
      return kind === 'passenger_joined'
        ? {
            title: say(MESSAGES['passenger-joined.heading'], name),
            body: say(MESSAGES['passenger-joined.text'], name, ride, party, later(params)),
          }
        : {
            title: say(MESSAGES['passenger-left.heading'], name),
            body: say(MESSAGES['passenger-left.text'], name, ride, party, later(params)),
          };
    }
    case 'removed_from_ride':
      return {
        title: /*i18n*/ { id: 'notification.removed.title', message: 'You were removed from a ride' },
        body: say(MESSAGES['removed.text'], ride),
      };
    case 'ride_changed':
      return {
        title: /*i18n*/ { id: 'notification.ride-changed.title', message: 'Your ride changed' },
        body: say(MESSAGES['ride-changed.text'], rideChanged(params), later(params)),
      };
    case 'ride_deleted': {
      // The organiser's own words (app.cancel_ride), when they gave a reason.
      const reason = text(params.reason);
      const variant: Parts =
        params.cause === 'organiser_unavailable'
          ? { choices: { variant: 'organiserUnavailable' } }
          : reason === null
            ? { choices: { variant: 'deleted' } }
            : { values: { reason }, choices: { variant: 'reason' } };
      return {
        title: /*i18n*/ { id: 'notification.ride-deleted.title', message: 'Ride cancelled' },
        body: say(MESSAGES['ride-deleted.text'], ride, variant, later(params)),
      };
    }
    case 'ride_removed':
      return {
        title: /*i18n*/ { id: 'notification.ride-removed.title', message: 'Ride removed by a moderator' },
        body: say(MESSAGES['ride-removed.text'], ride),
      };
    case 'vendor_assigned':
      return {
        title: /*i18n*/ { id: 'notification.vendor-assigned.title', message: 'A driver is booked' },
        body: say(MESSAGES['vendor-assigned.text'], nameParts(params.vendorName, 'vendorWho', 'vendor'), ride),
      };
    case 'vendor_released':
      return {
        title: /*i18n*/ { id: 'notification.vendor-released.title', message: 'Your driver was released' },
        body: say(MESSAGES['vendor-released.text'], ride),
      };
    case 'waitlist_seat':
      return {
        title: /*i18n*/ { id: 'notification.waitlist-seat.title', message: "You're on the ride" },
        body: say(MESSAGES['waitlist-seat.text'], ride),
      };
    case 'sequence_locked':
      return {
        title: /*i18n*/ { id: 'notification.sequence-locked.title', message: 'Drop-off order locked' },
        body: say(MESSAGES['sequence-locked.text'], ride),
      };
    case 'payment_reminder': {
      const amount = money(params.amount);
      return {
        title: /*i18n*/ { id: 'notification.payment-reminder.title', message: 'Payment reminder' },
        body: say(
          MESSAGES['payment-reminder.text'],
          name,
          ride,
          amount === null ? { choices: { variant: 'share' } } : { values: { amount }, choices: { variant: 'amount' } },
        ),
      };
    }
    case 'return_trip':
      return {
        title: /*i18n*/ { id: 'notification.return-trip.title', message: 'Plan your return trip' },
        body: say(MESSAGES['return-trip.text'], ride),
      };
    case 'ride_alert':
      return {
        title: /*i18n*/ { id: 'notification.ride-alert.title', message: 'A ride you asked for' },
        body: say(
          MESSAGES['ride-alert.text'],
          name,
          { choices: { variant: name.choices.who === 'unknown' ? 'unnamed' : 'named' } },
          ride,
          weekly(params),
        ),
      };
    case 'chat_message':
      // One per conversation until the member opens it: it stands for every message since.
      return {
        title: /*i18n*/ { id: 'notification.chat-message.title', message: 'New messages in your ride chat' },
        body: say(MESSAGES['chat-message.text'], name, ride),
      };
    case 'organiser_ride': {
      // A weekly series' end moved later (issue 27): its regulars are offered the new dates, and
      // the notification leads to the series, where they join them.
      const count = whole(params.newDates);
      if (params.seriesId !== undefined && count !== null && count >= 1) {
        return {
          title: /*i18n*/ { id: 'notification.series-new-dates.title', message: 'New dates in your weekly ride' },
          body: say(MESSAGES['series-new-dates.text'], name, ride, { choices: { count } }),
        };
      }
      return {
        title: /*i18n*/ { id: 'notification.organiser-ride.title', message: 'New ride by an organiser you follow' },
        body: say(MESSAGES['organiser-ride.text'], name, ride, weekly(params)),
      };
    }
    case 'handover_offered':
      return {
        title: /*i18n*/ { id: 'notification.handover-offered.title', message: 'A ride offered to you' },
        body: say(MESSAGES['handover-offered.text'], name, ride),
      };
    case 'ride_handed_over': {
      // The old organiser's notice says what the passengers paid them (issue 37 §2).
      const held = money(params.held);
      return {
        title: /*i18n*/ { id: 'notification.ride-handed-over.title', message: 'New organiser' },
        body: say(
          MESSAGES['ride-handed-over.text'],
          name,
          ride,
          held === null
            ? { choices: { variant: 'plain' } }
            : { values: { amount: held }, choices: { variant: 'held' } },
        ),
      };
    }
    case 'handover_declined':
      return {
        title: /*i18n*/ { id: 'notification.handover-declined.title', message: 'Hand-over declined' },
        body: say(MESSAGES['handover-declined.text'], name, ride),
      };
    case 'trip_update': {
      // The newest news of the ride's day (issue 40): one notice a minute stands for the rest.
      const carStep = text(params.step);
      const passengerStep = text(params.passengerStep);
      const way = text(params.direction);
      const direction = way === 'SG->FC' || way === 'FC->SG' ? way : null;
      const news: NotificationMessage =
        passengerStep !== null && (PASSENGER_STEPS as readonly string[]).includes(passengerStep)
          ? passengerStepMessage(
              text(params.name) ?? FORMER_MEMBER_NAME,
              passengerStep as PassengerStep,
              whole(params.lateMinutes),
            )
          : carStep !== null && (CAR_STEPS as readonly string[]).includes(carStep)
            ? carStepMessage(direction, carStep as CarStep, text(params.stop))
            : /*i18n*/ { id: 'notification.trip-update.news', message: 'There is news about the trip' };
      return {
        title: /*i18n*/ {
          id: 'notification.trip-update.title',
          message: 'Your trip today',
          comment: 'Title of a notification about a ride on its day: where the car is, who is late',
        },
        body: say(MESSAGES['trip-update.text'], ride, { values: { news } }),
      };
    }
    case 'handover_withdrawn':
      return {
        title: /*i18n*/ { id: 'notification.handover-withdrawn.title', message: 'Hand-over offer withdrawn' },
        body: say(MESSAGES['handover-withdrawn.text'], name, ride),
      };
    case 'still_coming':
      // The day before (issue 40 §5): Yes / No on the push, and on the ride's page.
      return {
        title:
          params.again === true
            ? /*i18n*/ {
                id: 'notification.still-coming.title-again',
                message: 'Still coming tomorrow? Your organiser asks again',
              }
            : /*i18n*/ { id: 'notification.still-coming.title', message: 'Still coming tomorrow?' },
        body: say(MESSAGES['still-coming.text'], ride),
      };
    case 'ride_request_offered':
      return {
        title: /*i18n*/ { id: 'notification.ride-request-offered.title', message: 'A ride for your request' },
        body: say(MESSAGES['ride-request-offered.text'], name, ride),
      };
    case 'vendor_approved':
      return {
        title: /*i18n*/ { id: 'notification.vendor-approved.title', message: 'Vendor account approved' },
        body: say(MESSAGES['vendor-approved.text'], nameParts(params.vendorName, 'vendorWho', 'vendor')),
      };
    case 'vendor_revoked':
      return {
        title: /*i18n*/ { id: 'notification.vendor-revoked.title', message: 'Vendor approval withdrawn' },
        body: say(MESSAGES['vendor-revoked.text'], nameParts(params.vendorName, 'vendorWho', 'vendor')),
      };
    default:
      return { title: 'FC RideShare', body: shortRide(params) };
  }
}

// Where a notification leads: its ride, or the vendor dashboard for the admin's decision; for a
// cancelled ride, the list of other rides its way (Home, filtered to its direction); null when
// there is nothing to open.
// A ride started for a member's request opens its join form with their party and area filled in.
export function notificationPath(
  kind: NotificationKind,
  rideId: number | null,
  params: Record<string, unknown> = {},
): string | null {
  if (VENDOR_NOTIFICATION_KINDS.includes(kind)) return '/vendor';
  // New dates of a weekly series (issue 27): its page, where the regular joins them.
  if (kind === 'organiser_ride' && whole(params.newDates) !== null && whole(params.seriesId) !== null) {
    return `/series/${whole(params.seriesId)}`;
  }
  if (kind === 'ride_deleted') return otherRidesPath(params);
  if (rideId === null) return null;
  // The ride page opens on its Chat tab.
  if (kind === 'chat_message') return `/rides/${rideId}?tab=chat`;
  if (kind === 'ride_request_offered') {
    const query = new URLSearchParams();
    const party = whole(params.passengerCount);
    if (party !== null) query.set('party', String(party));
    const area = text(params.area);
    if (area !== null) query.set('dropoff', area);
    const search = query.toString();
    return `/rides/${rideId}/join${search ? `?${search}` : ''}`;
  }
  return `/rides/${rideId}`;
}

// Home's list of rides, in the direction the cancelled ride went when it is known
// (home-search-params.ts reads ?direction=).
function otherRidesPath(params: Record<string, unknown>): string {
  const way = text(params.direction);
  return way !== null && Object.hasOwn(DIRECTIONS, way) ? `/home?${new URLSearchParams({ direction: way })}` : '/home';
}

// How a reader turns the parts into words: the member's data, a message with its values
// already read, a ride's date, a list of messages ("date and time, pickup and stops").
export interface NotificationReader<T> {
  data(value: string | number): T;
  message(message: NotificationMessage, values: Record<string, T | NotificationChoice>): T;
  date(instant: string, timeOnly: boolean): T;
  list(items: NotificationMessage[]): T;
}

export function readNotification<T>(value: NotificationValue, reader: NotificationReader<T>): T {
  if (typeof value === 'string' || typeof value === 'number') return reader.data(value);
  if (isNotificationDate(value)) return reader.date(value.date, value.timeOnly === true);
  if (isNotificationMessage(value)) {
    const values: Record<string, T | NotificationChoice> = { ...value.choices };
    for (const [key, part] of Object.entries(value.values ?? {})) values[key] = readNotification(part, reader);
    return reader.message(value, values);
  }
  return reader.list(value.list);
}

// The buttons a push shows beside its text (public/sw-push.js): the day before's Yes / No
// (issue 40 §5). Every other kind has none; the push sender words them in the member's language.
export const STILL_COMING_ACTIONS: { action: string; title: NotificationMessage }[] = [
  {
    action: 'still-coming-yes',
    title: /*i18n*/ {
      id: 'notification.still-coming.yes',
      message: "Yes, I'm coming",
      comment: 'A button on the push that asks "Still coming tomorrow?"',
    },
  },
  {
    action: 'still-coming-no',
    title: /*i18n*/ {
      id: 'notification.still-coming.no',
      message: "No, I can't",
      comment: 'A button on the push that asks "Still coming tomorrow?"; it opens the ride to confirm leaving',
    },
  },
];
