import { z } from 'zod';
import { NOTIFICATION_KINDS } from '../types/notification.ts';

// base64url as browsers give it (PushSubscription.toJSON()); padding tolerated.
const base64url = (label: string, min: number, max: number) =>
  z
    .string({ error: `${label} is required` })
    .regex(new RegExp(`^[A-Za-z0-9_-]{${min},${max}}={0,2}$`), `${label} must be base64url`);

const endpoint = z
  .string({ error: 'Push endpoint is required' })
  .min(1, 'Push endpoint is required')
  .max(2000, 'Push endpoint is too long');

export const pushKindsSchema = z
  .array(z.enum(NOTIFICATION_KINDS, { error: 'Unknown notification kind' }))
  .max(NOTIFICATION_KINDS.length, 'Too many notification kinds')
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
    { error: 'Subscription keys are required' },
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
