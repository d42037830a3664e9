import { RIDE_ALERTS_MAX, type RideAlert, type RideAlertList } from '@shared/schemas/ride-alerts.ts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';

import { activateLanguage } from '../../../lib/i18n/i18n';
import { renderWithProviders, testUser } from '../../../testing/render';
import { recordRequests } from '../../../testing/requests';
import { server } from '../../../testing/server';
import { RideAlertsCard } from './ride-alerts-card';

function alert(id: number, overrides: Partial<RideAlert> = {}): RideAlert {
  return {
    id,
    direction: 'FC->SG',
    firstDay: null,
    lastDay: null,
    weekdays: [1, 2, 3, 4, 5, 6, 7],
    windowStart: '00:00',
    windowEnd: '24:00',
    createdAt: '2030-06-01T00:00:00.000Z',
    ...overrides,
  };
}

function serveAlerts(items: RideAlert[]) {
  server.use(http.get('*/api/ride-alerts', () => HttpResponse.json<RideAlertList>({ items, max: RIDE_ALERTS_MAX })));
}

function renderCard() {
  const view = renderWithProviders(<RideAlertsCard />, { user: testUser() });
  const form = () => screen.getByRole('form', { name: 'New ride alert' });
  return { ...view, form };
}

const posts = (sent: ReturnType<typeof recordRequests>) =>
  sent.filter((request) => request.method === 'POST' && request.path === '/api/ride-alerts');

// The error a field shows, found through the field's own aria-describedby: next to that field.
function errorOf(field: HTMLElement): string {
  const ids = (field.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

describe('RideAlertsCard list', () => {
  afterEach(() => activateLanguage('en'));

  it('shows each alert with its time window as the app writes times, not as 17:00–21:00', async () => {
    serveAlerts([
      alert(1, { weekdays: [1, 5], windowStart: '17:00', windowEnd: '21:00' }),
      alert(2, { direction: 'SG->FC', firstDay: '2030-12-05', lastDay: '2030-12-07', weekdays: null }),
      alert(3, { weekdays: [6], windowStart: '07:30', windowEnd: '24:00' }),
    ]);
    renderCard();
    const list = await screen.findByRole('list', { name: 'Your ride alerts' });
    const items = within(list).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Forest City to Singapore');
    expect(items[0]).toHaveTextContent('Mon and Fri, 5:00 pm – 9:00 pm');
    expect(items[1]).toHaveTextContent('Singapore to Forest City');
    expect(items[1]).toHaveTextContent('Thu, 5 Dec – Sat, 7 Dec, any time');
    // The day's end reads as midnight.
    expect(items[2]).toHaveTextContent('Sat, 7:30 am – 12:00 am');
    expect(list).not.toHaveTextContent('17:00');
    expect(screen.getByText(`3 of ${RIDE_ALERTS_MAX} alerts`)).toBeInTheDocument();
  });

  it.each([
    ['zh', '下午5:00 – 下午9:00'],
    ['ms', '5:00 PTG – 9:00 PTG'],
  ] as const)('writes the window as the %s app writes times', async (language, window) => {
    await act(() => activateLanguage(language));
    serveAlerts([alert(1, { weekdays: [1, 5], windowStart: '17:00', windowEnd: '21:00' })]);
    renderCard();
    const list = await screen.findByRole('list');
    expect(within(list).getByRole('listitem')).toHaveTextContent(window);
    expect(list).not.toHaveTextContent('17:00');
  });

  it('offers no save once the member holds the most alerts allowed', async () => {
    serveAlerts(Array.from({ length: RIDE_ALERTS_MAX }, (_, index) => alert(index + 1)));
    const { form } = renderCard();
    await screen.findByText(`${RIDE_ALERTS_MAX} of ${RIDE_ALERTS_MAX} alerts`);
    expect(within(form()).getByRole('button', { name: 'You have the most alerts allowed' })).toBeDisabled();
  });
});

describe('RideAlertsCard new alert form', () => {
  it('labels every field', async () => {
    const { form, user } = renderCard();
    await screen.findByText('No alerts yet.');
    const inside = within(form());
    expect(inside.getByLabelText('Direction')).toHaveValue('FC->SG');
    expect(inside.getByRole('radio', { name: 'Every week, until I delete it' })).toBeChecked();
    for (const day of ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']) {
      expect(inside.getByRole('checkbox', { name: day })).toBeChecked();
    }
    expect(inside.getByRole('checkbox', { name: 'Any time of day' })).toBeChecked();
    await user.click(inside.getByRole('radio', { name: 'Between two dates' }));
    await user.click(inside.getByRole('checkbox', { name: 'Any time of day' }));
    for (const label of ['First day', 'Last day', 'From', 'Until']) expect(inside.getByLabelText(label)).toBeVisible();
  });

  it('shows each invalid field its own error and sends nothing', async () => {
    const sent = recordRequests();
    const { form, user } = renderCard();
    await screen.findByText('No alerts yet.');
    const inside = within(form());

    for (const day of ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']) {
      await user.click(inside.getByRole('checkbox', { name: day }));
    }
    await user.click(inside.getByRole('checkbox', { name: 'Any time of day' }));
    await user.clear(inside.getByLabelText('From'));
    await user.type(inside.getByLabelText('From'), '21:00');
    await user.clear(inside.getByLabelText('Until'));
    await user.type(inside.getByLabelText('Until'), '17:00');
    await user.click(inside.getByRole('button', { name: 'Save alert' }));

    const weekdays = inside.getByRole('group', { name: 'Weekdays' });
    await waitFor(() => expect(errorOf(weekdays)).toBe('Choose a date range or at least one weekday'));
    expect(errorOf(inside.getByLabelText('Until'))).toBe('The window must end after it starts');
    expect(inside.getByLabelText('Until')).toHaveAttribute('aria-invalid', 'true');
    expect(errorOf(inside.getByLabelText('From'))).toBe('');

    // A date range: the first day is needed, and the last may not come before it.
    await user.click(inside.getByRole('radio', { name: 'Between two dates' }));
    await user.click(inside.getByRole('button', { name: 'Save alert' }));
    await waitFor(() =>
      expect(errorOf(inside.getByLabelText('First day'))).toBe('First day must be a day such as 2026-12-05'),
    );
    // Left empty, the last day is the first: no error of its own.
    expect(errorOf(inside.getByLabelText('Last day'))).toBe('Leave empty for one day only.');

    await user.type(inside.getByLabelText('First day'), '2030-12-07');
    await user.type(inside.getByLabelText('Last day'), '2030-12-05');
    await user.click(inside.getByRole('button', { name: 'Save alert' }));
    await waitFor(() =>
      expect(errorOf(inside.getByLabelText('Last day'))).toContain('The last day must not be before the first day'),
    );
    expect(errorOf(inside.getByLabelText('First day'))).toBe('');
    expect(posts(sent)).toHaveLength(0);
  });

  it('sends the chosen weekdays and window, then starts afresh', async () => {
    const sent = recordRequests();
    const { form, user } = renderCard();
    await screen.findByText('No alerts yet.');
    const inside = within(form());

    await user.selectOptions(inside.getByLabelText('Direction'), 'SG->FC');
    for (const day of ['Sun', 'Mon', 'Tue', 'Wed', 'Thu']) {
      await user.click(inside.getByRole('checkbox', { name: day }));
    }
    await user.click(inside.getByRole('checkbox', { name: 'Any time of day' }));
    await user.clear(inside.getByLabelText('From'));
    await user.type(inside.getByLabelText('From'), '18:00');
    await user.clear(inside.getByLabelText('Until'));
    await user.type(inside.getByLabelText('Until'), '22:30');
    await user.click(inside.getByRole('button', { name: 'Save alert' }));

    await screen.findByText('Alert saved: we will tell you when a ride like this is posted');
    expect(posts(sent).map((request) => request.body)).toEqual([
      { direction: 'SG->FC', weekdays: [5, 6], windowStart: '18:00', windowEnd: '22:30' },
    ]);
    // The list is read again, and the form is back to its defaults.
    await waitFor(() => expect(sent.filter((request) => request.method === 'GET')).toHaveLength(2));
    const fresh = within(form());
    expect(fresh.getByLabelText('Direction')).toHaveValue('FC->SG');
    expect(fresh.getByRole('checkbox', { name: 'Mon' })).toBeChecked();
    expect(fresh.getByRole('checkbox', { name: 'Any time of day' })).toBeChecked();
    expect(fresh.queryByLabelText('From')).toBeNull();
  });

  it('sends a one-day range when the last day is left empty, the whole day for any time', async () => {
    const sent = recordRequests();
    const { form, user } = renderCard();
    await screen.findByText('No alerts yet.');
    const inside = within(form());
    await user.click(inside.getByRole('radio', { name: 'Between two dates' }));
    await user.type(inside.getByLabelText('First day'), '2030-12-05');
    await user.click(inside.getByRole('button', { name: 'Save alert' }));
    await screen.findByText('Alert saved: we will tell you when a ride like this is posted');
    expect(posts(sent).map((request) => request.body)).toEqual([
      { direction: 'FC->SG', firstDay: '2030-12-05', lastDay: '2030-12-05', windowStart: '00:00', windowEnd: '24:00' },
    ]);
  });

  it('keeps the button pending while saving', async () => {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.post('*/api/ride-alerts', async () => {
        await answered;
        return HttpResponse.json(alert(9), { status: 201 });
      }),
    );
    const { form, user } = renderCard();
    await screen.findByText('No alerts yet.');
    await user.click(within(form()).getByRole('button', { name: 'Save alert' }));
    const pending = await within(form()).findByRole('button', { name: 'Saving…' });
    expect(pending).toBeDisabled();
    answer();
    await screen.findByText('Alert saved: we will tell you when a ride like this is posted');
    expect(within(form()).getByRole('button', { name: 'Save alert' })).toBeEnabled();
  });

  it.each([
    [409, 'ride_alerts_limit', 'You already have 10 ride alerts, the most allowed. Delete one to add another.'],
    [429, 'throttled', 'Too many requests. Try again in 1 minute.'],
  ])('shows the api refusal (%i) in the form and keeps what was typed', async (status, code, message) => {
    server.use(http.post('*/api/ride-alerts', () => HttpResponse.json({ message, code }, { status })));
    const { form, user } = renderCard();
    await screen.findByText('No alerts yet.');
    const inside = within(form());
    await user.selectOptions(inside.getByLabelText('Direction'), 'SG->FC');
    await user.click(inside.getByRole('button', { name: 'Save alert' }));
    const refusal = await inside.findByRole('alert');
    expect(refusal).toHaveTextContent(`Could not save the alert: ${status}: ${message}`);
    expect(inside.getByLabelText('Direction')).toHaveValue('SG->FC');
    expect(inside.getByRole('button', { name: 'Save alert' })).toBeEnabled();
    expect(screen.queryByText('Alert saved: we will tell you when a ride like this is posted')).toBeNull();
  });
});
