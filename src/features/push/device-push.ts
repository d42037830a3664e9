// This browser's side of Web Push: whether it can, and its PushSubscription.
import type { MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import { NOTIFICATION_KINDS, type NotificationKind, VENDOR_NOTIFICATION_KINDS } from '@shared/types/notification.ts';

export type PushSupport = 'supported' | 'install-first' | 'unsupported';

// iPhones and iPads get Web Push only in an app added to the Home Screen (iOS 16.4+); in a
// Safari tab the APIs are missing, so say how to get it instead of "not supported".
function isAppleMobile(): boolean {
  const ua = navigator.userAgent;
  return /iPhone|iPad|iPod/.test(ua) || (/Macintosh/.test(ua) && navigator.maxTouchPoints > 1);
}

function isInstalled(): boolean {
  const standalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return (
    standalone || (typeof window.matchMedia === 'function' && window.matchMedia('(display-mode: standalone)').matches)
  );
}

export function pushSupport(): PushSupport {
  const apis = 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
  if (apis) return 'supported';
  return isAppleMobile() && !isInstalled() ? 'install-first' : 'unsupported';
}

export function notificationPermission(): NotificationPermission {
  return 'Notification' in window ? Notification.permission : 'default';
}

const WORKER_WAIT_MS = 10_000;

// The service worker that shows pushes (sw.js importing sw-push.js). It is registered at start;
// in development, or before the first install finished, there may be none yet.
async function workerRegistration(): Promise<ServiceWorkerRegistration> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(t`The app's background worker is not running yet. Reload the page and try again.`)),
      WORKER_WAIT_MS,
    );
  });
  try {
    return await Promise.race([navigator.serviceWorker.ready, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export async function currentDeviceSubscription(): Promise<PushSubscription | null> {
  if (pushSupport() !== 'supported') return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return registration ? registration.pushManager.getSubscription() : null;
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64url.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

// Subscribes this browser with the server's VAPID key, reusing a subscription it already has.
export async function subscribeDevice(serverKey: string): Promise<PushSubscription> {
  const registration = await workerRegistration();
  const existing = await registration.pushManager.getSubscription();
  if (existing) return existing;
  return registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(serverKey) });
}

export interface DeviceSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export function subscriptionJson(subscription: PushSubscription): DeviceSubscription {
  const json = subscription.toJSON();
  return { endpoint: subscription.endpoint, keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' } };
}

// The kinds a device is offered: the admin's decision on a vendor account only to vendors.
export function offeredPushKinds(isVendor: boolean): NotificationKind[] {
  return NOTIFICATION_KINDS.filter((kind) => isVendor || !VENDOR_NOTIFICATION_KINDS.includes(kind));
}

// What a member reads next to each checkbox, in the order shown.
export const PUSH_KIND_LABELS: Record<NotificationKind, MessageDescriptor> = {
  passenger_joined: msg`Someone joins my ride`,
  passenger_left: msg`Someone leaves my ride`,
  removed_from_ride: msg`I am removed from a ride`,
  ride_changed: msg`A ride I'm on changes (date, time, pickup or stops)`,
  ride_deleted: msg`A ride I'm on is cancelled`,
  vendor_assigned: msg`A driver is booked for my ride`,
  vendor_released: msg`A driver is released from my ride`,
  waitlist_seat: msg`A waitlist seat becomes mine`,
  sequence_locked: msg`The drop-off order is locked`,
  payment_reminder: msg`Payment reminders`,
  return_trip: msg`Return trip suggestions`,
  vendor_approved: msg`The admin approves my vendor account`,
  vendor_revoked: msg`The admin withdraws my vendor approval`,
  ride_request_offered: msg`A ride is started for my ride request`,
  ride_alert: msg`A ride matching my alerts is posted`,
  chat_message: msg`New messages in a ride's chat`,
  ride_removed: msg`A moderator removes a ride I'm on`,
  organiser_ride: msg`An organiser I follow posts a ride`,
  handover_offered: msg`An organiser offers me their ride to organise`,
  ride_handed_over: msg`Someone else now organises a ride I'm on`,
  handover_declined: msg`A passenger declines to take over my ride`,
  handover_withdrawn: msg`An organiser withdraws their offer of a ride to me`,
  trip_update: msg`On the day of a ride I'm on: where the car is, who is late`,
  still_coming: msg`The day before a ride I'm on: am I still coming?`,
};
