import type { Waitlist } from '@shared/schemas/waitlist.ts';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { makeRide } from '../../../testing/fixtures';
import { renderWithProviders, testUser } from '../../../testing/render';
import { recordRequests, type SentRequest } from '../../../testing/requests';
import { server } from '../../../testing/server';
import { OrganiserWaitlistCard, WaitlistCard } from './waitlist-card';

const FULL = makeRide({ id: 1, date: '2999-06-16T01:30:00.000Z', maxPassengers: 4, currentPassengers: 4 });
const NOBODY: Waitlist = { mine: null, entries: [], waiting: 0 };

function serve(initial: Waitlist, after: Waitlist = initial) {
  let current = initial;
  server.use(
    http.get('*/api/rides/1/waitlist', () => HttpResponse.json(current)),
    http.post('*/api/rides/1/waitlist', () => {
      current = after;
      return HttpResponse.json(
        { message: 'You are #1 on the waitlist', position: 1, waitlist: after },
        { status: 201 },
      );
    }),
    http.delete('*/api/rides/1/waitlist', () => {
      current = after;
      return HttpResponse.json({ message: 'You left the waitlist', waitlist: after });
    }),
  );
  return recordRequests();
}

// Only the waitlist is asked for: any other call here would be a bug.
const calls = (sent: SentRequest[], method: string) => {
  expect(sent.filter((request) => request.path !== '/api/rides/1/waitlist')).toEqual([]);
  return sent.filter((request) => request.method === method);
};

describe('WaitlistCard', () => {
  it('offers a full ride’s waitlist with the join form’s fields, then shows the place', async () => {
    const mine: Waitlist = {
      mine: { position: 1, passengerCount: 2, dropoffLocation: 'Bedok Mall' },
      entries: [],
      waiting: 1,
    };
    const sent = serve(NOBODY, mine);
    const { user } = renderWithProviders(<WaitlistCard ride={FULL} />, { user: testUser() });
    const form = await screen.findByRole('form', { name: 'Join waitlist' });
    expect(screen.getByText(/This ride is full/)).toBeInTheDocument();
    const party = within(form).getByLabelText('Number of passengers (including you)');
    await user.clear(party);
    await user.type(party, '2');
    await user.type(within(form).getByLabelText('Your pickup location in Singapore'), 'Bedok Mall');
    await user.click(within(form).getByRole('button', { name: 'Join waitlist' }));
    expect(await screen.findByRole('button', { name: 'Leave waitlist' })).toBeInTheDocument();
    // The card's line and the success toast say the same.
    expect(screen.getAllByText('You are #1 on the waitlist')).toHaveLength(2);
    // The place is the member's words (translate="no"), inside the line.
    expect(screen.getByText('Bedok Mall').parentElement).toHaveTextContent(/^2 passengers · Bedok Mall\./);
    expect(calls(sent, 'POST')[0]?.body).toEqual({ passengerCount: 2, dropoffLocation: 'Bedok Mall' });
  });

  it('refuses an empty drop-off in the join form’s words, sending nothing', async () => {
    const sent = serve(NOBODY);
    const { user } = renderWithProviders(<WaitlistCard ride={FULL} />, { user: testUser() });
    const form = await screen.findByRole('form', { name: 'Join waitlist' });
    await user.click(within(form).getByRole('button', { name: 'Join waitlist' }));
    expect(await screen.findByText('Drop-off location is required')).toBeInTheDocument();
    expect(calls(sent, 'POST')).toHaveLength(0);
  });

  it('shows a waiting member their place and lets them leave after a confirm', async () => {
    const sent = serve(
      { mine: { position: 2, passengerCount: 1, dropoffLocation: 'Changi' }, entries: [], waiting: 3 },
      NOBODY,
    );
    const { user } = renderWithProviders(<WaitlistCard ride={FULL} />, { user: testUser() });
    expect(await screen.findByText('You are #2 on the waitlist')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Leave waitlist' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave the waitlist?' });
    await user.click(within(dialog).getByRole('button', { name: 'Leave waitlist' }));
    expect(await screen.findByRole('form', { name: 'Join waitlist' })).toBeInTheDocument();
    expect(calls(sent, 'DELETE')).toHaveLength(1);
  });

  it('folds the waitlist under the join form while spots are left', async () => {
    serve(NOBODY);
    const { user } = renderWithProviders(<WaitlistCard ride={{ ...FULL, currentPassengers: 3 }} />, {
      user: testUser(),
    });
    const summary = await screen.findByText('Party bigger than 1 spot left? Join the waitlist');
    // Folded, the queue's fields are not there at all: the join form's labels stay unique.
    expect(screen.queryByRole('form', { name: 'Join waitlist', hidden: true })).not.toBeInTheDocument();
    await user.click(summary);
    expect(await screen.findByRole('form', { name: 'Join waitlist' })).toBeVisible();
  });

  it('says so when the waitlist cannot be read, with a retry', async () => {
    server.use(
      http.get('*/api/rides/1/waitlist', () => HttpResponse.json({ message: 'Ride not found' }, { status: 404 })),
    );
    renderWithProviders(<WaitlistCard ride={FULL} />, { user: testUser() });
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load the waitlist: 404: Ride not found');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('OrganiserWaitlistCard', () => {
  it('lists who waits, in order, with their party', async () => {
    serve({
      mine: null,
      entries: [
        { position: 1, userId: 3, name: 'Sam', passengerCount: 1 },
        { position: 2, userId: 4, name: 'Ann', passengerCount: 3 },
      ],
      waiting: 2,
    });
    renderWithProviders(<OrganiserWaitlistCard ride={FULL} />, { user: testUser({ id: 10 }) });
    const items = await screen.findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['#1 Sam1 passenger', '#2 Ann3 passengers']);
  });

  it('says when nobody waits', async () => {
    serve(NOBODY);
    renderWithProviders(<OrganiserWaitlistCard ride={FULL} />, { user: testUser({ id: 10 }) });
    expect(await screen.findByText('Nobody is on the waitlist.')).toBeInTheDocument();
  });
});
