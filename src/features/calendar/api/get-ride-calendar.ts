import { useMutation } from '@tanstack/react-query';

import { apiFile } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';

// The ride as an .ics file (GET /api/rides/{id}/calendar.ics, organiser and passengers only).
// Made when asked, never cached: each download carries the ride's latest SEQUENCE.

export const CALENDAR_CONTENT_TYPE = 'text/calendar';

export const rideCalendarFileName = (rideId: number) => `fc-rideshare-ride-${rideId}.ics`;

// Typed text/calendar whatever the server's charset: iOS Safari opens it in the Calendar app.
export function getRideCalendar(rideId: number): Promise<Blob> {
  return apiFile(`/api/rides/${rideId}/calendar.ics`, CALENDAR_CONTENT_TYPE);
}

export function useRideCalendar() {
  return useMutation({
    mutationFn: async (rideId: number) => {
      saveFile(await getRideCalendar(rideId), rideCalendarFileName(rideId));
    },
  });
}
