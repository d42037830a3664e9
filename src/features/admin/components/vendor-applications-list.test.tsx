import type { VendorApplication } from '@shared/types/user.ts';
import { screen, waitFor, within } from '@testing-library/react';
import { http, type HttpHandler, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { renderWithProviders, testUser } from '../../../testing/render';
import { recordRequests } from '../../../testing/requests';
import { server } from '../../../testing/server';
import { VendorApplicationsList } from './vendor-applications-list';

const LIST = '/api/admin/vendor-applications';

function application(overrides: Partial<VendorApplication>): VendorApplication {
  return {
    userId: 20,
    discordUsername: 'straits',
    name: null,
    companyName: 'Straits Transport',
    driverDetails: { name: 'Raju', contact: '+60 12 000 2222', carNumber: 'JJX 8888' },
    whatsappNumber: '+6591234567',
    malaysianNumber: null,
    status: 'pending',
    licenceNote: null,
    appliedAt: '2030-06-15T01:30:00.000Z',
    decidedAt: null,
    upcomingAssignments: 0,
    ...overrides,
  };
}

const PENDING = application({});
const APPROVED = application({
  userId: 21,
  discordUsername: 'borderco',
  companyName: 'Border Cars',
  status: 'approved',
  licenceNote: 'SSM profile, permit for JQA 1234, called',
  decidedAt: '2030-06-15T02:00:00.000Z',
  upcomingAssignments: 3,
});

function renderList(answers: HttpHandler[] = [], list: VendorApplication[] = [PENDING, APPROVED]) {
  server.use(
    http.get(`*${LIST}`, () => HttpResponse.json(list)),
    ...answers,
  );
  const requests = recordRequests();
  const rendered = renderWithProviders(<VendorApplicationsList />, { user: testUser({ id: 1, isAdmin: true }) });
  const sent = (key: string) =>
    requests.filter((request) => `${request.method} ${request.path}` === key).map((request) => request.body);
  return { ...rendered, sent };
}

async function itemOf(company: string) {
  const name = await screen.findByText(company);
  return name.closest('li') as HTMLElement;
}

describe('VendorApplicationsList', () => {
  it('lists each application with its status, driver, plate and contact', async () => {
    renderList();
    const pending = await itemOf('Straits Transport');
    expect(within(pending).getByText('Waiting for approval')).toBeInTheDocument();
    expect(pending).toHaveTextContent(/Driver: Raju · Car: JJX 8888 · Contact: \+60 12-000 2222/);
    const approved = await itemOf('Border Cars');
    expect(within(approved).getByText('Approved')).toBeInTheDocument();
    expect(within(approved).getByText(/SSM profile, permit for JQA 1234, called/)).toBeInTheDocument();
    expect(within(approved).queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
  });

  it('asks for the licence note before approving, then sends it and says so', async () => {
    const { user, sent } = renderList([
      http.post('*/api/admin/vendors/20/approve', () =>
        HttpResponse.json({
          message: 'straits is approved: they can take rides now',
          application: { ...PENDING, status: 'approved' },
        }),
      ),
    ]);
    const pending = await itemOf('Straits Transport');
    await user.click(within(pending).getByRole('button', { name: 'Approve' }));
    expect(
      await within(pending).findByText(
        'Licence note is required: say what you checked (company, cross-border vehicle permit / plate, contact)',
      ),
    ).toBeInTheDocument();
    expect(sent('POST /api/admin/vendors/20/approve')).toHaveLength(0);

    await user.type(
      within(pending).getByLabelText('Licence note: what you checked'),
      '  Permit JJX 8888 seen, called Raju ',
    );
    await user.click(within(pending).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('straits is approved: they can take rides now')).toBeInTheDocument();
    expect(sent('POST /api/admin/vendors/20/approve')).toEqual([{ licenceNote: 'Permit JJX 8888 seen, called Raju' }]);
  });

  it('revokes an approved vendor only after the confirm dialog, which says what happens to their rides', async () => {
    const { user, sent } = renderList([
      http.post('*/api/admin/vendors/21/revoke', () =>
        HttpResponse.json({
          message: 'borderco is revoked: they cannot take rides, and 3 upcoming rides are open again',
          application: { ...APPROVED, status: 'revoked' },
          released: 3,
        }),
      ),
    ]);
    const approved = await itemOf('Border Cars');
    await user.click(within(approved).getByRole('button', { name: 'Revoke borderco' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke borderco?' });
    expect(dialog).toHaveTextContent('Their 3 upcoming rides go back to Open for other vendors');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(sent('POST /api/admin/vendors/21/revoke')).toHaveLength(0);

    await user.click(within(approved).getByRole('button', { name: 'Revoke borderco' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Revoke borderco?' })).getByRole('button', { name: 'Revoke' }),
    );
    expect(
      await screen.findByText('borderco is revoked: they cannot take rides, and 3 upcoming rides are open again'),
    ).toBeInTheDocument();
    await waitFor(() => expect(sent('POST /api/admin/vendors/21/revoke')).toHaveLength(1));
  });

  it('reports a refusal from the server', async () => {
    const { user } = renderList([
      http.post('*/api/admin/vendors/20/approve', () =>
        HttpResponse.json({ message: 'straits is already an approved vendor' }, { status: 409 }),
      ),
    ]);
    const pending = await itemOf('Straits Transport');
    await user.type(within(pending).getByLabelText('Licence note: what you checked'), 'Checked');
    await user.click(within(pending).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Could not approve the vendor')).toBeInTheDocument();
    expect(screen.getByText('409: straits is already an approved vendor')).toBeInTheDocument();
  });

  it('says so when nobody has registered as a vendor', async () => {
    renderList([], []);
    expect(await screen.findByText('No vendor has registered yet.')).toBeInTheDocument();
  });
});
