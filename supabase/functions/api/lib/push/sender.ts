import type { MiddlewareHandler } from 'hono';
import webpush from 'web-push';

import { notificationActions, notificationText } from '../../../_shared/notification-push-text.ts';
import { notificationPath } from '../../../_shared/notification-text.ts';
import type { NotificationKind } from '../../../_shared/types/notification.ts';
import type { Database } from '../database.ts';
import type { AppEnv } from '../env.ts';
import { pushEndpointRefusal } from './endpoint.ts';
import { vapidKeys } from './keys.ts';
import { pushSettings } from './settings.ts';

// Rows taken from the outbox per transaction, and sends in flight at once per batch.
const BATCH_SIZE = 50;
// A push service that does not answer within this long is given up on: the inbox has the event.
const SEND_TIMEOUT_MS = 10_000;
// How long the push service keeps a push for a phone that is off: a day-old event is stale.
const TTL_SECONDS = 24 * 60 * 60;
// Without VAPID_SUBJECT and without an https origin to name: valid, but push services that
// want a reachable contact (Apple) need VAPID_SUBJECT set.
const FALLBACK_SUBJECT = 'mailto:admin@example.com';

interface ClaimedPush {
  notification_id: string | number;
  ride_id: number | null;
  kind: string;
  params: Record<string, unknown> | null;
  language: string | null;
  subscription_id: string | number;
  endpoint: string;
  p256dh: string;
  auth: string;
}

// Claimed rows leave the outbox in the same statement: a push is tried at most once, and two
// drains (two processes, or two edge instances) never take the same row.
const CLAIM_SQL = `
  with claimed as (
    delete from private.push_outbox
     where id in (select id from private.push_outbox order by id limit $1 for update skip locked)
    returning notification_id, subscription_id
  )
  select n.id as notification_id, n.ride_id, n.kind, n.params, u.language,
         s.id as subscription_id, s.endpoint, s.p256dh, s.auth
    from claimed c
    join public.notifications n on n.id = c.notification_id
    join public.users u on u.id = n.user_id
    join public.push_subscriptions s on s.id = c.subscription_id`;

export interface PushPayload {
  title: string;
  body: string;
  url: string;
  tag: string;
  // Buttons beside the text, the day before's Yes / No (public/sw-push.js); absent for the rest.
  actions?: { action: string; title: string }[];
  // What the Yes button posts to, with the device's session cookie where the host has one.
  answerUrl?: string;
}

function pushPayload(
  push: Pick<ClaimedPush, 'notification_id' | 'ride_id' | 'kind' | 'params'> & Partial<Pick<ClaimedPush, 'language'>>,
): PushPayload {
  // In the member's language (their profile's), as their inbox reads.
  const { title, body } = notificationText(push.kind as NotificationKind, push.params ?? {}, push.language ?? 'en');
  const actions = notificationActions(push.kind as NotificationKind, push.language ?? 'en');
  return {
    title,
    body,
    // A deleted ride has no page left; the inbox still tells what happened.
    url: notificationPath(push.kind as NotificationKind, push.ride_id, push.params ?? {}) ?? '/inbox',
    tag: `notification-${push.notification_id}`,
    ...(actions.length > 0 && push.ride_id !== null
      ? { actions, answerUrl: `/api/rides/${push.ride_id}/still-coming` }
      : {}),
  };
}

function vapidSubject(configured: string | undefined, origin: string | undefined): string {
  if (configured) return configured;
  if (origin) {
    const url = new URL(origin);
    if (url.protocol === 'https:' && url.hostname !== 'localhost') return url.origin;
  }
  return FALLBACK_SUBJECT;
}

// web-push signs (VAPID, ES256) and encrypts (aes128gcm); the request goes out through the
// web-standard fetch rather than its node:https sender, which Deno runs only with --allow-sys
// (it reads the system CA store) and the edge runtime may not offer. Redirects are not
// followed: the endpoint was checked, its redirect target was not.
async function sendPush(push: ClaimedPush, vapidDetails: { subject: string; publicKey: string; privateKey: string }) {
  const details = webpush.generateRequestDetails(
    { endpoint: push.endpoint, keys: { p256dh: push.p256dh, auth: push.auth } },
    JSON.stringify(pushPayload(push)),
    { vapidDetails, TTL: TTL_SECONDS, contentEncoding: 'aes128gcm' },
  );
  const headers = new Headers();
  for (const [name, value] of Object.entries(details.headers)) {
    // fetch sets the length of the body itself.
    if (name.toLowerCase() !== 'content-length') headers.set(name, String(value));
  }
  const response = await fetch(details.endpoint, {
    method: details.method,
    headers,
    body: details.body ? new Uint8Array(details.body) : null,
    redirect: 'manual',
    signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
  });
  await response.body?.cancel();
  return response.status;
}

type LogError = (message: string, error: unknown) => void;

// Sends what the outbox holds until it is empty. Never throws: a failure is logged and dropped
// (the member still has the event in the inbox).
async function drainPushOutbox(database: Database, origin: string | undefined, logError?: LogError): Promise<void> {
  const settings = pushSettings();
  for (;;) {
    // Nearly every change queues nothing: one autocommit read says so without a transaction.
    if (database.readStatement) {
      try {
        const [row] = await database.readStatement<{ queued: boolean }>(
          'select exists (select 1 from private.push_outbox) as queued',
        );
        if (!row?.queued) return;
      } catch (error) {
        logError?.('push: reading the outbox failed', error);
        return;
      }
    }
    let claimed: ClaimedPush[];
    let keys: Awaited<ReturnType<typeof vapidKeys>> | undefined;
    try {
      ({ claimed, keys } = await database.transaction(async (tx) => {
        const rows = await tx.query<ClaimedPush>(CLAIM_SQL, [BATCH_SIZE]);
        return { claimed: rows, keys: rows.length > 0 ? await vapidKeys(settings, tx) : undefined };
      }));
    } catch (error) {
      logError?.('push: reading the outbox failed', error);
      return;
    }
    if (claimed.length === 0 || !keys) return;

    const vapidDetails = { subject: vapidSubject(settings.subject, origin), ...keys };
    // The subscription as it was sent to: one re-saved meanwhile with new keys is kept.
    const gone: { id: string; p256dh: string }[] = [];
    await Promise.all(
      claimed.map(async (push) => {
        // Checked again at send time: a row stored before a rule tightened is not sent either.
        if (pushEndpointRefusal(push.endpoint, settings)) {
          gone.push({ id: String(push.subscription_id), p256dh: push.p256dh });
          return;
        }
        try {
          const status = await sendPush(push, vapidDetails);
          // The push service says this subscription no longer exists (unsubscribed, expired).
          if (status === 404 || status === 410) gone.push({ id: String(push.subscription_id), p256dh: push.p256dh });
          else if (status < 200 || status > 299)
            logError?.('push: sending failed', new Error(`the push service answered ${status}`));
        } catch (error) {
          logError?.('push: sending failed', error);
        }
      }),
    );

    if (gone.length > 0) {
      try {
        await database.transaction((tx) =>
          tx.query(
            `delete from public.push_subscriptions s
              using unnest($1::bigint[], $2::text[]) as g (id, p256dh)
              where s.id = g.id and s.p256dh = g.p256dh`,
            [gone.map((item) => item.id), gone.map((item) => item.p256dh)],
          ),
        );
      } catch (error) {
        logError?.('push: forgetting gone subscriptions failed', error);
      }
    }
    if (claimed.length < BATCH_SIZE) return;
  }
}

interface EdgeRuntimeGlobal {
  EdgeRuntime?: { waitUntil?(promise: Promise<unknown>): void };
}

// One drain at a time per process; a request that commits while one runs asks for another pass
// rather than starting a second drain against the same (possibly single-connection) database.
let running: Promise<void> | null = null;
let again = false;

function schedulePushDrain(database: Database, origin: string | undefined, logError?: LogError): Promise<void> {
  if (running) {
    again = true;
  } else {
    running = (async () => {
      do {
        again = false;
        await drainPushOutbox(database, origin, logError);
      } while (again);
    })().finally(() => {
      running = null;
    });
  }
  // Supabase's edge runtime ends a request's work when its answer is sent unless told to wait;
  // on Node the promise simply runs on, detached from the request.
  (globalThis as EdgeRuntimeGlobal).EdgeRuntime?.waitUntil?.(running);
  return running;
}

// For work that queues pushes outside a request (the reminder clock, server/reminder-clock.ts):
// the same one drain at a time.
export function sendQueuedPushes(database: Database, origin: string | undefined, logError?: LogError): Promise<void> {
  return schedulePushDrain(database, origin, logError);
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

// Wraps the request's transaction: once it has committed (a change that succeeded), whatever
// it queued for push is sent in the background. The answer never waits for it.
export function pushAfterCommit(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    if (SAFE_METHODS.has(c.req.method) || c.res.status >= 400) return;
    const options = c.get('options');
    void schedulePushDrain(options.database, new URL(c.req.url).origin, options.logError);
  };
}
