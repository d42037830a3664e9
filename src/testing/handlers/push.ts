// Default answers for the push calls (src/features/push/api): this device subscribed to nothing.
import {
  pushEndpointSchema,
  type PushKey,
  type PushSubscriptionState,
  savePushSubscriptionSchema,
} from '@shared/schemas/push.ts';
import { http, HttpResponse } from 'msw';

import { parsedBody } from './respond';

// A P-256 public key in the url-safe base64 that PushManager.subscribe takes.
const PUSH_KEY: PushKey = {
  publicKey: 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U',
};

export const pushHandlers = [
  http.get('*/api/push/key', () => HttpResponse.json<PushKey>(PUSH_KEY)),
  http.get('*/api/push/subscriptions/current', () =>
    HttpResponse.json<PushSubscriptionState>({ subscribed: false, kinds: [] }),
  ),
  http.post('*/api/push/subscriptions', async ({ request }) => {
    const body = await parsedBody(request, savePushSubscriptionSchema);
    if ('refused' in body) return body.refused;
    return HttpResponse.json<PushSubscriptionState>({ subscribed: true, kinds: body.data.kinds });
  }),
  http.delete('*/api/push/subscriptions', async ({ request }) => {
    const body = await parsedBody(request, pushEndpointSchema);
    if ('refused' in body) return body.refused;
    return HttpResponse.json<PushSubscriptionState>({ subscribed: false, kinds: [] });
  }),
];
