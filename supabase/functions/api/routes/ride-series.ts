import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';

import { refusal } from '../../_shared/refusals.ts';
import { rideIdParams } from '../../_shared/schemas/fields.ts';
import { seriesJoinSchema, seriesLeaveSchema, seriesUntilSchema } from '../../_shared/schemas/ride-series.ts';
import {
  rideSeriesSchema,
  seriesCancelResultSchema,
  seriesJoinResultSchema,
  seriesLeaveResultSchema,
} from '../../_shared/schemas/ride-series-response.ts';
import type { SeriesCancelResult, SeriesJoinResult, SeriesLeaveResult } from '../../_shared/types/ride-series.ts';
import { contractRoutes, json, jsonBody, mount, refused } from '../lib/contract.ts';
import { type AppEnv, requireCaller } from '../lib/env.ts';
import { HttpError } from '../lib/http-error.ts';
import { readBody, readId } from '../lib/validate.ts';
import { readRideSeries } from '../queries/ride-series.ts';

// Weekly series (issue 27; docs/decisions/0029-weekly-series.md). Each date is a ride with its
// own calls; these act on the series whole. The rules are the SQL functions' (58_ride_series.sql);
// each route's contract (lib/contract.ts) names the refusals its handler and those functions give.
export const rideSeriesRoutes = contractRoutes();

const tags = ['Weekly rides'];
// The path's id is a series'; its shape is a ride's.
const seriesIdParams = rideIdParams;
const BODY_REFUSED = ['invalid_json', 'body_not_object', 'invalid_input'] as const;

async function seriesFor(c: Context<AppEnv>, seriesId: number, callerId: number | null) {
  const series = await readRideSeries(c.get('db'), seriesId, callerId);
  if (!series) throw new HttpError(404, refusal('series_not_found'));
  return series;
}

// Public, as a ride is: a visitor reads the organiser's name only.
const getSeries = createRoute({
  method: 'get',
  path: '/series/{id}',
  tags,
  summary: "A weekly ride: its days, its upcoming dates and the caller's part in them",
  request: { params: seriesIdParams },
  responses: {
    200: json('The series', rideSeriesSchema),
    ...refused({ 400: ['invalid_id'], 404: ['series_not_found'] }),
  },
});
mount(rideSeriesRoutes, getSeries, async (c) => {
  const seriesId = readId(c, 'id', 'series');
  return c.json(await seriesFor(c, seriesId, c.get('caller')?.userId ?? null), 200);
});

// Every upcoming date the party fits is joined, the others queued for; counted once against
// passengers:changes.
const joinSeries = createRoute({
  method: 'post',
  path: '/series/{id}/join',
  tags,
  summary: 'The caller joins every upcoming date, one party and one stop',
  request: { params: seriesIdParams, body: jsonBody(seriesJoinSchema) },
  responses: {
    200: json('The dates joined, queued for, and those the caller was on already', seriesJoinResultSchema),
    ...refused({
      400: ['invalid_id', ...BODY_REFUSED],
      401: ['login_required'],
      403: ['join_not_allowed', 'member_suspended'],
      404: ['series_not_found'],
      409: ['own_series', 'series_ended', 'seats_limit'],
      429: ['too_many_joins'],
    }),
  },
});
mount(rideSeriesRoutes, joinSeries, async (c) => {
  requireCaller(c);
  const seriesId = readId(c, 'id', 'series');
  const input = await readBody(c, seriesJoinSchema);
  const row = await c
    .get('db')
    .one<{ result: SeriesJoinResult }>('select app.join_ride_series($1::integer, $2::integer, $3::text) as result', [
      seriesId,
      input.passengerCount,
      input.dropoffLocation,
    ]);
  return c.json(row!.result, 200);
});

// Leaves fromRideId and every later date; one date alone is the ride's own leave call.
const leaveSeries = createRoute({
  method: 'post',
  path: '/series/{id}/leave',
  tags,
  summary: 'The caller leaves a date and every later one (seats and queues)',
  request: { params: seriesIdParams, body: jsonBody(seriesLeaveSchema) },
  responses: {
    200: json('The dates left', seriesLeaveResultSchema),
    ...refused({
      400: ['invalid_id', ...BODY_REFUSED],
      401: ['login_required'],
      404: ['series_not_found', 'series_ride_not_found'],
    }),
  },
});
mount(rideSeriesRoutes, leaveSeries, async (c) => {
  requireCaller(c);
  const seriesId = readId(c, 'id', 'series');
  const input = await readBody(c, seriesLeaveSchema);
  const row = await c
    .get('db')
    .one<{ result: SeriesLeaveResult }>('select app.leave_ride_series($1::integer, $2::integer) as result', [
      seriesId,
      input.fromRideId,
    ]);
  return c.json(row!.result, 200);
});

// The organiser ends the series: every upcoming date is cancelled. Ending it again changes nothing.
const endSeries = createRoute({
  method: 'post',
  path: '/series/{id}/end',
  tags,
  summary: 'The organiser ends the weekly ride; its upcoming dates are cancelled',
  request: { params: seriesIdParams },
  responses: {
    200: json('How many dates were cancelled', seriesCancelResultSchema),
    ...refused({
      400: ['invalid_id'],
      401: ['login_required'],
      403: ['not_series_organiser'],
      404: ['series_not_found'],
    }),
  },
});
mount(rideSeriesRoutes, endSeries, async (c) => {
  requireCaller(c);
  const seriesId = readId(c, 'id', 'series');
  const row = await c
    .get('db')
    .one<{ cancelled: number }>('select app.end_ride_series($1::integer) as cancelled', [seriesId]);
  const answer: SeriesCancelResult = { cancelled: row!.cancelled };
  return c.json(answer, 200);
});

// The organiser moves the last day; the answer is the series as it now is (GET's). New dates are
// rides: a series with none to come counts as a new one against the ride limits.
const setSeriesUntil = createRoute({
  method: 'patch',
  path: '/series/{id}',
  tags,
  summary: 'The organiser moves the last day (later adds dates, earlier cancels them)',
  request: { params: seriesIdParams, body: jsonBody(seriesUntilSchema) },
  responses: {
    200: json('The series as it now is', rideSeriesSchema),
    ...refused({
      400: ['invalid_id', ...BODY_REFUSED, 'series_until_before_start', 'series_extend_too_far'],
      401: ['login_required'],
      403: ['not_series_organiser', 'member_suspended'],
      404: ['series_not_found'],
      409: ['series_ended'],
      429: ['too_many_ride_edits', 'too_many_upcoming_rides', 'too_many_rides_today'],
    }),
  },
});
mount(rideSeriesRoutes, setSeriesUntil, async (c) => {
  const caller = requireCaller(c);
  const seriesId = readId(c, 'id', 'series');
  const input = await readBody(c, seriesUntilSchema);
  await c.get('db').query('select app.set_ride_series_until($1::integer, $2::date)', [seriesId, input.until]);
  return c.json(await seriesFor(c, seriesId, caller.userId), 200);
});
