// The words of a ride's calendar file (api routes/calendar.ts), as Lingui message descriptors
// (/*i18n*/: the extractor reads them into the catalogues) so the file is written in the
// member's language; the server fills them from server-catalogues.ts, English by default.
import { fillTemplate } from './message-template.ts';
import { SERVER_CATALOGUES } from './server-catalogues.ts';

export const CALENDAR_TEXTS = {
  toForestCity: /*i18n*/ { id: 'calendar.title.to-forest-city', message: 'Ride to Forest City' },
  toSingapore: /*i18n*/ { id: 'calendar.title.to-singapore', message: 'Ride to Singapore' },
  pickups: /*i18n*/ { id: 'calendar.pickups', message: 'Pickups in Singapore:' },
  pickupsInOrder: /*i18n*/ { id: 'calendar.pickups-in-order', message: 'Pickups in Singapore, in order:' },
  pickup: /*i18n*/ { id: 'calendar.pickup', message: 'Pickup: {place}' },
  dropoffsInOrder: /*i18n*/ { id: 'calendar.dropoffs-in-order', message: 'Drop-offs in Singapore, in order:' },
  dropoffsUnlocked: /*i18n*/ {
    id: 'calendar.dropoffs-not-locked',
    message: 'Drop-offs in Singapore (order not locked yet):',
  },
  dropoff: /*i18n*/ { id: 'calendar.dropoff', message: 'Drop-off: {place}' },
  party: /*i18n*/ {
    id: 'calendar.party',
    message: '(party of {count})',
    comment: '{count} people travelling together, 2 or more',
  },
  organiser: /*i18n*/ { id: 'calendar.organiser', message: 'Organiser: {name}' },
  theOrganiser: /*i18n*/ { id: 'calendar.the-organiser', message: 'the organiser' },
  bookedDriver: /*i18n*/ { id: 'calendar.booked-driver', message: 'Booked driver: {name}' },
  vendor: /*i18n*/ { id: 'calendar.vendor', message: 'Vendor' },
  driverNamed: /*i18n*/ { id: 'calendar.driver-named', message: 'driver {name}' },
  car: /*i18n*/ { id: 'calendar.car', message: 'car {plate}' },
  recommendedDriver: /*i18n*/ { id: 'calendar.recommended-driver', message: 'Recommended driver: {name}' },
  notBooked: /*i18n*/ { id: 'calendar.not-booked', message: 'Driver: not booked yet' },
  ridePage: /*i18n*/ { id: 'calendar.ride-page', message: 'Ride page: {link}' },
  cost: /*i18n*/ {
    id: 'calendar.cost',
    message: 'Cost: {total} for the car, {each} each ({aboard} aboard, stops included)',
    comment: 'Amounts in Singapore dollars, e.g. $95.00 SGD and $23.75 SGD',
  },
  ownShare: /*i18n*/ {
    id: 'calendar.own-share',
    message: 'Your share: {amount}',
    comment: 'In Singapore dollars, e.g. $47.50 SGD',
  },
  tomorrowPassport: /*i18n*/ {
    id: 'calendar.alarm.tomorrow-passport',
    message: 'Tomorrow: {title}. Bring your passport (valid for at least 6 months).',
  },
  tomorrow: /*i18n*/ { id: 'calendar.alarm.tomorrow', message: 'Tomorrow: {title}.' },
  inTwoHours: /*i18n*/ { id: 'calendar.alarm.in-two-hours', message: 'In 2 hours: {title} from {place}.' },
} as const;

export type CalendarText = (typeof CALENDAR_TEXTS)[keyof typeof CALENDAR_TEXTS];
export type CalendarWords = (text: CalendarText, values?: Record<string, string | number>) => string;

export function calendarWords(language: string | null | undefined): CalendarWords {
  const catalogue =
    language && Object.hasOwn(SERVER_CATALOGUES, language)
      ? SERVER_CATALOGUES[language as keyof typeof SERVER_CATALOGUES]
      : {};
  return (text, values = {}) => fillTemplate(catalogue[text.id] ?? text.message, values);
}
