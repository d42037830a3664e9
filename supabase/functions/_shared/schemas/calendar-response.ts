import { z } from 'zod';

// GET /api/rides/{id}/calendar.ics (api/routes/calendar.ts declares it): one ride as an RFC 5545
// file, text/calendar, not JSON. Its frame is checked here (one calendar, as ical-generator
// writes it, CRLF line ends); tests/api/calendar.test.ts reads the event inside.
export const CALENDAR_MEDIA_TYPE = 'text/calendar';

const CALENDAR_FILE = /^BEGIN:VCALENDAR\r\n[\s\S]*\r\nEND:VCALENDAR$/;

export const rideCalendarSchema = z.string().refine((text) => CALENDAR_FILE.test(text));
