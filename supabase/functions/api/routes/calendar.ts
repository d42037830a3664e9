import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import ical, { ICalAlarmType } from 'ical-generator';
import { z } from 'zod';

import { CALENDAR_TEXTS as TEXT, type CalendarWords, calendarWords } from '../../_shared/calendar-text.ts';
import { FOREST_CITY } from '../../_shared/limits.ts';
import { formatSgdText } from '../../_shared/money.ts';
import { humanPhoneNumber } from '../../_shared/phone.ts';
import { nowEach, organiserShare, passengerShare, peopleAboard, totalCost } from '../../_shared/price.ts';
import { refusal } from '../../_shared/refusals.ts';
import { CALENDAR_MEDIA_TYPE, rideCalendarSchema } from '../../_shared/schemas/calendar-response.ts';
import { rideIdParams } from '../../_shared/schemas/fields.ts';
import { carStart, rideRoute } from '../../_shared/stops.ts';
import { contractRoutes, mount, refused } from '../lib/contract.ts';
import { type AppEnv, requireCaller } from '../lib/env.ts';
import { HttpError } from '../lib/http-error.ts';
import { readEnv } from '../lib/runtime-env.ts';
import { readId } from '../lib/validate.ts';
import { type CalendarRide, readCalendarRide } from '../queries/calendar.ts';

// "Add to calendar" (issue 13 §4): one ride as an RFC 5545 file, for its organiser and its
// passengers. The UID is the ride's for good and SEQUENCE is rides.revision, which the database
// raises whenever what the event shows changes (20261201000600_ride_revision.sql), so opening a
// newer file updates the event a calendar already holds instead of adding a second one.

export const calendarRoutes = contractRoutes();

// The crossing, immigration at both ends included, takes about this long; calendars need an
// end, and a block this size is what the rider has to keep free.
const RIDE_DURATION_MS = 2 * 60 * 60 * 1000;
const ALARM_DAY_BEFORE_SECONDS = 24 * 60 * 60;
const ALARM_HOURS_BEFORE_SECONDS = 2 * 60 * 60;

// Where the app is, when the api cannot tell from the request (a PWA on a host that does not
// send its Origin, behind a proxy that rewrites the Host).
const PUBLIC_APP_URL_SETTING = 'PUBLIC_APP_URL';

function webOrigin(value: string | undefined): URL | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}

// The PWA's address, for the ride's link in the event: the configured one; else the page that
// asked, when it is one the api serves (an allowed origin); else the api's own host, which is
// the PWA's when both are served together (the Node host).
function appBaseUrl(c: Context<AppEnv>): URL {
  const configured = webOrigin(readEnv(PUBLIC_APP_URL_SETTING));
  if (configured) return new URL(configured.pathname.replace(/\/*$/, '/'), configured.origin);
  const origin = c.req.header('origin');
  if (origin && c.get('options').allowedOrigins.includes(origin)) {
    const allowed = webOrigin(origin);
    if (allowed) return new URL('/', allowed.origin);
  }
  const own = new URL(c.req.url);
  const proto = c.req.header('x-forwarded-proto')?.split(',')[0]?.trim();
  const host = c.req.header('x-forwarded-host')?.split(',')[0]?.trim();
  const forwarded = webOrigin(
    `${proto === 'https' || proto === 'http' ? proto : own.protocol.replace(':', '')}://${host || own.host}`,
  );
  return new URL('/', forwarded ?? own.origin);
}

const ENGLISH = calendarWords('en');

function rideTitle(direction: CalendarRide['direction'], say: CalendarWords = ENGLISH): string {
  return say(direction === 'SG->FC' ? TEXT.toForestCity : TEXT.toSingapore);
}

function party(count: number, say: CalendarWords): string {
  return count > 1 ? ` ${say(TEXT.party, { count })}` : '';
}

// What the car costs and each person's part, by the one price rule (_shared/price.ts), and the
// reader's own share: a passenger's party's, or the organiser's exact rest of the total.
function costLines(ride: CalendarRide, say: CalendarWords): string[] {
  const total = totalCost(ride);
  const lines = [
    say(TEXT.cost, { total: formatSgdText(total), each: formatSgdText(nowEach(ride)), aboard: peopleAboard(ride) }),
  ];
  const own =
    ride.role === 'organiser'
      ? organiserShare(
          total,
          ride.passengers.map((passenger) => passengerShare(ride, passenger.passengerCount)),
        )
      : ride.ownParty !== null
        ? passengerShare(ride, ride.ownParty)
        : null;
  if (own !== null) lines.push(say(TEXT.ownShare, { amount: formatSgdText(own) }));
  return lines;
}

// The stop order, the people and the ride's link, as plain text: calendars show DESCRIPTION
// as it is.
export function rideDescription(ride: CalendarRide, link: string, say: CalendarWords = ENGLISH): string {
  const organiserName = ride.organiser?.name ?? ride.organiser?.discordUsername ?? null;
  const route = rideRoute(ride, ride.passengers);
  const lines: string[] = [];
  if (ride.direction === 'SG->FC') {
    // Numbered once the organiser or the driver set the pickup order (ADR 0040).
    lines.push(say(route.numbered ? TEXT.pickupsInOrder : TEXT.pickups));
  } else {
    lines.push(say(TEXT.pickup, { place: carStart(ride) }));
    lines.push(say(ride.sequenceLocked ? TEXT.dropoffsInOrder : TEXT.dropoffsUnlocked));
  }
  for (const stop of route.stops) {
    const name = stop.passenger ? stop.passenger.name : organiserName;
    // Pickups whose order nobody set are listed, not numbered (_shared/stops.ts).
    const mark = stop.number === null ? '-' : `${stop.number}.`;
    lines.push(`${mark} ${stop.location ?? ''}${name ? ` — ${name}` : ''}${party(stop.passengerCount, say)}`);
  }
  if (ride.direction === 'SG->FC') lines.push(say(TEXT.dropoff, { place: FOREST_CITY }));

  lines.push('');
  const organiser = ride.organiser;
  if (organiser) {
    const contacts = [
      organiser.whatsappNumber ? `WhatsApp ${humanPhoneNumber(organiser.whatsappNumber)}` : null,
      organiser.discordUsername ? `Discord ${organiser.discordUsername}` : null,
    ].filter((part) => part !== null);
    const name = organiser.name ?? organiser.discordUsername ?? say(TEXT.theOrganiser);
    lines.push(`${say(TEXT.organiser, { name })}${contacts.length ? ` (${contacts.join(', ')})` : ''}`);
  }
  if (ride.vendor) {
    const vendor = ride.vendor;
    const details = [
      vendor.driverName ? say(TEXT.driverNamed, { name: vendor.driverName }) : null,
      vendor.driverContact ? humanPhoneNumber(vendor.driverContact) : null,
      vendor.carNumber ? say(TEXT.car, { plate: vendor.carNumber }) : null,
    ].filter((part) => part !== null);
    lines.push(
      `${say(TEXT.bookedDriver, { name: vendor.companyName ?? say(TEXT.vendor) })}${details.length ? ` (${details.join(', ')})` : ''}`,
    );
  }
  if (ride.driver) {
    lines.push(
      `${say(TEXT.recommendedDriver, { name: ride.driver.name })} (${ride.driver.vehicleType}, WhatsApp ${humanPhoneNumber(ride.driver.whatsappNumber)})`,
    );
  }
  if (!ride.vendor && !ride.driver) lines.push(say(TEXT.notBooked));
  lines.push('', ...costLines(ride, say));
  lines.push('', say(TEXT.ridePage, { link }));
  return lines.join('\n');
}

// In the member's language (their profile's), English when they have none.
export function rideCalendar(ride: CalendarRide, base: URL, language: string | null = 'en'): string {
  const say = calendarWords(language);
  const link = new URL(`rides/${ride.id}`, base).href;
  const start = new Date(ride.date);
  const title = rideTitle(ride.direction, say);
  const calendar = ical({ prodId: { company: 'FC RideShare', product: 'rides', language: 'EN' } });
  const event = calendar.createEvent({
    id: `ride-${ride.id}@${base.hostname}`,
    sequence: ride.revision,
    start,
    end: new Date(start.getTime() + RIDE_DURATION_MS),
    summary: title,
    location: carStart(ride),
    description: rideDescription(ride, link, say),
    url: link,
  });
  event.createAlarm({
    type: ICalAlarmType.display,
    trigger: ALARM_DAY_BEFORE_SECONDS,
    description: say(ride.direction === 'SG->FC' ? TEXT.tomorrowPassport : TEXT.tomorrow, { title }),
  });
  event.createAlarm({
    type: ICalAlarmType.display,
    trigger: ALARM_HOURS_BEFORE_SECONDS,
    description: say(TEXT.inTwoHours, { title, place: carStart(ride) }),
  });
  return calendar.toString();
}

// Not JSON, so the ETag middleware (lib/etag.ts) leaves it as it is; it carries contacts, so
// no cache keeps it. Its contract (lib/contract.ts) declares the file with its own media type; the
// refusals are JSON, as everywhere.
const getRideCalendar = createRoute({
  method: 'get',
  path: '/rides/{id}/calendar.ics',
  tags: ['Rides'],
  summary: "One ride as a calendar event, in the member's language: for its organiser and passengers",
  request: { params: rideIdParams },
  responses: {
    200: {
      description: 'The event as a file to open (attachment); a newer one updates the event a calendar holds',
      headers: z.object({ 'Content-Disposition': z.string() }),
      content: { [CALENDAR_MEDIA_TYPE]: { schema: rideCalendarSchema } },
    },
    ...refused({
      400: ['invalid_id'],
      401: ['login_required'],
      403: ['calendar_private'],
      404: ['ride_not_found'],
    }),
  },
});
mount(calendarRoutes, getRideCalendar, async (c) => {
  requireCaller(c);
  const rideId = readId(c, 'id', 'ride');
  const ride = await readCalendarRide(c.get('db'), rideId);
  if (!ride) throw new HttpError(404, refusal('ride_not_found'));
  if (!ride.role) throw new HttpError(403, refusal('calendar_private'));
  const member = await c
    .get('db')
    .one<{ language: string | null }>('select language from public.users where id = app.current_user_id()');
  return c.body(rideCalendar(ride, appBaseUrl(c), member?.language ?? 'en'), 200, {
    'Content-Type': `${CALENDAR_MEDIA_TYPE}; charset=utf-8`,
    'Content-Disposition': `attachment; filename="fc-rideshare-ride-${ride.id}.ics"`,
    'Cache-Control': 'private, no-store',
  });
});
