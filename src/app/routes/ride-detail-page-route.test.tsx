import type { Passenger, Ride } from '@shared/types/ride.ts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { makePassenger, makeRide } from '../../testing/fixtures';
import { jsonResponse, renderWithProviders, stubFetch, testUser } from '../../testing/render';
import { RideDetailPageRoute } from './ride-detail-page-route';

vi.mock('../../features/rides/components/location-map', () => ({ default: () => <div data-testid="map" /> }));

const ALICE = testUser({ id: 7 });
const FUTURE = '2999-06-16T01:30:00.000Z';
const CHECKLIST = [
  {
    id: 1,
    position: 10,
    title: "Driver's car plate and contact",
    details: null,
    linkUrl: null,
    linkLabel: null,
    directions: ['SG->FC', 'FC->SG'],
    kind: 'driver',
    updatedAt: '2026-11-23T00:00:00.000Z',
  },
];
const VENDOR = {
  id: 50,
  companyName: 'Border Cars Pte Ltd',
  driverName: 'Ali',
  driverContact: '+60 12 345 6789',
  carNumber: 'JQA 1234',
  discordUsername: 'ali_cars',
  whatsappNumber: null,
  malaysianNumber: null,
};

// The ride detail as src/app composes it: the checklist is for the people travelling on an
// upcoming ride, and its driver item reads the vendor the detail reads anyway.
function renderRoute(ride: Ride, passengers: Passenger[]) {
  stubFetch((url, init) => {
    const method = init.method ?? 'GET';
    if (method !== 'GET') throw new Error(`Unexpected fetch: ${method} ${url}`);
    if (url === '/api/rides/1') return jsonResponse(ride);
    if (url === '/api/rides/1/passengers') return jsonResponse(passengers);
    if (url === '/api/driver-contacts') return jsonResponse([]);
    if (url === '/api/rides/1/vendor') return jsonResponse({ vendor: ride.status === 'assigned' ? VENDOR : null });
    if (url === '/api/border-checklist') return jsonResponse(CHECKLIST);
    // Other cards on the page (waitlist, return trip) are not what this test is about.
    return jsonResponse({ message: 'Not found' }, 404);
  });
  return renderWithProviders(<RideDetailPageRoute />, { route: '/rides/1', path: '/rides/:id', user: ALICE });
}

describe('RideDetailPageRoute: the border checklist slot', () => {
  it('shows a passenger the checklist with the assigned driver’s plate', async () => {
    renderRoute(makeRide({ id: 1, date: FUTURE, status: 'assigned', vendorId: 50 }), [makePassenger(1, { userId: 7 })]);
    const card = await screen.findByRole('region', { name: 'Border checklist' });
    expect(await within(card).findByText('JQA 1234')).toBeInTheDocument();
  });

  it('shows the organiser the checklist', async () => {
    renderRoute(makeRide({ id: 1, date: FUTURE, creatorId: 7 }), []);
    expect(await screen.findByRole('region', { name: 'Border checklist' })).toBeInTheDocument();
  });

  it('shows no checklist to a member not on the ride, nor on a past ride', async () => {
    const other = renderRoute(makeRide({ id: 1, date: FUTURE }), [makePassenger(1)]);
    await screen.findByRole('heading', { name: 'Singapore to Forest City' });
    await screen.findByRole('form', { name: 'Join ride' });
    expect(screen.queryByRole('region', { name: 'Border checklist' })).not.toBeInTheDocument();
    other.unmount();
    renderRoute(makeRide({ id: 1, date: '2020-06-16T01:30:00.000Z' }), [makePassenger(1, { userId: 7 })]);
    await screen.findByRole('heading', { name: 'Singapore to Forest City' });
    expect(screen.queryByRole('region', { name: 'Border checklist' })).not.toBeInTheDocument();
  });
});
