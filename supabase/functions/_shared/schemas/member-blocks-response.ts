import { z } from 'zod';

// Blocks and the reliability record (issue 26 §1; api/routes/member-blocks.ts): what the changes
// answer. The lists' shapes are in member-blocks.ts beside the no-show body.

// POST and DELETE /api/blocks/{userId}: whether the member is blocked now.
export const blockStateSchema = z.object({ userId: z.number().int(), blocked: z.boolean() });
export type BlockState = z.infer<typeof blockStateSchema>;

// POST /api/rides/{id}/passengers/{passengerId}/no-show: the entry as it is marked now.
export const noShowStateSchema = z.object({ passengerId: z.number().int(), noShow: z.boolean() });
export type NoShowState = z.infer<typeof noShowStateSchema>;
