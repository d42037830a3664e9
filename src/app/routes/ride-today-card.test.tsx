import { carStepSchema, passengerStepSchema } from '@shared/schemas/trip-day.ts';
import type { TripDay, TripPassenger } from '@shared/schemas/trip-day-response.ts';
import type { Passenger, Ride } from '@shared/types/ride.ts';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';

import { makePassenger, makeRide } from '../../testing/fixtures';
import { parsedBody, refusal } from '../../testing/handlers/respond';
import { renderWithProviders, testUser } from '../../testing/render';
import { recordRequests } from '../../testing/requests';
import { server } from '../../testing/server';
import { RideDetailPageRoute } from './ride-detail-page-route';

vi.mock('../../components/location-map', () => ({ default: () => <div data-testid="map" /> }));

const ORGANISER = testUser({ id: 10, discordUsername: 'olivia', name: 'Olivia' });
const DRIVER = testUser({ id: 50, discordUsername: 'straits', isVendor: true, vendorStatus: 'approved' });
const MEI = testUser({ id: 101, discordUsername: 'mei', name: 'Mei' });
const STRANGER = testUser({ id: 300, discordUsername: 'stranger' });

const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

// Mei at Tampines, Raj at Bedok: the stop order the organiser locked puts Raj first.
const PASSENGERS: Passenger[] = [
  makePassenger(1, { userId: 101, dropoffLocation: 'Tampines MRT', dropoffSequence: 2 }),
  makePassenger(2, { userId: 102, dropoffLocation: 'Bedok MRT', dropoffSequence: 1 }),
];

function rideOn(overrides: Partial<Ride> = {}): Ride {
  return makeRide({
    id: 1,
    creatorId: ORGANISER.id,
    date: inHours(1),
    status: 'assigned',
    vendorId: DRIVER.id,
    pickupLocation: 'Pasir Ris MRT',
    currentPassengers: 3,
    ...overrides,
  });
}

// The trip as app.trip_day_json answers it, kept as the api would keep it between calls:
// steps in order, the newest undoable for 2 minutes, each passenger's step.
function tripServer(ride: Ride, viewer: { id: number }) {
  const passengers: TripPassenger[] = [
    { userId: 102, name: 'Raj', stop: 'Bedok MRT', step: null, lateMinutes: null, updatedAt: null },
    { userId: 101, name: 'Mei', stop: 'Tampines MRT', step: null, lateMinutes: null, updatedAt: null },
  ];
  const trip: TripDay = {
    rideId: ride.id,
    opensAt: inHours(-1),
    closesAt: inHours(9),
    open: true,
    canSetCarSteps: viewer.id === ride.creatorId || viewer.id === ride.vendorId,
    canShareCarPosition: viewer.id === (ride.vendorId ?? ride.creatorId),
    carPosition: null,
    carSteps: [],
    undoUntil: null,
    passengers,
  };
  let nextId = 1;
  server.use(
    http.get('*/api/rides/1/trip', () => HttpResponse.json(trip)),
    http.post('*/api/rides/1/trip/car-steps', async ({ request }) => {
      const body = await parsedBody(request, carStepSchema);
      if ('refused' in body) return body.refused;
      const at = new Date().toISOString();
      trip.carSteps = [...trip.carSteps, { id: nextId++, step: body.data.step, stop: body.data.stop ?? null, at }];
      trip.undoUntil = new Date(Date.now() + 120_000).toISOString();
      return HttpResponse.json(trip);
    }),
    http.delete('*/api/rides/1/trip/car-steps/latest', () => {
      trip.carSteps = trip.carSteps.slice(0, -1);
      trip.undoUntil = null;
      return HttpResponse.json(trip);
    }),
    http.post('*/api/rides/1/trip/passenger-steps', async ({ request }) => {
      const body = await parsedBody(request, passengerStepSchema);
      if ('refused' in body) return body.refused;
      const who = body.data.userId ?? viewer.id;
      trip.passengers = trip.passengers.map((passenger) =>
        passenger.userId === who
          ? {
              ...passenger,
              step: body.data.step,
              lateMinutes: body.data.step === 'late' ? (body.data.lateMinutes ?? null) : null,
              updatedAt: new Date().toISOString(),
            }
          : passenger,
      );
      return HttpResponse.json(trip);
    }),
  );
  return trip;
}

function renderRide(user: ReturnType<typeof testUser>, ride: Ride, passengers: Passenger[] = PASSENGERS) {
  server.use(
    http.get('*/api/rides/1', () => HttpResponse.json(ride)),
    http.get('*/api/rides/1/passengers', () => HttpResponse.json(passengers)),
  );
  const sent = recordRequests();
  const rendered = renderWithProviders(<RideDetailPageRoute />, { route: '/rides/1', path: '/rides/:id', user });
  const calls = (method: string, path: string) =>
    sent.filter((request) => request.method === method && request.path === path);
  return { ...rendered, calls };
}

const todayCard = () => screen.findByRole('region', { name: 'Today' }, { timeout: 5000 });
const carButtons = (card: HTMLElement) =>
  within(within(card).getByRole('group', { name: 'Where the car is' }))
    .getAllByRole('button')
    .map((button) => button.textContent);

describe('the Today card on the ride page', () => {
  it('is not shown, nor asked for, outside the trip window', async () => {
    const ride = rideOn({ date: inHours(3) });
    tripServer(ride, ORGANISER);
    const { calls } = renderRide(ORGANISER, ride);
    await screen.findByRole('tab', { name: 'Details' });
    await screen.findByRole('tab', { name: /Chat/ });
    expect(screen.queryByRole('region', { name: 'Today' })).not.toBeInTheDocument();
    expect(calls('GET', '/api/rides/1/trip')).toHaveLength(0);
  });

  it('is not shown, nor asked for, to a member not on the ride', async () => {
    const ride = rideOn();
    tripServer(ride, STRANGER);
    const { calls } = renderRide(STRANGER, ride);
    await screen.findByRole('tab', { name: 'Details' });
    await screen.findByRole('region', { name: 'Organizer' });
    expect(screen.queryByRole('region', { name: 'Today' })).not.toBeInTheDocument();
    expect(calls('GET', '/api/rides/1/trip')).toHaveLength(0);
  });

  it('sits above the tabs for someone aboard', async () => {
    const ride = rideOn();
    tripServer(ride, MEI);
    renderRide(MEI, ride);
    const card = await todayCard();
    const tabs = screen.getByRole('tablist', { name: 'Ride' });
    expect(card.compareDocumentPosition(tabs) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(await within(card).findByTestId('car-now')).toHaveTextContent('The car has not set off yet.');
  });

  it("gives the driver an SG->FC ride's steps in order: the stops, then Singapore's checkpoint first", async () => {
    const ride = rideOn();
    tripServer(ride, DRIVER);
    renderRide(DRIVER, ride);
    const card = await todayCard();
    await within(card).findByRole('group', { name: 'Where the car is' });
    expect(carButtons(card)).toEqual([
      'On the way',
      'At Pasir Ris MRT',
      'At Bedok MRT',
      'At Tampines MRT',
      'At the Singapore checkpoint',
      'Through Singapore',
      'Through Malaysia',
      'Arrived',
    ]);
  });

  it("gives the organiser an FC->SG ride's steps in order: Malaysia's checkpoint first, then the drop-offs", async () => {
    const ride = rideOn({
      direction: 'FC->SG',
      pickupLocation: 'Forest City',
      dropoffLocations: [{ location: 'Jurong East MRT', passengerCount: 1 }],
    });
    tripServer(ride, ORGANISER);
    renderRide(ORGANISER, ride);
    const card = await todayCard();
    await within(card).findByRole('group', { name: 'Where the car is' });
    expect(carButtons(card)).toEqual([
      'On the way',
      'At the Malaysia checkpoint',
      'Through Malaysia',
      'Through Singapore',
      'At Jurong East MRT',
      'At Bedok MRT',
      'At Tampines MRT',
      'Arrived',
    ]);
  });

  it('moves on with each step, offers Undo while it may, and takes the step back', async () => {
    const ride = rideOn();
    tripServer(ride, DRIVER);
    const { user, calls } = renderRide(DRIVER, ride);
    const card = await todayCard();
    expect(within(card).queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();

    await user.click(await within(card).findByRole('button', { name: 'On the way' }));
    await waitFor(() => expect(within(card).getByTestId('car-now')).toHaveTextContent('The car is on the way'));
    expect(calls('POST', '/api/rides/1/trip/car-steps')[0]?.body).toEqual({ step: 'on_the_way', stop: null });
    expect(carButtons(card)[0]).toBe('At Pasir Ris MRT');
    expect(within(card).getByRole('button', { name: 'Undo' })).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'At Pasir Ris MRT' }));
    await waitFor(() => expect(within(card).getByTestId('car-now')).toHaveTextContent('The car is at Pasir Ris MRT'));
    expect(calls('POST', '/api/rides/1/trip/car-steps')[1]?.body).toEqual({ step: 'at_stop', stop: 'Pasir Ris MRT' });

    await user.click(within(card).getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(within(card).getByTestId('car-now')).toHaveTextContent('The car is on the way'));
    expect(calls('DELETE', '/api/rides/1/trip/car-steps/latest')).toHaveLength(1);
    expect(within(card).queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();
    expect(carButtons(card)[0]).toBe('At Pasir Ris MRT');
  });

  it('takes Undo away by itself once its time is up', async () => {
    const ride = rideOn();
    const trip = tripServer(ride, DRIVER);
    trip.carSteps = [{ id: 9, step: 'on_the_way', stop: null, at: new Date().toISOString() }];
    trip.undoUntil = new Date(Date.now() + 1_500).toISOString();
    renderRide(DRIVER, ride);
    const card = await todayCard();
    expect(await within(card).findByRole('button', { name: 'Undo' })).toBeInTheDocument();
    await waitFor(() => expect(within(card).queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument(), {
      timeout: 4000,
    });
  });

  it('lets a passenger say they run 10 minutes late, then that they are at their stop', async () => {
    const ride = rideOn();
    tripServer(ride, MEI);
    const { user, calls } = renderRide(MEI, ride);
    const card = await todayCard();
    expect(await within(card).findByTestId('own-state')).toHaveTextContent('You: no news');
    expect(within(card).queryByRole('group', { name: 'Where the car is' })).not.toBeInTheDocument();
    expect(within(card).queryByRole('list', { name: 'Passengers today' })).not.toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Running late' }));
    await user.click(within(card).getByRole('button', { name: '10 min' }));
    await waitFor(() => expect(within(card).getByTestId('own-state')).toHaveTextContent('You: late 10 min'));
    expect(calls('POST', '/api/rides/1/trip/passenger-steps')[0]?.body).toEqual({ step: 'late', lateMinutes: 10 });
    expect(within(card).queryByRole('button', { name: '10 min' })).not.toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: "I'm at my stop" }));
    await waitFor(() => expect(within(card).getByTestId('own-state')).toHaveTextContent('You: at stop'));
    expect(calls('POST', '/api/rides/1/trip/passenger-steps')[1]?.body).toEqual({ step: 'at_stop' });
  });

  it('shows the organiser everyone aboard in stop order, and marks one picked up', async () => {
    const ride = rideOn();
    const trip = tripServer(ride, ORGANISER);
    trip.passengers = [
      { ...trip.passengers[0]!, step: 'late', lateMinutes: 10, updatedAt: inHours(0) },
      { ...trip.passengers[1]!, step: 'at_stop', updatedAt: inHours(0) },
      { userId: 103, name: 'Ahmad', stop: 'Changi', step: null, lateMinutes: null, updatedAt: null },
      { userId: 104, name: 'Wen', stop: 'Bishan', step: 'picked_up', lateMinutes: null, updatedAt: inHours(0) },
    ];
    const { user, calls } = renderRide(ORGANISER, ride);
    const card = await todayCard();
    const list = await within(card).findByRole('list', { name: 'Passengers today' });
    const rows = within(list)
      .getAllByRole('listitem')
      .map((row) => [
        row.querySelector('[translate="no"]')?.textContent,
        within(row).getByTestId('passenger-state').textContent,
      ]);
    expect(rows).toEqual([
      ['Raj', 'late 10 min'],
      ['Mei', 'at stop'],
      ['Ahmad', 'no news'],
      ['Wen', 'picked up'],
    ]);
    expect(within(list).queryByRole('button', { name: 'Mark Wen picked up' })).not.toBeInTheDocument();

    await user.click(within(list).getByRole('button', { name: 'Mark Mei picked up' }));
    await waitFor(() => expect(within(list).getAllByTestId('passenger-state')[1]).toHaveTextContent('picked up'));
    expect(calls('POST', '/api/rides/1/trip/passenger-steps')[0]?.body).toEqual({ step: 'picked_up', userId: 101 });
  });

  it("sends a passenger's Not coming through the page's Leave Ride", async () => {
    const ride = rideOn();
    tripServer(ride, MEI);
    const { user, calls } = renderRide(MEI, ride);
    const card = await todayCard();
    await user.click(await within(card).findByRole('button', { name: 'Not coming' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave this ride?' });
    expect(dialog).toHaveTextContent('Your seat goes back to the ride.');
    await user.click(within(dialog).getByRole('button', { name: 'Leave' }));
    expect(await screen.findByText('You left the ride')).toBeInTheDocument();
    expect(calls('DELETE', '/api/rides/1/passengers/1')).toHaveLength(1);
  });

  it('holds every button while a tap is on its way', async () => {
    const ride = rideOn();
    tripServer(ride, MEI);
    let answer: (() => void) | undefined;
    server.use(
      http.post('*/api/rides/1/trip/passenger-steps', async () => {
        await new Promise<void>((resolve) => (answer = resolve));
        return refusal('Too many trip updates. Please try again in 1 minute.', 429);
      }),
    );
    const { user } = renderRide(MEI, ride);
    const card = await todayCard();
    await user.click(await within(card).findByRole('button', { name: "I'm at my stop" }));
    const group = within(card).getByRole('group', { name: 'Your steps' });
    await waitFor(() => expect(within(group).getByRole('button', { name: 'Picked up' })).toBeDisabled());
    expect(within(group).getByRole('button', { name: 'Not coming' })).toBeDisabled();
    answer?.();
    await waitFor(() => expect(within(group).getByRole('button', { name: 'Picked up' })).toBeEnabled());
  });

  it("shows a refusal in the app's toast, and keeps the buttons", async () => {
    const ride = rideOn();
    tripServer(ride, DRIVER);
    server.use(
      http.post('*/api/rides/1/trip/car-steps', () =>
        HttpResponse.json(
          {
            message: 'The trip can be followed from 2 hours before the ride until 8 hours after it',
            code: 'trip_day_closed',
          },
          { status: 409 },
        ),
      ),
    );
    const { user } = renderRide(DRIVER, ride);
    const card = await todayCard();
    await user.click(await within(card).findByRole('button', { name: 'On the way' }));
    expect(await screen.findByText('The trip was not updated')).toBeInTheDocument();
    expect(screen.getByText('The trip was not updated').parentElement).toHaveTextContent(
      'The trip can be followed from 2 hours before the ride until 8 hours after it',
    );
    expect(within(card).getByRole('button', { name: 'On the way' })).toBeEnabled();
  });

  it('says when the trip could not be read, and reads it again on Try again', async () => {
    const ride = rideOn();
    let fail = true;
    const trip = tripServer(ride, MEI);
    server.use(http.get('*/api/rides/1/trip', () => (fail ? refusal('Request failed', 500) : HttpResponse.json(trip))));
    const { user } = renderRide(MEI, ride);
    const card = await todayCard();
    await within(card).findByText('Could not load the trip.', undefined, { timeout: 8000 });
    fail = false;
    await user.click(within(card).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(within(card).getByTestId('own-state')).toHaveTextContent('You: no news'));
  });
});
