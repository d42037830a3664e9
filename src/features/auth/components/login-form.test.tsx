import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';

import { authKeys } from '../../../lib/auth';
import { renderWithProviders, testUser } from '../../../testing/render';
import { recordRequests } from '../../../testing/requests';
import { server } from '../../../testing/server';
import { LoginForm } from './login-form';

const renderLogin = () => renderWithProviders(<LoginForm onForgotPassword={vi.fn()} />, { user: null });

describe('LoginForm', () => {
  it('asks for the username when it is left empty', async () => {
    const { user } = renderLogin();
    await user.click(screen.getByLabelText('Discord username'));
    await user.tab();
    expect(await screen.findByText('Discord username is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Discord username')).toHaveAttribute('aria-invalid', 'true');
  });

  it('asks for the password when it is left empty', async () => {
    const { user } = renderLogin();
    await user.click(screen.getByLabelText('Password'));
    await user.tab();
    expect(await screen.findByText('Password is required')).toBeInTheDocument();
  });

  it('shows both messages on an empty submit and sends nothing', async () => {
    const sent = recordRequests();
    const { user } = renderLogin();
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Discord username is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('logs in and sets the current user', async () => {
    const member = testUser();
    server.use(http.post('*/api/login', () => HttpResponse.json(member)));
    const sent = recordRequests();
    const { user, queryClient } = renderLogin();
    await user.type(screen.getByLabelText('Discord username'), 'alice_sg');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(queryClient.getQueryData(authKeys.me)).toEqual(member));
    expect(sent[0]?.path).toBe('/api/login');
    expect(sent[0]?.body).toEqual({ discordUsername: 'alice_sg', password: 'correct horse' });
  });

  it("shows the server's refusal in a 'Login failed' toast", async () => {
    server.use(
      http.post('*/api/login', () =>
        HttpResponse.json({ message: 'Invalid Discord username or password' }, { status: 401 }),
      ),
    );
    const { user } = renderLogin();
    await user.type(screen.getByLabelText('Discord username'), 'alice_sg');
    await user.type(screen.getByLabelText('Password'), 'wrong password');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Login failed')).toBeInTheDocument();
    expect(screen.getByText('401: Invalid Discord username or password')).toBeInTheDocument();
  });
});
