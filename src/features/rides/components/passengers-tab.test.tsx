import '../../../testing/dialog-polyfill';

import type { Passenger, Ride } from '@shared/types/ride.ts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { http, type HttpHandler, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { makePassenger, makeRide } from '../../../testing/fixtures';
import { renderWithProviders, testUser } from '../../../testing/render';
import { recordRequests, type SentRequest } from '../../../testing/requests';
import { server } from '../../../testing/server';
import { PassengersTab } from './passengers-tab';
import { RideDetailPage } from './ride-detail-page';

// The member looking: Alice (id 7), a passenger on Olivia's ride (organiser 10).
const ALICE = testUser();
const person = (id: number, userId: number, name: string, overrides: Partial<Passenger> = {}) =>
  makePassenger(id, { userId, user: { ...makePassenger(id).user, id: userId, name }, ...overrides });
const ALICE_ENTRY = person(21, ALICE.id, 'Alice Tan', { dropoffLocation: 'Tampines MRT', passengerCount: 2 });
const BOB_ENTRY = person(22, 108, 'Bob Lim', { dropoffLocation: 'Bedok Mall' });
const RIDE = makeRide({ id: 1, currentPassengers: 4 });
const PAST_RIDE = makeRide({ id: 1, date: '2020-06-16T01:30:00.000Z' });

function renderTab(ride: Ride, passengers: Passenger[], user = ALICE, handlers: HttpHandler[] = []) {
  server.use(...handlers);
  const sent = recordRequests();
  const rendered = renderWithProviders(
    <PassengersTab ride={ride} user={user} passengers={passengers} isPending={false} error={null} slots={{}} />,
    {
      user,
    },
  );
  return { ...rendered, sent };
}

const deletes = (sent: SentRequest[]) =>
  sent.filter((request) => request.method === 'DELETE').map((request) => request.path);

const entry = (name: string) => screen.getByText(name).closest('li') as HTMLElement;

describe('PassengersTab: who may leave or remove (SPEC §4, §7)', () => {
  it('offers Leave Ride on the member’s own entry only, and no Remove Passenger to a non-organiser', () => {
    renderTab(RIDE, [ALICE_ENTRY, BOB_ENTRY]);
    expect(within(entry('Alice Tan')).getByRole('button', { name: 'Leave Ride' })).toBeEnabled();
    expect(within(entry('Bob Lim')).queryByRole('button', { name: 'Leave Ride' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Remove Passenger/ })).not.toBeInTheDocument();
  });

  it('lets the organiser remove others but not leave', () => {
    renderTab(RIDE, [ALICE_ENTRY, BOB_ENTRY], testUser({ id: RIDE.creatorId, name: 'Olivia' }));
    expect(screen.getByRole('button', { name: 'Remove Passenger Alice Tan' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove Passenger Bob Lim' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Leave Ride' })).not.toBeInTheDocument();
  });

  it('offers no Leave Ride on a past ride', () => {
    renderTab(PAST_RIDE, [ALICE_ENTRY, BOB_ENTRY]);
    expect(screen.getByText('Alice Tan')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Leave Ride' })).not.toBeInTheDocument();
  });

  it('offers the organiser no Remove Passenger on a past ride', () => {
    renderTab(PAST_RIDE, [ALICE_ENTRY, BOB_ENTRY], testUser({ id: PAST_RIDE.creatorId, name: 'Olivia' }));
    // The organiser also sees each name in the payments card: the passenger list is the one meant.
    expect(within(screen.getByRole('list', { name: 'Passengers' })).getByText('Bob Lim')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Remove Passenger/ })).not.toBeInTheDocument();
  });
});

// The whole ride page, so leaving is seen as the member sees it: the toast, then the ride and
// its passengers read again from the server, which no longer lists Alice.
function renderRidePage({ refuse }: { refuse?: Response } = {}) {
  let left = false;
  server.use(
    http.delete(`*/api/rides/1/passengers/${ALICE_ENTRY.id}`, () => {
      if (refuse) return refuse;
      left = true;
      return HttpResponse.json({ message: 'Passenger Removed' });
    }),
    http.get('*/api/rides/1', () => HttpResponse.json({ ...RIDE, currentPassengers: left ? 2 : 4 })),
    http.get('*/api/rides/1/passengers', () => HttpResponse.json(left ? [BOB_ENTRY] : [ALICE_ENTRY, BOB_ENTRY])),
  );
  const sent = recordRequests();
  const rendered = renderWithProviders(<RideDetailPage />, { route: '/rides/1', path: '/rides/:id', user: ALICE });
  return { ...rendered, sent };
}

const reads = (sent: SentRequest[], url: string) =>
  sent.filter((request) => request.path === url && request.method === 'GET').length;

describe('Leave Ride on the ride page', () => {
  it("asks first, then removes the member's own entry, says 'You left the ride' and reads the ride and passengers again", async () => {
    const { user, sent } = renderRidePage();
    await user.click(await screen.findByRole('tab', { name: 'Passengers' }));
    const leave = await screen.findByRole('button', { name: 'Leave Ride' });
    expect(reads(sent, '/api/rides/1')).toBe(1);
    expect(reads(sent, '/api/rides/1/passengers')).toBe(1);

    await user.click(leave);
    const dialog = screen.getByRole('dialog', { name: 'Leave this ride?' });
    expect(dialog).toHaveAccessibleDescription('Your 2 seats go back to the ride.');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Leave' }));
    expect(await screen.findByText('You left the ride')).toBeInTheDocument();
    expect(screen.queryByText('Passenger Removed')).not.toBeInTheDocument();
    expect(deletes(sent)).toEqual([`/api/rides/1/passengers/${ALICE_ENTRY.id}`]);

    await waitFor(() => expect(screen.queryByText('Alice Tan')).not.toBeInTheDocument());
    expect(screen.getByText('Bob Lim')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Leave Ride' })).not.toBeInTheDocument();
    expect(reads(sent, '/api/rides/1')).toBe(2);
    expect(reads(sent, '/api/rides/1/passengers')).toBe(2);
  });

  it("shows a refusal under 'Failed to remove passenger' and keeps the entry", async () => {
    const { user } = renderRidePage({
      refuse: HttpResponse.json({ message: 'Passengers cannot be removed from a past ride' }, { status: 409 }),
    });
    await user.click(await screen.findByRole('tab', { name: 'Passengers' }));
    await user.click(await screen.findByRole('button', { name: 'Leave Ride' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Leave' }));
    expect(await screen.findByText('Failed to remove passenger')).toBeInTheDocument();
    expect(screen.getByText('409: Passengers cannot be removed from a past ride')).toBeInTheDocument();
    expect(screen.getByText('Alice Tan')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Leave Ride' })).toBeEnabled();
  });
});

describe('PassengersTab: Leave Ride and Remove Passenger ask first', () => {
  it('Leave Ride, then Cancel or Esc: nothing is sent and the entry stays', async () => {
    const { user, sent } = renderTab(RIDE, [ALICE_ENTRY, BOB_ENTRY]);
    await user.click(screen.getByRole('button', { name: 'Leave Ride' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Leave this ride?' })).getByRole('button', { name: 'Cancel' }),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Leave Ride' }));
    expect(screen.getByRole('dialog', { name: 'Leave this ride?' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    expect(deletes(sent)).toEqual([]);
    expect(screen.getByText('Alice Tan')).toBeInTheDocument();
    expect(screen.queryByText('You left the ride')).not.toBeInTheDocument();
  });

  it("the organiser's Remove Passenger names who goes and what they lose; Cancel sends nothing", async () => {
    const organiser = testUser({ id: RIDE.creatorId, name: 'Olivia' });
    const { user, sent } = renderTab(RIDE, [ALICE_ENTRY, BOB_ENTRY], organiser);
    await user.click(screen.getByRole('button', { name: 'Remove Passenger Bob Lim' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove Bob Lim from this ride?' });
    expect(dialog).toHaveAccessibleDescription('They lose their seat and their stop.');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(deletes(sent)).toEqual([]);

    // Alice has 2 seats.
    await user.click(screen.getByRole('button', { name: 'Remove Passenger Alice Tan' }));
    expect(screen.getByRole('dialog', { name: 'Remove Alice Tan from this ride?' })).toHaveAccessibleDescription(
      'They lose their 2 seats and their stop.',
    );
  });

  it("the organiser confirms: that entry's DELETE is sent and SPEC's 'Passenger Removed' is said", async () => {
    const organiser = testUser({ id: RIDE.creatorId, name: 'Olivia' });
    const { user, sent } = renderTab(RIDE, [ALICE_ENTRY, BOB_ENTRY], organiser, [
      http.delete('*/api/rides/1/passengers/:passengerId', () => HttpResponse.json({ message: 'Passenger Removed' })),
    ]);
    await user.click(screen.getByRole('button', { name: 'Remove Passenger Bob Lim' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Passenger Removed')).toBeInTheDocument();
    expect(screen.queryByText('You left the ride')).not.toBeInTheDocument();
    expect(deletes(sent)).toEqual([`/api/rides/1/passengers/${BOB_ENTRY.id}`]);
  });
});

describe("PassengersTab: 'Stop #' badges (SPEC §2)", () => {
  const badges = () =>
    screen
      .queryAllByText(/^Stop #\d+$/)
      .map((badge) => [badge.closest('li')!.querySelector('p')!.textContent, badge.textContent]);

  it('does not number the pickups of an SG->FC ride until their order is set, nor show a time', () => {
    renderTab(RIDE, [{ ...ALICE_ENTRY, pickupTime: '08:20' }, BOB_ENTRY]);
    expect(RIDE.direction).toBe('SG->FC');
    expect(badges()).toEqual([]);
    expect(screen.queryByTestId('organiser-stop')).not.toBeInTheDocument();
    expect(within(entry('Alice Tan')).getByText(/^Pickup:/)).toHaveTextContent(/^Pickup: Tampines MRT$/);
  });

  it("numbers an SG->FC ride's pickups once the order is locked (ADR 0040), the organiser's first, with their times", () => {
    renderTab({ ...RIDE, sequenceLocked: true }, [
      { ...BOB_ENTRY, dropoffSequence: 1 },
      { ...ALICE_ENTRY, dropoffSequence: 2, pickupTime: '20:05' },
    ]);
    expect(screen.getByTestId('organiser-stop')).toHaveTextContent("Stop #1: Pasir Ris MRT, the organizer's pickup");
    expect(badges()).toEqual([
      ['Bob Lim', 'Stop #2'],
      ['Alice Tan', 'Stop #3'],
    ]);
    expect(within(entry('Alice Tan')).getByText(/^Pickup:/)).toHaveTextContent(
      /^Pickup: Tampines MRT · about 8:05 pm$/,
    );
    expect(within(entry('Bob Lim')).getByText(/^Pickup:/)).toHaveTextContent(/^Pickup: Bedok Mall$/);
  });

  it("numbers an FC->SG ride's locked stops after the organiser's own, as the checklist and the calendar do; none while a draft", () => {
    const fcsg = makeRide({
      id: 1,
      direction: 'FC->SG',
      dropoffLocations: [{ location: 'Tampines Mall', passengerCount: 1 }],
    });
    renderTab(fcsg, [ALICE_ENTRY, BOB_ENTRY]);
    expect(badges()).toEqual([]);
    cleanup();
    renderTab({ ...fcsg, sequenceLocked: true }, [
      { ...BOB_ENTRY, dropoffSequence: 1 },
      { ...ALICE_ENTRY, dropoffSequence: 2 },
    ]);
    expect(screen.getByTestId('organiser-stop')).toHaveTextContent("Stop #1: Tampines Mall, the organizer's drop-off");
    expect(badges()).toEqual([
      ['Bob Lim', 'Stop #2'],
      ['Alice Tan', 'Stop #3'],
    ]);
  });

  it('says 1 passenger and 2 passengers', () => {
    renderTab(RIDE, [ALICE_ENTRY, BOB_ENTRY]);
    expect(within(entry('Alice Tan')).getByText('2 passengers')).toBeInTheDocument();
    expect(within(entry('Bob Lim')).getByText('1 passenger')).toBeInTheDocument();
  });
});

// Issue 11: a member who is not on the ride gets each passenger's name, party size and stop; the
// api sends their contacts, username and drop-off as null (row-level security decides).
describe('PassengersTab: a member who is not on the ride', () => {
  const CAROL = testUser({ id: 9, discordUsername: 'carol_sg', name: 'Carol Ong' });
  const hidden = (entry: Passenger, name: string | null): Passenger => ({
    ...entry,
    dropoffLocation: null,
    user: {
      ...entry.user,
      fullName: name ?? `Member #${entry.userId}`,
      name,
      discordUsername: null,
      whatsappNumber: null,
      malaysianNumber: null,
      revolutUsername: null,
    },
  });
  const ORGANISER = {
    id: 10,
    name: 'Olivia',
    discordUsername: 'olivia_sg',
    whatsappNumber: '+6591110000',
    malaysianNumber: null,
  };
  const OPEN_RIDE = makeRide({ id: 1, currentPassengers: 4, creator: ORGANISER });
  const LIST = [hidden(ALICE_ENTRY, 'Alice Tan'), hidden(BOB_ENTRY, null)];

  it('shows names, party sizes and stop numbers, with no contact button and no drop-off', () => {
    const locked = [
      hidden({ ...ALICE_ENTRY, dropoffSequence: 1 }, 'Alice Tan'),
      hidden({ ...BOB_ENTRY, dropoffSequence: 2 }, null),
    ];
    renderTab({ ...OPEN_RIDE, direction: 'FC->SG', sequenceLocked: true }, locked, CAROL);
    const list = screen.getByRole('list', { name: 'Passengers' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.querySelector('p')!.textContent),
    ).toEqual(['Alice Tan', 'Member #108']);
    expect(within(entry('Alice Tan')).getByText('Stop #2')).toBeInTheDocument();
    expect(within(entry('Member #108')).getByText('Stop #3')).toBeInTheDocument();
    expect(within(entry('Alice Tan')).getByText('2 passengers')).toBeInTheDocument();
    expect(within(list).queryAllByRole('button')).toEqual([]);
    expect(within(list).queryAllByRole('link')).toEqual([]);
    expect(within(list).queryByText(/Pickup|Drop-off/)).not.toBeInTheDocument();
    expect(
      screen.getByText("Passengers' contacts and drop-offs are shared only with the people on this ride."),
    ).toBeInTheDocument();
  });

  it('offers the organiser’s contact, and no group info to copy', () => {
    renderTab(OPEN_RIDE, LIST, CAROL);
    // The name is the member's own (translate="no"), inside the line.
    expect(screen.getByText('Olivia').parentElement).toHaveTextContent('Contact organizer (Olivia)');
    expect(screen.getByRole('link', { name: 'WhatsApp Olivia' })).toHaveAttribute('href', 'https://wa.me/6591110000');
    expect(screen.queryByRole('button', { name: /Copy WhatsApp group info/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Copy Discord group info/ })).not.toBeInTheDocument();
  });

  it('a passenger on the ride gets the others’ contact buttons, drop-offs and the group tools', () => {
    renderTab(OPEN_RIDE, [ALICE_ENTRY, BOB_ENTRY]);
    // The place is the member's words (translate="no"), inside the line.
    expect(within(entry('Bob Lim')).getByText('Bedok Mall').parentElement).toHaveTextContent('Pickup: Bedok Mall');
    expect(
      within(entry('Bob Lim')).getByRole('button', { name: 'Discord: copy the username of Bob Lim' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Copy WhatsApp group info/ })).toBeInTheDocument();
    expect(screen.queryByText(/shared only with the people on this ride/)).not.toBeInTheDocument();
  });
});
