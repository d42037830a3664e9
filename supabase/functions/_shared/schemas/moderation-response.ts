import { z } from 'zod';

import { DIRECTIONS } from '../limits.ts';
import { REPORT_REASONS, REPORT_TARGET_KINDS } from './moderation.ts';

// Moderation's answers (issue 26 §1; api/routes/moderation.ts, migration
// 20261201002641_moderation.sql builds them): a report filed, and the admin's queue.

const id = z.number().int();
const count = z.number().int().nonnegative();
const targetKindSchema = z.enum(REPORT_TARGET_KINDS);
const reasonSchema = z.enum(REPORT_REASONS);

// POST /api/reports: the report as filed.
export const filedReportSchema = z.object({
  id,
  targetKind: targetKindSchema,
  targetId: id,
  reason: reasonSchema,
  status: z.literal('open'),
});

// A member as the queue shows them (private.moderation_member_json).
export const moderationMemberSchema = z
  .object({
    id,
    name: z.string(),
    // Null once the member deleted their account.
    discordUsername: z.string().nullable(),
    ridesOrganised: count,
    ridesJoined: count,
    reportsAgainst: count,
    // An ISO time, 'forever', or null when not suspended.
    suspendedUntil: z.string().nullable(),
  })
  .meta({ id: 'ModerationMember' });

// A report's target in context (private.report_target_json): the fields of its kind (a ride, a
// ride request, a message with its ride's direction and date, or a member: only the owner), and
// always the member it belongs to (null when the target is gone).
export const reportTargetSchema = z
  .object({
    id: id.optional(),
    direction: z.enum(DIRECTIONS).optional(),
    date: z.string().optional(),
    pickupLocation: z.string().optional(),
    currentPassengers: count.optional(),
    maxPassengers: count.optional(),
    area: z.string().optional(),
    note: z.string().nullable().optional(),
    passengerCount: count.optional(),
    body: z.string().optional(),
    rideId: id.optional(),
    createdAt: z.string().optional(),
    hidden: z.boolean().optional(),
    owner: z.union([moderationMemberSchema, z.null()]),
  })
  .meta({ id: 'ReportTarget' });

export const openReportSchema = z
  .object({
    id,
    targetKind: targetKindSchema,
    targetId: id,
    reason: reasonSchema,
    note: z.string().nullable(),
    createdAt: z.string(),
    reporterName: z.string(),
    // Null when the target is gone.
    target: z.union([reportTargetSchema, z.null()]),
  })
  .meta({ id: 'OpenReport' });

export const suspensionSchema = z.object({
  member: moderationMemberSchema,
  reason: z.string(),
  createdAt: z.string(),
});

export const moderationLogEntrySchema = z.object({
  id,
  // Null once the admin's account is gone.
  adminName: z.string().nullable(),
  action: z.enum(['dismiss', 'hide', 'suspend', 'lift_suspension']),
  targetKind: targetKindSchema,
  targetId: id,
  reason: z.string(),
  createdAt: z.string(),
});

// GET /api/admin/moderation: the 200 oldest open reports, the members suspended now, the newest
// 50 actions of the log.
export const moderationQueueSchema = z
  .object({
    reports: z.array(openReportSchema),
    suspensions: z.array(suspensionSchema),
    log: z.array(moderationLogEntrySchema),
  })
  .meta({ id: 'ModerationQueue' });
