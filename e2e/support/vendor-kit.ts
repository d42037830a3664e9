import type { BrowserContext } from 'playwright-core';

export const LICENCE_NOTE = 'SSM profile seen; cross-border permit and plate checked; called the driver';

// The admin (user 1, registered by the suite) approving a vendor through the api: for journeys
// that are about what a vendor does afterwards. The approval screen has its own journeys.
export async function approveVendorViaApi(admin: BrowserContext, userId: number, licenceNote = LICENCE_NOTE) {
  const response = await admin.request.post(`/api/admin/vendors/${userId}/approve`, { data: { licenceNote } });
  if (!response.ok())
    throw new Error(`approve vendor ${userId} answered ${response.status()}: ${await response.text()}`);
  return response.json();
}
