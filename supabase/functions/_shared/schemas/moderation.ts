import { z } from 'zod';

import { validationMessage } from '../validation.ts';
import { optionalText, requiredText } from './fields.ts';
import type {
  filedReportSchema,
  moderationLogEntrySchema,
  moderationMemberSchema,
  moderationQueueSchema,
  openReportSchema,
  reportTargetSchema,
  suspensionSchema,
} from './moderation-response.ts';

// Moderation (issue 26 §1; migration 20261201002641_moderation.sql). One open report per
// reporter and target, the throttle, who may report what and every effect of the admin's
// actions are the database's; these are the shapes.

export const REPORT_TARGET_KINDS = ['ride', 'ride_request', 'ride_message', 'member'] as const;
export type ReportTargetKind = (typeof REPORT_TARGET_KINDS)[number];

// The reasons a member picks from, in the order the dialog lists them.
export const REPORT_REASONS = ['spam', 'harassment', 'no_show', 'unsafe', 'scam', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_NOTE_MAX_LENGTH = 500;
export const MODERATION_REASON_MAX_LENGTH = 500;
export const SUSPENSION_MAX_DAYS = 3650;

function oneOf(label: string, choices: readonly string[]): string {
  return validationMessage('one_of', { label, choices: choices.join(', ') });
}

// The body of POST /api/reports.
export const reportSchema = z.object({
  targetKind: z.enum(REPORT_TARGET_KINDS, { error: oneOf('targetKind', REPORT_TARGET_KINDS) }),
  targetId: z
    .number({ error: validationMessage('not_a_number', { label: 'targetId' }) })
    .int(validationMessage('not_whole', { label: 'targetId' }))
    .min(1, validationMessage('too_small', { label: 'targetId', min: 1 }))
    .max(Number.MAX_SAFE_INTEGER, validationMessage('too_big', { label: 'targetId', max: Number.MAX_SAFE_INTEGER })),
  reason: z.enum(REPORT_REASONS, { error: oneOf('Reason', REPORT_REASONS) }),
  note: optionalText('Note', REPORT_NOTE_MAX_LENGTH),
});
export type ReportInput = z.infer<typeof reportSchema>;

// POST /api/reports's answer (moderation-response.ts declares it).
export type FiledReport = z.infer<typeof filedReportSchema>;

// The admin's reason for an action, kept in the moderation log.
export const moderationActionSchema = z.object({
  reason: requiredText('Reason', MODERATION_REASON_MAX_LENGTH),
});
export type ModerationActionInput = z.infer<typeof moderationActionSchema>;

// The body of POST /api/admin/reports/{id}/suspend: a number of days, or null for good.
export const suspendSchema = moderationActionSchema.extend({
  days: z
    .number({ error: validationMessage('not_a_number', { label: 'Days' }) })
    .int(validationMessage('not_whole', { label: 'Days' }))
    .min(1, validationMessage('too_small', { label: 'Days', min: 1 }))
    .max(SUSPENSION_MAX_DAYS, validationMessage('too_big', { label: 'Days', max: SUSPENSION_MAX_DAYS }))
    .nullable(),
});
export type SuspendInput = z.infer<typeof suspendSchema>;

// GET /api/admin/reports/{id}/suspension-preview: what suspending the report's member would undo,
// shown before the admin confirms (issue 37 §4). Counts of people are seats (a party of 2 is 2).
const count = z.number().int().min(0);
export const suspensionPreviewSchema = z.object({
  memberId: z.number().int(),
  ridesCancelled: count,
  passengersAffected: count,
  waitingAffected: count,
  ridesLeft: count,
  ridesReleased: count,
  requestsClosed: count,
});
export type SuspensionPreview = z.infer<typeof suspensionPreviewSchema>;

// The admin's queue, as moderation-response.ts declares it (the fields are described there).
export type ModerationMember = z.infer<typeof moderationMemberSchema>;
export type ReportTarget = z.infer<typeof reportTargetSchema>;
export type OpenReport = z.infer<typeof openReportSchema>;
export type Suspension = z.infer<typeof suspensionSchema>;
export type ModerationLogEntry = z.infer<typeof moderationLogEntrySchema>;
// GET /api/admin/moderation.
export type ModerationQueue = z.infer<typeof moderationQueueSchema>;
