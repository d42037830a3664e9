import type { ModerationQueue, OpenReport } from '@shared/schemas/moderation.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { renderWithProviders, testUser } from '../../../testing/render';
import { recordRequests } from '../../../testing/requests';
import { server } from '../../../testing/server';
import { ModerationQueueCard } from './moderation-queue-card';
import { ReportButton } from './report-button';

const OWNER = {
  id: 7,
  name: 'Rude Rider',
  discordUsername: 'rude',
  ridesOrganised: 2,
  ridesJoined: 5,
  reportsAgainst: 3,
  suspendedUntil: null,
};

const MESSAGE_REPORT: OpenReport = {
  id: 41,
  targetKind: 'ride_message',
  targetId: 900,
  reason: 'harassment',
  note: 'Insulted me',
  createdAt: '2030-06-15T01:30:00.000Z',
  reporterName: 'Alice',
  target: {
    id: 900,
    body: 'You are all idiots',
    rideId: 12,
    direction: 'SG->FC',
    date: '2030-06-20T01:30:00.000Z',
    createdAt: '2030-06-15T01:00:00.000Z',
    hidden: false,
    owner: OWNER,
  },
};

describe('ReportButton', () => {
  it('sends the target, the chosen reason and the note, and refuses without a reason', async () => {
    const user = userEvent.setup();
    const requests = recordRequests();
    renderWithProviders(<ReportButton target={{ kind: 'ride', id: 12, label: 'Report this ride' }} />, {
      user: testUser({ id: 3 }),
    });
    await user.click(screen.getByRole('button', { name: 'Report this ride' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report this ride' });
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByText('Choose a reason.')).toBeInTheDocument();
    expect(requests.filter((request) => request.path === '/api/reports')).toHaveLength(0);

    await user.selectOptions(within(dialog).getByLabelText('Why are you reporting this?'), 'Scam or fraud');
    await user.type(within(dialog).getByLabelText('Note (optional)'), 'Asks for money first');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await waitFor(() => expect(requests.some((request) => request.path === '/api/reports')).toBe(true));
    expect(requests.find((request) => request.path === '/api/reports')!.body).toEqual({
      targetKind: 'ride',
      targetId: 12,
      reason: 'scam',
      note: 'Asks for money first',
    });
  });
});

describe('ModerationQueueCard', () => {
  function renderQueue(queue: ModerationQueue) {
    server.use(http.get('*/api/admin/moderation', () => HttpResponse.json(queue)));
    const requests = recordRequests();
    renderWithProviders(<ModerationQueueCard />, { user: testUser({ id: 1, isAdmin: true }) });
    return requests;
  }

  it('says when there is nothing to do', async () => {
    renderQueue({ reports: [], suspensions: [], log: [] });
    expect(await screen.findByText('No open reports.')).toBeInTheDocument();
    expect(screen.getByText('Nobody is suspended.')).toBeInTheDocument();
  });

  it('shows a reported message in context and hides it with the reason given', async () => {
    const user = userEvent.setup();
    const requests = renderQueue({ reports: [MESSAGE_REPORT], suspensions: [], log: [] });
    const item = await screen.findByRole('listitem', { name: 'Report 41' });
    expect(within(item).getByText('You are all idiots')).toBeInTheDocument();
    expect(within(item).getByText('Insulted me')).toBeInTheDocument();
    expect(within(item).getByText(/2 rides organised/)).toBeInTheDocument();

    await user.click(within(item).getByRole('button', { name: 'Hide' }));
    expect(requests.some((request) => request.path.endsWith('/hide'))).toBe(false);
    await user.type(within(item).getByLabelText('Your reason (kept in the log)'), 'Abusive language');
    await user.click(within(item).getByRole('button', { name: 'Hide' }));
    await waitFor(() => expect(requests.some((request) => request.path === '/api/admin/reports/41/hide')).toBe(true));
    expect(requests.find((request) => request.path === '/api/admin/reports/41/hide')!.body).toEqual({
      reason: 'Abusive language',
    });
  });

  it('suspends for the period chosen, null for good', async () => {
    const user = userEvent.setup();
    server.use(
      http.get('*/api/admin/reports/41/suspension-preview', () =>
        HttpResponse.json({
          memberId: 7,
          ridesCancelled: 1,
          passengersAffected: 3,
          waitingAffected: 2,
          ridesLeft: 2,
          ridesReleased: 0,
          requestsClosed: 0,
        }),
      ),
    );
    const requests = renderQueue({ reports: [MESSAGE_REPORT], suspensions: [], log: [] });
    const item = await screen.findByRole('listitem', { name: 'Report 41' });
    await user.type(within(item).getByLabelText('Your reason (kept in the log)'), 'Repeated abuse');
    await user.selectOptions(within(item).getByLabelText('Suspend for'), 'For good');
    await user.click(within(item).getByRole('button', { name: 'Suspend member' }));

    // Nothing happens before the admin reads what it would undo and confirms (issue 37 §4).
    const dialog = await screen.findByRole('dialog', { name: 'Suspend Rude Rider for good?' });
    const consequences = await within(dialog).findByRole('list', { name: 'What the suspension does' });
    expect(consequences).toHaveTextContent('Cancels 1 upcoming ride they organise (3 passengers, 2 waiting)');
    expect(consequences).toHaveTextContent('Removes them from 2 rides they joined or wait for');
    expect(consequences).not.toHaveTextContent('Releases');
    expect(requests.some((request) => request.path === '/api/admin/reports/41/suspend')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(requests.some((request) => request.path === '/api/admin/reports/41/suspend')).toBe(false);

    await user.click(within(item).getByRole('button', { name: 'Suspend member' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Suspend' }));
    await waitFor(() =>
      expect(requests.some((request) => request.path === '/api/admin/reports/41/suspend')).toBe(true),
    );
    expect(requests.find((request) => request.path === '/api/admin/reports/41/suspend')!.body).toEqual({
      reason: 'Repeated abuse',
      days: null,
    });
  });
});
