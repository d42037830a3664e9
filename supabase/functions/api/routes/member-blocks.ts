import { createRoute } from '@hono/zod-openapi';

import { refusal } from '../../_shared/refusals.ts';
import { idParams, memberIdParams, ridePassengerIdParams } from '../../_shared/schemas/fields.ts';
import {
  type BlockedMember,
  blockedMembersSchema,
  type MemberRecord,
  memberRecordSchema,
  noShowSchema,
} from '../../_shared/schemas/member-blocks.ts';
import { blockStateSchema, noShowStateSchema } from '../../_shared/schemas/member-blocks-response.ts';
import { contractRoutes, json, jsonBody, mount, refused } from '../lib/contract.ts';
import { requireCaller } from '../lib/env.ts';
import { HttpError } from '../lib/http-error.ts';
import { readBody, readId } from '../lib/validate.ts';

// Blocks and the reliability record (issue 26 §1): what a block refuses and hides, who may mark
// a no-show and when, are the database's (migrations 20261201002971_member_blocks.sql and
// 20261201002972_reliability_record.sql); these routes validate and call its functions.
export const memberBlockRoutes = contractRoutes();

const tags = ['Members'];

const getBlocks = createRoute({
  method: 'get',
  path: '/blocks',
  tags,
  summary: 'The members the signed-in member has blocked, newest first',
  responses: {
    200: json('The blocked members, by the name others see', blockedMembersSchema),
    ...refused({ 401: ['login_required'] }),
  },
});
mount(memberBlockRoutes, getBlocks, async (c) => {
  requireCaller(c);
  const row = await c.get('db').one<{ blocks: BlockedMember[] }>('select app.blocked_members_json() as blocks');
  return c.json(row!.blocks, 200);
});

const block = createRoute({
  method: 'post',
  path: '/blocks/{userId}',
  tags,
  summary: 'Block a member: neither sees nor joins what the other posts',
  request: { params: memberIdParams },
  responses: {
    200: json('Blocked', blockStateSchema),
    ...refused({
      400: ['invalid_id', 'block_self'],
      401: ['login_required'],
      404: ['user_not_found'],
      409: ['blocks_limit'],
    }),
  },
});
mount(memberBlockRoutes, block, async (c) => {
  requireCaller(c);
  const userId = readId(c, 'userId', 'user');
  await c.get('db').query('select app.block_member($1::integer)', [userId]);
  return c.json({ userId, blocked: true }, 200);
});

const unblock = createRoute({
  method: 'delete',
  path: '/blocks/{userId}',
  tags,
  summary: 'Unblock a member (also when they were not blocked)',
  request: { params: memberIdParams },
  responses: {
    200: json('Not blocked', blockStateSchema),
    ...refused({ 400: ['invalid_id'], 401: ['login_required'] }),
  },
});
mount(memberBlockRoutes, unblock, async (c) => {
  requireCaller(c);
  const userId = readId(c, 'userId', 'user');
  await c.get('db').query('select app.unblock_member($1::integer)', [userId]);
  return c.json({ userId, blocked: false }, 200);
});

const getRecord = createRoute({
  method: 'get',
  path: '/users/{id}/record',
  tags,
  summary: "A member's reliability record: trips made and no-shows",
  request: { params: idParams },
  responses: {
    200: json('The record', memberRecordSchema),
    ...refused({ 400: ['invalid_id'], 401: ['login_required'], 404: ['user_not_found'] }),
  },
});
mount(memberBlockRoutes, getRecord, async (c) => {
  requireCaller(c);
  const userId = readId(c, 'id', 'user');
  const row = await c
    .get('db')
    .one<{ record: MemberRecord | null }>('select app.member_record_json($1::integer) as record', [userId]);
  if (!row?.record) throw new HttpError(404, refusal('user_not_found'));
  return c.json(row.record, 200);
});

const markNoShow = createRoute({
  method: 'post',
  path: '/rides/{id}/passengers/{passengerId}/no-show',
  tags,
  summary: 'The organiser marks a passenger absent from a ride that left, or takes it back',
  request: { params: ridePassengerIdParams, body: jsonBody(noShowSchema) },
  responses: {
    200: json('The entry as it is marked now', noShowStateSchema),
    ...refused({
      400: ['invalid_id', 'invalid_json', 'body_not_object', 'invalid_input'],
      401: ['login_required'],
      403: ['no_show_organizer_only'],
      404: ['ride_not_found', 'passenger_not_found'],
      409: ['no_show_too_early', 'no_show_window_over'],
      410: ['ride_removed'],
    }),
  },
});
mount(memberBlockRoutes, markNoShow, async (c) => {
  requireCaller(c);
  const rideId = readId(c, 'id', 'ride');
  const passengerId = readId(c, 'passengerId', 'passenger');
  const input = await readBody(c, noShowSchema);
  await c
    .get('db')
    .query('select app.mark_no_show($1::integer, $2::integer, $3::boolean)', [rideId, passengerId, input.noShow]);
  return c.json({ passengerId, noShow: input.noShow }, 200);
});
