import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { renderWithProviders, testUser } from '../../../testing/render';
import { recordRequests } from '../../../testing/requests';
import { server } from '../../../testing/server';
import { FollowOrganiserButton } from './follow-organiser-button';

// The tests share two cores with other suites: the first answer may take more than a second.
const SLOW = { timeout: 5000 };

// Issue 27: on the organiser card, a passenger of the ride follows the organiser, then unfollows
// (the ride page offers the button to its passengers only: src/app/routes/ride-detail-page-route.test.tsx).
describe('follow the organiser', () => {
  const siti = <FollowOrganiserButton organiserId={10} name="Siti" />;

  it('follows, then unfollows, the organiser', async () => {
    const sent = recordRequests();
    const { user } = renderWithProviders(siti, {
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
    const { user } = renderWithProviders(siti, { user: testUser() });
    await user.click(await screen.findByRole('button', { name: 'Follow Siti' }, SLOW));
    expect(
      (await screen.findAllByText(/You can only follow an organiser you have ridden with/, {}, SLOW))[0],
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Follow Siti' })).toBeEnabled();
  });
});
