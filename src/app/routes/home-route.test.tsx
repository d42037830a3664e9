import type { TripDay } from '@shared/schemas/trip-day-response.ts';
import type { Direction, RideListItem, RidePage } from '@shared/types/ride.ts';
import type { InfiniteData } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { JOINED } from '../../features/rides/my-rides-lists';
import { rideKeys } from '../../features/rides/query-keys';
import { createQueryClient } from '../../lib/query-client';
import { renderWithProviders, testUser } from '../../testing/render';
import { recordRequests } from '../../testing/requests';
import { server } from '../../testing/server';
import { HomeRoute } from './home-route';

const VENDOR = testUser({
  id: 50,
  discordUsername: 'straits',
  isVendor: true,
  companyName: 'Straits Transport',
  driverDetails: { name: 'Raju', contact: '+60 12 000 2222', carNumber: 'JJX 8888' },
});

// Issue 37 §4: a vendor who has just registered lands on Home; until the admin approves them
// it says where they stand, not the passenger list with its Join buttons.
describe('Home for a vendor', () => {
  it('shows a waiting vendor "Waiting for approval", what happens next and how long, and no ride list', async () => {
    renderWithProviders(<HomeRoute />, { route: '/home', user: { ...VENDOR, vendorStatus: 'pending' } });
    expect(await screen.findByRole('heading', { name: 'Waiting for approval', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('What happens next')).toBeInTheDocument();
    expect(screen.getByText(/usually takes one to two days/)).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'All Rides' })).not.toBeInTheDocument();
  });

  it('shows an approved vendor the rides', async () => {
    renderWithProviders(<HomeRoute />, { route: '/home', user: { ...VENDOR, vendorStatus: 'approved' } });
    expect(await screen.findByRole('tab', { name: 'All Rides' })).toBeInTheDocument();
    expect(screen.queryByText('Waiting for approval')).not.toBeInTheDocument();
  });
});

// Issue 40 §1: a member's ride on its day heads Home and My Rides, with where the car is.
describe('the ride of today on Home and My Rides', () => {
  const MEMBER = testUser({ id: 101, discordUsername: 'mei', name: 'Mei' });
  const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();
  const item = (id: number, date: string, direction: Direction = 'SG->FC'): RideListItem => ({
    id,
    creatorId: 10,
    direction,
    date,
    maxPassengers: 4,
    currentPassengers: 2,
    pickupLocation: 'Pasir Ris MRT',
    meetingPoint: null,
    dropoffLocations: [{ location: 'Pasir Ris MRT', passengerCount: 1 }],
    status: 'open',
    vendorId: null,
    cost: 80,
    additionalStops: 0,
    organizerName: 'Olivia',
    seriesId: null,
  });
  const trip = (rideId: number): TripDay => ({
    rideId,
    opensAt: inHours(-1),
    closesAt: inHours(9),
    open: true,
    canSetCarSteps: false,
    canShareCarPosition: false,
    carPosition: null,
    carSteps: [{ id: 1, step: 'at_checkpoint', stop: null, at: inHours(-0.5) }],
    undoUntil: null,
    passengers: [],
  });
  const pageOf = (rides: RideListItem[]): InfiniteData<RidePage, string | null> => ({
    pages: [{ rides, nextCursor: null }],
    pageParams: [null],
  });

  function serve(joined: RideListItem[]) {
    server.use(
      http.get('*/api/rides/page', ({ request }) =>
        HttpResponse.json<RidePage>({
          rides: new URL(request.url).searchParams.get('scope') === 'joined' ? joined : [],
          nextCursor: null,
        }),
      ),
      http.get('*/api/rides/:rideId/trip', ({ params }) => HttpResponse.json(trip(Number(params.rideId)))),
    );
    return recordRequests();
  }

  it("heads Home with the ride on its day and where its car is, from the member's rides on the phone", async () => {
    const joined = [item(7, inHours(1)), item(8, inHours(30))];
    serve(joined);
    const queryClient = createQueryClient();
    queryClient.setQueryData(rideKeys.page(JOINED), pageOf(joined));
    renderWithProviders(<HomeRoute />, { route: '/home', user: MEMBER, queryClient });
    const strip = await screen.findByRole('region', { name: 'Your trip today' });
    const links = within(strip).getAllByRole('link');
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveAttribute('href', '/rides/7');
    expect(links[0]).toHaveTextContent('Singapore to Forest City');
    expect(await within(strip).findByTestId('today-status')).toHaveTextContent(
      'The car is at the Singapore checkpoint',
    );
  });

  it('shows nothing, and asks for no trip, when no ride of the member is on its day', async () => {
    const sent = serve([item(8, inHours(30))]);
    const queryClient = createQueryClient();
    queryClient.setQueryData(rideKeys.page(JOINED), pageOf([item(8, inHours(30))]));
    renderWithProviders(<HomeRoute />, { route: '/home', user: MEMBER, queryClient });
    await screen.findByRole('tab', { name: 'All Rides' });
    await screen.findByText('No rides available at the moment.');
    expect(screen.queryByRole('region', { name: 'Your trip today' })).not.toBeInTheDocument();
    expect(sent.filter((request) => request.path.endsWith('/trip'))).toHaveLength(0);
  });

  it('heads My Rides with it too', async () => {
    serve([item(8, inHours(30)), item(9, inHours(-3), 'FC->SG')]);
    renderWithProviders(<HomeRoute />, { route: '/home?tab=mine', user: MEMBER });
    const strip = await screen.findByRole('region', { name: 'Your trip today' });
    const link = within(strip).getByRole('link');
    expect(link).toHaveAttribute('href', '/rides/9');
    expect(link).toHaveTextContent('Forest City to Singapore');
    expect(await within(strip).findByTestId('today-status')).toHaveTextContent('The car is at the Malaysia checkpoint');
  });
});
