import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { makeRide } from '../../testing/fixtures';
import { renderWithProviders, testUser } from '../../testing/render';
import { recordRequests } from '../../testing/requests';
import { server } from '../../testing/server';
import { OrganizerCard } from '../../features/rides/components/organizer-card';

// The tests share two cores with other suites: the first answer may take more than a second.
const SLOW = { timeout: 5000 };

// Issue 27: on the organiser card, a passenger of the ride follows the organiser, then unfollows.
describe('follow the organiser', () => {
  const ride = makeRide({ creatorId: 10, organizerName: 'Siti' });

  it('follows, then unfollows, the organiser', async () => {
    const sent = recordRequests();
    const { user } = renderWithProviders(<OrganizerCard ride={ride} canFollow />, {
      route: '/rides/1',
      user: testUser(),
    });
    await user.click(await screen.findByRole('button', { name: 'Follow Siti' }, SLOW));
    expect(await screen.findByText('Following', {}, SLOW)).toBeInTheDocument();
    expect(sent.filter((request) => request.method === 'POST').map((request) => request.path)).toEqual([
      '/api/organisers/10/follow',
    ]);

    await user.click(screen.getByRole('button', { name: 'Unfollow Siti' }));
    expect(await screen.findByRole('button', { name: 'Follow Siti' }, SLOW)).toBeInTheDocument();
    expect(sent.filter((request) => request.method === 'DELETE').map((request) => request.path)).toEqual([
      '/api/organisers/10/follow',
    ]);
  });

  it('says the refusal when the organiser cannot be followed', async () => {
    server.use(
      http.post('*/api/organisers/:id/follow', () =>
        HttpResponse.json(
          { message: 'You can only follow an organiser you have ridden with', code: 'follow_not_ridden' },
          { status: 403 },
        ),
      ),
    );
    const { user } = renderWithProviders(<OrganizerCard ride={ride} canFollow />, { user: testUser() });
    await user.click(await screen.findByRole('button', { name: 'Follow Siti' }, SLOW));
    expect(
      (await screen.findAllByText(/You can only follow an organiser you have ridden with/, {}, SLOW))[0],
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Follow Siti' })).toBeEnabled();
  });

  it('offers nothing to a member who is not on the ride', () => {
    renderWithProviders(<OrganizerCard ride={ride} />, { user: testUser() });
    expect(screen.queryByRole('button', { name: /follow/i })).not.toBeInTheDocument();
  });
});
