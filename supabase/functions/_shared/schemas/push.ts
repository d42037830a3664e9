import { z } from 'zod';

import { NOTIFICATION_KINDS } from '../types/notification.ts';
import { VALIDATION, validationMessage } from '../validation.ts';

// base64url as browsers give it (PushSubscription.toJSON()); padding tolerated.
const base64url = (label: string, min: number, max: number) =>
  z
    .string({ error: validationMessage('required', { label }) })
    .regex(new RegExp(`^[A-Za-z0-9_-]{${min},${max}}={0,2}$`), validationMessage('base64url', { label }));

const endpoint = z
  .string({ error: validationMessage('required', { label: 'Push endpoint' }) })
  .min(1, validationMessage('required', { label: 'Push endpoint' }))
  .max(2000, validationMessage('too_long_plain', { label: 'Push endpoint' }));

export const pushKindsSchema = z
  .array(z.enum(NOTIFICATION_KINDS, { error: VALIDATION.unknown_notification_kind.message }))
  .max(NOTIFICATION_KINDS.length, VALIDATION.too_many_kinds.message)
  .transform((kinds) => [...new Set(kinds)]);

// POST /api/push/subscriptions: this device's subscription and the kinds it wants.
export const savePushSubscriptionSchema = z.object({
  endpoint,
  keys: z.object(
    {
      // An uncompressed P-256 point (65 bytes) and a 16-byte secret.
      p256dh: base64url('Key p256dh', 80, 100),
      auth: base64url('Key auth', 16, 32),
    },
    { error: VALIDATION.subscription_keys.message },
  ),
  kinds: pushKindsSchema,
});
export type SavePushSubscriptionInput = z.infer<typeof savePushSubscriptionSchema>;

// DELETE /api/push/subscriptions and GET /api/push/subscriptions/current?endpoint=
export const pushEndpointSchema = z.object({ endpoint });

export const pushKeySchema = z.object({ publicKey: z.string() });
export type PushKey = z.infer<typeof pushKeySchema>;

export const pushSubscriptionStateSchema = z.object({
  subscribed: z.boolean(),
  kinds: z.array(z.enum(NOTIFICATION_KINDS)),
});
export type PushSubscriptionState = z.infer<typeof pushSubscriptionStateSchema>;
