// Issue 27 on the ride form: "Repeat weekly" when creating, "Only this date" / "This and later
// dates" when editing a series date, and the two cancellations of a series date.
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { makeRide } from '../../../testing/fixtures';
import { renderWithProviders, testUser } from '../../../testing/render';
import { recordRequests, type SentRequest } from '../../../testing/requests';
import { server } from '../../../testing/server';
import { RideFormPage } from './ride-form-page';

const ORGANISER = testUser({ id: 10 });

function renderCreate() {
  const sent = recordRequests();
  const rendered = renderWithProviders(<RideFormPage />, {
    route: '/rides/create',
    path: '/rides/create',
    user: ORGANISER,
  });
  return { ...rendered, sent };
}

const saveOf = (sent: SentRequest[], method = 'POST') =>
  sent.find((request) => request.method === method && request.path.startsWith('/api/rides'));

const repeatBox = () => screen.getByRole('checkbox', { name: 'Repeat weekly' });
const days = () => within(screen.getByRole('group', { name: 'Repeat on (Singapore time)' }));

describe('Create form: Repeat weekly', () => {
  it("ticks the first date's weekday, proposes eight weeks and says how many dates that makes", async () => {
    const { user } = renderCreate();
    // Monday 17 June 2030.
    await user.type(screen.getByLabelText('Date and time (Singapore time)'), '2030-06-17T06:30');
    expect(screen.queryByRole('group', { name: 'Repeat on (Singapore time)' })).toBeNull();
    await user.click(repeatBox());

    expect(days().getByRole('checkbox', { name: 'Mon' })).toBeChecked();
    expect(days().getByRole('checkbox', { name: 'Fri' })).not.toBeChecked();
    const until = screen.getByLabelText('Last date');
    expect(until).toHaveValue('2030-08-11');
    expect(until).toHaveAttribute('max', '2030-09-09');
    expect(screen.getByTestId('series-count')).toHaveTextContent('8 dates, Mon, until Sun, 11 Aug');

    await user.click(days().getByRole('checkbox', { name: 'Fri' }));
    expect(screen.getByTestId('series-count')).toHaveTextContent('16 dates, Mon and Fri, until Sun, 11 Aug');
  });

  it('sends the weekdays and the last date with the first ride, and opens it', async () => {
    const { user, sent } = renderCreate();
    await user.type(screen.getByLabelText('Date and time (Singapore time)'), '2030-06-17T06:30');
    await user.type(screen.getByLabelText('Your Pickup Location in Singapore'), 'Pasir Ris MRT');
    await user.click(repeatBox());
    await user.click(days().getByRole('checkbox', { name: 'Fri' }));
    await user.click(screen.getByRole('button', { name: 'Create Ride' }));

    await waitFor(() => expect(screen.getByTestId('current-path')).toHaveTextContent('/rides/2'));
    expect(saveOf(sent)?.body).toMatchObject({
      date: '2030-06-16T22:30:00.000Z',
      repeat: { weekdays: [1, 5], until: '2030-08-11' },
    });
    expect(await screen.findByText('Weekly series created: 16 dates')).toBeInTheDocument();
  });

  it('refuses no weekday, a first day left out, or an end past 12 weeks, sending nothing', async () => {
    const { user, sent } = renderCreate();
    await user.type(screen.getByLabelText('Date and time (Singapore time)'), '2030-06-17T06:30');
    await user.type(screen.getByLabelText('Your Pickup Location in Singapore'), 'Pasir Ris MRT');
    await user.click(repeatBox());
    await user.click(days().getByRole('checkbox', { name: 'Mon' }));
    await user.click(screen.getByRole('button', { name: 'Create Ride' }));
    expect(await screen.findByText('Tick at least one day of the week.')).toBeInTheDocument();

    await user.click(days().getByRole('checkbox', { name: 'Tue' }));
    await user.click(screen.getByRole('button', { name: 'Create Ride' }));
    expect(await screen.findByText('Tick the day of the first date too: the series starts on it.')).toBeInTheDocument();

    await user.click(days().getByRole('checkbox', { name: 'Mon' }));
    const until = screen.getByLabelText('Last date');
    await user.clear(until);
    await user.type(until, '2030-09-10');
    await user.click(screen.getByRole('button', { name: 'Create Ride' }));
    expect(await screen.findByText('A series runs at most 12 weeks after its first date.')).toBeInTheDocument();
    expect(until).toHaveAttribute('aria-invalid', 'true');
    expect(saveOf(sent)).toBeUndefined();
  });

  it('sends no repeat for a single ride', async () => {
    const { user, sent } = renderCreate();
    await user.type(screen.getByLabelText('Date and time (Singapore time)'), '2030-06-17T06:30');
    await user.type(screen.getByLabelText('Your Pickup Location in Singapore'), 'Pasir Ris MRT');
    await user.click(repeatBox());
    await user.click(repeatBox());
    await user.click(screen.getByRole('button', { name: 'Create Ride' }));
    await waitFor(() => expect(saveOf(sent)).toBeDefined());
    expect(saveOf(sent)?.body).not.toHaveProperty('repeat');
    expect(await screen.findByText('Ride created successfully')).toBeInTheDocument();
  });
});

function renderEdit(seriesId: number | null) {
  // Monday 17 June 2030, 9:30 am in Singapore.
  const ride = { ...makeRide({ id: 1, creatorId: 10, date: '2030-06-17T01:30:00.000Z' }), seriesId };
  server.use(http.get('*/api/rides/1', () => HttpResponse.json(ride)));
  const sent = recordRequests();
  const rendered = renderWithProviders(<RideFormPage />, {
    route: '/rides/edit/1',
    path: '/rides/edit/:id',
    user: ORGANISER,
  });
  return { ...rendered, sent };
}

describe('Edit form of a series date', () => {
  it('changes only this date unless told otherwise', async () => {
    const { user, sent } = renderEdit(5);
    const only = await screen.findByRole('radio', { name: 'Only this date' });
    expect(only).toBeChecked();
    expect(screen.queryByRole('checkbox', { name: 'Repeat weekly' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Update Ride' }));
    await waitFor(() => expect(saveOf(sent, 'PATCH')).toBeDefined());
    expect(saveOf(sent, 'PATCH')?.body).toMatchObject({ applyTo: 'this' });
  });

  it('moves the time of this and later dates', async () => {
    const { user, sent } = renderEdit(5);
    await user.click(await screen.findByRole('radio', { name: 'This and later dates' }));
    const date = screen.getByLabelText('Date and time (Singapore time)');
    await user.clear(date);
    await user.type(date, '2030-06-17T07:15');
    await user.click(screen.getByRole('button', { name: 'Update Ride' }));
    await waitFor(() => expect(saveOf(sent, 'PATCH')).toBeDefined());
    expect(saveOf(sent, 'PATCH')?.body).toMatchObject({ applyTo: 'following', date: '2030-06-16T23:15:00.000Z' });
  });

  it('refuses another day for this and later dates, sending nothing', async () => {
    const { user, sent } = renderEdit(5);
    await user.click(await screen.findByRole('radio', { name: 'This and later dates' }));
    const date = screen.getByLabelText('Date and time (Singapore time)');
    await user.clear(date);
    await user.type(date, '2030-06-18T09:30');
    await user.click(screen.getByRole('button', { name: 'Update Ride' }));
    expect(
      await screen.findByText(
        'For this and later dates only the time can change: keep the day, or change only this date.',
      ),
    ).toBeInTheDocument();
    expect(saveOf(sent, 'PATCH')).toBeUndefined();
  });

  it('offers neither choice, nor a series cancellation, on a single ride', async () => {
    const { sent } = renderEdit(null);
    await screen.findByRole('button', { name: 'Update Ride' });
    expect(screen.queryByRole('radio', { name: 'This and later dates' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Delete Ride' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel this and later dates' })).toBeNull();
    expect(saveOf(sent, 'PATCH')).toBeUndefined();
  });

  it('cancels this and later dates on a second tap', async () => {
    const { user, sent } = renderEdit(5);
    const following = await screen.findByRole('button', { name: 'Cancel this and later dates' });
    expect(screen.getByRole('button', { name: 'Cancel this date' })).toBeInTheDocument();
    await user.click(following);
    expect(
      screen.getByText('Everyone on this and the later dates is told once that they are cancelled.'),
    ).toBeInTheDocument();
    expect(sent.some((request) => request.method === 'DELETE')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Tap again to cancel this and later dates' }));
    await waitFor(() => expect(sent.some((request) => request.method === 'DELETE')).toBe(true));
    expect(sent.find((request) => request.method === 'DELETE')?.path).toBe('/api/rides/1?applyTo=following');
    expect(await screen.findByText('This and later dates are cancelled')).toBeInTheDocument();
  });

  it('cancels this date alone without applyTo=following', async () => {
    const { user, sent } = renderEdit(5);
    await user.click(await screen.findByRole('button', { name: 'Cancel this date' }));
    await user.click(screen.getByRole('button', { name: 'Tap again to cancel this date' }));
    await waitFor(() => expect(sent.some((request) => request.method === 'DELETE')).toBe(true));
    expect(sent.find((request) => request.method === 'DELETE')?.path).toBe('/api/rides/1');
  });
});
