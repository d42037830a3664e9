import type { RideRequest } from '@shared/schemas/ride-requests.ts';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { rideKeys } from '../../features/rides/query-keys';
import { makeRide } from '../../testing/fixtures';
import { renderWithProviders, testUser } from '../../testing/render';
import { recordRequests, type SentRequest } from '../../testing/requests';
import { server } from '../../testing/server';
import { RideFormPageRoute } from './ride-form-page-route';

// The rest of what GET /api/driver-contacts answers (driverContactSchema), which the form ignores.
const CONTRACT_FIELDS = { isActive: true, seats: null, stopPriceSgd: null, stopPriceMaxSgd: null, translations: {} };
const DRIVERS = [
  {
    id: 1,
    name: 'Uncle Lim',
    whatsappNumber: '+6580000075',
    malaysianNumber: null,
    vehicleType: 'MPV',
    notes: null,
    basePriceSgd: 75,
    ...CONTRACT_FIELDS,
  },
  {
    id: 2,
    name: 'Mr Kumar',
    whatsappNumber: '+6580000080',
    malaysianNumber: null,
    vehicleType: 'Van',
    notes: null,
    basePriceSgd: 80,
    ...CONTRACT_FIELDS,
  },
];

// onSave answers POST /api/rides; without it the default handler does (the api's schema).
function renderCreate(onSave?: () => Response) {
  server.use(
    http.get('*/api/driver-contacts', () => HttpResponse.json(DRIVERS)),
    ...(onSave ? [http.post('*/api/rides', onSave)] : []),
  );
  const sent = recordRequests();
  const rendered = renderWithProviders(<RideFormPageRoute />, {
    route: '/rides/create',
    path: '/rides/create',
    user: testUser(),
  });
  return { ...rendered, sent };
}

const saveOf = (sent: SentRequest[]) => sent.find((request) => request.path === '/api/rides');

describe('RideFormPageRoute in create mode', () => {
  it('shows the create form with its defaults', async () => {
    renderCreate();
    expect(screen.getByRole('heading', { name: 'Create a New Ride' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Singapore to Forest City' })).toBeChecked();
    expect(screen.getByLabelText('Maximum total passengers')).toHaveValue(5);
    expect(screen.getByLabelText('Number of passengers at your location')).toHaveValue(1);
    expect(screen.getByRole('button', { name: 'Create Ride' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Delete Ride' })).not.toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /Uncle Lim/ })).toBeInTheDocument();
  });

  it('switches the location label and placeholder with the direction', async () => {
    const { user } = renderCreate();
    const pickup = screen.getByLabelText('Your Pickup Location in Singapore');
    expect(pickup).toHaveAttribute('placeholder', 'e.g., Pasir Ris MRT');
    expect(pickup.tagName).toBe('TEXTAREA');

    await user.click(screen.getByRole('radio', { name: 'Forest City to Singapore' }));
    const dropoff = screen.getByLabelText('Your Drop-off Location in Singapore');
    expect(dropoff).toHaveAttribute('placeholder', 'e.g., Tampines Mall');
    expect(screen.queryByLabelText('Your Pickup Location in Singapore')).not.toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Singapore to Forest City' }));
    expect(screen.getByLabelText('Your Pickup Location in Singapore')).toBeInTheDocument();
  });

  it('asks for the location on blur', async () => {
    const { user } = renderCreate();
    await user.click(screen.getByLabelText('Your Pickup Location in Singapore'));
    await user.tab();
    expect(await screen.findByText('Please specify your location')).toBeInTheDocument();
  });

  it('refuses a submit without a date or location, sending nothing', async () => {
    const { user, sent } = renderCreate();
    await user.click(screen.getByRole('button', { name: 'Create Ride' }));
    expect(await screen.findByText('Invalid date provided')).toBeInTheDocument();
    expect(screen.getByText('Please specify your location')).toBeInTheDocument();
    expect(saveOf(sent)).toBeUndefined();
  });

  it('clamps the organiser count to the maximum on blur', async () => {
    const { user } = renderCreate();
    const count = screen.getByLabelText('Number of passengers at your location');
    await user.clear(count);
    await user.type(count, '9');
    await user.tab();
    await waitFor(() => expect(count).toHaveValue(5));
  });

  it('creates an FC->SG ride shaped per SPEC §7 and opens it', async () => {
    const saved = makeRide({ id: 12, direction: 'FC->SG' });
    const { user, sent, queryClient } = renderCreate(() => HttpResponse.json(saved, { status: 201 }));
    await user.click(screen.getByRole('radio', { name: 'Forest City to Singapore' }));
    await user.type(screen.getByLabelText('Date and time (Singapore time)'), '2030-06-15T18:00');
    await user.clear(screen.getByLabelText('Number of passengers at your location'));
    await user.type(screen.getByLabelText('Number of passengers at your location'), '2');
    await user.type(screen.getByLabelText('Your Drop-off Location in Singapore'), '  Tampines Mall  ');
    await user.type(screen.getByLabelText('Meeting point in Forest City (optional)'), 'Phase 1 lobby');
    await user.click(screen.getByRole('button', { name: 'Create Ride' }));

    await waitFor(() => expect(screen.getByTestId('current-path')).toHaveTextContent('/rides/12'));
    expect(saveOf(sent)?.method).toBe('POST');
    expect(saveOf(sent)?.body).toEqual({
      direction: 'FC->SG',
      date: '2030-06-15T10:00:00.000Z',
      maxPassengers: 5,
      pickupLocation: 'Forest City',
      meetingPoint: 'Phase 1 lobby',
      dropoffLocations: [{ location: 'Tampines Mall', passengerCount: 2 }],
      organizerPassengerCount: 2,
      cost: 80,
    });
    expect(queryClient.getQueryData(rideKeys.detail(12))).toEqual(saved);
    expect(await screen.findByText('Ride created successfully')).toBeInTheDocument();
  });

  // Issue 21 §2: the booked driver's price is the car's cost, and the organiser may change it.
  it("takes the chosen recommended driver's price as the cost, which stays editable", async () => {
    const { user, sent } = renderCreate(() => HttpResponse.json(makeRide({ id: 13 }), { status: 201 }));
    const cost = screen.getByLabelText('Car cost (SGD)');
    expect(cost).toHaveValue(80);
    expect(
      screen.getByText(/Choosing a recommended driver sets their price; you can still change it/),
    ).toBeInTheDocument();
    await screen.findByRole('option', { name: /Uncle Lim/ });
    const driver = screen.getByLabelText('Driver you booked (optional)');
    await user.selectOptions(driver, 'Mr Kumar · Van');
    await user.clear(cost);
    await user.type(cost, '90');
    await user.selectOptions(driver, 'Uncle Lim · MPV');
    expect(cost).toHaveValue(75);
    expect(screen.getByTestId('booked-driver-price')).toHaveTextContent(
      'Uncle Lim: $75 SGD per trip. The car cost below starts at this price.',
    );
    // The organiser's own figure, after the driver's, is what is saved.
    await user.clear(cost);
    await user.type(cost, '70.5');
    await user.type(screen.getByLabelText('Date and time (Singapore time)'), '2030-06-15T18:00');
    await user.type(screen.getByLabelText('Your Pickup Location in Singapore'), 'Pasir Ris MRT');
    await user.click(screen.getByRole('button', { name: 'Create Ride' }));
    await waitFor(() => expect(saveOf(sent)).toBeDefined());
    expect(saveOf(sent)?.body).toMatchObject({ driverContactId: 1, cost: 70.5 });
  });

  it("shows a refused save in an 'Error' toast and stays", async () => {
    const { user } = renderCreate(() =>
      HttpResponse.json({ message: 'Please specify your location' }, { status: 400 }),
    );
    await user.type(screen.getByLabelText('Date and time (Singapore time)'), '2030-06-15T09:30');
    await user.type(screen.getByLabelText('Your Pickup Location in Singapore'), 'Pasir Ris MRT');
    await user.click(screen.getByRole('button', { name: 'Create Ride' }));
    expect(await screen.findByText('400: Please specify your location')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(screen.getByTestId('current-path')).toHaveTextContent('/rides/create');
  });
});

describe('RideFormPageRoute for "Ride again" (issue 27)', () => {
  it("opens with the organiser's ride a week later: same direction, place, seats and time", async () => {
    const previous = makeRide({
      id: 5,
      creatorId: 7,
      direction: 'FC->SG',
      date: '2030-06-16T01:30:00.000Z',
      maxPassengers: 6,
      pickupLocation: 'Forest City',
      dropoffLocations: [{ location: 'Tampines Mall', passengerCount: 2 }],
    });
    server.use(
      http.get('*/api/driver-contacts', () => HttpResponse.json(DRIVERS)),
      http.get('*/api/rides/5', () => HttpResponse.json(previous)),
    );
    renderWithProviders(<RideFormPageRoute />, {
      route: '/rides/create?again=5',
      path: '/rides/create',
      user: testUser(),
    });
    expect(await screen.findByText(/again, a week on/)).toBeInTheDocument();
    // 09:30 Singapore time on Sunday 16 June, a week on.
    expect(screen.getByLabelText('Date and time (Singapore time)')).toHaveValue('2030-06-23T09:30');
    expect(screen.getByRole('radio', { name: 'Forest City to Singapore' })).toBeChecked();
    expect(screen.getByLabelText('Maximum total passengers')).toHaveValue(6);
  });

  it("opens the plain create form for someone else's ride", async () => {
    server.use(
      http.get('*/api/driver-contacts', () => HttpResponse.json(DRIVERS)),
      http.get('*/api/rides/5', () => HttpResponse.json(makeRide({ id: 5, creatorId: 99 }))),
    );
    renderWithProviders(<RideFormPageRoute />, {
      route: '/rides/create?again=5',
      path: '/rides/create',
      user: testUser(),
    });
    await screen.findByLabelText('Date and time (Singapore time)');
    expect(screen.getByLabelText('Date and time (Singapore time)')).toHaveValue('');
    expect(screen.queryByText(/again, a week on/)).toBeNull();
  });
});

// Issue 24 §1: the ride-requests feature's request, read by the route, starts the form.
describe('RideFormPageRoute for a ride request', () => {
  const REQUEST: RideRequest = {
    id: 4,
    requesterId: 9,
    requesterName: 'Bob Lim',
    direction: 'FC->SG',
    date: '2030-06-20',
    startTime: '17:00',
    endTime: '21:00',
    windowStart: '2030-06-20T09:00:00.000Z',
    windowEnd: '2030-06-20T13:00:00.000Z',
    passengerCount: 3,
    area: 'Bedok',
    note: null,
    status: 'open',
    people: 5,
    parties: 2,
    members: [],
    rides: [],
  };

  it('says whom the ride is for, starts from the request and links the ride to it', async () => {
    server.use(
      http.get('*/api/driver-contacts', () => HttpResponse.json(DRIVERS)),
      http.get('*/api/ride-requests/4', () => HttpResponse.json(REQUEST)),
      http.post('*/api/rides', () => HttpResponse.json(makeRide({ id: 14 }), { status: 201 })),
    );
    const sent = recordRequests();
    const { user } = renderWithProviders(<RideFormPageRoute />, {
      route: '/rides/create?request=4',
      path: '/rides/create',
      user: testUser(),
    });
    expect(await screen.findByText(/For the ride request of Bob Lim \(5 people, 2 parties/)).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Forest City to Singapore' })).toBeChecked();
    expect(screen.getByLabelText('Date and time (Singapore time)')).toHaveValue('2030-06-20T17:00');
    expect(screen.getByLabelText('Maximum total passengers')).toHaveValue(6);
    await user.type(screen.getByLabelText('Your Drop-off Location in Singapore'), 'Bedok North');
    await user.click(screen.getByRole('button', { name: 'Create Ride' }));
    await waitFor(() => expect(screen.getByTestId('current-path')).toHaveTextContent('/rides/14'));
    expect(saveOf(sent)?.body).toMatchObject({ requestId: 4, direction: 'FC->SG' });
  });

  it('is a plain create form once the request is closed', async () => {
    server.use(
      http.get('*/api/driver-contacts', () => HttpResponse.json(DRIVERS)),
      http.get('*/api/ride-requests/4', () => HttpResponse.json({ ...REQUEST, status: 'closed' })),
    );
    renderWithProviders(<RideFormPageRoute />, {
      route: '/rides/create?request=4',
      path: '/rides/create',
      user: testUser(),
    });
    expect(await screen.findByLabelText('Date and time (Singapore time)')).toHaveValue('');
    expect(screen.queryByText(/For the ride request of/)).toBeNull();
  });
});
