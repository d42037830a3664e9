import { Hono } from 'hono';

import { refusal } from '../../_shared/refusals.ts';
import { type BlockedMember, type MemberRecord, noShowSchema } from '../../_shared/schemas/member-blocks.ts';
import { type AppEnv, requireCaller } from '../lib/env.ts';
import { HttpError } from '../lib/http-error.ts';
import { readBody, readId } from '../lib/validate.ts';

// Blocks and the reliability record (issue 26 §1): what a block refuses and hides, who may mark
// a no-show and when, are the database's (migrations 20261201002971_member_blocks.sql and
// 20261201002972_reliability_record.sql); these routes validate and call its functions.
export const memberBlockRoutes = new Hono<AppEnv>();

memberBlockRoutes.get('/blocks', async (c) => {
  requireCaller(c);
  const row = await c.get('db').one<{ blocks: BlockedMember[] }>('select app.blocked_members_json() as blocks');
  return c.json(row!.blocks);
});

memberBlockRoutes.post('/blocks/:userId', async (c) => {
  requireCaller(c);
  const userId = readId(c, 'userId', 'user');
  await c.get('db').query('select app.block_member($1::integer)', [userId]);
  return c.json({ userId, blocked: true });
});

memberBlockRoutes.delete('/blocks/:userId', async (c) => {
  requireCaller(c);
  const userId = readId(c, 'userId', 'user');
  await c.get('db').query('select app.unblock_member($1::integer)', [userId]);
  return c.json({ userId, blocked: false });
});

memberBlockRoutes.get('/users/:id/record', async (c) => {
  requireCaller(c);
  const userId = readId(c, 'id', 'user');
  const row = await c
    .get('db')
    .one<{ record: MemberRecord | null }>('select app.member_record_json($1::integer) as record', [userId]);
  if (!row?.record) throw new HttpError(404, refusal('user_not_found'));
  return c.json(row.record);
});

memberBlockRoutes.post('/rides/:id/passengers/:passengerId/no-show', async (c) => {
  requireCaller(c);
  const rideId = readId(c, 'id', 'ride');
  const passengerId = readId(c, 'passengerId', 'passenger');
  const input = await readBody(c, noShowSchema);
  await c
    .get('db')
    .query('select app.mark_no_show($1::integer, $2::integer, $3::boolean)', [rideId, passengerId, input.noShow]);
  return c.json({ passengerId, noShow: input.noShow });
});
