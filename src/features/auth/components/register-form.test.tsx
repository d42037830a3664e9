import { CURRENT_POLICIES } from '@shared/policies.ts';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { authKeys } from '../../../lib/auth';
import { renderWithProviders, testUser } from '../../../testing/render';
import { recordRequests } from '../../../testing/requests';
import { server } from '../../../testing/server';
import { RegisterForm } from './register-form';

const renderRegister = () => renderWithProviders(<RegisterForm />, { user: null });
const policiesBox = () => screen.getByRole('checkbox', { name: /I have read and accept the privacy notice/ });
const acceptPolicies = (user: { click(element: Element): Promise<void> }) => user.click(policiesBox());

describe('RegisterForm', () => {
  it('asks for a username and a password on an empty submit', async () => {
    const sent = recordRequests();
    const { user } = renderRegister();
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Discord username is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('checks the username on blur', async () => {
    const { user } = renderRegister();
    await user.click(screen.getByLabelText('Discord username'));
    await user.tab();
    expect(await screen.findByText('Discord username is required')).toBeInTheDocument();
  });

  it('wants at least 8 characters of password', async () => {
    const { user } = renderRegister();
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.tab();
    expect(await screen.findByText('Password must be at least 8 characters long')).toBeInTheDocument();
    // Before the first submit a field is checked again when it loses focus.
    await user.type(screen.getByLabelText('Password'), 'enough');
    await user.tab();
    await waitFor(() =>
      expect(screen.queryByText('Password must be at least 8 characters long')).not.toBeInTheDocument(),
    );
  });

  it('shows the vendor fields only once "I am a vendor" is ticked, each required', async () => {
    const sent = recordRequests();
    const { user } = renderRegister();
    expect(screen.queryByLabelText('Company name')).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: /I am a vendor/ }));
    expect(screen.getByLabelText('Company name')).toBeInTheDocument();
    expect(screen.getByText(/border-entry compliance/)).toBeInTheDocument();

    await user.type(screen.getByLabelText('Discord username'), 'kumar_cars');
    await user.type(screen.getByLabelText('Password'), 'long enough password');
    await acceptPolicies(user);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Company name is required for vendors')).toBeInTheDocument();
    expect(screen.getByText('Driver name is required for vendors')).toBeInTheDocument();
    expect(screen.getByText('Driver contact is required for vendors')).toBeInTheDocument();
    expect(screen.getByText('Car number is required for vendors')).toBeInTheDocument();
    expect(screen.getByLabelText('Car number')).toHaveAccessibleDescription(
      expect.stringContaining('Car number is required for vendors'),
    );
    expect(sent).toEqual([]);
  });

  it('sends blank optional contacts as null', async () => {
    const member = testUser({ discordUsername: 'bob', name: null, whatsappNumber: null });
    server.use(http.post('*/api/register', () => HttpResponse.json(member, { status: 201 })));
    const sent = recordRequests();
    const { user, queryClient } = renderRegister();
    await user.type(screen.getByLabelText('Discord username'), 'bob');
    await user.type(screen.getByLabelText('Password'), 'long enough password');
    await acceptPolicies(user);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(queryClient.getQueryData(authKeys.me)).toEqual(member));
    expect(sent[0]?.path).toBe('/api/register');
    expect(sent[0]?.body).toMatchObject({
      acceptedPolicies: CURRENT_POLICIES,
      discordUsername: 'bob',
      password: 'long enough password',
      name: null,
      whatsappNumber: null,
      malaysianNumber: null,
      revolutUsername: null,
      isVendor: false,
    });
  });

  it("shows the server's refusal in a 'Registration failed' toast", async () => {
    // What the api answers for a taken username (routes/auth.ts, and the unique index's message).
    server.use(
      http.post('*/api/register', () =>
        HttpResponse.json({ message: 'Discord username already exists' }, { status: 409 }),
      ),
    );
    const { user } = renderRegister();
    await user.type(screen.getByLabelText('Discord username'), 'alice_sg');
    await user.type(screen.getByLabelText('Password'), 'long enough password');
    await acceptPolicies(user);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Registration failed')).toBeInTheDocument();
    expect(screen.getByText('409: Discord username already exists')).toBeInTheDocument();
  });

  it('reads local phone numbers and sends them in E.164', async () => {
    const member = testUser({
      discordUsername: 'siti',
      whatsappNumber: '+6591234567',
      malaysianNumber: '+60123456789',
    });
    server.use(http.post('*/api/register', () => HttpResponse.json(member, { status: 201 })));
    const sent = recordRequests();
    const { user, queryClient } = renderRegister();
    const whatsapp = screen.getByLabelText('WhatsApp number (optional)');
    const malaysian = screen.getByLabelText('Malaysian number (optional)');
    expect(whatsapp).toHaveAttribute('placeholder', '+65 9123 4567');
    expect(malaysian).toHaveAttribute('placeholder', '+60 12 345 6789');
    expect(malaysian).toHaveAccessibleDescription(expect.stringContaining('+60 12 345 6789'));
    await user.type(screen.getByLabelText('Discord username'), 'siti');
    await user.type(screen.getByLabelText('Password'), 'long enough password');
    await user.type(whatsapp, '9123 4567');
    await user.type(malaysian, '012-345 6789');
    expect(whatsapp).toHaveAccessibleDescription(expect.stringContaining('Saved as +65 9123 4567.'));
    expect(malaysian).toHaveAccessibleDescription(expect.stringContaining('Saved as +60 12-345 6789.'));
    await acceptPolicies(user);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(queryClient.getQueryData(authKeys.me)).toEqual(member));
    expect(sent[0]?.body).toMatchObject({ whatsappNumber: '+6591234567', malaysianNumber: '+60123456789' });
  });

  it('refuses a number it cannot read, naming the format', async () => {
    const sent = recordRequests();
    const { user } = renderRegister();
    await user.type(screen.getByLabelText('WhatsApp number (optional)'), '1234 5678');
    await user.tab();
    expect(
      await screen.findByText(
        'WhatsApp number must be a Singapore number such as +65 9123 4567 (or its 8 digits), or an international number starting with + and the country code',
      ),
    ).toBeInTheDocument();
    await user.type(screen.getByLabelText('Discord username'), 'siti');
    await user.type(screen.getByLabelText('Password'), 'long enough password');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(sent).toEqual([]);
  });

  it('asks to accept the privacy notice and community rules, linking both, and sends the versions shown', async () => {
    const sent = recordRequests();
    const { user } = renderRegister();
    expect(screen.getByRole('link', { name: 'privacy notice' })).toHaveAttribute('href', '/privacy');
    expect(screen.getByRole('link', { name: 'community rules' })).toHaveAttribute('href', '/rules');
    await user.type(screen.getByLabelText('Discord username'), 'ahmad');
    await user.type(screen.getByLabelText('Password'), 'long enough password');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Please accept the privacy notice and community rules')).toBeInTheDocument();
    expect(policiesBox()).toHaveAttribute('aria-invalid', 'true');
    expect(policiesBox()).toHaveAccessibleDescription('Please accept the privacy notice and community rules');
    expect(sent).toEqual([]);

    await acceptPolicies(user);
    await waitFor(() =>
      expect(screen.queryByText('Please accept the privacy notice and community rules')).not.toBeInTheDocument(),
    );
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.body).toMatchObject({ acceptedPolicies: CURRENT_POLICIES });
  });
});
