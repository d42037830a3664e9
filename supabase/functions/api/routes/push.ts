import { createRoute } from '@hono/zod-openapi';

import {
  pushEndpointSchema,
  type PushKey,
  pushKeySchema,
  type PushSubscriptionState,
  pushSubscriptionStateSchema,
  savePushSubscriptionSchema,
} from '../../_shared/schemas/push.ts';
import type { NotificationKind } from '../../_shared/types/notification.ts';
import { contractRoutes, json, jsonBody, mount, refused } from '../lib/contract.ts';
import { requireCaller } from '../lib/env.ts';
import { invalidInput } from '../lib/http-error.ts';
import { pushEndpointRefusal } from '../lib/push/endpoint.ts';
import { vapidKeys } from '../lib/push/keys.ts';
import { pushSettings } from '../lib/push/settings.ts';
import { readBody } from '../lib/validate.ts';

export const pushRoutes = contractRoutes();

const tags = ['Web Push'];

// The endpoint goes to the database as the browser gave it: one it cannot hold as text (a NUL)
// is refused there (invalid_value).

// The server's VAPID public key, for pushManager.subscribe's applicationServerKey.
const getKey = createRoute({
  method: 'get',
  path: '/push/key',
  tags,
  summary: "The server's VAPID public key, to subscribe a device with",
  responses: { 200: json('The public key (base64url)', pushKeySchema) },
});
mount(pushRoutes, getKey, async (c) => {
  const db = c.get('db');
  const { publicKey } = await vapidKeys(pushSettings(), { query: (text, params) => db.asOwner(text, params) });
  return c.json({ publicKey } satisfies PushKey, 200);
});

// Turn push on for this device, or change its kinds: an upsert by endpoint.
const subscribe = createRoute({
  method: 'post',
  path: '/push/subscriptions',
  tags,
  summary: 'Turn Web Push on for this device, or change the kinds it gets',
  request: { body: jsonBody(savePushSubscriptionSchema) },
  responses: {
    201: json("This device's subscription as saved", pushSubscriptionStateSchema),
    ...refused({ 400: ['invalid_json', 'body_not_object', 'invalid_input', 'invalid_value'], 401: ['login_required'] }),
  },
});
mount(pushRoutes, subscribe, async (c) => {
  requireCaller(c);
  const input = await readBody(c, savePushSubscriptionSchema);
  const refusal = pushEndpointRefusal(input.endpoint, pushSettings());
  if (refusal) throw invalidInput(refusal, ['endpoint']);
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
const unsubscribe = createRoute({
  method: 'delete',
  path: '/push/subscriptions',
  tags,
  summary: 'Turn Web Push off for this device',
  request: { body: jsonBody(pushEndpointSchema) },
  responses: {
    200: json('Not subscribed (also when it was not)', pushSubscriptionStateSchema),
    ...refused({ 400: ['invalid_json', 'body_not_object', 'invalid_input', 'invalid_value'], 401: ['login_required'] }),
  },
});
mount(pushRoutes, unsubscribe, async (c) => {
  requireCaller(c);
  const { endpoint } = await readBody(c, pushEndpointSchema);
  await c.get('db').query('delete from public.push_subscriptions where endpoint = $1', [endpoint]);
  return c.json({ subscribed: false, kinds: [] } satisfies PushSubscriptionState, 200);
});

// What this device is subscribed to (the profile's checkboxes), by its endpoint.
const getCurrent = createRoute({
  method: 'get',
  path: '/push/subscriptions/current',
  tags,
  summary: 'What this device (by its endpoint) is subscribed to',
  request: { query: pushEndpointSchema },
  responses: {
    200: json("The device's kinds; none when it is not subscribed", pushSubscriptionStateSchema),
    ...refused({ 400: ['invalid_input', 'invalid_value'], 401: ['login_required'] }),
  },
});
mount(pushRoutes, getCurrent, async (c) => {
  requireCaller(c);
  const parsed = pushEndpointSchema.safeParse({ endpoint: c.req.query('endpoint') });
  if (!parsed.success) throw invalidInput(parsed.error.issues[0]!.message, parsed.error.issues[0]!.path);
  const row = await c
    .get('db')
    .one<{ kinds: NotificationKind[] }>('select kinds from public.push_subscriptions where endpoint = $1', [
      parsed.data.endpoint,
    ]);
  return c.json({ subscribed: row !== undefined, kinds: row?.kinds ?? [] } satisfies PushSubscriptionState, 200);
});
