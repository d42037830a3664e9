import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { jsonResponse, renderWithProviders, sentBody, stubFetch, testUser } from '../../../testing/render';
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
    const fetchMock = stubFetch();
    const { user } = renderCard();
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('Please enter your current password')).toBeInTheDocument();
    expect(screen.getByText('Please enter a new password')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends only the current and new password, confirms, and clears the form', async () => {
    const fetchMock = stubFetch(() => jsonResponse({ message: 'Password reset successful!' }));
    const { user } = renderCard();
    await user.type(field('Current password'), 'old password');
    await user.type(field('New password'), 'a new password');
    await user.type(field('Confirm new password'), 'a new password');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));

    expect(await screen.findByText('Password reset successful!')).toBeInTheDocument();
    expect(fetchMock.mock.calls[0][0]).toBe('/api/reset-password');
    expect(fetchMock.mock.calls[0][1]).toMatchObject({ method: 'POST' });
    expect(sentBody(fetchMock)).toEqual({ currentPassword: 'old password', newPassword: 'a new password' });
    await waitFor(() => expect(field('Current password')).toHaveValue(''));
    expect(field('New password')).toHaveValue('');
    expect(field('Confirm new password')).toHaveValue('');
  });

  it("reports a refusal under 'Password reset failed'", async () => {
    stubFetch(() => jsonResponse({ message: 'Current password is incorrect' }, 400));
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
