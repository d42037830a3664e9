import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { authKeys } from '../../../lib/auth';
import { renderWithProviders, testUser } from '../../../testing/render';
import { recordRequests } from '../../../testing/requests';
import { server } from '../../../testing/server';
import { YourDataCard } from './your-data-card';

const renderCard = (canDelete = true) =>
  renderWithProviders(<YourDataCard canDelete={canDelete} />, { user: testUser(), route: '/profile' });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('YourDataCard', () => {
  it('saves the file the api makes, named with the day', async () => {
    server.use(
      http.get('*/api/account/data', () =>
        HttpResponse.json({ format: 'fc-rideshare-member-data/1', ridesOrganised: [] }),
      ),
    );
    // jsdom has no object URLs; the browser's own download is what e2e/own-data.test.ts checks.
    const created = vi.fn((blob: Blob) => `blob:${blob.size}`);
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() });
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const { user } = renderCard();
    await user.click(screen.getByRole('button', { name: 'Download my data' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatch(/^fc-rideshare-my-data-\d{4}-\d{2}-\d{2}\.json$/);
    expect(created).toHaveBeenCalledWith(expect.any(Blob));
  });

  it('asks for the password before deleting, says what it means, and signs out', async () => {
    server.use(
      http.post('*/api/account/delete', () =>
        HttpResponse.json({
          message: 'Your account has been deleted',
          ridesCancelled: 1,
          ridesReleased: 0,
          ridesLeft: 0,
        }),
      ),
    );
    const sent = recordRequests();
    const { user, queryClient } = renderCard();
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    expect(dialog).toHaveAccessibleDescription(/cannot be undone/);
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByText('Please enter your current password')).toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.type(within(dialog).getByLabelText('Your password'), 'my password');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText('Your account has been deleted')).toBeInTheDocument();
    expect(sent[0]).toMatchObject({ path: '/api/account/delete', method: 'POST' });
    expect(sent[0]?.body).toEqual({ currentPassword: 'my password' });
    await waitFor(() => expect(queryClient.getQueryData(authKeys.me)).toBeNull());
  });

  it("reports a wrong password under 'Could not delete your account', and stays signed in", async () => {
    server.use(
      http.post('*/api/account/delete', () =>
        HttpResponse.json(
          { message: 'Current password is incorrect', code: 'wrong_current_password' },
          { status: 400 },
        ),
      ),
    );
    const { user, queryClient } = renderCard();
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    await user.type(within(dialog).getByLabelText('Your password'), 'wrong');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText('Could not delete your account')).toBeInTheDocument();
    expect(screen.getByText('400: Current password is incorrect')).toBeInTheDocument();
    expect(queryClient.getQueryData(authKeys.me)).not.toBeNull();
  });

  it('offers no way out to the admin, whose account stays', () => {
    renderCard(false);
    expect(screen.getByRole('button', { name: 'Download my data' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete my account' })).not.toBeInTheDocument();
  });
});
