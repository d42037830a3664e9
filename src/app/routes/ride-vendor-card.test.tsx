import type { Passenger, Ride } from '@shared/types/ride.ts';
import type { RideVendor } from '@shared/types/user.ts';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';

import { makePassenger, makeRide } from '../../testing/fixtures';
import { renderWithProviders, testUser } from '../../testing/render';
import { recordRequests } from '../../testing/requests';
import { server } from '../../testing/server';
import { RideDetailPageRoute } from './ride-detail-page-route';

vi.mock('../../components/location-map', () => ({ default: () => <div data-testid="map" /> }));

const FUTURE = '2999-06-16T01:30:00.000Z';
const ORGANISER = testUser({ id: 10, discordUsername: 'olivia', name: 'Olivia' });
const PASSENGER = testUser({ id: 101, discordUsername: 'p1' });
const STRANGER = testUser({ id: 300, discordUsername: 'stranger' });
const VENDOR_USER = testUser({ id: 50, discordUsername: 'straits', isVendor: true, vendorStatus: 'approved' });
const VENDOR: RideVendor = {
  id: 50,
  companyName: 'Straits Transport',
  driverName: 'Raju',
  driverContact: '+60 12 000 2222',
  carNumber: 'JJX 8888',
  discordUsername: 'straits',
  whatsappNumber: '+6591234567',
  malaysianNumber: null,
};

const ASSIGNED = makeRide({ id: 1, creatorId: ORGANISER.id, date: FUTURE, status: 'assigned', vendorId: VENDOR.id });
const OPEN_AGAIN = { ...ASSIGNED, status: 'open', vendorId: null } satisfies Ride;

function renderDetail(
  user: ReturnType<typeof testUser>,
  { ride = ASSIGNED, passengers = [makePassenger(1)] }: { ride?: Ride; passengers?: Passenger[] } = {},
) {
  let released = false;
  server.use(
    http.get('*/api/rides/1', () => HttpResponse.json(released ? OPEN_AGAIN : ride)),
    http.get('*/api/rides/1/passengers', () => HttpResponse.json(passengers)),
    http.get('*/api/rides/1/vendor', () => HttpResponse.json({ vendor: released ? null : VENDOR })),
    http.post('*/api/rides/1/release', () => {
      released = true;
      return HttpResponse.json({ message: 'Driver released: the ride is open again', ride: OPEN_AGAIN });
    }),
  );
  const sent = recordRequests();
  const rendered = renderWithProviders(<RideDetailPageRoute />, { route: '/rides/1', path: '/rides/:id', user });
  const calls = (method: string, url: string) =>
    sent.filter((request) => request.path === url && request.method === method).length;
  return { ...rendered, calls };
}

async function vendorCard() {
  return screen.findByRole('region', { name: 'Assigned vendor' }, { timeout: 5000 });
}

describe('the assigned vendor on the ride detail page', () => {
  it("shows a passenger the vendor's company, driver, plate and contact, with no Release button", async () => {
    renderDetail(PASSENGER);
    const card = await vendorCard();
    await within(card).findByText('Straits Transport');
    expect(within(card).getByText('Raju')).toBeInTheDocument();
    expect(within(card).getByText('JJX 8888')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: '+60 12-000 2222' })).toHaveAttribute('href', 'tel:+60120002222');
    expect(within(card).getByRole('link', { name: 'WhatsApp Straits Transport' })).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Release driver' })).not.toBeInTheDocument();
  });

  it('does not ask for it for a member who is not on the ride', async () => {
    const { calls } = renderDetail(STRANGER);
    await screen.findByRole('heading', { name: 'Singapore to Forest City' });
    await screen.findByRole('region', { name: 'Organizer' });
    expect(screen.queryByRole('region', { name: 'Assigned vendor' })).not.toBeInTheDocument();
    expect(calls('GET', '/api/rides/1/vendor')).toBe(0);
  });

  it('lets the organiser release the driver after confirming: toast, and the ride reads Open again', async () => {
    const { user, calls } = renderDetail(ORGANISER);
    const card = await vendorCard();
    await within(card).findByText('Straits Transport');
    await user.click(within(card).getByRole('button', { name: 'Release driver' }));

    const dialog = await screen.findByRole('dialog', { name: 'Release the driver?' });
    expect(dialog).toHaveTextContent('This vendor will no longer drive your ride.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls('POST', '/api/rides/1/release')).toBe(0);

    await user.click(within(card).getByRole('button', { name: 'Release driver' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Release the driver?' })).getByRole('button', {
        name: 'Release driver',
      }),
    );
    expect(await screen.findByText('Driver released')).toBeInTheDocument();
    expect(calls('POST', '/api/rides/1/release')).toBe(1);
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Assigned vendor' })).not.toBeInTheDocument());
    expect(screen.getByText('Open')).toBeInTheDocument();
  });

  it('lets the vendor give the ride back, in their own words', async () => {
    const { user } = renderDetail(VENDOR_USER, { passengers: [] });
    const card = await vendorCard();
    await user.click(within(card).getByRole('button', { name: 'Release driver' }));
    const dialog = await screen.findByRole('dialog', { name: 'Release the driver?' });
    expect(dialog).toHaveTextContent('You will no longer drive this ride.');
    await user.click(within(dialog).getByRole('button', { name: 'Release driver' }));
    expect(await screen.findByText('Driver released')).toBeInTheDocument();
  });

  it('offers no Release on a past ride (history)', async () => {
    renderDetail(ORGANISER, { ride: { ...ASSIGNED, date: '2020-01-01T01:30:00.000Z' } });
    const card = await vendorCard();
    await within(card).findByText('Straits Transport');
    expect(within(card).queryByRole('button', { name: 'Release driver' })).not.toBeInTheDocument();
  });
});
