import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, onTestFinished } from 'vitest';

import { renderWithProviders, testUser } from '../../../testing/render';
import { pathsOf, recordRequests } from '../../../testing/requests';
import { server } from '../../../testing/server';
import { VendorApprovalGate } from './vendor-approval-gate';

const VENDOR = testUser({
  id: 50,
  discordUsername: 'straits',
  isVendor: true,
  companyName: 'Straits Transport',
  driverDetails: { name: 'Raju', contact: '+60 12 000 2222', carNumber: 'JJX 8888' },
});

function renderGate(user: ReturnType<typeof testUser>) {
  return renderWithProviders(
    <VendorApprovalGate>
      <p>The dashboard lists</p>
    </VendorApprovalGate>,
    { user },
  );
}

describe('VendorApprovalGate', () => {
  it('keeps a pending vendor at "Waiting for approval", saying what happens next', () => {
    renderGate({ ...VENDOR, vendorStatus: 'pending' });
    expect(screen.getByRole('heading', { name: 'Vendor Dashboard', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Waiting for approval' })).toBeInTheDocument();
    expect(screen.getByText('What happens next')).toBeInTheDocument();
    expect(screen.getByText(/cross-border vehicle permit and plate/)).toBeInTheDocument();
    expect(screen.getByText('JJX 8888')).toBeInTheDocument();
    expect(screen.queryByText('The dashboard lists')).not.toBeInTheDocument();
  });

  it('shows the dashboard to an approved vendor', () => {
    renderGate({ ...VENDOR, vendorStatus: 'approved' });
    expect(screen.getByText('The dashboard lists')).toBeInTheDocument();
    expect(screen.queryByText('Waiting for approval')).not.toBeInTheDocument();
  });

  it('lets members through: the dashboard itself tells them it is not for them', () => {
    renderGate(testUser({ vendorStatus: null }));
    expect(screen.getByText('The dashboard lists')).toBeInTheDocument();
  });

  it('tells a revoked vendor they cannot take rides', () => {
    renderGate({ ...VENDOR, vendorStatus: 'revoked' });
    expect(screen.getByRole('heading', { name: 'Vendor account not approved' })).toBeInTheDocument();
    expect(screen.getByText(/cannot take rides/)).toBeInTheDocument();
    expect(screen.queryByText('The dashboard lists')).not.toBeInTheDocument();
  });

  it('opens the dashboard once "Check again" finds the account approved', async () => {
    // The session hint cookie: without it the app knows nobody is signed in and asks nothing.
    document.cookie = 'fc_signed_in=1; path=/';
    onTestFinished(() => {
      document.cookie = 'fc_signed_in=; path=/; max-age=0';
    });
    server.use(http.get('*/api/auth/me', () => HttpResponse.json({ ...VENDOR, vendorStatus: 'approved' })));
    const sent = recordRequests();
    const { user } = renderGate({ ...VENDOR, vendorStatus: 'pending' });
    await user.click(screen.getByRole('button', { name: 'Check again' }));
    expect(await screen.findByText('The dashboard lists')).toBeInTheDocument();
    expect(pathsOf(sent)).toContain('/api/auth/me');
  });
});
