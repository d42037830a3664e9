import type { QueryClient } from '@tanstack/react-query';

import { borderChecklistQueryOptions } from '../features/border-checklist/api/get-border-checklist';
import { driverContactsQueryOptions } from '../features/drivers/api/get-driver-contacts';
import { inboxQueryOptions } from '../features/notifications/api/get-notifications';
import { keepPaymentsOffline } from '../features/payments/api/get-payment';
import { keepRideChatsOffline } from '../features/ride-chat/api/keep-ride-chats-offline';
import { keepRidesOffline } from '../features/rides/api/get-offline-rides';
import { keepVendorsOffline } from '../features/vendor/api/get-ride-vendor';
import { keepWaitlistsOffline } from '../features/waitlist/api/get-waitlist';

// What a member needs at the checkpoint with no signal, read while there is one: their rides'
// pages (with each one's queue, payee and vendor, kept by their features from the one answer)
// and their chats, the border checklist and the drivers' contacts those pages show, and the
// inbox that leads to them. Each is kept on its own: one failing does not lose the others.
export async function keepForOffline(queryClient: QueryClient): Promise<void> {
  await Promise.allSettled([
    keepRidesOffline(queryClient).then((rides) => {
      keepWaitlistsOffline(queryClient, rides);
      keepPaymentsOffline(queryClient, rides);
      keepVendorsOffline(queryClient, rides);
      return keepRideChatsOffline(queryClient, rides);
    }),
    queryClient.prefetchQuery(borderChecklistQueryOptions()),
    queryClient.prefetchQuery(driverContactsQueryOptions()),
    queryClient.prefetchInfiniteQuery(inboxQueryOptions()),
  ]);
}
