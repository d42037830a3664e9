import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderWithProviders, testUser } from '../../testing/render';
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
