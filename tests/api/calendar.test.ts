// "Add to calendar" (issue 13 §4): GET /api/rides/{id}/calendar.ics read back with a real
// iCalendar parser (ical.js), never a regex: the UID stays, SEQUENCE grows with what the event
// shows (rides.revision, migration 20261201000600), DTSTART is the ride's instant in UTC, and
// the alarms, the stops and the people are there. The same builder is run under Deno too.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { promisify } from 'node:util';

import ICAL from 'ical.js';
import { beforeAll, describe, expect, it } from 'vitest';

import type { CalendarRide } from '../../supabase/functions/api/queries/calendar.ts';
import { rideCalendar } from '../../supabase/functions/api/routes/calendar.ts';
import {
  type ApiAnswer,
  createRide,
  createTestApp,
  futureDate,
  type Member,
  registerMember,
  registerVendor,
  rideBody,
  TestClient,
} from '../support/api-client.ts';
import { oneBackend, ownerQuery } from '../support/databases.ts';
import { DENO_BIN, DENO_DIR, FUNCTION_DIR } from '../support/deno-function.ts';
import { useSuite } from '../support/suite.ts';
import { approveVendor } from '../support/vendors.ts';
import { joinBody } from './ride-test-kit.ts';

// A ride's time as the form sets it: calendars count in whole seconds.
function wholeMinute(iso: string): string {
  const date = new Date(iso);
  date.setUTCSeconds(0, 0);
  return date.toISOString();
}

interface ParsedAlarm {
  action: string;
  trigger: string;
  triggerSeconds: number;
  description: string;
}

interface ParsedEvent {
  uid: string;
  sequence: number;
  start: ICAL.Time;
  end: ICAL.Time;
  dtstartText: string;
  summary: string;
  location: string;
  description: string;
  url: string;
  alarms: ParsedAlarm[];
}

function parseCalendar(text: string): ParsedEvent {
  const calendar = new ICAL.Component(ICAL.parse(text));
  expect(calendar.name).toBe('vcalendar');
  expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
  const vevents = calendar.getAllSubcomponents('vevent');
  expect(vevents).toHaveLength(1);
  const vevent = vevents[0]!;
  const event = new ICAL.Event(vevent);
  return {
    uid: event.uid,
    sequence: event.sequence,
    start: event.startDate,
    end: event.endDate,
    dtstartText: vevent.getFirstProperty('dtstart')!.toICALString(),
    summary: event.summary,
    location: event.location,
    description: event.description,
    url: String(vevent.getFirstPropertyValue('url')),
    alarms: vevent.getAllSubcomponents('valarm').map((alarm) => {
      const trigger = alarm.getFirstPropertyValue('trigger') as ICAL.Duration;
      return {
        action: String(alarm.getFirstPropertyValue('action')),
        trigger: trigger.toString(),
        triggerSeconds: trigger.toSeconds(),
        description: String(alarm.getFirstPropertyValue('description')),
      };
    }),
  };
}

function expectCalendarAnswer(answer: ApiAnswer, rideId: number) {
  expect(answer.status).toBe(200);
  expect(answer.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
  expect(answer.headers.get('content-disposition')).toBe(`attachment; filename="fc-rideshare-ride-${rideId}.ics"`);
  expect(answer.headers.get('cache-control')).toBe('private, no-store');
  // The ETag middleware is for JSON: this answer goes through as it was made.
  expect(answer.headers.get('etag')).toBeNull();
  expect(typeof answer.body).toBe('string');
}

async function calendarOf(client: TestClient, rideId: number): Promise<ParsedEvent> {
  const answer = await client.get(`/api/rides/${rideId}/calendar.ics`);
  expectCalendarAnswer(answer, rideId);
  return parseCalendar(answer.body as string);
}

// The description's lines from the stop list's heading to the line before the next blank one.
function stopLines(description: string): string[] {
  const lines = description.split('\n');
  // Drop-offs are numbered, pickups listed (_shared/stops.ts).
  const first = lines.findIndex((line) => /^(1\.|-) /.test(line));
  const end = lines.indexOf('', first);
  return lines.slice(first, end).filter((line) => /^(\d+\.|-) /.test(line));
}

describe.each(oneBackend)('ride calendar files on %s', (backend) => {
  const suite = useSuite(backend);
  let organiser: Member;
  let alice: Member;
  let bob: Member;
  let stranger: Member;

  beforeAll(async () => {
    organiser = await registerMember(suite.app, 'calorg', { name: 'Olivia Organiser' });
    alice = await registerMember(suite.app, 'calalice', { name: 'Alice' });
    bob = await registerMember(suite.app, 'calbob', { name: 'Bob' });
    stranger = await registerMember(suite.app, 'calstranger', { name: 'Stranger' });
  });

  it('SG->FC: a stable UID, DTSTART in UTC at the ride, 2 hours, the pickup, and alarms a day and 2 hours before', async () => {
    const date = wholeMinute(futureDate(5));
    const ride = await createRide(organiser, { direction: 'SG->FC', date, pickupLocation: 'Pasir Ris MRT' });
    const event = await calendarOf(organiser, ride.id);

    expect(event.uid).toBe(`ride-${ride.id}@localhost`);
    expect(event.sequence).toBe(0);
    expect(event.start.zone?.tzid).toBe('UTC');
    expect(event.dtstartText).toMatch(/^DTSTART:\d{8}T\d{6}Z$/);
    expect(event.start.toJSDate().getTime()).toBe(new Date(ride.date).getTime());
    expect(event.start.toJSDate().toISOString()).toBe(date);
    expect(event.end.toJSDate().getTime() - event.start.toJSDate().getTime()).toBe(2 * 60 * 60 * 1000);
    expect(event.summary).toBe('Ride to Forest City');
    expect(event.location).toBe('Pasir Ris MRT');
    expect(event.url).toBe(`http://localhost/rides/${ride.id}`);

    expect(event.alarms.map((alarm) => alarm.trigger).sort()).toEqual(['-P1D', '-PT2H']);
    const [dayBefore, hoursBefore] = [...event.alarms].sort((a, b) => a.triggerSeconds - b.triggerSeconds);
    expect(dayBefore).toMatchObject({ action: 'DISPLAY', triggerSeconds: -86_400 });
    expect(dayBefore!.description).toMatch(/passport/i);
    expect(hoursBefore).toMatchObject({ action: 'DISPLAY', triggerSeconds: -7_200 });
    expect(hoursBefore!.description).toContain('Pasir Ris MRT');

    const lines = event.description.split('\n');
    expect(lines[0]).toBe('Pickups in Singapore:');
    expect(stopLines(event.description)).toEqual(['- Pasir Ris MRT — Olivia Organiser']);
    expect(lines).toContain('Drop-off: Forest City');
    expect(lines).toContain(
      'Organiser: Olivia Organiser (WhatsApp +65 9123 4567, Discord ' + organiser.user.discordUsername + ')',
    );
    expect(lines).toContain('Driver: not booked yet');
    expect(lines).toContain(`Ride page: http://localhost/rides/${ride.id}`);

    // Downloading again: the same event, not a second one.
    const again = await calendarOf(organiser, ride.id);
    expect(again.uid).toBe(event.uid);
    expect(again.sequence).toBe(0);
  });

  // Issue 21 §2: the one price rule, as the ride page words it, and each reader's own share; the
  // organiser's is the exact rest of the total. A new cost is a new revision.
  it('says what the car costs, each person’s part and the reader’s own share', async () => {
    const ride = await createRide(organiser, {
      direction: 'FC->SG',
      dropoffLocations: [{ location: 'Tampines Mall', passengerCount: 2 }],
      organizerPassengerCount: 2,
      maxPassengers: 7,
      cost: 100,
    });
    expect((await alice.post(`/api/rides/${ride.id}/join`, joinBody({ dropoffLocation: 'Bedok Mall' }))).status).toBe(
      201,
    );
    expect(
      (await bob.post(`/api/rides/${ride.id}/join`, joinBody({ dropoffLocation: 'Changi Airport', passengerCount: 3 })))
        .status,
    ).toBe(201);
    // 100 + 2 stops × 5 = 110 over 6 aboard: 18.33 each; bob's party of 3 owes 54.99, the
    // organiser the rest, 110 - 18.33 - 54.99 = 36.68.
    const costLine = 'Cost: $110.00 SGD for the car, $18.33 SGD each (6 aboard, stops included)';
    const seen = new Map<Member, ParsedEvent>();
    for (const [reader, own] of [
      [organiser, '$36.68 SGD'],
      [alice, '$18.33 SGD'],
      [bob, '$54.99 SGD'],
    ] as const) {
      const event = await calendarOf(reader, ride.id);
      seen.set(reader, event);
      const lines = event.description.split('\n');
      expect(lines).toContain(costLine);
      expect(lines).toContain(`Your share: ${own}`);
    }
    const before = seen.get(organiser)!.sequence;
    expect(
      (
        await organiser.patch(
          `/api/rides/${ride.id}`,
          rideBody({
            direction: 'FC->SG',
            date: ride.date,
            dropoffLocations: [{ location: 'Tampines Mall', passengerCount: 2 }],
            organizerPassengerCount: 2,
            maxPassengers: 7,
            cost: 94,
          }),
        )
      ).status,
    ).toBe(200);
    const after = await calendarOf(organiser, ride.id);
    expect(after.sequence).toBe(before + 1);
    expect(after.description).toContain('Cost: $104.00 SGD for the car, $17.33 SGD each (6 aboard, stops included)');
    expect(after.description).toContain('Your share: $34.68 SGD');
  });

  it('is written in the member’s language from their profile, English for the others', async () => {
    const reader = await registerMember(suite.app, 'calzh', { name: 'Mei' });
    expect((await reader.patch(`/api/users/${reader.user.id}`, { language: 'zh' })).status).toBe(200);
    const ride = await createRide(reader, {
      direction: 'SG->FC',
      date: wholeMinute(futureDate(6)),
      pickupLocation: 'Pasir Ris MRT',
    });
    const event = await calendarOf(reader, ride.id);
    expect(event.summary).toBe('前往森林城市的行程');
    expect(event.description.split('\n')[0]).toBe('新加坡接载点：');
    expect(event.description).toContain(`行程页面：http://localhost/rides/${ride.id}`);
    expect(event.alarms.map((alarm) => alarm.description).join(' ')).toContain('护照');

    expect((await reader.patch(`/api/users/${reader.user.id}`, { language: 'ms' })).status).toBe(200);
    expect((await calendarOf(reader, ride.id)).summary).toBe('Perjalanan ke Forest City');
  });

  it('FC->SG: the drop-off order with every passenger, and no passport reminder', async () => {
    const ride = await createRide(organiser, {
      direction: 'FC->SG',
      dropoffLocations: [{ location: 'Tampines Mall', passengerCount: 2 }],
      organizerPassengerCount: 2,
      maxPassengers: 7,
    });
    expect((await alice.post(`/api/rides/${ride.id}/join`, joinBody({ dropoffLocation: 'Bedok Mall' }))).status).toBe(
      201,
    );
    expect(
      (await bob.post(`/api/rides/${ride.id}/join`, joinBody({ dropoffLocation: 'Changi Airport', passengerCount: 3 })))
        .status,
    ).toBe(201);

    const event = await calendarOf(alice, ride.id);
    expect(event.summary).toBe('Ride to Singapore');
    expect(event.location).toBe('Forest City');
    const lines = event.description.split('\n');
    expect(lines.slice(0, 2)).toEqual(['Pickup: Forest City', 'Drop-offs in Singapore (order not locked yet):']);
    expect(stopLines(event.description)).toEqual([
      '1. Tampines Mall — Olivia Organiser (party of 2)',
      '2. Bedok Mall — Alice',
      '3. Changi Airport — Bob (party of 3)',
    ]);
    const dayBefore = event.alarms.find((alarm) => alarm.trigger === '-P1D')!;
    expect(dayBefore.description).toBe('Tomorrow: Ride to Singapore.');
    expect(event.alarms.find((alarm) => alarm.trigger === '-PT2H')).toBeDefined();

    // The organiser puts Bob first and locks the order: the event says so, with a higher SEQUENCE.
    const passengers = (await organiser.get(`/api/rides/${ride.id}/passengers`)).body as Array<{
      id: number;
      userId: number;
    }>;
    const bobEntry = passengers.find((passenger) => passenger.userId === bob.user.id)!;
    expect(
      (await organiser.patch(`/api/rides/${ride.id}/passengers/${bobEntry.id}/sequence`, { sequence: 1 })).status,
    ).toBe(200);
    const moved = await calendarOf(bob, ride.id);
    expect(moved.uid).toBe(event.uid);
    expect(moved.sequence).toBeGreaterThan(event.sequence);
    expect(stopLines(moved.description)).toEqual([
      '1. Tampines Mall — Olivia Organiser (party of 2)',
      '2. Changi Airport — Bob (party of 3)',
      '3. Bedok Mall — Alice',
    ]);

    expect((await organiser.post(`/api/rides/${ride.id}/lockSequence`)).status).toBe(200);
    const locked = await calendarOf(organiser, ride.id);
    expect(locked.sequence).toBeGreaterThan(moved.sequence);
    expect(locked.description.split('\n')[1]).toBe('Drop-offs in Singapore, in order:');
    expect(stopLines(locked.description)).toEqual(stopLines(moved.description));
  });

  it('SG->FC: the pickups listed until their order is locked, then numbered, with a higher SEQUENCE (ADR 0040)', async () => {
    const ride = await createRide(organiser, { direction: 'SG->FC', pickupLocation: 'Pasir Ris MRT' });
    const joined = await alice.post(`/api/rides/${ride.id}/join`, joinBody({ dropoffLocation: 'Bedok Mall' }));
    expect(joined.status).toBe(201);
    const draft = await calendarOf(alice, ride.id);
    expect(draft.description.split('\n')[0]).toBe('Pickups in Singapore:');
    expect(stopLines(draft.description)).toEqual(['- Pasir Ris MRT — Olivia Organiser', '- Bedok Mall — Alice']);

    expect((await organiser.post(`/api/rides/${ride.id}/lockSequence`)).status).toBe(200);
    const locked = await calendarOf(alice, ride.id);
    expect(locked.sequence).toBeGreaterThan(draft.sequence);
    expect(locked.description.split('\n')[0]).toBe('Pickups in Singapore, in order:');
    expect(stopLines(locked.description)).toEqual(['1. Pasir Ris MRT — Olivia Organiser', '2. Bedok Mall — Alice']);
  });

  it('SEQUENCE grows when the organiser edits the date, the pickup or the driver, and only then', async () => {
    const ride = await createRide(organiser, { direction: 'SG->FC', date: wholeMinute(futureDate(4)) });
    const first = await calendarOf(organiser, ride.id);

    // Seats are not in the event: the same SEQUENCE.
    const seats = await organiser.patch(`/api/rides/${ride.id}`, rideBody({ date: ride.date, maxPassengers: 7 }));
    expect(seats.status).toBe(200);
    expect((await calendarOf(organiser, ride.id)).sequence).toBe(first.sequence);

    const newDate = wholeMinute(futureDate(9));
    const edited = await organiser.patch(`/api/rides/${ride.id}`, rideBody({ date: newDate, maxPassengers: 7 }));
    expect(edited.status).toBe(200);
    const moved = await calendarOf(organiser, ride.id);
    expect(moved.uid).toBe(first.uid);
    expect(moved.sequence).toBeGreaterThan(first.sequence);
    expect(moved.start.toJSDate().getTime()).toBe(new Date(edited.body.date).getTime());
    expect(moved.start.toJSDate().getTime()).not.toBe(first.start.toJSDate().getTime());

    const repicked = await organiser.patch(
      `/api/rides/${ride.id}`,
      rideBody({
        date: newDate,
        maxPassengers: 7,
        pickupLocation: 'Woodlands MRT',
        dropoffLocations: [{ location: 'Woodlands MRT', passengerCount: 1 }],
      }),
    );
    expect(repicked.status).toBe(200);
    const repickedEvent = await calendarOf(organiser, ride.id);
    expect(repickedEvent.sequence).toBeGreaterThan(moved.sequence);
    expect(repickedEvent.location).toBe('Woodlands MRT');

    const [driver] = await ownerQuery<{ id: number }>(
      suite.db,
      `insert into public.driver_contacts (name, whatsapp_number, vehicle_type)
       values ('Uncle Tan', '+6598765432', '7-seater MPV') returning id`,
    );
    const booked = await organiser.patch(
      `/api/rides/${ride.id}`,
      rideBody({
        date: newDate,
        maxPassengers: 7,
        pickupLocation: 'Woodlands MRT',
        dropoffLocations: [{ location: 'Woodlands MRT', passengerCount: 1 }],
        driverContactId: driver!.id,
      }),
    );
    expect(booked.status).toBe(200);
    const withDriver = await calendarOf(organiser, ride.id);
    expect(withDriver.sequence).toBeGreaterThan(repickedEvent.sequence);
    expect(withDriver.description.split('\n')).toContain(
      'Recommended driver: Uncle Tan (7-seater MPV, WhatsApp +65 9876 5432)',
    );
    expect(withDriver.description).not.toContain('not booked yet');
  });

  it('names the vendor who took the ride, with a higher SEQUENCE, and a join or leave raises it too', async () => {
    const ride = await createRide(organiser, { direction: 'SG->FC' });
    const before = await calendarOf(organiser, ride.id);

    const vendor = (await registerVendor(suite.app)) as Member;
    await approveVendor(suite, vendor.user.id);
    expect((await vendor.post(`/api/rides/${ride.id}/assign`)).status).toBe(200);
    const assigned = await calendarOf(organiser, ride.id);
    expect(assigned.sequence).toBeGreaterThan(before.sequence);
    expect(assigned.description.split('\n')).toContain(
      'Booked driver: Border Cars Pte Ltd (driver Ali, +60 12-345 6789, car JQA 1234)',
    );

    expect((await alice.post(`/api/rides/${ride.id}/join`, joinBody({ dropoffLocation: 'Tampines MRT' }))).status).toBe(
      201,
    );
    const joined = await calendarOf(alice, ride.id);
    expect(joined.sequence).toBeGreaterThan(assigned.sequence);
    expect(stopLines(joined.description)).toEqual(['- Pasir Ris MRT — Olivia Organiser', '- Tampines MRT — Alice']);

    const [entry] = await ownerQuery<{ id: number }>(
      suite.db,
      'select id from public.ride_passengers where ride_id = $1::integer and user_id = $2::integer',
      [ride.id, alice.user.id],
    );
    expect((await alice.delete(`/api/rides/${ride.id}/passengers/${entry!.id}`)).status).toBe(200);
    const left = await calendarOf(organiser, ride.id);
    expect(left.sequence).toBeGreaterThan(joined.sequence);
    expect(stopLines(left.description)).toEqual(['- Pasir Ris MRT — Olivia Organiser']);

    // The vendor drives the ride but is neither its organiser nor a passenger.
    const vendorAnswer = await vendor.get(`/api/rides/${ride.id}/calendar.ics`);
    expect(vendorAnswer.status).toBe(403);
  });

  it('answers the organiser and the passengers only: 401, 403, 404 and 400 otherwise', async () => {
    const ride = await createRide(organiser);
    expect((await alice.post(`/api/rides/${ride.id}/join`, joinBody())).status).toBe(201);
    expectCalendarAnswer(await alice.get(`/api/rides/${ride.id}/calendar.ics`), ride.id);

    const visitor = await suite.anonymous.get(`/api/rides/${ride.id}/calendar.ics`);
    expect(visitor.status).toBe(401);
    expect(visitor.body.message).toBe('You must be logged in');

    const other = await stranger.get(`/api/rides/${ride.id}/calendar.ics`);
    expect(other.status).toBe(403);
    expect(other.body.message).toBe('Only the organizer and the passengers of this ride can add it to their calendar');

    const missing = await stranger.get('/api/rides/987654/calendar.ics');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Ride not found');

    for (const bad of ['abc', '0', '-1', '1.5', '99999999999']) {
      const answer = await organiser.get(`/api/rides/${bad}/calendar.ics`);
      expect(answer.status, bad).toBe(400);
      expect(answer.body.message).toBe('Invalid ride id');
    }
  });

  it('ignores If-None-Match: a calendar file has no ETag and is always sent whole', async () => {
    const ride = await createRide(organiser);
    organiser.headers['if-none-match'] = '*';
    try {
      const answer = await organiser.get(`/api/rides/${ride.id}/calendar.ics`);
      expectCalendarAnswer(answer, ride.id);
      expect(parseCalendar(answer.body as string).uid).toBe(`ride-${ride.id}@localhost`);
    } finally {
      delete organiser.headers['if-none-match'];
    }
  });

  it("links to the PWA that asked when it is an allowed origin, and to the api's own host otherwise", async () => {
    const app = createTestApp(suite.db.database, { allowedOrigins: ['https://rides.example.org'] });
    const member = new TestClient(app) as Member;
    member.cookie = organiser.cookie;
    const ride = await createRide(organiser);

    member.headers.origin = 'https://rides.example.org';
    const fromPwa = await calendarOf(member, ride.id);
    expect(fromPwa.uid).toBe(`ride-${ride.id}@rides.example.org`);
    expect(fromPwa.url).toBe(`https://rides.example.org/rides/${ride.id}`);
    expect(fromPwa.description).toContain(`Ride page: https://rides.example.org/rides/${ride.id}`);

    member.headers.origin = 'https://elsewhere.example';
    const foreign = await calendarOf(member, ride.id);
    expect(foreign.url).toBe(`http://localhost/rides/${ride.id}`);

    const previous = process.env.PUBLIC_APP_URL;
    process.env.PUBLIC_APP_URL = 'https://fc-rideshare.example/app/';
    try {
      const configured = await calendarOf(member, ride.id);
      expect(configured.uid).toBe(`ride-${ride.id}@fc-rideshare.example`);
      expect(configured.url).toBe(`https://fc-rideshare.example/app/rides/${ride.id}`);
    } finally {
      if (previous === undefined) delete process.env.PUBLIC_APP_URL;
      else process.env.PUBLIC_APP_URL = previous;
    }
  });

  it("keeps revision out of members' hands: the API roles cannot write it", async () => {
    const [grant] = await ownerQuery<{ anon: boolean; authenticated: boolean }>(
      suite.db,
      `select has_column_privilege('anon', 'public.rides', 'revision', 'update') as anon,
              has_column_privilege('authenticated', 'public.rides', 'revision', 'update') as authenticated`,
    );
    expect(grant).toEqual({ anon: false, authenticated: false });
  });
});

// The Supabase function runs the same builder under Deno, with its own import map (deno.json):
// the file it makes there must parse to the same event.
const denoInstalled = existsSync(DENO_BIN);

describe('the calendar builder under Deno', () => {
  if (denoInstalled) {
    it('makes the same event as under Node', async () => {
      const ride: CalendarRide = {
        id: 42,
        direction: 'SG->FC',
        date: '2026-12-05T01:30:00.000Z',
        revision: 3,
        pickupLocation: 'Pasir Ris MRT',
        dropoffLocations: [{ location: 'Pasir Ris MRT', passengerCount: 1 }],
        organizerPassengerCount: 1,
        sequenceLocked: false,
        role: 'organiser',
        cost: 80,
        additionalStops: 1,
        currentPassengers: 3,
        ownParty: null,
        organiser: { name: 'Olivia', discordUsername: 'olivia', whatsappNumber: '+6591234567' },
        passengers: [{ name: 'Alice; “A”, the first', dropoffLocation: 'Tampines, Block 5', passengerCount: 2 }],
        driver: null,
        vendor: { companyName: 'Border Cars', driverName: 'Ali', driverContact: '+60123456789', carNumber: 'JQA 1234' },
      };
      const script = `import { rideCalendar } from './routes/calendar.ts';
        console.log(rideCalendar(JSON.parse(Deno.args[0]), new URL('https://rides.example.org/')));`;
      const { stdout } = await promisify(execFile)(
        DENO_BIN,
        ['eval', '--no-lock', '--node-modules-dir=none', '--config', 'deno.json', script, JSON.stringify(ride)],
        {
          cwd: FUNCTION_DIR,
          env: { ...process.env, DENO_DIR, DENO_NO_UPDATE_CHECK: '1', NO_COLOR: '1', NODE_OPTIONS: '' },
          timeout: 240_000,
        },
      );
      const underDeno = parseCalendar(stdout);
      const underNode = parseCalendar(rideCalendar(ride, new URL('https://rides.example.org/')));
      expect(underDeno.uid).toBe('ride-42@rides.example.org');
      expect(underDeno.sequence).toBe(3);
      expect(underDeno.dtstartText).toBe('DTSTART:20261205T013000Z');
      expect({ ...underDeno, start: null, end: null }).toEqual({ ...underNode, start: null, end: null });
      expect(stopLines(underDeno.description)).toEqual([
        '- Pasir Ris MRT — Olivia',
        '- Tampines, Block 5 — Alice; “A”, the first (party of 2)',
      ]);
    }, 250_000);
  }
});
