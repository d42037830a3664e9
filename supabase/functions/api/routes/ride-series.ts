import { Hono } from 'hono';

import { refusal } from '../../_shared/refusals.ts';
import { seriesJoinSchema, seriesLeaveSchema, seriesUntilSchema } from '../../_shared/schemas/ride-series.ts';
import type { SeriesCancelResult, SeriesJoinResult, SeriesLeaveResult } from '../../_shared/types/ride-series.ts';
import { type AppEnv, requireCaller } from '../lib/env.ts';
import { HttpError } from '../lib/http-error.ts';
import { readBody, readId } from '../lib/validate.ts';
import { readRideSeries } from '../queries/ride-series.ts';

// Weekly series (issue 27; docs/decisions/0029-weekly-series.md). Each date is a ride with its
// own calls; these act on the series whole. The rules are the SQL functions' (58_ride_series.sql).
export const rideSeriesRoutes = new Hono<AppEnv>();

rideSeriesRoutes.get('/series/:id', async (c) => {
  const seriesId = readId(c, 'id', 'series');
  const series = await readRideSeries(c.get('db'), seriesId, c.get('caller')?.userId ?? null);
  if (!series) throw new HttpError(404, refusal('series_not_found'));
  return c.json(series);
});

rideSeriesRoutes.post('/series/:id/join', async (c) => {
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
  return c.json(row!.result);
});

// Leaves fromRideId and every later date; one date alone is the ride's own leave call.
rideSeriesRoutes.post('/series/:id/leave', async (c) => {
  requireCaller(c);
  const seriesId = readId(c, 'id', 'series');
  const input = await readBody(c, seriesLeaveSchema);
  const row = await c
    .get('db')
    .one<{ result: SeriesLeaveResult }>('select app.leave_ride_series($1::integer, $2::integer) as result', [
      seriesId,
      input.fromRideId,
    ]);
  return c.json(row!.result);
});

// The organiser ends the series: every upcoming date is cancelled.
rideSeriesRoutes.post('/series/:id/end', async (c) => {
  requireCaller(c);
  const seriesId = readId(c, 'id', 'series');
  const row = await c
    .get('db')
    .one<{ cancelled: number }>('select app.end_ride_series($1::integer) as cancelled', [seriesId]);
  const answer: SeriesCancelResult = { cancelled: row!.cancelled };
  return c.json(answer);
});

// The organiser moves the last day; the answer is the series as it now is (GET's).
rideSeriesRoutes.patch('/series/:id', async (c) => {
  const caller = requireCaller(c);
  const seriesId = readId(c, 'id', 'series');
  const input = await readBody(c, seriesUntilSchema);
  const db = c.get('db');
  await db.query('select app.set_ride_series_until($1::integer, $2::date)', [seriesId, input.until]);
  return c.json(await readRideSeries(db, seriesId, caller.userId));
});
