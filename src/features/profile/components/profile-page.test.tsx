import { screen, waitFor } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { authKeys } from '../../../lib/auth';
import { renderWithProviders, testUser } from '../../../testing/render';
import { recordRequests, type SentRequest } from '../../../testing/requests';
import { server } from '../../../testing/server';
import { ProfilePage } from './profile-page';

// What the page changed; it also reads, e.g. how many follow the member.
const writes = (sent: SentRequest[]) => sent.filter((request) => request.method !== 'GET');

const member = testUser({
  id: 7,
  discordUsername: 'alice_sg',
  name: 'Alice Tan',
  whatsappNumber: '+65 9123 4567',
  malaysianNumber: null,
  revolutUsername: 'alicet',
});

const field = (label: string) => screen.getByLabelText(label);

describe('ProfilePage', () => {
  it('shows the member their details, the username read-only, and no admin tools', () => {
    renderWithProviders(<ProfilePage adminTools={<h2>Admin tools</h2>} />, { user: member });
    expect(screen.getByRole('heading', { name: 'Profile', level: 1 })).toBeInTheDocument();
    expect(field('Discord username')).toHaveValue('alice_sg');
    expect(field('Discord username')).toHaveAttribute('readonly');
    expect(field('Discord username')).toHaveAccessibleDescription('Your Discord username cannot be changed.');
    expect(field('Full name')).toHaveValue('Alice Tan');
    expect(field('WhatsApp number')).toHaveValue('+65 9123 4567');
    expect(field('WhatsApp number')).toHaveAccessibleDescription(expect.stringContaining('+65'));
    expect(field('Malaysian number')).toHaveValue('');
    expect(field('Malaysian number')).toHaveAccessibleDescription(expect.stringContaining('+60'));
    expect(field('Revolut username')).toHaveValue('alicet');
    expect(screen.getByRole('heading', { name: 'Change password' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Admin tools' })).not.toBeInTheDocument();
  });

  it('shows a spinner while the session loads', () => {
    server.use(http.get('*/api/auth/me', () => delay('infinite')));
    // A session only loads where one may exist (the sign-in hint cookie).
    document.cookie = 'fc_signed_in=1; path=/';
    try {
      renderWithProviders(<ProfilePage />);
      expect(screen.getByRole('status')).toHaveTextContent('Loading your profile…');
    } finally {
      document.cookie = 'fc_signed_in=; path=/; max-age=0';
    }
  });

  it('offers a retry when the session cannot be read', async () => {
    server.use(
      http.get('*/api/auth/me', () =>
        HttpResponse.json({ message: 'Something went wrong on our side. Please try again.' }, { status: 500 }),
      ),
    );
    document.cookie = 'fc_signed_in=1; path=/';
    try {
      renderWithProviders(<ProfilePage />);
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'Could not load your profile: 500: Something went wrong on our side. Please try again.',
      );
      expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    } finally {
      document.cookie = 'fc_signed_in=; path=/; max-age=0';
    }
  });

  it('saves the profile without the username, blanks as null, and refreshes the current user', async () => {
    const updated = { ...member, name: 'Alice T.', malaysianNumber: '+60 12 345 6789', revolutUsername: null };
    server.use(http.patch('*/api/users/7', () => HttpResponse.json(updated)));
    const sent = recordRequests();
    const { user, queryClient } = renderWithProviders(<ProfilePage />, { user: member });
    await user.clear(field('Full name'));
    await user.type(field('Full name'), 'Alice T.');
    await user.type(field('Malaysian number'), '+60 12 345 6789');
    await user.clear(field('Revolut username'));
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));

    expect(await screen.findByText('Your profile has been updated')).toBeInTheDocument();
    expect(writes(sent)[0]).toMatchObject({ path: '/api/users/7', method: 'PATCH' });
    // The numbers go in E.164, as the api stores them.
    expect(writes(sent)[0]?.body).toEqual({
      name: 'Alice T.',
      whatsappNumber: '+6591234567',
      malaysianNumber: '+60123456789',
      revolutUsername: null,
    });
    expect(queryClient.getQueryData(authKeys.me)).toEqual(updated);
  });

  it('checks the phone format before sending', async () => {
    const sent = recordRequests();
    const { user } = renderWithProviders(<ProfilePage />, { user: member });
    await user.type(field('Malaysian number'), 'call me');
    await user.tab();
    expect(
      await screen.findByText('Malaysian number must be a +60 number such as +60 12 345 6789 (or 012-345 6789)'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));
    expect(writes(sent)).toEqual([]);
  });

  it('gives a Malaysian example for the Malaysian number and a Singapore one for WhatsApp', () => {
    renderWithProviders(<ProfilePage />, { user: member });
    expect(field('Malaysian number')).toHaveAttribute('placeholder', '+60 12 345 6789');
    expect(field('Malaysian number')).toHaveAccessibleDescription(expect.stringContaining('+60 12 345 6789'));
    expect(field('Malaysian number')).not.toHaveAccessibleDescription(expect.stringContaining('+65'));
    expect(field('WhatsApp number')).toHaveAttribute('placeholder', '+65 9123 4567');
    expect(field('WhatsApp number')).toHaveAccessibleDescription(expect.stringContaining('+65 9123 4567'));
  });

  it('says what a local number will be saved as, and sends it so', async () => {
    server.use(http.patch('*/api/users/7', () => HttpResponse.json(member)));
    const sent = recordRequests();
    const { user } = renderWithProviders(<ProfilePage />, { user: member });
    await user.clear(field('WhatsApp number'));
    await user.type(field('WhatsApp number'), '8123 4567');
    await user.type(field('Malaysian number'), '011-2345 6789');
    expect(field('WhatsApp number')).toHaveAccessibleDescription(expect.stringContaining('Saved as +65 8123 4567.'));
    expect(field('Malaysian number')).toHaveAccessibleDescription(
      expect.stringContaining('Saved as +60 11-2345 6789.'),
    );
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));
    expect(await screen.findByText('Your profile has been updated')).toBeInTheDocument();
    expect(writes(sent)[0]?.body).toMatchObject({ whatsappNumber: '+6581234567', malaysianNumber: '+601123456789' });
  });

  it('refuses a Singapore number as the Malaysian number', async () => {
    const sent = recordRequests();
    const { user } = renderWithProviders(<ProfilePage />, { user: member });
    await user.type(field('Malaysian number'), '9123 4567');
    await user.tab();
    expect(
      await screen.findByText('Malaysian number must be a +60 number such as +60 12 345 6789 (or 012-345 6789)'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));
    expect(writes(sent)).toEqual([]);
  });

  it("reports a refusal as 'Failed to update profile: {message}'", async () => {
    server.use(
      http.patch('*/api/users/7', () =>
        HttpResponse.json({ message: 'WhatsApp number must be a phone number such as +65 9123 4567' }, { status: 400 }),
      ),
    );
    const { user, queryClient } = renderWithProviders(<ProfilePage />, { user: member });
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));
    expect(
      await screen.findByText(
        'Failed to update profile: 400: WhatsApp number must be a phone number such as +65 9123 4567',
      ),
    ).toBeInTheDocument();
    expect(queryClient.getQueryData(authKeys.me)).toEqual(member);
  });

  it('reports an HTML error page as a server error', async () => {
    server.use(
      http.patch(
        '*/api/users/7',
        () => new HttpResponse('<html><body>502 Bad Gateway</body></html>', { status: 502, statusText: 'Bad Gateway' }),
      ),
    );
    const { user } = renderWithProviders(<ProfilePage />, { user: member });
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));
    await waitFor(() =>
      expect(
        screen.getByText(
          'Failed to update profile: 502: Server error: The server returned an HTML error instead of JSON',
        ),
      ).toBeInTheDocument(),
    );
  });
});
