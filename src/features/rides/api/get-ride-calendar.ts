import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { ApiError, errorText } from '../../../lib/api-client';
import { clearSessionToken, getSessionToken } from '../../../lib/session-token';

// The ride as an .ics file (GET /api/rides/{id}/calendar.ics, organiser and passengers only).
// Not JSON, so not through api.get, which parses every answer; it goes to the same api the same
// way (credentials, the bearer token on hosted Supabase, "<status>: <message>" errors). Made
// when asked, never cached: each download carries the ride's latest SEQUENCE.

const API_BASE = (import.meta.env.VITE_API_URL as string | undefined)?.replace(/\/$/, '') ?? '';

export const CALENDAR_CONTENT_TYPE = 'text/calendar';

export const rideCalendarFileName = (rideId: number) => `fc-rideshare-ride-${rideId}.ics`;

// What comes back must be a calendar: an HTML error page from a proxy must not be saved as one.
const calendarTypeSchema = z
  .string()
  .refine((value) => value.toLowerCase().startsWith(CALENDAR_CONTENT_TYPE), 'The server did not send a calendar file');

export async function getRideCalendar(rideId: number): Promise<Blob> {
  const token = getSessionToken();
  let response: Response;
  try {
    response = await fetch(`${API_BASE}/api/rides/${rideId}/calendar.ics`, {
      credentials: 'include',
      cache: 'no-store',
      headers: token ? { Authorization: `Bearer ${token}` } : undefined,
    });
  } catch {
    throw new ApiError(0, 'Could not reach the server');
  }
  if (response.status === 401) clearSessionToken();
  if (!response.ok) {
    throw new ApiError(response.status, errorText(response.status, response.statusText, await response.text()));
  }
  const type = calendarTypeSchema.safeParse(response.headers.get('content-type') ?? '');
  if (!type.success) throw new ApiError(response.status, `${response.status}: ${type.error.issues[0]!.message}`);
  // Typed text/calendar whatever the server's charset: iOS Safari opens it in the Calendar app.
  return new Blob([await response.arrayBuffer()], { type: CALENDAR_CONTENT_TYPE });
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
