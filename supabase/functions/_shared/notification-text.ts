// The words of a notification, shared by the in-app inbox and the Web Push sender so a member
// reads the same thing in both places. Params were copied when the event happened; any of them
// may be missing (older rows, other writers), so every text has a fallback and nothing throws.
import type { NotificationKind } from './types/notification.ts';

export type { NotificationKind };

const TIME_ZONE = 'Asia/Singapore';

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

export function formatRideDate(value: unknown): string | null {
  const raw = text(value);
  if (raw === null) return null;
  const time = Date.parse(raw);
  if (Number.isNaN(time)) return null;
  const part = Object.fromEntries(DATE_PARTS.formatToParts(new Date(time)).map(({ type, value: v }) => [type, v]));
  const period = (part.dayPeriod ?? '').toLowerCase().replace(/[^a-z]/g, '');
  return `${part.weekday} ${part.day} ${part.month}, ${part.hour}:${part.minute}${period ? ` ${period}` : ''}`;
}

// "your SG->FC ride on Sat 5 Dec, 7:30 am", degrading to "your ride" when params are thin.
function rideLabel(params: Record<string, unknown>, owner = 'your'): string {
  const direction = text(params.direction);
  const when = formatRideDate(params.date);
  const what = direction ? `${owner} ${direction} ride` : `${owner} ride`;
  return when ? `${what} on ${when}` : what;
}

function shortRide(params: Record<string, unknown>): string {
  const direction = text(params.direction);
  const when = formatRideDate(params.date);
  return [direction, when].filter((part) => part !== null).join(' · ') || 'Ride';
}

function partyOf(params: Record<string, unknown>): string {
  const size = whole(params.passengerCount ?? params.partySize);
  return size !== null && size > 1 ? ` (party of ${size})` : '';
}

const FIELD_WORDS: Record<string, string> = {
  date: 'date and time',
  pickup: 'pickup',
  pickupLocation: 'pickup',
  dropoffLocations: 'stops',
  stops: 'stops',
};

function changedFields(params: Record<string, unknown>): string | null {
  const fields = Array.isArray(params.changed) ? params.changed : [];
  const words = [...new Set(fields.map((field) => FIELD_WORDS[String(field)]).filter(Boolean))];
  if (words.length === 0) return null;
  if (words.length === 1) return words[0];
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

function capitalise(value: string): string {
  return value.charAt(0).toUpperCase() + value.slice(1);
}

function money(value: unknown): string | null {
  const amount = whole(value);
  if (amount === null) return null;
  return `S$${Number.isInteger(amount) ? amount : amount.toFixed(2)}`;
}

export function notificationText(
  kind: NotificationKind,
  params: Record<string, unknown>,
): { title: string; body: string } {
  const name = text(params.name) ?? 'A member';
  switch (kind) {
    case 'passenger_joined':
      return { title: `${name} joined your ride`, body: `${name}${partyOf(params)} joined ${rideLabel(params)}.` };
    case 'passenger_left':
      return { title: `${name} left your ride`, body: `${name}${partyOf(params)} left ${rideLabel(params)}.` };
    case 'removed_from_ride':
      return { title: 'You were removed from a ride', body: `You are no longer on ${rideLabel(params, 'the')}.` };
    case 'ride_changed': {
      const fields = changedFields(params);
      return {
        title: 'Your ride changed',
        body: fields ? `The ${fields} of ${rideLabel(params)} changed.` : `${rideLabel(params, 'Your')} changed.`,
      };
    }
    case 'ride_deleted':
      return { title: 'Ride cancelled', body: `${capitalise(rideLabel(params))} was deleted.` };
    case 'vendor_assigned': {
      const vendor = text(params.vendorName);
      return {
        title: 'A driver is booked',
        body: `${vendor ?? 'A vendor'} took ${rideLabel(params)}.`,
      };
    }
    case 'vendor_released':
      return { title: 'Your driver was released', body: `${rideLabel(params, 'Your')} has no driver any more.` };
    case 'waitlist_seat':
      return { title: "You're on the ride", body: `A seat opened up: you moved from the waitlist onto ${rideLabel(params, 'the')}.` };
    case 'sequence_locked':
      return { title: 'Drop-off order locked', body: `The drop-off order of ${rideLabel(params)} is final.` };
    case 'payment_reminder': {
      const amount = money(params.amount);
      const who = text(params.name) ?? 'The organiser';
      return {
        title: 'Payment reminder',
        body: `${who} asks you to pay${amount ? ` ${amount}` : ' your share'} for ${rideLabel(params)}.`,
      };
    }
    case 'return_trip':
      return { title: 'Plan your return trip', body: `Need a ride back after ${rideLabel(params)}? Find or offer one.` };
    default:
      return { title: 'FC RideShare', body: shortRide(params) };
  }
}
