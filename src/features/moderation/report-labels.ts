import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ModerationLogEntry, ReportReason, ReportTargetKind } from '@shared/schemas/moderation.ts';

export const REASON_LABELS: Record<ReportReason, MessageDescriptor> = {
  spam: msg`Spam or advertising`,
  harassment: msg`Harassment or abuse`,
  no_show: msg`No-show or unreliable`,
  unsafe: msg`Unsafe driving or behaviour`,
  scam: msg`Scam or fraud`,
  other: msg`Something else`,
};

export const TARGET_LABELS: Record<ReportTargetKind, MessageDescriptor> = {
  ride: msg`Ride`,
  ride_request: msg`Ride request`,
  ride_message: msg`Chat message`,
  member: msg`Member`,
};

export const ACTION_LABELS: Record<ModerationLogEntry['action'], MessageDescriptor> = {
  dismiss: msg`Dismissed`,
  hide: msg`Hidden`,
  suspend: msg`Suspended`,
  lift_suspension: msg`Suspension lifted`,
};
