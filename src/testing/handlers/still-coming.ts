// Default answer for the day-before question (src/features/still-coming/api, issue 40 §5):
// nobody asked yet, so the ride page shows no prompt and no list.
import type { StillComing } from '@shared/schemas/still-coming.ts';
import { http, HttpResponse } from 'msw';

export const stillComingHandlers = [
  http.get('*/api/rides/:rideId/still-coming', ({ params }) =>
    HttpResponse.json<StillComing>({
      rideId: Number(params.rideId),
      mine: null,
      isOrganiser: false,
      remindedAt: null,
      canRemind: false,
      passengers: null,
    }),
  ),
];
