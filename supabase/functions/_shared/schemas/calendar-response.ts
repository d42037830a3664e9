import { z } from 'zod';

// GET /api/rides/{id}/calendar.ics (api/routes/calendar.ts declares it): one ride as an RFC 5545
// file, text/calendar, not JSON. Its frame is checked here; tests/api/calendar.test.ts reads the
// event inside.
export const CALENDAR_MEDIA_TYPE = 'text/calendar';

export const rideCalendarSchema = z
  .string()
  .startsWith('BEGIN:VCALENDAR\r\n')
  .endsWith('END:VCALENDAR')
  .meta({ description: 'An iCalendar file (RFC 5545) holding one event, the ride' });
