import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { makePassenger, makeRide } from '../../../testing/fixtures';
import { renderWithProviders, testUser } from '../../../testing/render';
import { pathsOf, recordRequests } from '../../../testing/requests';
import { server } from '../../../testing/server';
import { PlanReturnButton } from './plan-return-button';
import { ReturnTripCard } from './return-trip-card';

const ORGANISER = testUser({ id: 10 });
const RIDER = testUser({ id: 20, discordUsername: 'ben', name: 'Ben' });
const STRANGER = testUser({ id: 30, discordUsername: 'sam', name: 'Sam' });
const FUTURE = '2999-06-16T01:30:00.000Z';
const BACK = { id: 7, direction: 'FC->SG' as const, date: '2999-06-16T10:00:00.000Z' };
const outbound = makeRide({ id: 1, creatorId: 10, date: FUTURE, returnOf: null, returnTrip: BACK });
const riders = [makePassenger(1, { userId: 20, dropoffLocation: ' Bedok Mall ', passengerCount: 2 })];

describe('ReturnTripCard on the outbound', () => {
  it('offers a passenger "Join the return", which opens its join page', async () => {
    const { user } = renderWithProviders(
      <ReturnTripCard ride={outbound} user={RIDER} passengers={riders} canJoin={false} />,
      {
        user: RIDER,
      },
    );
    expect(
      screen.getByRole('heading', { name: /^Return trip planned: \w{3}, 16 Jun 2999, 6:00 pm$/ }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Join the return' }));
    expect(screen.getByTestId('current-path')).toHaveTextContent('/rides/7/join');
  });

  it('shows the organiser a link to the return, and nothing to a member who did not ride', () => {
    const { unmount } = renderWithProviders(
      <ReturnTripCard ride={outbound} user={ORGANISER} passengers={riders} canJoin={false} />,
      {
        user: ORGANISER,
      },
    );
    expect(screen.getByRole('link', { name: 'View the return' })).toHaveAttribute('href', '/rides/7');
    expect(screen.queryByRole('button', { name: 'Join the return' })).not.toBeInTheDocument();
    unmount();
    renderWithProviders(<ReturnTripCard ride={outbound} user={STRANGER} passengers={riders} canJoin />, {
      user: STRANGER,
    });
    expect(screen.queryByRole('heading', { name: /Return trip planned/ })).not.toBeInTheDocument();
  });
});

describe('ReturnTripCard on the return', () => {
  const back = makeRide({ id: 7, creatorId: 10, direction: 'FC->SG', date: BACK.date, returnOf: 1 });

  it('offers a member who rode out their stop, read from the outbound', async () => {
    server.use(http.get('*/api/rides/1/passengers', () => HttpResponse.json(riders)));
    renderWithProviders(<ReturnTripCard ride={back} user={RIDER} passengers={[]} canJoin />, { user: RIDER });
    expect(await screen.findByRole('heading', { name: 'The return of your ride' })).toBeInTheDocument();
    // The stop is the member's words (translate="no"), inside the line.
    expect(screen.getByText('Bedok Mall').parentElement).toHaveTextContent(/from the way out, Bedok Mall, filled in/);
  });

  it('says nothing to a member who was not on the outbound', async () => {
    server.use(http.get('*/api/rides/1/passengers', () => HttpResponse.json(riders)));
    const sent = recordRequests();
    renderWithProviders(<ReturnTripCard ride={back} user={STRANGER} passengers={[]} canJoin />, { user: STRANGER });
    await expect.poll(() => pathsOf(sent)).toEqual(['/api/rides/1/passengers']);
    expect(screen.queryByRole('heading', { name: 'The return of your ride' })).not.toBeInTheDocument();
  });
});

describe('PlanReturnButton', () => {
  it('links the organiser to the prefilled create form, only while no return exists', () => {
    const { unmount } = renderWithProviders(<PlanReturnButton ride={{ ...outbound, returnTrip: null }} userId={10} />, {
      user: ORGANISER,
    });
    expect(screen.getByRole('link', { name: 'Plan the return' })).toHaveAttribute('href', '/rides/create?returnOf=1');
    unmount();
    renderWithProviders(<PlanReturnButton ride={outbound} userId={10} />, { user: ORGANISER });
    expect(screen.queryByRole('link', { name: 'Plan the return' })).not.toBeInTheDocument();
  });
});
