import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderWithProviders, testUser } from '../../testing/render';
import { ProfileRoute } from './profile-route';

// The admin feature's card reaches the profile only through this composition.
describe('ProfileRoute', () => {
  it('shows the admin tools to the admin', async () => {
    renderWithProviders(<ProfileRoute />, { user: testUser({ id: 1, discordUsername: 'admin', isAdmin: true }) });
    expect(screen.getByRole('heading', { name: 'Admin tools' })).toBeInTheDocument();
    expect(await screen.findByText('No open password reset requests.')).toBeInTheDocument();
  });

  it('shows no admin tools to a member', () => {
    renderWithProviders(<ProfileRoute />, { user: testUser({ id: 7 }) });
    expect(screen.getByRole('heading', { name: 'Profile', level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Admin tools' })).not.toBeInTheDocument();
  });
});
