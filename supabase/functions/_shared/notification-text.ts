// The words of a notification, shared by the in-app inbox and the Web Push sender so a member
// reads the same thing in both places. Params were copied when the event happened; any of them
// may be missing (older rows, other writers), so every text has a fallback and nothing throws.
//
// One implementation, two readers: notificationMessages builds each text as message
// descriptors (Lingui's shape: a stable id, the English message, its values), marked /*i18n*/
// so Lingui's extractor puts them in the catalogues. The PWA reads them in the member's
// language (src/features/notifications/notification-message.tsx); the push sender, on the
// server, reads them in English with the small renderer below (notificationText).
import { FORMER_MEMBER_NAME } from './former-member.ts';
import { fillTemplate } from './message-template.ts';
import { formatSgdText } from './money.ts';
import { SERVER_CATALOGUES } from './server-catalogues.ts';
import { CAR_STEPS, type CarStep, PASSENGER_STEPS, type PassengerStep } from './trip-steps.ts';
import { carStepMessage, passengerStepMessage } from './trip-text.ts';
import { type NotificationKind, VENDOR_NOTIFICATION_KINDS } from './types/notification.ts';

export type { NotificationKind };

// A text of a notification. Values are the member's own data (strings, numbers), other
// messages, a ride's date (formatted by whoever renders) or a list of messages.
export interface NotificationMessage {
  id: string;
  message: string;
  comment?: string;
  values?: Record<string, NotificationValue>;
}
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

const TIME_ZONE = 'Asia/Singapore';

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

// Someone the event names, as its params have them: a member who has since deleted their account
// is named as one in the reader's language (private.delete_member renames them in every row).
const FORMER_MEMBER: NotificationMessage = /*i18n*/ {
  id: 'notification.former-member',
  message: 'A former member',
  comment: 'Said of a member who deleted their account, at the start of a sentence',
};

function person(value: unknown): NotificationValue | null {
  const name = text(value);
  return name === FORMER_MEMBER_NAME ? FORMER_MEMBER : name;
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

// "your Singapore → Forest City ride on Sat 5 Dec, 7:30 am", degrading to "your ride" when params are thin.
// Written out for each owner ("your", "the", and "Your" to start a sentence) so each
// language words the whole phrase.
type Owner = 'your' | 'the' | 'Your';

function rideLabel(params: Record<string, unknown>, owner: Owner = 'your'): NotificationMessage {
  const direction = rideDirection(params);
  const instant = rideInstant(params.date);
  const date: NotificationDate | null = instant === null ? null : { date: instant };
  const labels = RIDE_LABELS[owner];
  if (direction !== null && date !== null) return { ...labels.directionDate, values: { direction, date } };
  if (direction !== null) return { ...labels.direction, values: { direction } };
  if (date !== null) return { ...labels.date, values: { date } };
  return labels.none;
}

const RIDE_LABELS: Record<Owner, Record<'directionDate' | 'direction' | 'date' | 'none', NotificationMessage>> = {
  your: {
    directionDate: /*i18n*/ {
      id: 'notification.ride.your.direction-date',
      message: 'your {direction} ride on {date}',
      comment:
        '{direction} is the way, e.g. Forest City → Singapore; {date} is the ride’s day and time, e.g. Sat 5 Dec, 7:30 am',
    },
    direction: /*i18n*/ {
      id: 'notification.ride.your.direction',
      message: 'your {direction} ride',
      comment:
        '{direction} is the way, e.g. Forest City → Singapore; {date} is the ride’s day and time, e.g. Sat 5 Dec, 7:30 am',
    },
    date: /*i18n*/ {
      id: 'notification.ride.your.date',
      message: 'your ride on {date}',
      comment:
        '{direction} is the way, e.g. Forest City → Singapore; {date} is the ride’s day and time, e.g. Sat 5 Dec, 7:30 am',
    },
    none: /*i18n*/ { id: 'notification.ride.your', message: 'your ride' },
  },
  the: {
    directionDate: /*i18n*/ {
      id: 'notification.ride.the.direction-date',
      message: 'the {direction} ride on {date}',
      comment:
        '{direction} is the way, e.g. Forest City → Singapore; {date} is the ride’s day and time, e.g. Sat 5 Dec, 7:30 am',
    },
    direction: /*i18n*/ {
      id: 'notification.ride.the.direction',
      message: 'the {direction} ride',
      comment:
        '{direction} is the way, e.g. Forest City → Singapore; {date} is the ride’s day and time, e.g. Sat 5 Dec, 7:30 am',
    },
    date: /*i18n*/ {
      id: 'notification.ride.the.date',
      message: 'the ride on {date}',
      comment:
        '{direction} is the way, e.g. Forest City → Singapore; {date} is the ride’s day and time, e.g. Sat 5 Dec, 7:30 am',
    },
    none: /*i18n*/ { id: 'notification.ride.the', message: 'the ride' },
  },
  Your: {
    directionDate: /*i18n*/ {
      id: 'notification.ride.your-first.direction-date',
      message: 'Your {direction} ride on {date}',
      comment:
        'At the start of a sentence. {direction} is the way, e.g. Forest City → Singapore; {date} is the ride’s day and time, e.g. Sat 5 Dec, 7:30 am',
    },
    direction: /*i18n*/ {
      id: 'notification.ride.your-first.direction',
      message: 'Your {direction} ride',
      comment:
        'At the start of a sentence. {direction} is the way, e.g. Forest City → Singapore; {date} is the ride’s day and time, e.g. Sat 5 Dec, 7:30 am',
    },
    date: /*i18n*/ {
      id: 'notification.ride.your-first.date',
      message: 'Your ride on {date}',
      comment:
        'At the start of a sentence. {direction} is the way, e.g. Forest City → Singapore; {date} is the ride’s day and time, e.g. Sat 5 Dec, 7:30 am',
    },
    none: /*i18n*/ { id: 'notification.ride.your-first', message: 'Your ride', comment: 'At the start of a sentence.' },
  },
};

// The body of a notification of another kind: "Singapore → Forest City · Sat 5 Dec, 7:30 am".
function shortRide(params: Record<string, unknown>): NotificationValue {
  const direction = rideDirection(params);
  const instant = rideInstant(params.date);
  if (direction !== null && instant !== null) {
    return /*i18n*/ {
      id: 'notification.short-ride',
      message: '{direction} · {date}',
      values: { direction, date: { date: instant } },
      comment:
        '{direction} is the way, e.g. Forest City → Singapore; {date} is the ride’s day and time, e.g. Sat 5 Dec, 7:30 am',
    };
  }
  if (direction !== null) return direction;
  if (instant !== null) return { date: instant };
  return /*i18n*/ { id: 'notification.short-ride.none', message: 'Ride' };
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

function changedFields(params: Record<string, unknown>): NotificationList | null {
  const fields = Array.isArray(params.changed) ? params.changed : [];
  const words = [...new Set(fields.map((field) => FIELD_OF[String(field)]).filter(Boolean))];
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
function rideChangedBody(params: Record<string, unknown>): NotificationValue {
  const moved = dateChange(params);
  if (moved) {
    // The new date is in the change: the ride is named by its way alone.
    const ride = rideLabel({ ...params, date: undefined }, 'Your');
    const others = changedFields({
      changed: Array.isArray(params.changed)
        ? params.changed.filter((field) => FIELD_OF[String(field)] !== 'date')
        : [],
    });
    return others
      ? /*i18n*/ {
          id: 'notification.ride-changed.body-moved-fields',
          message: '{ride} moved: {change}. Its {fields} changed too.',
          values: { ride, change: moved, fields: others },
          comment: '{change} is e.g. Fri 5 Dec, 6:00 pm → 7:30 pm; {fields} lists what else changed: pickup, stops',
        }
      : /*i18n*/ {
          id: 'notification.ride-changed.body-moved',
          message: '{ride} moved: {change}.',
          values: { ride, change: moved },
          comment: '{change} is e.g. Fri 5 Dec, 6:00 pm → 7:30 pm',
        };
  }
  const fields = changedFields(params);
  const pickup = pickupChange(params);
  if (pickup && fields?.list.length === 1) {
    return /*i18n*/ {
      id: 'notification.ride-changed.body-pickup',
      message: 'The pickup of {ride} moved: {change}.',
      values: { ride: rideLabel(params), change: pickup },
      comment: '{change} is the old and the new pickup place, e.g. Pasir Ris MRT → Tampines MRT',
    };
  }
  return fields
    ? /*i18n*/ {
        id: 'notification.ride-changed.body-fields',
        message: 'The {fields} of {ride} changed.',
        values: { fields, ride: rideLabel(params) },
        comment: '{fields} lists what changed: date and time, pickup, stops',
      }
    : /*i18n*/ {
        id: 'notification.ride-changed.body',
        message: '{ride} changed.',
        values: { ride: rideLabel(params, 'Your') },
      };
}

function money(value: unknown): string | null {
  const amount = whole(value);
  if (amount === null) return null;
  return formatSgdText(amount);
}

function vendorAccount(params: Record<string, unknown>): NotificationValue {
  return (
    person(params.vendorName) ?? /*i18n*/ {
      id: 'notification.your-vendor-account',
      message: 'your vendor account',
      comment: 'Said where the company name is not known',
    }
  );
}

// Issue 27: one event of a weekly series stands for several of its dates (params.dates, with
// params.seriesId): the text names the first and says how many more.
function laterDates(params: Record<string, unknown>): number {
  const dates = whole(params.dates);
  return params.seriesId === undefined || dates === null || dates < 2 ? 0 : Math.trunc(dates) - 1;
}

function withLaterDates(body: NotificationValue, params: Record<string, unknown>): NotificationValue {
  const later = laterDates(params);
  if (later === 0) return body;
  return later === 1
    ? /*i18n*/ {
        id: 'notification.series.next-date',
        message: '{text} The same goes for the next date of this weekly ride.',
        values: { text: body },
        comment:
          '{text} is what happened to one date of a weekly ride, e.g. Your ride on Mon 7 Dec, 6:30 am was deleted.',
      }
    : /*i18n*/ {
        id: 'notification.series.later-dates',
        message: '{text} The same goes for the {count} later dates of this weekly ride.',
        values: { text: body, count: later },
        comment:
          '{text} is what happened to one date of a weekly ride, e.g. Your ride on Mon 7 Dec, 6:30 am was deleted; {count} is 2 or more',
      };
}

// A new ride that is the first of a weekly series' dates.
function withSeriesDates(body: NotificationValue, params: Record<string, unknown>): NotificationValue {
  const later = laterDates(params);
  if (later === 0) return body;
  return /*i18n*/ {
    id: 'notification.series.weekly-dates',
    message: '{text} It is a weekly ride with {count} dates.',
    values: { text: body, count: later + 1 },
    comment: '{text} says a new ride was posted; {count} is 2 or more',
  };
}

// A weekly series' end moved later (issue 27): its regulars are offered the new dates, and the
// notification leads to the series, where they join them.
function seriesNewDates(params: Record<string, unknown>): { title: NotificationValue; body: NotificationValue } | null {
  const count = whole(params.newDates);
  if (params.seriesId === undefined || count === null || count < 1) return null;
  const who: NotificationValue = person(params.name) ?? /*i18n*/ {
    id: 'notification.the-organiser',
    message: 'The organiser',
    comment: 'The organiser of a ride, at the start of a sentence',
  };
  return {
    title: /*i18n*/ { id: 'notification.series-new-dates.title', message: 'New dates in your weekly ride' },
    body:
      count === 1
        ? /*i18n*/ {
            id: 'notification.series-new-dates.body-one',
            message: '{name} added a date to the weekly ride: {ride}. Tap to join it.',
            values: { name: who, ride: rideLabel(params, 'the') },
            comment:
              '{name} is the organiser; {ride} is the new date, e.g. the Singapore → Forest City ride on Mon 7 Dec, 6:30 am',
          }
        : /*i18n*/ {
            id: 'notification.series-new-dates.body',
            message: '{name} added {count} dates to the weekly ride, from {ride}. Tap to join them.',
            values: { name: who, count, ride: rideLabel(params, 'the') },
            comment:
              '{name} is the organiser; {count} is 2 or more; {ride} is the first new date, e.g. the Singapore → Forest City ride on Mon 7 Dec, 6:30 am',
          },
  };
}

const A_MEMBER: NotificationMessage = /*i18n*/ {
  id: 'notification.someone',
  message: 'A member',
  comment: 'Said of a member whose name is not known',
};

export function notificationMessages(
  kind: NotificationKind,
  params: Record<string, unknown>,
): { title: NotificationValue; body: NotificationValue } {
  const name: NotificationValue = person(params.name) ?? A_MEMBER;
  switch (kind) {
    case 'passenger_joined': {
      const count = partySize(params);
      return {
        title: /*i18n*/ {
          id: 'notification.passenger-joined.title',
          message: '{name} joined your ride',
          values: { name },
        },
        body: withLaterDates(
          count === null
            ? /*i18n*/ {
                id: 'notification.passenger-joined.body',
                message: '{name} joined {ride}.',
                values: { name, ride: rideLabel(params) },
              }
            : /*i18n*/ {
                id: 'notification.passenger-joined.body-party',
                message: '{name} (party of {count}) joined {ride}.',
                values: { name, count, ride: rideLabel(params) },
                comment: '{count} is 2 or more',
              },
          params,
        ),
      };
    }
    case 'passenger_left': {
      const count = partySize(params);
      return {
        title: /*i18n*/ { id: 'notification.passenger-left.title', message: '{name} left your ride', values: { name } },
        body: withLaterDates(
          count === null
            ? /*i18n*/ {
                id: 'notification.passenger-left.body',
                message: '{name} left {ride}.',
                values: { name, ride: rideLabel(params) },
              }
            : /*i18n*/ {
                id: 'notification.passenger-left.body-party',
                message: '{name} (party of {count}) left {ride}.',
                values: { name, count, ride: rideLabel(params) },
                comment: '{count} is 2 or more',
              },
          params,
        ),
      };
    }
    case 'removed_from_ride':
      return {
        title: /*i18n*/ { id: 'notification.removed.title', message: 'You were removed from a ride' },
        body: /*i18n*/ {
          id: 'notification.removed.body',
          message: 'You are no longer on {ride}.',
          values: { ride: rideLabel(params, 'the') },
        },
      };
    case 'ride_changed':
      return {
        title: /*i18n*/ { id: 'notification.ride-changed.title', message: 'Your ride changed' },
        body: withLaterDates(rideChangedBody(params), params),
      };
    case 'ride_deleted': {
      // The organiser's own words (app.cancel_ride), when they gave a reason.
      const reason = text(params.reason);
      return {
        title: /*i18n*/ { id: 'notification.ride-deleted.title', message: 'Ride cancelled' },
        body: withLaterDates(
          params.cause === 'organiser_unavailable'
            ? /*i18n*/ {
                id: 'notification.ride-deleted.body-organiser-unavailable',
                message: '{ride} was cancelled: its organiser can no longer run it.',
                values: { ride: rideLabel(params, 'Your') },
              }
            : reason === null
              ? /*i18n*/ {
                  id: 'notification.ride-deleted.body',
                  message: '{ride} was deleted.',
                  values: { ride: rideLabel(params, 'Your') },
                }
              : /*i18n*/ {
                  id: 'notification.ride-deleted.body-reason',
                  message: '{ride} was cancelled. The organiser says: “{reason}”',
                  values: { ride: rideLabel(params, 'Your'), reason },
                  comment: "{reason} is the organiser's own words, in their language",
                },
          params,
        ),
      };
    }
    case 'ride_removed':
      return {
        title: /*i18n*/ { id: 'notification.ride-removed.title', message: 'Ride removed by a moderator' },
        body: /*i18n*/ {
          id: 'notification.ride-removed.body',
          message: '{ride} was removed by a moderator and will not take place.',
          values: { ride: rideLabel(params, 'Your') },
        },
      };
    case 'vendor_assigned': {
      const vendor: NotificationValue = person(params.vendorName) ?? /*i18n*/ {
        id: 'notification.some-vendor',
        message: 'A vendor',
        comment: 'A driver whose name is not known',
      };
      return {
        title: /*i18n*/ { id: 'notification.vendor-assigned.title', message: 'A driver is booked' },
        body: /*i18n*/ {
          id: 'notification.vendor-assigned.body',
          message: '{vendor} took {ride}.',
          values: { vendor, ride: rideLabel(params) },
          comment: '{vendor} is the driver or transport company',
        },
      };
    }
    case 'vendor_released':
      return {
        title: /*i18n*/ { id: 'notification.vendor-released.title', message: 'Your driver was released' },
        body: /*i18n*/ {
          id: 'notification.vendor-released.body',
          message: '{ride} has no driver any more.',
          values: { ride: rideLabel(params, 'Your') },
        },
      };
    case 'waitlist_seat':
      return {
        title: /*i18n*/ { id: 'notification.waitlist-seat.title', message: "You're on the ride" },
        body: /*i18n*/ {
          id: 'notification.waitlist-seat.body',
          message: 'A seat opened up: you moved from the waitlist onto {ride}.',
          values: { ride: rideLabel(params, 'the') },
        },
      };
    case 'sequence_locked':
      return {
        title: /*i18n*/ { id: 'notification.sequence-locked.title', message: 'Drop-off order locked' },
        body: /*i18n*/ {
          id: 'notification.sequence-locked.body',
          message: 'The drop-off order of {ride} is final.',
          values: { ride: rideLabel(params) },
        },
      };
    case 'payment_reminder': {
      const amount = money(params.amount);
      const who: NotificationValue = person(params.name) ?? /*i18n*/ {
        id: 'notification.the-organiser',
        message: 'The organiser',
        comment: 'The organiser of a ride, at the start of a sentence',
      };
      return {
        title: /*i18n*/ { id: 'notification.payment-reminder.title', message: 'Payment reminder' },
        body:
          amount === null
            ? /*i18n*/ {
                id: 'notification.payment-reminder.body',
                message: '{name} asks you to pay your share for {ride}.',
                values: { name: who, ride: rideLabel(params) },
              }
            : /*i18n*/ {
                id: 'notification.payment-reminder.body-amount',
                message: '{name} asks you to pay {amount} for {ride}.',
                values: { name: who, amount, ride: rideLabel(params) },
                comment: '{amount} is in Singapore dollars, e.g. $26.50 SGD',
              },
      };
    }
    case 'return_trip':
      return {
        title: /*i18n*/ { id: 'notification.return-trip.title', message: 'Plan your return trip' },
        body: /*i18n*/ {
          id: 'notification.return-trip.body',
          message: 'Need a ride back after {ride}? Find or offer one.',
          values: { ride: rideLabel(params) },
        },
      };
    case 'ride_alert': {
      const who = person(params.name);
      return {
        title: /*i18n*/ { id: 'notification.ride-alert.title', message: 'A ride you asked for' },
        body: withSeriesDates(
          who === null
            ? /*i18n*/ {
                id: 'notification.ride-alert.body',
                message: 'New ride matching your alert: {ride}.',
                values: { ride: rideLabel(params, 'the') },
              }
            : /*i18n*/ {
                id: 'notification.ride-alert.body-name',
                message: '{name} posted a ride matching your alert: {ride}.',
                values: { name: who, ride: rideLabel(params, 'the') },
                comment: '{name} is the organiser',
              },
          params,
        ),
      };
    }
    case 'chat_message':
      // One per conversation until the member opens it: it stands for every message since.
      return {
        title: /*i18n*/ { id: 'notification.chat-message.title', message: 'New messages in your ride chat' },
        body: /*i18n*/ {
          id: 'notification.chat-message.body',
          message: '{name} wrote in the chat of {ride}.',
          values: { name, ride: rideLabel(params, 'the') },
          comment: '{name} is the member who wrote first since the member last read the chat',
        },
      };
    case 'organiser_ride': {
      const added = seriesNewDates(params);
      if (added !== null) return added;
      const who: NotificationValue = person(params.name) ?? /*i18n*/ {
        id: 'notification.organiser-you-follow',
        message: 'An organiser you follow',
        comment: 'At the start of a sentence, when the organiser’s name is not known',
      };
      return {
        title: /*i18n*/ { id: 'notification.organiser-ride.title', message: 'New ride by an organiser you follow' },
        body: withSeriesDates(
          /*i18n*/ {
            id: 'notification.organiser-ride.body',
            message: '{name} posted {ride}.',
            values: { name: who, ride: rideLabel(params, 'the') },
            comment: '{name} is the organiser, whom the member follows',
          },
          params,
        ),
      };
    }
    case 'handover_offered':
      return {
        title: /*i18n*/ { id: 'notification.handover-offered.title', message: 'A ride offered to you' },
        body: /*i18n*/ {
          id: 'notification.handover-offered.body',
          message: '{name} offers you {ride} to organise. Tap to accept or decline.',
          values: { name, ride: rideLabel(params, 'the') },
          comment: '{name} is the organiser, who cannot go; the member is a passenger of the ride',
        },
      };
    case 'ride_handed_over': {
      // The old organiser's notice says what the passengers paid them (issue 37 §2).
      const held = money(params.held);
      return {
        title: /*i18n*/ { id: 'notification.ride-handed-over.title', message: 'New organiser' },
        body:
          held === null
            ? /*i18n*/ {
                id: 'notification.ride-handed-over.body',
                message: '{name} now organises {ride}.',
                values: { name, ride: rideLabel(params, 'the') },
                comment: '{name} is a passenger who took the ride over from its organiser',
              }
            : /*i18n*/ {
                id: 'notification.ride-handed-over.body-held',
                message: '{name} now organises {ride}. You hold {amount} paid for its seats: settle it with {name}.',
                values: { name, ride: rideLabel(params, 'the'), amount: held },
                comment:
                  '{name} took the ride over from the member, who had been paid {amount} (in Singapore dollars) by its passengers',
              },
      };
    }
    case 'handover_declined':
      return {
        title: /*i18n*/ { id: 'notification.handover-declined.title', message: 'Hand-over declined' },
        body: /*i18n*/ {
          id: 'notification.handover-declined.body',
          message: '{name} declined to take over {ride}. It is still yours to organise.',
          values: { name, ride: rideLabel(params) },
          comment: '{name} is the passenger the member (the organiser) offered the ride to',
        },
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
        body: /*i18n*/ {
          id: 'notification.trip-update.body',
          message: '{news} ({ride})',
          values: { news, ride: shortRide(params) },
          comment:
            '{news} is what happened, such as "The car is on the way"; {ride} the ride, such as "SG → FC, 7:30 am"',
        },
      };
    }
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
        body: /*i18n*/ {
          id: 'notification.still-coming.body',
          message: 'Please answer for {ride}: if you cannot come, your seat goes to the waitlist.',
          values: { ride: rideLabel(params) },
        },
      };
    case 'handover_withdrawn':
      return {
        title: /*i18n*/ { id: 'notification.handover-withdrawn.title', message: 'Hand-over offer withdrawn' },
        body: /*i18n*/ {
          id: 'notification.handover-withdrawn.body',
          message: '{name} withdrew the offer of {ride}. They still organise it.',
          values: { name, ride: rideLabel(params, 'the') },
          comment: '{name} is the organiser, who had offered the ride to the member, a passenger, to organise',
        },
      };
    case 'ride_request_offered':
      return {
        title: /*i18n*/ { id: 'notification.ride-request-offered.title', message: 'A ride for your request' },
        body: /*i18n*/ {
          id: 'notification.ride-request-offered.body',
          message: '{name} started {ride} for your request. Tap to join.',
          values: { name, ride: rideLabel(params, 'the') },
          comment: '{name} is the organiser who started the ride',
        },
      };
    case 'vendor_approved':
      return {
        title: /*i18n*/ { id: 'notification.vendor-approved.title', message: 'Vendor account approved' },
        body: /*i18n*/ {
          id: 'notification.vendor-approved.body',
          message: 'The admin approved {vendor}. You can now assign yourself open rides from the Vendor Dashboard.',
          values: { vendor: vendorAccount(params) },
        },
      };
    case 'vendor_revoked':
      return {
        title: /*i18n*/ { id: 'notification.vendor-revoked.title', message: 'Vendor approval withdrawn' },
        body: /*i18n*/ {
          id: 'notification.vendor-revoked.body',
          message:
            'The admin withdrew the approval of {vendor}: it cannot take rides, and your upcoming rides are open to other drivers again.',
          values: { vendor: vendorAccount(params) },
        },
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
  message(message: NotificationMessage, values: Record<string, T>): T;
  date(instant: string, timeOnly: boolean): T;
  list(items: NotificationMessage[]): T;
}

export function readNotification<T>(value: NotificationValue, reader: NotificationReader<T>): T {
  if (typeof value === 'string' || typeof value === 'number') return reader.data(value);
  if (isNotificationDate(value)) return reader.date(value.date, value.timeOnly === true);
  if (isNotificationMessage(value)) {
    const values: Record<string, T> = {};
    for (const [key, part] of Object.entries(value.values ?? {})) values[key] = readNotification(part, reader);
    return reader.message(value, values);
  }
  return reader.list(value.list);
}

// The server's reader: English, with the date as the lock screen shows it. Messages hold
// plain {placeholders} only, so filling them in is all there is to do.
const ENGLISH: NotificationReader<string> = {
  data: (value) => String(value),
  message: (message, values) => fillTemplate(message.message, values),
  date: (instant, timeOnly) => formatRideDate(instant, timeOnly) ?? instant,
  list: (messages) => {
    const items = messages.map((item) => readNotification(item, ENGLISH));
    return items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
  },
};

export type PushLanguage = 'en' | keyof typeof SERVER_CATALOGUES;

const INTL_LOCALES: Record<keyof typeof SERVER_CATALOGUES, string> = { zh: 'zh-Hans-SG', ms: 'ms-SG' };

// Another language: its catalogue's words (the English where one is missing), its dates and
// lists through Intl, in Singapore time. Built once per language: a drain words many pushes.
const translatedReaders = new Map<keyof typeof SERVER_CATALOGUES, NotificationReader<string>>();

function translatedReader(language: keyof typeof SERVER_CATALOGUES): NotificationReader<string> {
  let reader = translatedReaders.get(language);
  if (!reader) {
    reader = buildTranslatedReader(language);
    translatedReaders.set(language, reader);
  }
  return reader;
}

function buildTranslatedReader(language: keyof typeof SERVER_CATALOGUES): NotificationReader<string> {
  const catalogue = SERVER_CATALOGUES[language];
  const locale = INTL_LOCALES[language];
  const dates = new Intl.DateTimeFormat(locale, {
    timeZone: TIME_ZONE,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: 'numeric',
    minute: '2-digit',
  });
  const times = new Intl.DateTimeFormat(locale, { timeZone: TIME_ZONE, hour: 'numeric', minute: '2-digit' });
  const lists = new Intl.ListFormat(locale, { type: 'conjunction' });
  const reader: NotificationReader<string> = {
    data: (value) => String(value),
    message: (message, values) => fillTemplate(catalogue[message.id] ?? message.message, values),
    date: (instant, timeOnly) => (timeOnly ? times : dates).format(new Date(Date.parse(instant))),
    list: (messages) => lists.format(messages.map((item) => readNotification(item, reader))),
  };
  return reader;
}

function isTranslated(language: unknown): language is keyof typeof SERVER_CATALOGUES {
  return typeof language === 'string' && Object.hasOwn(SERVER_CATALOGUES, language);
}

// The words of a notification for Web Push, in the member's language (English by default; the
// inbox renders the same messages through the PWA's catalogues).
export function notificationText(
  kind: NotificationKind,
  params: Record<string, unknown>,
  language: string | null = 'en',
): { title: string; body: string } {
  const { title, body } = notificationMessages(kind, params);
  const reader = isTranslated(language) ? translatedReader(language) : ENGLISH;
  return { title: readNotification(title, reader), body: readNotification(body, reader) };
}

// The buttons a push shows beside its text (public/sw-push.js): the day before's Yes / No
// (issue 40 §5), in the member's language. Every other kind has none.
export function notificationActions(
  kind: NotificationKind,
  language: string | null = 'en',
): { action: string; title: string }[] {
  if (kind !== 'still_coming') return [];
  const reader = isTranslated(language) ? translatedReader(language) : ENGLISH;
  const yes: NotificationMessage = /*i18n*/ {
    id: 'notification.still-coming.yes',
    message: "Yes, I'm coming",
    comment: 'A button on the push that asks "Still coming tomorrow?"',
  };
  const no: NotificationMessage = /*i18n*/ {
    id: 'notification.still-coming.no',
    message: "No, I can't",
    comment: 'A button on the push that asks "Still coming tomorrow?"; it opens the ride to confirm leaving',
  };
  return [
    { action: 'still-coming-yes', title: readNotification(yes, reader) },
    { action: 'still-coming-no', title: readNotification(no, reader) },
  ];
}
