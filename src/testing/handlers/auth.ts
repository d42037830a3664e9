// Default answers for the auth calls (src/features/auth/api, src/lib/auth.ts), shaped by the
// api's schemas in supabase/functions/_shared. A test that needs another answer says so with
// server.use(...).
import {
  changePasswordSchema,
  completePasswordResetSchema,
  loginSchema,
  registerSchema,
  requestPasswordResetSchema,
} from '@shared/schemas/auth.ts';
import { http, HttpResponse } from 'msw';

import type { User } from '../../lib/auth';
import { testUser } from '../render';
import { parsedBody, refusal } from './respond';

export const authHandlers = [
  // Nobody is logged in unless the test says so (renderWithProviders' `user` seeds the cache).
  http.get('*/api/auth/me', () => refusal('Not logged in', 401)),
  http.post('*/api/login', async ({ request }) => {
    const body = await parsedBody(request, loginSchema);
    if ('refused' in body) return body.refused;
    return HttpResponse.json<User>(testUser({ discordUsername: body.data.discordUsername }));
  }),
  http.post('*/api/register', async ({ request }) => {
    const body = await parsedBody(request, registerSchema);
    if ('refused' in body) return body.refused;
    const { discordUsername, name, whatsappNumber, malaysianNumber } = body.data;
    return HttpResponse.json<User>(
      testUser({
        id: 42,
        discordUsername,
        name,
        whatsappNumber: whatsappNumber ?? null,
        malaysianNumber: malaysianNumber ?? null,
      }),
      { status: 201 },
    );
  }),
  http.post('*/api/logout', () => HttpResponse.json({ message: 'Logged out' })),
  http.post('*/api/reset-password', async ({ request }) => {
    const body = await parsedBody(request, changePasswordSchema);
    if ('refused' in body) return body.refused;
    return HttpResponse.json({ message: 'Password reset successful!' });
  }),
  http.post('*/api/request-password-reset', async ({ request }) => {
    const body = await parsedBody(request, requestPasswordResetSchema);
    if ('refused' in body) return body.refused;
    return HttpResponse.json({ message: 'Your request has been sent to the admin' });
  }),
  http.post('*/api/complete-password-reset', async ({ request }) => {
    const body = await parsedBody(request, completePasswordResetSchema);
    if ('refused' in body) return body.refused;
    return HttpResponse.json({
      message: 'Your password has been reset. You can now log in with your new password.',
    });
  }),
];
