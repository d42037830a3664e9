import type { RideSeries } from '@shared/types/ride-series.ts';
import { screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { makeSeries } from '../../../testing/fixtures';
import { refusal } from '../../../testing/handlers/respond';
import { renderWithProviders, testUser } from '../../../testing/render';
import { recordRequests, type SentRequest } from '../../../testing/requests';
import { server } from '../../../testing/server';
import { SeriesPage } from './series-page';

const MEMBER = testUser({ id: 7 });
const ORGANISER = testUser({ id: 10, name: 'Olivia' });

function renderSeries(series: RideSeries | (() => Response), user: ReturnType<typeof testUser> | null = MEMBER) {
  server.use(http.get('*/api/series/5', typeof series === 'function' ? series : () => HttpResponse.json(series)));
  const sent = recordRequests();
  const rendered = renderWithProviders(<SeriesPage />, { route: '/series/5', path: '/series/:id', user });
  return { ...rendered, sent };
}

const posted = (sent: SentRequest[], path: string) =>
  sent.find((request) => request.method === 'POST' && request.path === path);

describe('SeriesPage', () => {
  it('shows the series: direction, days, time, end, organiser, and its dates with seats', async () => {
    renderSeries(
      makeSeries({
        dates: [
          ...makeSeries().dates.slice(0, 2),
          { ...makeSeries().dates[2]!, onRide: true },
          {
            rideId: 4,
            date: '2030-06-28T01:30:00.000Z',
            maxPassengers: 4,
            seatsLeft: 1,
            onRide: false,
            onWaitlist: true,
          },
        ],
      }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Singapore to Forest City' })).toBeInTheDocument();
    expect(screen.getByText('Weekly · Mon, Fri · until Fri, 26 Jul')).toBeInTheDocument();
    expect(screen.getByText('Every Mon and Fri at 9:30 am (Singapore time)')).toBeInTheDocument();
    expect(screen.getByText('Olivia')).toHaveAttribute('translate', 'no');

    const list = within(screen.getByRole('region', { name: 'Upcoming dates' }));
    const items = list.getAllByRole('listitem');
    expect(items).toHaveLength(4);
    expect(within(items[0]!).getByRole('link')).toHaveAttribute('href', '/rides/1');
    expect(items[0]).toHaveTextContent('3 seats left');
    expect(items[1]).toHaveTextContent('Full');
    expect(items[2]).toHaveTextContent(/2 seats left\s*You're on it$/);
    expect(items[3]).toHaveTextContent(/1 seat left\s*On the waitlist$/);
  });

  it('joins every date from now with one party and stop, in one tap after the fields', async () => {
    const { user, sent } = renderSeries(makeSeries());
    const form = await screen.findByRole('form', { name: 'Join every date' });
    await user.clear(within(form).getByLabelText('Number of passengers (including you)'));
    await user.type(within(form).getByLabelText('Number of passengers (including you)'), '2');
    await user.type(within(form).getByLabelText('Your pickup location in Singapore'), 'Tampines MRT');
    await user.click(within(form).getByRole('button', { name: 'Join every date from now' }));

    await waitFor(() => expect(posted(sent, '/api/series/5/join')).toBeDefined());
    expect(posted(sent, '/api/series/5/join')?.body).toEqual({ passengerCount: 2, dropoffLocation: 'Tampines MRT' });
    expect(await screen.findByText('You are on 2 dates; 1 full date put you on its waitlist')).toBeInTheDocument();
  });

  it('asks for the stop before joining, sending nothing', async () => {
    const { user, sent } = renderSeries(makeSeries());
    const form = await screen.findByRole('form', { name: 'Join every date' });
    await user.click(within(form).getByRole('button', { name: 'Join every date from now' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Drop-off location is required');
    expect(posted(sent, '/api/series/5/join')).toBeUndefined();
  });

  it('lets a regular leave the rest from their first date, after a confirm', async () => {
    const dates = makeSeries().dates.map((date) => ({ ...date, onRide: date.rideId !== 1 }));
    const { user, sent } = renderSeries(
      makeSeries({ dates, regular: { passengerCount: 1, dropoffLocation: 'Tampines MRT' } }),
    );
    expect(await screen.findByText('You ride every date from now, 1 passenger.')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Join every date' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Leave the rest' }));
    const dialog = screen.getByRole('dialog', { name: 'Leave the rest of the series?' });
    expect(dialog).toHaveTextContent(/You leave Fri, 21 Jun 2030.* and every later date/);
    await user.click(within(dialog).getByRole('button', { name: 'Leave the rest' }));
    await waitFor(() => expect(posted(sent, '/api/series/5/leave')).toBeDefined());
    expect(posted(sent, '/api/series/5/leave')?.body).toEqual({ fromRideId: 2 });
  });

  it('offers a regular the dates they are not on yet, with their party and stop, in one tap', async () => {
    const dates = makeSeries().dates.map((date) => ({
      ...date,
      onRide: date.rideId === 1,
      onWaitlist: date.rideId === 2,
    }));
    const { user, sent } = renderSeries(
      makeSeries({ dates, regular: { passengerCount: 2, dropoffLocation: 'Tampines MRT' } }),
    );
    const offer = await screen.findByRole('region', { name: '1 date you are not on yet' });
    await user.click(within(offer).getByRole('button', { name: 'Join them too' }));
    await waitFor(() => expect(posted(sent, '/api/series/5/join')).toBeDefined());
    expect(posted(sent, '/api/series/5/join')?.body).toEqual({ passengerCount: 2, dropoffLocation: 'Tampines MRT' });
  });

  it('offers a regular on every date nothing more to join', async () => {
    const dates = makeSeries().dates.map((date) => ({ ...date, onRide: true }));
    renderSeries(makeSeries({ dates, regular: { passengerCount: 1, dropoffLocation: 'Tampines MRT' } }));
    await screen.findByRole('button', { name: 'Leave the rest' });
    expect(screen.queryByRole('button', { name: 'Join them too' })).toBeNull();
  });

  it('lets the organiser end the series, saying how many dates and passengers', async () => {
    // Ride 1 carries the organiser's party of 1 aboard each date: 0 + 3 + 1 others are booked.
    const { user, sent } = renderSeries(makeSeries(), ORGANISER);
    await user.click(await screen.findByRole('button', { name: 'End series' }));
    const dialog = screen.getByRole('dialog', { name: 'End this series?' });
    await waitFor(() =>
      expect(dialog).toHaveTextContent(
        'Its 3 upcoming dates, up to Fri, 26 Jul, are cancelled. Passengers hold 4 seats on them; each of them is told once.',
      ),
    );
    expect(posted(sent, '/api/series/5/end')).toBeUndefined();
    await user.click(within(dialog).getByRole('button', { name: 'End series' }));
    await waitFor(() => expect(posted(sent, '/api/series/5/end')).toBeDefined());
    expect(await screen.findByText('3 dates cancelled.')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Join every date' })).toBeNull();
  });

  it('lets the organiser extend the series past its last date', async () => {
    const { user, sent } = renderSeries(makeSeries(), ORGANISER);
    const form = await screen.findByRole('form', { name: 'Extend the series' });
    const until = within(form).getByLabelText('New last date');
    expect(until).toHaveAttribute('min', '2030-07-27');
    await user.type(until, '2030-07-20');
    await user.click(within(form).getByRole('button', { name: 'Extend the series' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Choose a date after the current last date.');
    expect(sent.some((request) => request.method === 'PATCH')).toBe(false);

    await user.clear(until);
    await user.type(until, '2030-08-30');
    await user.click(within(form).getByRole('button', { name: 'Extend the series' }));
    await waitFor(() => expect(sent.some((request) => request.method === 'PATCH')).toBe(true));
    const patch = sent.find((request) => request.method === 'PATCH');
    expect(patch?.path).toBe('/api/series/5');
    expect(patch?.body).toEqual({ until: '2030-08-30' });
    expect(await screen.findByText('The series now runs until Fri, 30 Aug')).toBeInTheDocument();
  });

  it('says an ended series is over, with nothing to join or end', async () => {
    renderSeries(makeSeries({ endedAt: '2030-06-10T00:00:00.000Z', dates: [] }));
    expect(
      await screen.findByText('The organizer ended this series: its upcoming dates are cancelled.'),
    ).toBeInTheDocument();
    expect(screen.getByText('No upcoming dates.')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Join every date' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'End series' })).toBeNull();
    expect(screen.queryByRole('form', { name: 'Extend the series' })).toBeNull();
  });

  it('offers a visitor a login instead of the join form', async () => {
    renderSeries(makeSeries(), null);
    expect(await screen.findByText('Log in to join every date of this series at once.')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Join every date' })).toBeNull();
  });

  it('shows loading, then not found', async () => {
    renderSeries((async () => {
      await delay(50);
      return refusal('Series not found', 404);
    }) as unknown as () => Response);
    expect(screen.getByText('Loading series…')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Series not found' })).toBeInTheDocument();
  });

  it('shows a failed load with a retry', async () => {
    let fail = true;
    const { user } = renderSeries(() =>
      fail ? refusal('Database unavailable', 503) : HttpResponse.json(makeSeries()),
    );
    expect(await screen.findByText(/Could not load this series: .*Database unavailable/)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Singapore to Forest City' })).toBeInTheDocument();
  });
});
