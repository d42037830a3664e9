import { createRoute } from '@hono/zod-openapi';

import { rideIdParams } from '../../_shared/schemas/fields.ts';
import { type StillComing, stillComingAnswerSchema, stillComingSchema } from '../../_shared/schemas/still-coming.ts';
import { contractRoutes, json, jsonBody, mount, refused } from '../lib/contract.ts';
import type { RequestDb } from '../lib/database.ts';
import { requireCaller } from '../lib/env.ts';
import { readBody, readId } from '../lib/validate.ts';

// The day before (issue 40 §5): who is asked, when, and who may answer or remind is the
// database's (supabase/schemas/68_day_before.sql); these routes validate and call its functions,
// and every answer is the question as it is now, so the PWA sets it instead of asking again.
export const stillComingRoutes = contractRoutes();

const tags = ['Still coming'];

async function stillComing(db: RequestDb, sql: string, values: unknown[]): Promise<StillComing> {
  const row = await db.one<{ question: StillComing }>(sql, values);
  return row!.question;
}

const getStillComing = createRoute({
  method: 'get',
  path: '/rides/{id}/still-coming',
  tags,
  summary: "The day-before question: the caller's own, and for the organiser every passenger's answer",
  request: { params: rideIdParams },
  responses: {
    200: json('The question as it is now', stillComingSchema),
    ...refused({ 400: ['invalid_id'], 401: ['login_required'], 404: ['ride_not_found'], 410: ['ride_removed'] }),
  },
});
mount(stillComingRoutes, getStillComing, async (c) => {
  requireCaller(c);
  const rideId = readId(c, 'id', 'ride');
  const sql = 'select app.still_coming_json($1::integer) as question';
  return c.json(await stillComing(c.get('db'), sql, [rideId]), 200);
});

const answerStillComing = createRoute({
  method: 'post',
  path: '/rides/{id}/still-coming',
  tags,
  summary: 'A passenger answers: yes confirms, no leaves the ride (the waitlist fills the seat)',
  request: { params: rideIdParams, body: jsonBody(stillComingAnswerSchema) },
  responses: {
    200: json('The question with the answer', stillComingSchema),
    ...refused({
      400: ['invalid_id', 'invalid_json', 'body_not_object', 'invalid_input'],
      401: ['login_required'],
      404: ['ride_not_found'],
      409: ['still_coming_not_asked', 'still_coming_closed'],
      410: ['ride_removed'],
    }),
  },
});
mount(stillComingRoutes, answerStillComing, async (c) => {
  requireCaller(c);
  const rideId = readId(c, 'id', 'ride');
  const { answer } = await readBody(c, stillComingAnswerSchema);
  const sql = 'select app.answer_still_coming($1::integer, $2::text) as question';
  return c.json(await stillComing(c.get('db'), sql, [rideId, answer]), 200);
});

const remindStillComing = createRoute({
  method: 'post',
  path: '/rides/{id}/still-coming/remind',
  tags,
  summary: 'The organiser reminds the passengers who have not answered, once per ride',
  request: { params: rideIdParams },
  responses: {
    200: json('The question, the reminder sent', stillComingSchema),
    ...refused({
      400: ['invalid_id'],
      401: ['login_required'],
      403: ['still_coming_organiser_only'],
      404: ['ride_not_found'],
      409: ['still_coming_already_reminded', 'still_coming_closed', 'still_coming_nobody_silent'],
      410: ['ride_removed'],
    }),
  },
});
mount(stillComingRoutes, remindStillComing, async (c) => {
  requireCaller(c);
  const rideId = readId(c, 'id', 'ride');
  const sql = 'select app.remind_still_coming($1::integer) as question';
  return c.json(await stillComing(c.get('db'), sql, [rideId]), 200);
});
