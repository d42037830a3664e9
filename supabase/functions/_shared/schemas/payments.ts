import { z } from 'zod';

import { validationMessage } from '../validation.ts';

// POST /api/rides/{id}/payment/claim: "I've paid" (claimed true, the default) or taking it back.
export const claimPaymentSchema = z.object({
  claimed: z.boolean({ error: validationMessage('not_boolean', { label: 'claimed' }) }).default(true),
});

// POST /api/rides/{id}/passengers/{passengerId}/payment: the organiser's "Mark paid" / "Mark unpaid".
export const confirmPaymentSchema = z.object({
  paid: z.boolean({ error: validationMessage('not_boolean', { label: 'paid' }) }),
});

export type ClaimPaymentInput = z.infer<typeof claimPaymentSchema>;
export type ConfirmPaymentInput = z.infer<typeof confirmPaymentSchema>;
