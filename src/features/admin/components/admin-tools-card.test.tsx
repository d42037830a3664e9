import { screen, waitFor, within } from '@testing-library/react';
import { http, type HttpHandler, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { renderWithProviders, testUser } from '../../../testing/render';
import { recordRequests } from '../../../testing/requests';
import { server } from '../../../testing/server';
import { AdminToolsCard } from './admin-tools-card';

const REQUESTS = '/api/admin/password-reset-requests';
const RESET = '/api/admin/reset-user-password';
const CODES = '/api/admin/password-reset-codes';

const openRequests = [
  { id: 3, userId: 12, discordUsername: 'bob_fc', name: 'Bob Lee', createdAt: '2030-06-15T01:30:00.000Z' },
  { id: 4, userId: 13, discordUsername: 'carol', name: null, createdAt: '2030-06-15T02:00:00.000Z' },
];

// The default admin handlers answer no open requests and no vendor applications.
function renderAdmin(answers: HttpHandler[] = []) {
  server.use(...answers);
  const sent = recordRequests();
  const rendered = renderWithProviders(<AdminToolsCard />, { user: testUser({ id: 1, isAdmin: true }) });
  const calls = (path: string) => sent.filter((request) => request.path === path);
  const bodyOf = (path: string) => calls(path)[0]?.body;
  return { ...rendered, calls, bodyOf };
}

const field = (label: string) => screen.getByLabelText(label);

describe('AdminToolsCard: reset form', () => {
  it("asks for the member's username and a new password", async () => {
    const { user, calls } = renderAdmin();
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText("Please enter the user's Discord username")).toBeInTheDocument();
    expect(screen.getByText('Please enter a new password')).toBeInTheDocument();
    expect(calls(RESET)).toHaveLength(0);
  });

  it('applies the password rules on blur: length and confirmation', async () => {
    const { user } = renderAdmin();
    await user.type(field('New password'), 'short');
    await user.tab();
    expect(await screen.findByText('New password must be at least 8 characters long')).toBeInTheDocument();
    await user.type(field('Confirm new password'), 'different');
    await user.tab();
    expect(await screen.findByText('New passwords do not match')).toBeInTheDocument();
  });

  it('resets, toasts the server message, clears the form and reloads the requests', async () => {
    const { user, calls, bodyOf } = renderAdmin([
      http.post(`*${RESET}`, () => HttpResponse.json({ message: 'Password for bob_fc has been reset' })),
    ]);
    await screen.findByText('No open password reset requests.');
    await user.type(field("Member's Discord username"), '  bob_fc ');
    await user.type(field('New password'), 'temporary pass');
    await user.type(field('Confirm new password'), 'temporary pass');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    expect(await screen.findByText('Password for bob_fc has been reset')).toBeInTheDocument();
    expect(screen.getByText('Success')).toBeInTheDocument();
    expect(bodyOf(RESET)).toEqual({ discordUsername: 'bob_fc', newPassword: 'temporary pass' });
    await waitFor(() => expect(calls(REQUESTS)).toHaveLength(2));
    expect(field("Member's Discord username")).toHaveValue('');
    expect(field('New password')).toHaveValue('');
  });

  it("reports a refusal under 'Admin password reset failed'", async () => {
    const { user } = renderAdmin([
      http.post(`*${RESET}`, () =>
        HttpResponse.json({ message: 'No user with Discord username ghost' }, { status: 404 }),
      ),
    ]);
    await user.type(field("Member's Discord username"), 'ghost');
    await user.type(field('New password'), 'temporary pass');
    await user.type(field('Confirm new password'), 'temporary pass');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Admin password reset failed')).toBeInTheDocument();
    expect(screen.getByText('404: No user with Discord username ghost')).toBeInTheDocument();
  });
});

describe('AdminToolsCard: open requests', () => {
  it('says so when there are none', async () => {
    renderAdmin();
    // The first of two: the vendor applications below load too.
    expect(screen.getAllByRole('status')[0]).toHaveTextContent('Loading password reset requests…');
    expect(await screen.findByText('No open password reset requests.')).toBeInTheDocument();
  });

  it('lists requests and fills the username from one', async () => {
    const { user } = renderAdmin([http.get(`*${REQUESTS}`, () => HttpResponse.json(openRequests))]);
    const list = await screen.findByRole('list');
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Bob Lee');
    expect(items[0]).toHaveTextContent('@bob_fc · asked Sat, 15 Jun 2030, 9:30 am');
    expect(items[1]).toHaveTextContent('carol');

    await user.click(screen.getByRole('button', { name: 'Use bob_fc' }));
    expect(field("Member's Discord username")).toHaveValue('bob_fc');
    expect(field("Member's Discord username")).toHaveFocus();
  });

  it('shows a failed load with a way to retry', async () => {
    let attempt = 0;
    const { user } = renderAdmin([
      http.get(`*${REQUESTS}`, () =>
        ++attempt === 1
          ? HttpResponse.json({ message: 'Only the admin can do that' }, { status: 403 })
          : HttpResponse.json([]),
      ),
    ]);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load password reset requests: 403: Only the admin can do that');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No open password reset requests.')).toBeInTheDocument();
  });
});

describe('AdminToolsCard: one-time reset code', () => {
  it('needs only the username, and asks for it', async () => {
    const { user, calls } = renderAdmin();
    await user.click(screen.getByRole('button', { name: 'Issue one-time reset code' }));
    expect(await screen.findByText("Please enter the user's Discord username")).toBeInTheDocument();
    expect(screen.queryByText('Please enter a new password')).not.toBeInTheDocument();
    expect(calls(CODES)).toHaveLength(0);
  });

  it('shows the code and its expiry, and copies it', async () => {
    const { user, bodyOf, calls } = renderAdmin([
      http.post(`*${CODES}`, () =>
        HttpResponse.json(
          {
            code: 'ABCD-EFGH-JKLM',
            expiresAt: '2030-06-16T01:30:00.000Z',
            message: 'Give this one-time code to bob_fc. It works once and expires in 24 hours.',
          },
          { status: 201 },
        ),
      ),
    ]);
    await screen.findByText('No open password reset requests.');
    await user.type(field("Member's Discord username"), 'bob_fc');
    await user.click(screen.getByRole('button', { name: 'Issue one-time reset code' }));

    const code = await screen.findByText('ABCD-EFGH-JKLM');
    const panel = code.closest<HTMLElement>('[role="status"]')!;
    expect(bodyOf(CODES)).toEqual({ discordUsername: 'bob_fc' });
    expect(panel).toHaveTextContent('One-time reset code for @bob_fc');
    expect(panel).toHaveTextContent('ExpiresSun, 16 Jun 2030, 9:30 am (Singapore time)');
    await waitFor(() => expect(calls(REQUESTS)).toHaveLength(2));

    await user.click(screen.getByRole('button', { name: 'Copy code' }));
    expect(await navigator.clipboard.readText()).toBe('ABCD-EFGH-JKLM');
    expect(screen.getByRole('button', { name: 'Copied!' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByText('ABCD-EFGH-JKLM')).not.toBeInTheDocument();
  });

  it("reports a refused code under 'Admin password reset failed'", async () => {
    const { user } = renderAdmin([
      http.post(`*${CODES}`, () =>
        HttpResponse.json({ message: 'No user with Discord username ghost' }, { status: 404 }),
      ),
    ]);
    await user.type(field("Member's Discord username"), 'ghost');
    await user.click(screen.getByRole('button', { name: 'Issue one-time reset code' }));
    expect(await screen.findByText('Admin password reset failed')).toBeInTheDocument();
    expect(screen.getByText('404: No user with Discord username ghost')).toBeInTheDocument();
  });
});
