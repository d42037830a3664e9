import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { authKeys } from '../../../lib/auth';
import { jsonResponse, renderWithProviders, sentBody, stubFetch, testUser } from '../../../testing/render';
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
    const fetchMock = stubFetch();
    const { user } = renderLogin();
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Discord username is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('logs in and sets the current user', async () => {
    const member = testUser();
    const fetchMock = stubFetch(() => jsonResponse(member));
    const { user, queryClient } = renderLogin();
    await user.type(screen.getByLabelText('Discord username'), 'alice_sg');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(queryClient.getQueryData(authKeys.me)).toEqual(member));
    expect(fetchMock.mock.calls[0][0]).toBe('/api/login');
    expect(sentBody(fetchMock)).toEqual({ discordUsername: 'alice_sg', password: 'correct horse' });
  });

  it("shows the server's refusal in a 'Login failed' toast", async () => {
    stubFetch(() => jsonResponse({ message: 'Invalid Discord username or password' }, 401));
    const { user } = renderLogin();
    await user.type(screen.getByLabelText('Discord username'), 'alice_sg');
    await user.type(screen.getByLabelText('Password'), 'wrong password');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Login failed')).toBeInTheDocument();
    expect(screen.getByText('401: Invalid Discord username or password')).toBeInTheDocument();
  });
});
