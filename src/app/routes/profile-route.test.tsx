import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderWithProviders, testUser } from '../../testing/render';
import { AdminRoute } from './admin-route';
import { ProfileRoute } from './profile-route';

// The admin feature's cards reach the app only through these compositions.
describe('ProfileRoute', () => {
  it("leads the admin from the profile's admin tools card to the admin page", () => {
    renderWithProviders(<ProfileRoute />, { user: testUser({ id: 1, discordUsername: 'admin', isAdmin: true }) });
    expect(screen.getByRole('heading', { name: 'Admin tools' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the admin page' })).toHaveAttribute('href', '/admin');
  });

  it('shows no admin tools to a member', () => {
    renderWithProviders(<ProfileRoute />, { user: testUser({ id: 7 }) });
    expect(screen.getByRole('heading', { name: 'Profile', level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Admin tools' })).not.toBeInTheDocument();
  });
});

describe('AdminRoute', () => {
  it('shows the moderation queue and the admin tools to the admin', async () => {
    renderWithProviders(<AdminRoute />, { user: testUser({ id: 1, discordUsername: 'admin', isAdmin: true }) });
    expect(screen.getByRole('heading', { name: 'Admin', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Moderation' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Admin tools' })).toBeInTheDocument();
    expect(await screen.findByText('No open password reset requests.')).toBeInTheDocument();
  });

  it('tells a member the page is not for them, and shows no tools', () => {
    renderWithProviders(<AdminRoute />, { user: testUser({ id: 7 }) });
    expect(screen.getByText('Only the admin can open this page.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Admin tools' })).not.toBeInTheDocument();
  });
});
