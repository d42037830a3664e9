import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';

import { authKeys } from '../../../lib/auth';
import { i18n } from '../../../lib/i18n/i18n';
import { INTL_LOCALES } from '../../../lib/i18n/languages';
import { renderWithProviders, testUser } from '../../../testing/render';
import { recordRequests } from '../../../testing/requests';
import { server } from '../../../testing/server';
import { ProfileForm } from './profile-form';

afterEach(() => {
  localStorage.clear();
  i18n.loadAndActivate({ locale: 'en', locales: INTL_LOCALES.en, messages: {} });
});

describe('ProfileForm: language', () => {
  it('offers each language in its own name, the current one chosen', () => {
    const member = testUser();
    renderWithProviders(<ProfileForm user={member} />, { user: member });
    const select = screen.getByRole('combobox', { name: 'Language' });
    expect(select).toHaveValue('en');
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['English', '简体中文', 'Bahasa Melayu']);
  });

  it('switches the app and keeps the choice in the profile', async () => {
    const member = testUser();
    const saved = { ...member, language: 'ms' };
    server.use(http.patch('*/api/users/:id', () => HttpResponse.json(saved)));
    const sent = recordRequests();
    const { user, queryClient } = renderWithProviders(<ProfileForm user={member} />, { user: member });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'ms');
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(i18n.locale).toBe('ms');
    expect(localStorage.getItem('fc-language')).toBe('ms');
    expect([sent[0]?.path, sent[0]?.method]).toEqual([`/api/users/${member.id}`, 'PATCH']);
    expect(sent[0]?.body).toEqual({ language: 'ms' });
    await waitFor(() => expect(queryClient.getQueryData(authKeys.me)).toEqual(saved));
  });
});

describe('ProfileForm: field errors', () => {
  it("shows a shared schema's message in the member's language", async () => {
    i18n.loadAndActivate({
      locale: 'zh',
      locales: INTL_LOCALES.zh,
      messages: { 'validation.malaysian_number_format': '马来西亚号码须为 +60 号码' },
    });
    const member = testUser();
    const { user } = renderWithProviders(<ProfileForm user={member} />, { user: member });
    const field = screen.getByRole('textbox', { name: /Malaysian number/ });
    await user.type(field, '12345');
    await user.tab();
    expect(await screen.findByText('马来西亚号码须为 +60 号码')).toBeInTheDocument();
  });
});

describe('ProfileForm: who sees my phone numbers', () => {
  it('offers the three choices, the member’s current one chosen, and saves a new one at once', async () => {
    const member = testUser({ phoneVisibility: 'ride_members' });
    const sent = recordRequests();
    server.use(
      http.patch(`*/api/users/${member.id}`, () => HttpResponse.json({ ...member, phoneVisibility: 'nobody' })),
    );
    const { user } = renderWithProviders(<ProfileForm user={member} />, { user: member });
    const select = screen.getByRole('combobox', { name: 'Who sees my phone numbers' });
    expect(select).toHaveValue('ride_members');
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      "Members who open a ride I'm on",
      'Only the organisers of rides I join',
      'Nobody: message me in the app',
    ]);
    await user.selectOptions(select, 'nobody');
    await screen.findByText('Saved: who sees your phone numbers');
    expect(sent.find((request) => request.method === 'PATCH')?.body).toEqual({ phoneVisibility: 'nobody' });
  });
});
