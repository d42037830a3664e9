import { Hono } from 'hono';

import {
  pushEndpointSchema,
  type PushKey,
  type PushSubscriptionState,
  savePushSubscriptionSchema,
} from '../../_shared/schemas/push.ts';
import type { NotificationKind } from '../../_shared/types/notification.ts';
import { type AppEnv, requireCaller } from '../lib/env.ts';
import { invalidInput } from '../lib/http-error.ts';
import { pushEndpointRefusal } from '../lib/push/endpoint.ts';
import { vapidKeys } from '../lib/push/keys.ts';
import { pushSettings } from '../lib/push/settings.ts';
import { readBody } from '../lib/validate.ts';

export const pushRoutes = new Hono<AppEnv>();

// The server's VAPID public key, for pushManager.subscribe's applicationServerKey.
pushRoutes.get('/push/key', async (c) => {
  const db = c.get('db');
  const { publicKey } = await vapidKeys(pushSettings(), { query: (text, params) => db.asOwner(text, params) });
  return c.json({ publicKey } satisfies PushKey);
});

// Turn push on for this device, or change its kinds: an upsert by endpoint.
pushRoutes.post('/push/subscriptions', async (c) => {
  requireCaller(c);
  const input = await readBody(c, savePushSubscriptionSchema);
  const refusal = pushEndpointRefusal(input.endpoint, pushSettings());
  if (refusal) throw invalidInput(refusal);
  await c
    .get('db')
    .query('select app.save_push_subscription($1, $2, $3, $4::text[])', [
      input.endpoint,
      input.keys.p256dh,
      input.keys.auth,
      input.kinds,
    ]);
  return c.json({ subscribed: true, kinds: input.kinds } satisfies PushSubscriptionState, 201);
});

// Turn push off for this device. Row-level security: only the member's own subscription goes.
pushRoutes.delete('/push/subscriptions', async (c) => {
  requireCaller(c);
  const { endpoint } = await readBody(c, pushEndpointSchema);
  await c.get('db').query('delete from public.push_subscriptions where endpoint = $1', [endpoint]);
  return c.json({ subscribed: false, kinds: [] } satisfies PushSubscriptionState);
});

// What this device is subscribed to (the profile's checkboxes), by its endpoint.
pushRoutes.get('/push/subscriptions/current', async (c) => {
  requireCaller(c);
  const parsed = pushEndpointSchema.safeParse({ endpoint: c.req.query('endpoint') });
  if (!parsed.success) throw invalidInput(parsed.error.issues[0]!.message);
  const row = await c
    .get('db')
    .one<{ kinds: NotificationKind[] }>('select kinds from public.push_subscriptions where endpoint = $1', [
      parsed.data.endpoint,
    ]);
  return c.json({ subscribed: row !== undefined, kinds: row?.kinds ?? [] } satisfies PushSubscriptionState);
});
