import type { Passenger, Ride } from '@shared/types/ride.ts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';

import { makePassenger, makeRide } from '../../testing/fixtures';
import { renderWithProviders, testUser } from '../../testing/render';
import { server } from '../../testing/server';
import { RideDetailPageRoute } from './ride-detail-page-route';

vi.mock('../../components/location-map', () => ({ default: () => <div data-testid="map" /> }));

const ALICE = testUser({ id: 7 });
const FUTURE = '2999-06-16T01:30:00.000Z';
const CHECKLIST = [
  {
    id: 1,
    position: 10,
    title: "Driver's car plate and contact",
    details: null,
    linkUrl: null,
    linkLabel: null,
    directions: ['SG->FC', 'FC->SG'],
    kind: 'driver',
    updatedAt: '2026-11-23T00:00:00.000Z',
  },
];
const VENDOR = {
  id: 50,
  companyName: 'Border Cars Pte Ltd',
  driverName: 'Ali',
  driverContact: '+60 12 345 6789',
  carNumber: 'JQA 1234',
  discordUsername: 'ali_cars',
  whatsappNumber: null,
  malaysianNumber: null,
};

// The ride detail as src/app composes it: the checklist is for the people travelling on an
// upcoming ride, and its driver item reads the vendor the detail reads anyway.
function renderRoute(ride: Ride, passengers: Passenger[], checklist = CHECKLIST) {
  // Other cards on the page (waitlist, payment) get the default answers: not what this test is about.
  server.use(
    http.get('*/api/rides/1', () => HttpResponse.json(ride)),
    http.get('*/api/rides/1/passengers', () => HttpResponse.json(passengers)),
    http.get('*/api/rides/1/vendor', () => HttpResponse.json({ vendor: ride.status === 'assigned' ? VENDOR : null })),
    http.get('*/api/border-checklist', () => HttpResponse.json(checklist)),
  );
  return renderWithProviders(<RideDetailPageRoute />, { route: '/rides/1', path: '/rides/:id', user: ALICE });
}

describe('RideDetailPageRoute: the border checklist slot', () => {
  it('shows a passenger the checklist with the assigned driver’s plate', async () => {
    renderRoute(makeRide({ id: 1, date: FUTURE, status: 'assigned', vendorId: 50 }), [makePassenger(1, { userId: 7 })]);
    const card = await screen.findByRole('region', { name: 'Border checklist' });
    expect(await within(card).findByText('JQA 1234')).toBeInTheDocument();
  });

  it('shows the organiser the checklist', async () => {
    renderRoute(makeRide({ id: 1, date: FUTURE, creatorId: 7 }), []);
    expect(await screen.findByRole('region', { name: 'Border checklist' })).toBeInTheDocument();
  });

  it('shows no checklist to a member not on the ride, nor on a past ride', async () => {
    const other = renderRoute(makeRide({ id: 1, date: FUTURE }), [makePassenger(1)]);
    await screen.findByRole('heading', { name: 'Singapore to Forest City' });
    await screen.findByRole('form', { name: 'Join ride' });
    expect(screen.queryByRole('region', { name: 'Border checklist' })).not.toBeInTheDocument();
    other.unmount();
    renderRoute(makeRide({ id: 1, date: '2020-06-16T01:30:00.000Z' }), [makePassenger(1, { userId: 7 })]);
    await screen.findByRole('heading', { name: 'Singapore to Forest City' });
    expect(screen.queryByRole('region', { name: 'Border checklist' })).not.toBeInTheDocument();
  });
});

describe('RideDetailPageRoute: the report buttons', () => {
  // WCAG 2.5.3 (axe label-content-name-mismatch): a member who says what they see ("Report the
  // organiser") must reach the button by that name.
  it('names the organiser’s Report button with the words it shows', async () => {
    renderRoute(makeRide({ id: 1, date: FUTURE, creatorId: 3, creatorName: 'Bob Tan' }), [makePassenger(1)]);
    const button = await screen.findByRole('button', { name: /Report the organiser/ });
    expect(button).toHaveAccessibleName(expect.stringContaining(button.textContent!.trim()));
    expect(button).toHaveAccessibleName(expect.stringContaining('Bob Tan'));
    for (const other of screen.getAllByRole('button', { name: /^Report/ })) {
      expect(other).toHaveAccessibleName(expect.stringContaining(other.textContent!.trim()));
    }
  });
});

describe('RideDetailPageRoute: the follows slot', () => {
  // Issue 27: only a passenger rode with the organiser, so only a passenger may follow them.
  it('offers a passenger Follow on the organiser card, and a member not on the ride nothing', async () => {
    const ride = makeRide({ id: 1, date: FUTURE, creatorId: 3, organizerName: 'Siti' });
    const aboard = renderRoute(ride, [makePassenger(1, { userId: 7 })]);
    expect(await screen.findByRole('button', { name: 'Follow Siti' })).toBeInTheDocument();
    aboard.unmount();
    renderRoute(ride, [makePassenger(1)]);
    const organiser = (await screen.findByRole('heading', { name: 'Organizer' })).closest('section')!;
    await screen.findByRole('form', { name: 'Join ride' });
    expect(within(organiser).queryByRole('button', { name: /follow/i })).not.toBeInTheDocument();
  });
});

describe('RideDetailPageRoute: the join form', () => {
  // SPEC's join screen reminds of the passport for SG→FC; most members join here, not on /join.
  it('reminds of the passport on an SG→FC ride, and not on an FC→SG one', async () => {
    const user = userEvent.setup();
    const outbound = renderRoute(makeRide({ id: 1, date: FUTURE, direction: 'SG->FC' }), [makePassenger(1)]);
    const form = await screen.findByRole('form', { name: 'Join ride' });
    expect(within(form).getByRole('note')).toHaveTextContent(/Bring your passport/);
    await user.click(within(form).getByRole('button', { name: 'Dismiss passport reminder' }));
    expect(within(form).queryByText(/Bring your passport/)).not.toBeInTheDocument();
    outbound.unmount();

    renderRoute(makeRide({ id: 1, date: FUTURE, direction: 'FC->SG' }), [makePassenger(1)]);
    await screen.findByRole('form', { name: 'Join ride' });
    expect(screen.queryByText(/Bring your passport/)).not.toBeInTheDocument();
  });
});

describe('RideDetailPageRoute: the drop-off order on the checklist and the Passengers tab', () => {
  const FCSG = makeRide({
    id: 1,
    date: FUTURE,
    direction: 'FC->SG',
    dropoffLocations: [{ location: 'Tampines Mall', passengerCount: 1 }],
  });
  const BOB = makePassenger(1, { userId: 7, dropoffLocation: 'Bedok North' });
  const CHEN = makePassenger(2, { userId: 8, dropoffLocation: 'Clementi MRT' });
  const CHECKLIST_STOPS = [{ ...CHECKLIST[0]!, id: 2, title: 'Stop order and pickup time', kind: 'stops' }];

  async function numbersOnBoth(ride: Ride, passengers: Passenger[]) {
    const user = userEvent.setup();
    renderRoute(ride, passengers, CHECKLIST_STOPS);
    const card = await screen.findByRole('region', { name: 'Border checklist' });
    const stops = await within(card).findByTestId('checklist-stops');
    // An <ol> numbers its items on screen and to a screen reader; a <ul> does not.
    const checklist = stops.tagName === 'OL' ? [...stops.children].map((_item, index) => index + 1) : [];
    await user.click(screen.getByRole('tab', { name: 'Passengers' }));
    await screen.findByRole('list', { name: 'Passengers' });
    const badges = screen.queryAllByText(/^Stop #\d+/).map((badge) => Number(/#(\d+)/.exec(badge.textContent!)![1]));
    return { checklist, badges };
  }

  it('numbers the stops nowhere while the order is a draft', async () => {
    const { checklist, badges } = await numbersOnBoth(FCSG, [BOB, CHEN]);
    expect(checklist).toEqual([]);
    expect(badges).toEqual([]);
    expect(screen.queryByText('Drop-offs in order:')).not.toBeInTheDocument();
  });

  it('numbers them the same on both once locked', async () => {
    const { checklist, badges } = await numbersOnBoth({ ...FCSG, sequenceLocked: true }, [
      { ...BOB, dropoffSequence: 1 },
      { ...CHEN, dropoffSequence: 2 },
    ]);
    expect(checklist).toEqual([1, 2, 3]);
    expect(badges.sort()).toEqual([1, 2, 3]);
  });
});
