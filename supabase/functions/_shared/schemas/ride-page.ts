import { z } from 'zod';

import { isCalendarDay, RIDE_LIST_RELATIVE_DAYS, RIDE_LIST_TIMES_OF_DAY } from '../day-filters.ts';
import { parseId } from '../ids.ts';
import { DIRECTIONS } from '../limits.ts';
import type { RideListScope, RideListSeries, RideListSort, RideListTime } from '../types/ride.ts';
import { VALIDATION, validationMessage } from '../validation.ts';

// The query of GET /api/rides/page (docs/decisions/0009-windowed-ride-lists.md). The api
// validates with it; the PWA builds its requests from the same names and limits.

export const RIDE_LIST_SCOPES = [
  'all',
  'organized',
  'joined',
  'assigned',
  'available',
] as const satisfies readonly RideListScope[];
export const RIDE_LIST_TIMES = ['upcoming', 'week', 'past', 'all'] as const satisfies readonly RideListTime[];
export const RIDE_LIST_SORTS = ['earliest', 'latest'] as const satisfies readonly RideListSort[];
export const RIDE_LIST_SERIES = ['each', 'once'] as const satisfies readonly RideListSeries[];
export const RIDE_PAGE_LIMIT_DEFAULT = 20;
export const RIDE_PAGE_LIMIT_MAX = 100;

// These depend on who asks; the others are the same for everyone (and cached by the api).
export const MEMBER_RIDE_LIST_SCOPES: ReadonlySet<RideListScope> = new Set<RideListScope>([
  'organized',
  'joined',
  'assigned',
]);

// "This Week" is whole days in Singapore time: today and the next six.
export const RIDE_LIST_TIME_ZONE = 'Asia/Singapore';

// Where the previous page stopped, and the instants the first page split its lists at: every
// later page uses the same ones, so a ride that departs while someone scrolls is neither skipped
// nor shown twice. `boundary` splits upcoming (date >= boundary) from past; `weekEnd` ends "This
// Week". Timestamps are Postgres's own, to the microsecond.
export interface RideCursor {
  group: 'upcoming' | 'past';
  boundary: string;
  weekEnd: string;
  date: string;
  id: number;
}

const CURSOR_VERSION = 'r1';
const MICROSECOND_ISO = /^[1-9][0-9]{3}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\.[0-9]{6}Z$/;

function isMicrosecondIso(value: string): boolean {
  if (!MICROSECOND_ISO.test(value)) return false;
  // Date reads milliseconds; it also catches 30 February, which the pattern lets through.
  const millisecond = `${value.slice(0, 23)}Z`;
  const time = Date.parse(millisecond);
  return !Number.isNaN(time) && new Date(time).toISOString() === millisecond;
}

function toBase64Url(text: string): string {
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): string | null {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(text)) return null;
  try {
    return atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  } catch {
    return null;
  }
}

export function encodeRideCursor(cursor: RideCursor): string {
  const group = cursor.group === 'upcoming' ? 'u' : 'p';
  return toBase64Url([CURSOR_VERSION, group, cursor.boundary, cursor.weekEnd, cursor.date, cursor.id].join('|'));
}

export function decodeRideCursor(text: string): RideCursor | null {
  const parts = fromBase64Url(text)?.split('|');
  if (!parts || parts.length !== 6) return null;
  const [version, group, boundary, weekEnd, date, id] = parts as [string, string, string, string, string, string];
  if (version !== CURSOR_VERSION || (group !== 'u' && group !== 'p')) return null;
  if (![boundary, weekEnd, date].every(isMicrosecondIso)) return null;
  const rideId = parseId(id);
  if (rideId === null) return null;
  return { group: group === 'u' ? 'upcoming' : 'past', boundary, weekEnd, date, id: rideId };
}

const INVALID_CURSOR = VALIDATION.invalid_cursor.message;
const LIMIT_RANGE = validationMessage('range', { label: 'limit', max: RIDE_PAGE_LIMIT_MAX });

function oneOf(label: string, choices: readonly string[]): string {
  return validationMessage('one_of', { label, choices: choices.join(', ') });
}

const DAY_CHOICES = oneOf('day', [...RIDE_LIST_RELATIVE_DAYS, 'YYYY-MM-DD']);

// A query string's names are fixed: one the list does not know is named in the refusal.
export function unknownParameters(issue: { code?: string; keys?: readonly string[] }): string | undefined {
  return issue.code === 'unrecognized_keys'
    ? validationMessage('unknown_parameter', { names: (issue.keys ?? []).join(', ') })
    : undefined;
}

export const ridePageQuerySchema = z
  .strictObject(
    {
      scope: z.enum(RIDE_LIST_SCOPES, { error: oneOf('scope', RIDE_LIST_SCOPES) }).default('all'),
      time: z.enum(RIDE_LIST_TIMES, { error: oneOf('time', RIDE_LIST_TIMES) }).default('upcoming'),
      direction: z.enum(DIRECTIONS, { error: oneOf('direction', DIRECTIONS) }).optional(),
      sort: z.enum(RIDE_LIST_SORTS, { error: oneOf('sort', RIDE_LIST_SORTS) }).default('earliest'),
      day: z
        .string({ error: DAY_CHOICES })
        .refine(
          (day) => (RIDE_LIST_RELATIVE_DAYS as readonly string[]).includes(day) || isCalendarDay(day),
          DAY_CHOICES,
        )
        .optional(),
      timeOfDay: z.enum(RIDE_LIST_TIMES_OF_DAY, { error: oneOf('timeOfDay', RIDE_LIST_TIMES_OF_DAY) }).optional(),
      series: z.enum(RIDE_LIST_SERIES, { error: oneOf('series', RIDE_LIST_SERIES) }).default('each'),
      limit: z
        .string({ error: LIMIT_RANGE })
        .regex(/^[1-9][0-9]{0,2}$/, LIMIT_RANGE)
        .transform(Number)
        .refine((limit) => limit <= RIDE_PAGE_LIMIT_MAX, LIMIT_RANGE)
        .default(RIDE_PAGE_LIMIT_DEFAULT),
      cursor: z
        .string({ error: INVALID_CURSOR })
        .transform((text, ctx) => {
          const cursor = decodeRideCursor(text);
          if (!cursor) {
            ctx.addIssue({ code: 'custom', message: INVALID_CURSOR });
            return z.NEVER;
          }
          return cursor;
        })
        .optional(),
    },
    { error: unknownParameters },
  )
  .superRefine((query, ctx) => {
    // A cursor from an upcoming list makes no sense in a past one, and the other way round.
    const group = query.cursor?.group;
    if (!group || query.time === 'all') return;
    if ((query.time === 'past') !== (group === 'past')) {
      ctx.addIssue({ code: 'custom', path: ['cursor'], message: INVALID_CURSOR });
    }
  });

// What the PWA sends (all optional, as query-string text) and what the api works with.
export type RidePageParams = z.input<typeof ridePageQuerySchema>;
export type RidePageQuery = z.output<typeof ridePageQuerySchema>;
