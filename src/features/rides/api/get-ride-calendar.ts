import { useMutation } from '@tanstack/react-query';

import { apiFile } from '../../../lib/api-client';

// The ride as an .ics file (GET /api/rides/{id}/calendar.ics, organiser and passengers only).
// Made when asked, never cached: each download carries the ride's latest SEQUENCE.

export const CALENDAR_CONTENT_TYPE = 'text/calendar';

export const rideCalendarFileName = (rideId: number) => `fc-rideshare-ride-${rideId}.ics`;

// Typed text/calendar whatever the server's charset: iOS Safari opens it in the Calendar app.
export function getRideCalendar(rideId: number): Promise<Blob> {
  return apiFile(`/api/rides/${rideId}/calendar.ics`, CALENDAR_CONTENT_TYPE);
}

// Hands the file to the browser as a download; on an iPhone a text/calendar download offers
// "Add to Calendar".
export function saveCalendarFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the object URL after click() returns.
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export function useRideCalendar() {
  return useMutation({
    mutationFn: async (rideId: number) => {
      saveCalendarFile(await getRideCalendar(rideId), rideCalendarFileName(rideId));
    },
  });
}
