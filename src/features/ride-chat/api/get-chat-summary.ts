// Types only: the ride page's first render asks for the summary, and the chat's schemas come with
// the request rather than with the page (ADR 0048).
import type { RideChatSummary } from '@shared/schemas/ride-chat.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { rideChatKeys } from '../query-keys';

const chatSummaryAnswer = () => import('@shared/schemas/ride-chat.ts').then((module) => module.rideChatSummarySchema);

export const getChatSummary = (rideId: number) =>
  api.get<RideChatSummary>(`/api/rides/${rideId}/chat`, chatSummaryAnswer);

// Asked each time the ride page opens (news since the last visit), then kept in step by the
// open chat's read marks and pins.
export const chatSummaryQueryOptions = (rideId: number, enabled: boolean) =>
  queryOptions({
    queryKey: rideChatKeys.summary(rideId),
    queryFn: () => getChatSummary(rideId),
    enabled,
    refetchOnMount: 'always',
    refetchOnWindowFocus: 'always',
  });

export function useChatSummary(rideId: number, enabled = true) {
  return useQuery(chatSummaryQueryOptions(rideId, enabled));
}
