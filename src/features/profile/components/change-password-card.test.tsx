import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { renderWithProviders, testUser } from '../../../testing/render';
import { recordRequests } from '../../../testing/requests';
import { server } from '../../../testing/server';
import { ChangePasswordCard } from './change-password-card';

const renderCard = () => renderWithProviders(<ChangePasswordCard />, { user: testUser() });
const field = (label: string) => screen.getByLabelText(label);

describe('ChangePasswordCard', () => {
  it('asks for the current password on blur', async () => {
    const { user } = renderCard();
    await user.click(field('Current password'));
    await user.tab();
    expect(await screen.findByText('Please enter your current password')).toBeInTheDocument();
  });

  it('asks for a new password on blur', async () => {
    const { user } = renderCard();
    await user.click(field('New password'));
    await user.tab();
    expect(await screen.findByText('Please enter a new password')).toBeInTheDocument();
  });

  it('wants at least 8 characters', async () => {
    const { user } = renderCard();
    await user.type(field('New password'), 'short');
    await user.tab();
    expect(await screen.findByText('New password must be at least 8 characters long')).toBeInTheDocument();
  });

  it('flags a confirmation that does not match, even before the other fields are filled', async () => {
    const { user } = renderCard();
    await user.type(field('New password'), 'a new password');
    await user.type(field('Confirm new password'), 'a new passwort');
    await user.tab();
    expect(await screen.findByText('New passwords do not match')).toBeInTheDocument();
    expect(field('Confirm new password')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Please enter your current password')).not.toBeInTheDocument();
  });

  it('shows every message on an empty submit and sends nothing', async () => {
    const sent = recordRequests();
    const { user } = renderCard();
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('Please enter your current password')).toBeInTheDocument();
    expect(screen.getByText('Please enter a new password')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('sends only the current and new password, confirms, and clears the form', async () => {
    const sent = recordRequests();
    const { user } = renderCard();
    await user.type(field('Current password'), 'old password');
    await user.type(field('New password'), 'a new password');
    await user.type(field('Confirm new password'), 'a new password');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));

    expect(await screen.findByText('Password reset successful!')).toBeInTheDocument();
    expect(sent[0]).toMatchObject({ path: '/api/reset-password', method: 'POST' });
    expect(sent[0]?.body).toEqual({ currentPassword: 'old password', newPassword: 'a new password' });
    await waitFor(() => expect(field('Current password')).toHaveValue(''));
    expect(field('New password')).toHaveValue('');
    expect(field('Confirm new password')).toHaveValue('');
  });

  it("reports a refusal under 'Password reset failed'", async () => {
    server.use(
      http.post('*/api/reset-password', () =>
        HttpResponse.json({ message: 'Current password is incorrect' }, { status: 400 }),
      ),
    );
    const { user } = renderCard();
    await user.type(field('Current password'), 'wrong password');
    await user.type(field('New password'), 'a new password');
    await user.type(field('Confirm new password'), 'a new password');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));

    expect(await screen.findByText('Password reset failed')).toBeInTheDocument();
    expect(screen.getByText('400: Current password is incorrect')).toBeInTheDocument();
    // Kept, so the member can correct the current password without retyping the new one.
    expect(field('New password')).toHaveValue('a new password');
  });
});
