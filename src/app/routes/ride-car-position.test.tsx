import { carPositionSchema, carStepSchema } from '@shared/schemas/trip-day.ts';
import type { TripDay } from '@shared/schemas/trip-day-response.ts';
import type { Passenger } from '@shared/types/ride.ts';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { makePassenger, makeRide } from '../../testing/fixtures';
import { parsedBody } from '../../testing/handlers/respond';
import { renderWithProviders, testUser } from '../../testing/render';
import { recordRequests } from '../../testing/requests';
import { server } from '../../testing/server';
import { RideDetailPageRoute } from './ride-detail-page-route';

// Issue 40 §2 on the Today card: the driver shares the phone's position, always told so while
// it is; everyone aboard sees how fresh it is, and an old one as old.
vi.mock('../../components/location-map', () => ({ default: () => <div data-testid="map" /> }));

const ORGANISER = testUser({ id: 10, discordUsername: 'olivia', name: 'Olivia' });
const DRIVER = testUser({ id: 50, discordUsername: 'straits', isVendor: true, vendorStatus: 'approved' });
const MEI = testUser({ id: 101, discordUsername: 'mei', name: 'Mei' });

const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();
const secondsAgo = (seconds: number) => new Date(Date.now() - seconds * 1000).toISOString();

const PASSENGERS: Passenger[] = [makePassenger(1, { userId: 101, dropoffLocation: 'Tampines MRT' })];

const ride = makeRide({
  id: 1,
  creatorId: ORGANISER.id,
  date: inHours(1),
  status: 'assigned',
  vendorId: DRIVER.id,
  pickupLocation: 'Pasir Ris MRT',
  currentPassengers: 2,
});

// The phone's Geolocation, the outside world: the test says where the phone is and when.
class FakeGeolocation {
  watchers = new Map<number, PositionCallback>();
  cleared: number[] = [];
  private next = 1;
  watchPosition = vi.fn(
    (success: PositionCallback, _error?: PositionErrorCallback | null, _options?: PositionOptions) => {
      const id = this.next++;
      this.watchers.set(id, success);
      return id;
    },
  );
  clearWatch = vi.fn((id: number) => {
    this.watchers.delete(id);
    this.cleared.push(id);
  });
  getCurrentPosition = vi.fn();
  move(latitude: number, longitude: number, accuracy = 8) {
    for (const watcher of this.watchers.values()) {
      watcher({
        coords: { latitude, longitude, accuracy, altitude: null, altitudeAccuracy: null, heading: null, speed: null },
        timestamp: Date.now(),
      } as GeolocationPosition);
    }
  }
}

let geolocation: FakeGeolocation;
beforeEach(() => {
  geolocation = new FakeGeolocation();
  Object.defineProperty(navigator, 'geolocation', { value: geolocation, configurable: true });
});
afterEach(() => {
  Reflect.deleteProperty(navigator, 'geolocation');
});

function tripServer(viewer: { id: number }, carPosition: TripDay['carPosition'] = null) {
  const trip: TripDay = {
    rideId: 1,
    opensAt: inHours(-1),
    closesAt: inHours(9),
    open: true,
    canSetCarSteps: viewer.id === ORGANISER.id || viewer.id === DRIVER.id,
    canShareCarPosition: viewer.id === DRIVER.id,
    carPosition,
    carSteps: [],
    undoUntil: null,
    passengers: [{ userId: 101, name: 'Mei', stop: 'Tampines MRT', step: null, lateMinutes: null, updatedAt: null }],
  };
  server.use(
    http.get('*/api/rides/1', () => HttpResponse.json(ride)),
    http.get('*/api/rides/1/passengers', () => HttpResponse.json(PASSENGERS)),
    http.get('*/api/rides/1/trip', () => HttpResponse.json(trip)),
    http.put('*/api/rides/1/trip/position', async ({ request }) => {
      const body = await parsedBody(request, carPositionSchema);
      if ('refused' in body) return body.refused;
      const { latitude, longitude, accuracy, takenAt } = body.data;
      trip.carPosition = { latitude, longitude, accuracy, takenAt, stale: false };
      return HttpResponse.json(trip);
    }),
    http.delete('*/api/rides/1/trip/position', () => {
      trip.carPosition = null;
      return HttpResponse.json(trip);
    }),
    http.post('*/api/rides/1/trip/car-steps', async ({ request }) => {
      const body = await parsedBody(request, carStepSchema);
      if ('refused' in body) return body.refused;
      trip.carSteps = [
        ...trip.carSteps,
        {
          id: trip.carSteps.length + 1,
          step: body.data.step,
          stop: body.data.stop ?? null,
          at: new Date().toISOString(),
        },
      ];
      trip.carPosition = null;
      return HttpResponse.json(trip);
    }),
  );
  return trip;
}

function renderRide(user: ReturnType<typeof testUser>) {
  const sent = recordRequests();
  const rendered = renderWithProviders(<RideDetailPageRoute />, { route: '/rides/1', path: '/rides/:id', user });
  const calls = (method: string) =>
    sent.filter((request) => request.method === method && request.path === '/api/rides/1/trip/position');
  return { ...rendered, calls };
}

const todayCard = () => screen.findByRole('region', { name: 'Today' }, { timeout: 5000 });
const sharingBar = () => screen.queryByRole('status', { name: "Sharing the car's position" });

describe("the car's position on the Today card", () => {
  it('lets the driver share the position, says so while it is shared, and stops on Stop sharing', async () => {
    tripServer(DRIVER);
    const { user, calls } = renderRide(DRIVER);
    const card = await todayCard();
    expect(sharingBar()).not.toBeInTheDocument();
    expect(geolocation.watchPosition).not.toHaveBeenCalled();

    await user.click(await within(card).findByRole('button', { name: "Share the car's position" }));
    expect(sharingBar()).toHaveTextContent("You are sharing the car's position");
    expect(geolocation.watchPosition.mock.calls[0]![2]).toMatchObject({ enableHighAccuracy: true });

    geolocation.move(1.4457, 103.7691);
    await waitFor(() => expect(calls('PUT')).toHaveLength(1));
    expect(calls('PUT')[0]!.body).toMatchObject({ latitude: 1.4457, longitude: 103.7691, accuracy: 8 });
    // Within 15 s of the last one, a fix is not sent, even 200 m on.
    geolocation.move(1.4475, 103.7691);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls('PUT')).toHaveLength(1);
    // Everyone aboard, the driver too, sees the car and how fresh it is.
    expect(await within(card).findByTestId('car-position')).toHaveTextContent(/Updated \d+ seconds? ago/);

    await user.click(within(sharingBar()!).getByRole('button', { name: 'Stop sharing' }));
    await waitFor(() => expect(calls('DELETE')).toHaveLength(1));
    expect(sharingBar()).not.toBeInTheDocument();
    expect(geolocation.clearWatch).toHaveBeenCalledWith(1);
    await waitFor(() => expect(within(card).queryByTestId('car-position')).not.toBeInTheDocument());
    expect(within(card).getByRole('button', { name: "Share the car's position" })).toBeInTheDocument();
  });

  it('stops sharing when the car arrives', async () => {
    tripServer(DRIVER);
    const { user } = renderRide(DRIVER);
    const card = await todayCard();
    await user.click(await within(card).findByRole('button', { name: "Share the car's position" }));
    expect(sharingBar()).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Arrived' }));
    await waitFor(() => expect(sharingBar()).not.toBeInTheDocument());
    expect(geolocation.clearWatch).toHaveBeenCalled();
    expect(within(card).queryByRole('button', { name: "Share the car's position" })).not.toBeInTheDocument();
  });

  it('offers no sharing to a passenger, who sees the car and how fresh it is', async () => {
    tripServer(MEI, { latitude: 1.4457, longitude: 103.7691, accuracy: 10, takenAt: secondsAgo(40), stale: false });
    renderRide(MEI);
    const card = await todayCard();
    expect(await within(card).findByTestId('car-position')).toHaveTextContent(/Updated 4\d seconds ago/);
    expect(await within(card).findByTestId('car-map')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: "Share the car's position" })).not.toBeInTheDocument();
  });

  it('still says how fresh the position is offline, with the map said unavailable', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    tripServer(MEI, { latitude: 1.4457, longitude: 103.7691, accuracy: 10, takenAt: secondsAgo(90), stale: false });
    renderRide(MEI);
    const card = await todayCard();
    expect(await within(card).findByTestId('car-position')).toHaveTextContent('Updated 1 minute ago');
    expect(await within(card).findByTestId('car-map-unavailable')).toHaveTextContent('Map unavailable');
    expect(within(card).queryByTestId('car-map')).not.toBeInTheDocument();
    vi.restoreAllMocks();
  });

  it('shows a position older than 5 minutes as the last one known, not on the map', async () => {
    tripServer(MEI, { latitude: 1.4457, longitude: 103.7691, accuracy: 10, takenAt: secondsAgo(400), stale: true });
    renderRide(MEI);
    const card = await todayCard();
    expect(await within(card).findByTestId('car-position')).toHaveTextContent(
      /No recent position: the last one, at .+, is more than 5 minutes old\./,
    );
    expect(within(card).queryByTestId('car-map')).not.toBeInTheDocument();
  });
});
