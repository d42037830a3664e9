import { type Context, Hono } from 'hono';

import { refusal } from '../../_shared/refusals.ts';
import {
  type FiledReport,
  moderationActionSchema,
  type ModerationQueue,
  reportSchema,
  suspendSchema,
  type SuspensionPreview,
} from '../../_shared/schemas/moderation.ts';
import { type AppEnv, requireCaller } from '../lib/env.ts';
import { HttpError } from '../lib/http-error.ts';
import { readBody, readId } from '../lib/validate.ts';

// Moderation (issue 26 §1): who may report what, one open report per target, the throttle and
// every effect of the admin's actions (hiding, suspending, the log) are the database's
// (migration 20261201002641_moderation.sql); these routes validate and call its functions.
export const moderationRoutes = new Hono<AppEnv>();

// The app.* functions check for the admin themselves; this answers first, as the other admin
// routes do, so a member gets the same 403 wherever they knock.
function requireAdmin(c: Context<AppEnv>): void {
  if (!requireCaller(c).isAdmin) throw new HttpError(403, refusal('admin_only'));
}

moderationRoutes.post('/reports', async (c) => {
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

moderationRoutes.get('/admin/moderation', async (c) => {
  requireAdmin(c);
  const row = await c.get('db').one<{ queue: ModerationQueue }>('select app.moderation_queue() as queue');
  return c.json(row!.queue);
});

moderationRoutes.post('/admin/reports/:id/dismiss', async (c) => {
  requireAdmin(c);
  const reportId = readId(c, 'id', 'report');
  const { reason } = await readBody(c, moderationActionSchema);
  await c.get('db').query('select app.dismiss_report($1::bigint, $2::text)', [reportId, reason]);
  return c.json({ message: 'Report dismissed' });
});

moderationRoutes.post('/admin/reports/:id/hide', async (c) => {
  requireAdmin(c);
  const reportId = readId(c, 'id', 'report');
  const { reason } = await readBody(c, moderationActionSchema);
  await c.get('db').query('select app.hide_report_target($1::bigint, $2::text)', [reportId, reason]);
  return c.json({ message: 'Hidden' });
});

moderationRoutes.get('/admin/reports/:id/suspension-preview', async (c) => {
  requireAdmin(c);
  const reportId = readId(c, 'id', 'report');
  const row = await c
    .get('db')
    .one<{ preview: SuspensionPreview }>('select app.suspension_preview($1::bigint) as preview', [reportId]);
  return c.json(row!.preview);
});

moderationRoutes.post('/admin/reports/:id/suspend', async (c) => {
  requireAdmin(c);
  const reportId = readId(c, 'id', 'report');
  const { reason, days } = await readBody(c, suspendSchema);
  await c
    .get('db')
    .query('select app.suspend_report_member($1::bigint, $2::integer, $3::text)', [reportId, days, reason]);
  return c.json({ message: 'Member suspended' });
});

moderationRoutes.post('/admin/suspensions/:userId/lift', async (c) => {
  requireAdmin(c);
  const userId = readId(c, 'userId', 'user');
  const { reason } = await readBody(c, moderationActionSchema);
  await c.get('db').query('select app.lift_suspension($1::integer, $2::text)', [userId, reason]);
  return c.json({ message: 'Suspension lifted' });
});
