// Default answers for the calls about a ride (src/features/rides/api and the features split from
// it: waitlist, payments, ride-series, ride-requests, hand-overs, vendor, follows, calendar,
// drivers, stop-order): ride 1 as
// fixtures.ts makes it, nobody on it yet, bodies read with the api's own schemas
// (supabase/functions/_shared/schemas). A test that needs another ride says so with server.use(...).
import type { OfflineRides } from '@shared/schemas/offline-rides-response.ts';
import { claimPaymentSchema, confirmPaymentSchema } from '@shared/schemas/payments.ts';
import type {
  ClaimPaymentAnswer,
  ConfirmPaymentAnswer,
  RemindUnpaidAnswer,
} from '@shared/schemas/payments-response.ts';
import { type RideRequest, rideRequestMeTooSchema, rideRequestSaveSchema } from '@shared/schemas/ride-requests.ts';
import {
  applyToField,
  seriesJoinSchema,
  seriesLeaveSchema,
  seriesRepeatSchema,
  seriesUntilSchema,
} from '@shared/schemas/ride-series.ts';
import {
  joinRideSchema,
  pickupTimeSchema,
  type RideSaveInput,
  rideSaveSchema,
  sequenceMoveSchema,
} from '@shared/schemas/rides.ts';
import { joinWaitlistSchema, type Waitlist } from '@shared/schemas/waitlist.ts';
import type { FollowState } from '@shared/types/follows.ts';
import type { RidePayment } from '@shared/types/payment.ts';
import type { Passenger, Ride, RidePage } from '@shared/types/ride.ts';
import type { RideSeries, SeriesCancelResult, SeriesJoinResult, SeriesLeaveResult } from '@shared/types/ride-series.ts';
import type { RideVendor } from '@shared/types/user.ts';
import { http, HttpResponse } from 'msw';
import { z } from 'zod';

import { makePaymentSummary, makeRide, makeSeries } from '../fixtures';
import { parsedBody, refusal } from './respond';

const EMPTY_WAITLIST: Waitlist = { mine: null, entries: [], waiting: 0 };

// The ride as the api answers a save: the fields sent, the rest as fixtures.ts has them.
function savedRide(id: number, input: RideSaveInput): Ride {
  const { direction, date, maxPassengers, pickupLocation, dropoffLocations, organizerPassengerCount } = input;
  return makeRide({
    id,
    direction,
    date,
    maxPassengers,
    pickupLocation,
    dropoffLocations,
    organizerPassengerCount,
    cost: input.cost ?? 80,
    driverContactId: input.driverContactId ?? null,
  });
}

// A ride request as the api answers it, from what was sent.
function savedRequest(
  id: number,
  input: {
    direction: RideRequest['direction'];
    date: string;
    startTime: string;
    endTime: string;
    passengerCount: number;
    area: string;
    note?: string | null;
  },
): RideRequest {
  return {
    id,
    requesterId: 7,
    requesterName: 'Alice Tan',
    ...input,
    note: input.note ?? null,
    windowStart: `${input.date}T${input.startTime}:00+08:00`,
    windowEnd: `${input.date}T${input.endTime}:00+08:00`,
    status: 'open',
    people: input.passengerCount,
    parties: 1,
    members: [],
    rides: [],
  };
}

// The series fields a save may carry (issue 27), read as the api reads them.
const SERIES_FIELDS = z.object({ repeat: seriesRepeatSchema.optional(), applyTo: applyToField });

const rideId = (params: Record<string, string | readonly string[] | undefined>) => Number(params.rideId);

export const ridesHandlers = [
  // Before '/api/rides/:rideId', which would take 'page' and 'user' for ids.
  http.get('*/api/rides/page', () => HttpResponse.json<RidePage>({ rides: [], nextCursor: null })),
  http.get('*/api/rides/user/offline', () => HttpResponse.json<OfflineRides>({ rides: [] })),
  http.get('*/api/stats', () => HttpResponse.json({ totalRides: 0, totalUsers: 0 })),
  http.get('*/api/driver-contacts', () => HttpResponse.json([])),
  http.get('*/api/rides/:rideId', ({ params }) => HttpResponse.json<Ride>(makeRide({ id: rideId(params) }))),
  http.get('*/api/rides/:rideId/passengers', () => HttpResponse.json<Passenger[]>([])),
  http.get('*/api/rides/:rideId/vendor', () => HttpResponse.json<{ vendor: RideVendor | null }>({ vendor: null })),
  http.get(
    '*/api/rides/:rideId/calendar.ics',
    () =>
      new HttpResponse('BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n', {
        headers: { 'Content-Type': 'text/calendar; charset=utf-8' },
      }),
  ),
  http.get('*/api/rides/:rideId/waitlist', () => HttpResponse.json<Waitlist>(EMPTY_WAITLIST)),
  // No pending hand-over (issue 26 §2) unless a test says otherwise.
  http.get('*/api/rides/:rideId/handover', () => HttpResponse.json({ handover: null })),
  http.get('*/api/rides/:rideId/payment', () =>
    HttpResponse.json<RidePayment>({
      payee: { userId: 10, name: 'Olivia', whatsappNumber: null, revolutUsername: null },
      summary: null,
    }),
  ),
  // Issue 27: `repeat` makes a weekly series, answered with its first date (which names it).
  http.post('*/api/rides', async ({ request }) => {
    const series = await parsedBody(request.clone(), SERIES_FIELDS);
    if ('refused' in series) return series.refused;
    const body = await parsedBody(request, rideSaveSchema);
    if ('refused' in body) return body.refused;
    const seriesId = series.data.repeat ? 5 : null;
    return HttpResponse.json<Ride & { seriesId: number | null }>(
      { ...savedRide(2, body.data), seriesId },
      { status: 201 },
    );
  }),
  http.patch('*/api/rides/:rideId', async ({ request, params }) => {
    const series = await parsedBody(request.clone(), SERIES_FIELDS);
    if ('refused' in series) return series.refused;
    const body = await parsedBody(request, rideSaveSchema);
    if ('refused' in body) return body.refused;
    return HttpResponse.json<Ride>(savedRide(rideId(params), body.data));
  }),
  http.delete('*/api/rides/:rideId', ({ request }) => {
    const applyTo = applyToField.safeParse(new URL(request.url).searchParams.get('applyTo') ?? undefined);
    if (!applyTo.success) return refusal('Invalid input', 400);
    // As the api: this date and the later ones answer how many were cancelled.
    if (applyTo.data === 'following') return HttpResponse.json({ cancelled: 3 });
    return HttpResponse.json({ message: 'Ride deleted successfully' });
  }),
  // Issue 27: series 5, as fixtures.ts makes it.
  http.get('*/api/series/:id', ({ params }) => HttpResponse.json<RideSeries>(makeSeries({ id: Number(params.id) }))),
  http.post('*/api/series/:id/join', async ({ request }) => {
    const body = await parsedBody(request, seriesJoinSchema);
    if ('refused' in body) return body.refused;
    return HttpResponse.json<SeriesJoinResult>({ joined: [1, 3], waitlisted: [2], alreadyOn: [] });
  }),
  http.post('*/api/series/:id/leave', async ({ request }) => {
    const body = await parsedBody(request, seriesLeaveSchema);
    if ('refused' in body) return body.refused;
    return HttpResponse.json<SeriesLeaveResult>({ left: [body.data.fromRideId] });
  }),
  http.post('*/api/series/:id/end', () => HttpResponse.json<SeriesCancelResult>({ cancelled: 3 })),
  http.patch('*/api/series/:id', async ({ request, params }) => {
    const body = await parsedBody(request, seriesUntilSchema);
    if ('refused' in body) return body.refused;
    return HttpResponse.json<RideSeries>(makeSeries({ id: Number(params.id), until: body.data.until }));
  }),
  http.post('*/api/rides/:rideId/join', async ({ request, params }) => {
    const body = await parsedBody(request, joinRideSchema);
    if ('refused' in body) return body.refused;
    return HttpResponse.json({
      message: 'Successfully joined the ride',
      passengerId: 1,
      ride: makeRide({ id: rideId(params), currentPassengers: 1 + body.data.passengerCount }),
    });
  }),
  http.post('*/api/rides/:rideId/waitlist', async ({ request }) => {
    const body = await parsedBody(request, joinWaitlistSchema);
    if ('refused' in body) return body.refused;
    const mine = { position: 1, ...body.data };
    return HttpResponse.json({
      message: 'You are #1 on the waitlist',
      position: 1,
      waitlist: { ...EMPTY_WAITLIST, mine, waiting: 1 },
    });
  }),
  http.delete('*/api/rides/:rideId/waitlist', () =>
    HttpResponse.json({ message: 'You left the waitlist', waitlist: EMPTY_WAITLIST }),
  ),
  http.delete('*/api/rides/:rideId/passengers/:passengerId', () => HttpResponse.json({ message: 'Passenger Removed' })),
  http.patch('*/api/rides/:rideId/passengers/:passengerId/sequence', async ({ request }) => {
    const body = await parsedBody(request, sequenceMoveSchema);
    if ('refused' in body) return body.refused;
    return HttpResponse.json({ message: 'Passenger sequence updated', passengers: [] as Passenger[] });
  }),
  http.patch('*/api/rides/:rideId/passengers/:passengerId/pickupTime', async ({ request }) => {
    const body = await parsedBody(request, pickupTimeSchema);
    if ('refused' in body) return body.refused;
    return HttpResponse.json({ message: 'Pickup time saved', passengers: [] as Passenger[] });
  }),
  http.post('*/api/rides/:rideId/lockSequence', () =>
    HttpResponse.json({ message: 'Sequence locked successfully', passengers: [] as Passenger[] }),
  ),
  http.post('*/api/rides/:rideId/unlockSequence', () =>
    HttpResponse.json({ message: 'Sequence unlocked successfully', passengers: [] as Passenger[] }),
  ),
  http.post('*/api/rides/:rideId/assign', ({ params }) =>
    HttpResponse.json({
      message: 'Ride assigned successfully',
      ride: makeRide({ id: rideId(params), status: 'assigned' }),
    }),
  ),
  http.post('*/api/rides/:rideId/release', ({ params }) =>
    HttpResponse.json({ message: 'Driver released: the ride is open again', ride: makeRide({ id: rideId(params) }) }),
  ),
  http.post('*/api/rides/:rideId/payment/claim', async ({ request }) => {
    const body = await parsedBody(request, claimPaymentSchema);
    if ('refused' in body) return body.refused;
    return HttpResponse.json<ClaimPaymentAnswer>({
      message: 'Thanks: the organizer will confirm your payment',
      passenger: null,
    });
  }),
  http.post('*/api/rides/:rideId/passengers/:passengerId/payment', async ({ request }) => {
    const body = await parsedBody(request, confirmPaymentSchema);
    if ('refused' in body) return body.refused;
    return HttpResponse.json<ConfirmPaymentAnswer>({
      message: 'Payment confirmed',
      passenger: null,
      summary: makePaymentSummary(),
    });
  }),
  // Ride requests (SPEC: "looking for a ride"): none open.
  http.get('*/api/ride-requests', () => HttpResponse.json<RideRequest[]>([])),
  http.get('*/api/ride-requests/:id', () => refusal('Ride request not found', 404)),
  http.post('*/api/ride-requests', async ({ request }) => {
    const body = await parsedBody(request, rideRequestSaveSchema);
    if ('refused' in body) return body.refused;
    return HttpResponse.json<RideRequest>(savedRequest(1, body.data), { status: 201 });
  }),
  http.patch('*/api/ride-requests/:id', async ({ request, params }) => {
    const body = await parsedBody(request, rideRequestSaveSchema);
    if ('refused' in body) return body.refused;
    return HttpResponse.json<RideRequest>(savedRequest(Number(params.id), body.data));
  }),
  http.delete('*/api/ride-requests/:id', () => HttpResponse.json({ message: 'Ride request deleted' })),
  http.post('*/api/ride-requests/:id/me-too', async ({ request }) => {
    const body = await parsedBody(request, rideRequestMeTooSchema);
    if ('refused' in body) return body.refused;
    return refusal('Ride request not found', 404);
  }),
  http.delete('*/api/ride-requests/:id/me-too', () => refusal('Ride request not found', 404)),
  http.post('*/api/ride-requests/:id/close', () => refusal('Ride request not found', 404)),
  http.post('*/api/rides/:rideId/payment/remind', () =>
    HttpResponse.json<RemindUnpaidAnswer>({ message: 'Reminded', reminded: 0 }),
  ),
  // Follow an organiser (issue 27): not followed until the member follows.
  http.get('*/api/organisers/:id/follow', () => HttpResponse.json<FollowState>({ following: false })),
  http.post('*/api/organisers/:id/follow', () => HttpResponse.json<FollowState>({ following: true })),
  http.delete('*/api/organisers/:id/follow', () => HttpResponse.json<FollowState>({ following: false })),
];
