import { z } from 'zod';

// POST /api/rides/{id}/payment/claim: "I've paid" (claimed true, the default) or taking it back.
export const claimPaymentSchema = z.object({
  claimed: z.boolean({ error: 'claimed must be true or false' }).default(true),
});

// POST /api/rides/{id}/passengers/{passengerId}/payment: the organiser's "Mark paid" / "Mark unpaid".
export const confirmPaymentSchema = z.object({
  paid: z.boolean({ error: 'paid must be true or false' }),
});

export type ClaimPaymentInput = z.infer<typeof claimPaymentSchema>;
export type ConfirmPaymentInput = z.infer<typeof confirmPaymentSchema>;
