import type { RideRequest } from '@shared/schemas/ride-requests.ts';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { renderWithProviders, testUser } from '../../../testing/render';
import { server } from '../../../testing/server';
import { RideRequestPage } from './ride-request-page';

const REQUEST: RideRequest = {
  id: 7,
  requesterId: 2,
  requesterName: 'Ann Tan',
  direction: 'FC->SG',
  date: '2030-12-05',
  startTime: '17:00',
  endTime: '21:00',
  windowStart: '2030-12-05T09:00:00.000Z',
  windowEnd: '2030-12-05T13:00:00.000Z',
  passengerCount: 2,
  area: 'Tampines',
  note: null,
  status: 'open',
  people: 2,
  parties: 1,
  members: [],
  rides: [],
};

// The slots as src/app fills them, reduced to what they were handed.
function renderPage(userId: number, request: RideRequest = REQUEST) {
  server.use(http.get('*/api/ride-requests/:id', () => HttpResponse.json(request)));
  renderWithProviders(
    <RideRequestPage
      report={(target) => <button type="button">{`${target.label} (${target.kind} ${target.id})`}</button>}
      member={({ userId: id, name }) => <button type="button">{`Block ${name} (${id})`}</button>}
    />,
    { route: '/requests/7', path: '/requests/:id', user: testUser({ id: userId }) },
  );
}

describe('RideRequestPage', () => {
  it('offers Report and Block of the requester to another member', async () => {
    renderPage(3);
    expect(await screen.findByRole('button', { name: 'Report this request (ride_request 7)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Block Ann Tan (2)' })).toBeInTheDocument();
  });

  it('offers neither to the requester', async () => {
    renderPage(2);
    expect(await screen.findByText('Ann Tan')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Report this request|Block/ })).toBeNull();
  });

  it('lists every ride offered, and lets another organiser offer theirs but not offer twice', async () => {
    const offered: RideRequest = {
      ...REQUEST,
      rides: [
        { id: 11, direction: 'FC->SG', date: '2030-12-05T09:30:00.000Z', organiserId: 4, organiserName: 'Ben Lim' },
        { id: 12, direction: 'FC->SG', date: '2030-12-05T11:00:00.000Z', organiserId: 5, organiserName: null },
      ],
    };
    renderPage(3, offered);
    expect(await screen.findByText('Rides offered:')).toBeInTheDocument();
    expect(screen.getByText('Ben Lim')).toBeInTheDocument();
    expect(
      screen.getAllByRole('link', { name: /^Forest City to Singapore ·/ }).map((link) => link.getAttribute('href')),
    ).toEqual(expect.arrayContaining(['/rides/11', '/rides/12']));
    expect(screen.getByRole('link', { name: 'Start a ride for this' })).toBeInTheDocument();
  });

  it('does not offer "Start a ride for this" to an organiser whose ride is offered already', async () => {
    renderPage(4, {
      ...REQUEST,
      rides: [{ id: 11, direction: 'FC->SG', date: '2030-12-05T09:30:00.000Z', organiserId: 4, organiserName: 'Ben' }],
    });
    expect(await screen.findByText('Ride offered:')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Start a ride for this' })).toBeNull();
  });
});
