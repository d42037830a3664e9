import { type StillComing, type StillComingAnswer, stillComingSchema } from '@shared/schemas/still-coming.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { rideChanged } from '../../../lib/ride-changes';
import { stillComingKeys } from '../query-keys';

export const answerStillComing = (rideId: number, answer: StillComingAnswer) =>
  api.post<StillComing>(`/api/rides/${rideId}/still-coming`, { answer }, stillComingSchema);

// A No leaves the ride (the api's leave path): the ride, its seats and its waitlist change too.
export function useAnswerStillComing(rideId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answer: StillComingAnswer) => answerStillComing(rideId, answer),
    onSuccess: (question, answer) => {
      queryClient.setQueryData(stillComingKeys.question(rideId), question);
      if (answer === 'no') rideChanged(queryClient, { rides: [rideId], changed: ['aboard'] });
    },
  });
}
