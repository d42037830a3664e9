import { CURRENT_POLICIES } from '@shared/policies.ts';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';

import { authKeys, type User } from '../lib/auth';
import { renderWithProviders, testUser } from '../testing/render';
import { recordRequests } from '../testing/requests';
import { server } from '../testing/server';
import { AppRoutes } from './router';

// The service worker prompt needs vite-plugin-pwa's virtual module, which only the build has.
vi.mock('./update-prompt', () => ({ UpdatePrompt: () => null }));

const PROMPT = { name: 'Privacy notice and community rules' };

// A member who registered before the current versions (issue 26 §2) is asked once, on any page.
describe('the prompt to accept the current privacy notice and community rules', () => {
  it('asks a member under older versions, and goes once they accept', async () => {
    const earlier = testUser({ acceptedPolicies: { privacy: '2026-01-01', rules: null } });
    const accepted = { ...earlier, acceptedPolicies: { ...CURRENT_POLICIES } };
    server.use(
      http.get('*/api/auth/me', () => HttpResponse.json(earlier)),
      http.post('*/api/policies/accept', () => HttpResponse.json(accepted)),
    );
    const sent = recordRequests();
    const { user, queryClient } = renderWithProviders(<AppRoutes />, { route: '/guide', user: earlier });

    const prompt = await screen.findByRole('complementary', PROMPT);
    expect(within(prompt).getByRole('link', { name: 'privacy notice' })).toHaveAttribute('href', '/privacy');
    expect(within(prompt).getByRole('link', { name: 'community rules' })).toHaveAttribute('href', '/rules');
    await user.click(within(prompt).getByRole('button', { name: 'I accept' }));

    await waitFor(() => expect(screen.queryByRole('complementary', PROMPT)).not.toBeInTheDocument());
    const post = sent.find((request) => request.path === '/api/policies/accept');
    expect(post?.body).toEqual({ acceptedPolicies: CURRENT_POLICIES });
    expect(queryClient.getQueryData<User>(authKeys.me)?.acceptedPolicies).toEqual(CURRENT_POLICIES);
  });

  it('says nothing to a member who accepted the current versions, nor when the answer names none', async () => {
    for (const member of [testUser({ acceptedPolicies: { ...CURRENT_POLICIES } }), testUser()]) {
      server.use(http.get('*/api/auth/me', () => HttpResponse.json(member)));
      const { unmount } = renderWithProviders(<AppRoutes />, { route: '/rules', user: member });
      await screen.findByRole('heading', { level: 1, name: 'Community rules' }, { timeout: 5000 });
      expect(screen.queryByRole('complementary', PROMPT)).not.toBeInTheDocument();
      unmount();
    }
  });
});
