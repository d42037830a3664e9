// Default answers for the ride alerts (src/features/ride-alerts/api): none set, and a new one
// saved as the api's own schema reads it.
import {
  RIDE_ALERTS_MAX,
  type RideAlert,
  type RideAlertList,
  rideAlertSaveSchema,
} from '@shared/schemas/ride-alerts.ts';
import { http, HttpResponse } from 'msw';

import { parsedBody } from './respond';

export const rideAlertsHandlers = [
  http.get('*/api/ride-alerts', () => HttpResponse.json<RideAlertList>({ items: [], max: RIDE_ALERTS_MAX })),
  http.post('*/api/ride-alerts', async ({ request }) => {
    const body = await parsedBody(request, rideAlertSaveSchema);
    if ('refused' in body) return body.refused;
    return HttpResponse.json<RideAlert>(
      { id: 1, ...body.data, createdAt: '2030-06-01T00:00:00.000Z' },
      { status: 201 },
    );
  }),
  http.delete('*/api/ride-alerts/:id', () => HttpResponse.json({ deleted: true })),
];
