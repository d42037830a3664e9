import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';

import { refusal } from '../../_shared/refusals.ts';
import { idParams, memberIdParams } from '../../_shared/schemas/fields.ts';
import { messageAnswerSchema } from '../../_shared/schemas/message-response.ts';
import {
  type FiledReport,
  moderationActionSchema,
  type ModerationQueue,
  reportSchema,
  suspendSchema,
  type SuspensionPreview,
  suspensionPreviewSchema,
} from '../../_shared/schemas/moderation.ts';
import { filedReportSchema, moderationQueueSchema } from '../../_shared/schemas/moderation-response.ts';
import { contractRoutes, json, jsonBody, mount, refused } from '../lib/contract.ts';
import { type AppEnv, requireCaller } from '../lib/env.ts';
import { HttpError } from '../lib/http-error.ts';
import { readBody, readId } from '../lib/validate.ts';

// Moderation (issue 26 §1): who may report what, one open report per target, the throttle and
// every effect of the admin's actions (hiding, suspending, the log) are the database's
// (migration 20261201002641_moderation.sql); these routes validate and call its functions.
export const moderationRoutes = contractRoutes();

const tags = ['Moderation'];

// The app.* functions check for the admin themselves; this answers first, as the other admin
// routes do, so a member gets the same 403 wherever they knock.
function requireAdmin(c: Context<AppEnv>): void {
  if (!requireCaller(c).isAdmin) throw new HttpError(403, refusal('admin_only'));
}

const fileReport = createRoute({
  method: 'post',
  path: '/reports',
  tags,
  summary: 'Report a ride, a ride request, a chat message or a member to the admin',
  request: { body: jsonBody(reportSchema) },
  responses: {
    201: json('The report, open', filedReportSchema),
    ...refused({
      // invalid_value: a ride's or request's id past what the database keeps (a 32-bit integer).
      400: ['invalid_json', 'body_not_object', 'invalid_input', 'invalid_value', 'cannot_report_own'],
      401: ['login_required'],
      404: ['ride_not_found', 'ride_request_not_found', 'ride_message_not_found', 'user_not_found'],
      409: ['already_reported'],
      410: ['ride_removed'],
      429: ['too_many_reports'],
    }),
  },
});
mount(moderationRoutes, fileReport, async (c) => {
  requireCaller(c);
  const input = await readBody(c, reportSchema);
  const row = await c
    .get('db')
    .one<{ report: FiledReport }>('select app.file_report($1::text, $2::bigint, $3::text, $4::text) as report', [
      input.targetKind,
      input.targetId,
      input.reason,
      input.note ?? null,
    ]);
  return c.json(row!.report, 201);
});

const getQueue = createRoute({
  method: 'get',
  path: '/admin/moderation',
  tags,
  summary: "The admin's queue: open reports, members suspended now, the newest actions",
  responses: {
    200: json('The queue', moderationQueueSchema),
    ...refused({ 401: ['login_required'], 403: ['admin_only'] }),
  },
});
mount(moderationRoutes, getQueue, async (c) => {
  requireAdmin(c);
  const row = await c.get('db').one<{ queue: ModerationQueue }>('select app.moderation_queue() as queue');
  return c.json(row!.queue, 200);
});

// What every action on a report may be refused with, beside its own.
const onReport = {
  400: ['invalid_id', 'invalid_json', 'body_not_object', 'invalid_input'],
  401: ['login_required'],
  403: ['admin_only'],
  404: ['report_not_found'],
  409: ['report_closed'],
} as const;

const dismissReport = createRoute({
  method: 'post',
  path: '/admin/reports/{id}/dismiss',
  tags,
  summary: 'Close a report (and the other open reports of its target) without acting',
  request: { params: idParams, body: jsonBody(moderationActionSchema) },
  responses: { 200: json('Dismissed', messageAnswerSchema), ...refused(onReport) },
});
mount(moderationRoutes, dismissReport, async (c) => {
  requireAdmin(c);
  const reportId = readId(c, 'id', 'report');
  const { reason } = await readBody(c, moderationActionSchema);
  await c.get('db').query('select app.dismiss_report($1::bigint, $2::text)', [reportId, reason]);
  return c.json({ message: 'Report dismissed' }, 200);
});

const hideTarget = createRoute({
  method: 'post',
  path: '/admin/reports/{id}/hide',
  tags,
  summary: "Hide a report's ride, ride request or message from everyone",
  request: { params: idParams, body: jsonBody(moderationActionSchema) },
  responses: {
    200: json('Hidden; the reports of that target are closed', messageAnswerSchema),
    ...refused({ ...onReport, 409: [...onReport[409], 'member_not_hideable'] }),
  },
});
mount(moderationRoutes, hideTarget, async (c) => {
  requireAdmin(c);
  const reportId = readId(c, 'id', 'report');
  const { reason } = await readBody(c, moderationActionSchema);
  await c.get('db').query('select app.hide_report_target($1::bigint, $2::text)', [reportId, reason]);
  return c.json({ message: 'Hidden' }, 200);
});

const previewSuspension = createRoute({
  method: 'get',
  path: '/admin/reports/{id}/suspension-preview',
  tags,
  summary: "What suspending a report's member would undo, before the admin confirms",
  request: { params: idParams },
  responses: {
    200: json('The rides, people and requests it would touch', suspensionPreviewSchema),
    ...refused({
      400: ['invalid_id'],
      401: ['login_required'],
      403: ['admin_only'],
      404: ['report_not_found', 'user_not_found'],
      409: ['report_closed', 'admin_not_suspendable'],
    }),
  },
});
mount(moderationRoutes, previewSuspension, async (c) => {
  requireAdmin(c);
  const reportId = readId(c, 'id', 'report');
  const row = await c
    .get('db')
    .one<{ preview: SuspensionPreview }>('select app.suspension_preview($1::bigint) as preview', [reportId]);
  return c.json(row!.preview, 200);
});

const suspendMember = createRoute({
  method: 'post',
  path: '/admin/reports/{id}/suspend',
  tags,
  summary: 'Suspend the member a report is about, for some days or for good',
  request: { params: idParams, body: jsonBody(suspendSchema) },
  responses: {
    200: json('Suspended: their sessions ended, their rides ahead cancelled or left', messageAnswerSchema),
    ...refused({
      ...onReport,
      400: [...onReport[400], 'suspension_days_range'],
      404: ['report_not_found', 'user_not_found'],
      409: ['report_closed', 'admin_not_suspendable'],
    }),
  },
});
mount(moderationRoutes, suspendMember, async (c) => {
  requireAdmin(c);
  const reportId = readId(c, 'id', 'report');
  const { reason, days } = await readBody(c, suspendSchema);
  await c
    .get('db')
    .query('select app.suspend_report_member($1::bigint, $2::integer, $3::text)', [reportId, days, reason]);
  return c.json({ message: 'Member suspended' }, 200);
});

const liftSuspension = createRoute({
  method: 'post',
  path: '/admin/suspensions/{userId}/lift',
  tags,
  summary: "End a member's suspension now",
  request: { params: memberIdParams, body: jsonBody(moderationActionSchema) },
  responses: {
    200: json('Lifted', messageAnswerSchema),
    ...refused({
      400: ['invalid_id', 'invalid_json', 'body_not_object', 'invalid_input'],
      401: ['login_required'],
      403: ['admin_only'],
      404: ['not_suspended'],
    }),
  },
});
mount(moderationRoutes, liftSuspension, async (c) => {
  requireAdmin(c);
  const userId = readId(c, 'userId', 'user');
  const { reason } = await readBody(c, moderationActionSchema);
  await c.get('db').query('select app.lift_suspension($1::integer, $2::text)', [userId, reason]);
  return c.json({ message: 'Suspension lifted' }, 200);
});
