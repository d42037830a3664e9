// Default answers for the admin tools (src/features/admin/api): nothing waiting, and every
// action accepted once the api's schema accepts its body.
import { adminResetCodeSchema, adminResetPasswordSchema } from '@shared/schemas/auth.ts';
import { approveVendorSchema } from '@shared/schemas/vendor.ts';
import type { VendorApplication } from '@shared/types/user.ts';
import { http, HttpResponse } from 'msw';

import { parsedBody } from './respond';

function makeVendorApplication(overrides: Partial<VendorApplication> = {}): VendorApplication {
  return {
    userId: 31,
    discordUsername: 'straits',
    name: 'Straits Transport',
    companyName: 'Straits Transport Pte Ltd',
    driverDetails: null,
    whatsappNumber: '+6591234567',
    malaysianNumber: null,
    status: 'pending',
    licenceNote: null,
    appliedAt: '2030-06-01T00:00:00.000Z',
    decidedAt: null,
    upcomingAssignments: 0,
    ...overrides,
  };
}

export const adminHandlers = [
  http.get('*/api/admin/password-reset-requests', () => HttpResponse.json([])),
  http.get('*/api/admin/vendor-applications', () => HttpResponse.json<VendorApplication[]>([])),
  http.post('*/api/admin/reset-user-password', async ({ request }) => {
    const body = await parsedBody(request, adminResetPasswordSchema);
    if ('refused' in body) return body.refused;
    return HttpResponse.json({ message: `Password for ${body.data.discordUsername} has been reset` });
  }),
  http.post('*/api/admin/password-reset-codes', async ({ request }) => {
    const body = await parsedBody(request, adminResetCodeSchema);
    if ('refused' in body) return body.refused;
    return HttpResponse.json({
      code: 'K7Q2-M9XD',
      expiresAt: '2030-06-02T00:00:00.000Z',
      message: `Reset code created for ${body.data.discordUsername}`,
    });
  }),
  http.post('*/api/admin/vendors/:userId/approve', async ({ request, params }) => {
    const body = await parsedBody(request, approveVendorSchema);
    if ('refused' in body) return body.refused;
    const application = makeVendorApplication({
      userId: Number(params.userId),
      status: 'approved',
      licenceNote: body.data.licenceNote,
      decidedAt: '2030-06-02T00:00:00.000Z',
    });
    return HttpResponse.json({ message: 'Vendor approved', application });
  }),
  http.post('*/api/admin/vendors/:userId/revoke', ({ params }) =>
    HttpResponse.json({
      message: 'Vendor revoked',
      application: makeVendorApplication({ userId: Number(params.userId), status: 'revoked' }),
      released: 0,
    }),
  ),
];
