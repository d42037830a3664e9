import type { QueryClient } from '@tanstack/react-query';

import { borderChecklistQueryOptions } from '../features/border-checklist/api/get-border-checklist';
import { inboxQueryOptions } from '../features/notifications/api/get-notifications';
import { keepRideChatsOffline } from '../features/ride-chat/api/keep-ride-chats-offline';
import { driverContactsQueryOptions } from '../features/drivers/api/get-driver-contacts';
import { keepRidesOffline } from '../features/rides/api/get-offline-rides';

// What a member needs at the checkpoint with no signal, read while there is one: their rides'
// pages and their chats, the border checklist and the drivers' contacts those pages show, and
// the inbox that leads to them. Each is kept on its own: one failing does not lose the others.
export async function keepForOffline(queryClient: QueryClient): Promise<void> {
  await Promise.allSettled([
    keepRidesOffline(queryClient).then((rides) => keepRideChatsOffline(queryClient, rides)),
    queryClient.prefetchQuery(borderChecklistQueryOptions()),
    queryClient.prefetchQuery(driverContactsQueryOptions()),
    queryClient.prefetchInfiniteQuery(inboxQueryOptions()),
  ]);
}
