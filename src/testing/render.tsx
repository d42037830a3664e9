import { I18nProvider } from '@lingui/react';
import { CURRENT_POLICIES } from '@shared/policies.ts';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderOptions } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { Toaster } from 'react-hot-toast';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';

import type { User } from '../lib/auth';
import { authKeys } from '../lib/auth';
import { i18n } from '../lib/i18n/i18n';
import { createQueryClient } from '../lib/query-client';

// A member as the api answers about them (ownUserSchema, every field), so a handler may serve it
// as /api/auth/me, login or register and the fetcher's schema reads it (ADR 0048).
export function testUser(overrides: Partial<User> = {}): User {
  return {
    id: 7,
    discordUsername: 'alice_sg',
    name: 'Alice Tan',
    whatsappNumber: '+65 9123 4567',
    malaysianNumber: null,
    revolutUsername: null,
    isVendor: false,
    companyName: null,
    driverDetails: null,
    createdAt: '2030-01-01T00:00:00.000Z',
    vendorStatus: overrides.isVendor ? 'pending' : null,
    language: null,
    phoneVisibility: 'ride_members',
    acceptedPolicies: CURRENT_POLICIES,
    isAdmin: false,
    ...overrides,
  };
}

function CurrentPath() {
  const location = useLocation();
  return <div data-testid="current-path">{location.pathname + location.search}</div>;
}

interface Options extends Omit<RenderOptions, 'wrapper'> {
  // Where the router starts, and the route pattern the element is mounted at (for useParams).
  route?: string;
  path?: string;
  // undefined: the session is left to load; null: nobody is logged in.
  user?: User | null;
  queryClient?: QueryClient;
}

// The app's real providers (same QueryClient defaults, a router and the toaster), so a test
// sees what a member sees, including toasts.
export function renderWithProviders(
  ui: ReactElement,
  { route = '/', path, user, queryClient, ...options }: Options = {},
) {
  const client = queryClient ?? createQueryClient();
  if (user !== undefined) client.setQueryData(authKeys.me, user);
  const result = render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[route]}>
          <Routes>
            <Route path={path ?? '*'} element={ui} />
            {path ? <Route path="*" element={null} /> : null}
          </Routes>
          <CurrentPath />
        </MemoryRouter>
        <Toaster />
      </QueryClientProvider>
    </I18nProvider>,
    options,
  );
  return { ...result, queryClient: client, user: userEvent.setup() };
}
