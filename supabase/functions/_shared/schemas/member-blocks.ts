import { z } from 'zod';

import { validationMessage } from '../validation.ts';

// Blocks and the reliability record (issue 26 §1; migrations 20261201002971_member_blocks.sql and
// 20261201002972_reliability_record.sql). Who may block, mark and see what is the database's;
// these are the shapes.

// One entry of GET /api/blocks, the caller's blocked members, newest first.
export const blockedMemberSchema = z.object({
  userId: z.number(),
  // The name others see, or "Member #<id>": never the username, which is a contact.
  name: z.string(),
  blockedAt: z.string(),
});
export type BlockedMember = z.infer<typeof blockedMemberSchema>;
export const blockedMembersSchema = z.array(blockedMemberSchema);

// GET /api/users/{id}/record: the one thing public about how a member travels.
export const memberRecordSchema = z.object({
  // Rides that have left with the member on board, organising or as a passenger.
  trips: z.number(),
  noShows: z.number(),
});
export type MemberRecord = z.infer<typeof memberRecordSchema>;

// The body of POST /api/rides/{id}/passengers/{passengerId}/no-show.
export const noShowSchema = z.object({
  noShow: z.boolean({ error: validationMessage('not_boolean', { label: 'noShow' }) }),
});
export type NoShowInput = z.infer<typeof noShowSchema>;
