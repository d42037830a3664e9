import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderWithProviders, testUser } from '../../../testing/render';
import { pathsOf, recordRequests } from '../../../testing/requests';
import { server } from '../../../testing/server';
import { DeviceNotificationsCard } from './device-notifications-card';

// The browser's side (Notification, PushManager, the service worker) is faked here: jsdom has
// none of it. The api is answered through fetch, as everywhere in the ui tests.
const SERVER_KEY = 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM';
const ENDPOINT = 'https://push.example.net/send/device-1';
const DEVICE_KEYS = { p256dh: 'B'.repeat(87), auth: 'a'.repeat(22) };

interface FakeBrowser {
  subscribe: ReturnType<typeof vi.fn>;
  unsubscribe: ReturnType<typeof vi.fn>;
  requestPermission: ReturnType<typeof vi.fn>;
}

function fakeSubscription(onUnsubscribe: () => void) {
  return {
    endpoint: ENDPOINT,
    toJSON: () => ({ endpoint: ENDPOINT, keys: DEVICE_KEYS }),
    unsubscribe: vi.fn(async () => {
      onUnsubscribe();
      return true;
    }),
  };
}

function installBrowser({
  permission = 'default',
  subscribed = false,
  answer = 'granted',
}: { permission?: NotificationPermission; subscribed?: boolean; answer?: NotificationPermission } = {}): FakeBrowser {
  let current: ReturnType<typeof fakeSubscription> | null = null;
  const unsubscribe = vi.fn();
  const make = () => {
    const subscription = fakeSubscription(() => {
      current = null;
      unsubscribe();
    });
    current = subscription;
    return subscription;
  };
  if (subscribed) make();
  const pushManager = {
    getSubscription: vi.fn(async () => current),
    subscribe: vi.fn(async () => make()),
  };
  const registration = { pushManager };
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve(registration), getRegistration: async () => registration },
  });
  const requestPermission = vi.fn(async () => answer);
  vi.stubGlobal('Notification', { permission, requestPermission });
  vi.stubGlobal('PushManager', function PushManager() {});
  return { subscribe: pushManager.subscribe, unsubscribe, requestPermission };
}

function setUserAgent(value: string) {
  Object.defineProperty(navigator, 'userAgent', { configurable: true, value });
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
  Reflect.deleteProperty(navigator, 'userAgent');
});

const renderCard = (user = testUser()) => renderWithProviders(<DeviceNotificationsCard />, { user });

describe('DeviceNotificationsCard', () => {
  it('tells an iPhone in a Safari tab to install the app, and that the inbox works anyway', () => {
    setUserAgent(
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Version/17.4 Mobile/15E148 Safari/604.1',
    );
    renderCard();
    expect(
      screen.getByText('Install the app to get notifications on this phone; the inbox works anyway.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Enable notifications' })).not.toBeInTheDocument();
  });

  it('says so when the browser has no Web Push at all', () => {
    setUserAgent('Mozilla/5.0 (X11; Linux x86_64) Gecko/20100101 OldBrowser/1.0');
    renderCard();
    expect(
      screen.getByText(/This browser cannot show notifications from the app; the inbox works anyway/),
    ).toBeInTheDocument();
  });

  it('explains blocked notifications and offers no Enable that cannot work', async () => {
    installBrowser({ permission: 'denied' });
    renderCard();
    expect(await screen.findByText(/Notifications are blocked for this site/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enable notifications' })).toBeDisabled();
  });

  it('offers the admin’s decision on a vendor account to vendors only', async () => {
    installBrowser();
    const sent = recordRequests();
    renderCard(testUser({ isVendor: true, vendorStatus: 'pending' }));
    expect(await screen.findByText('Off for this device.')).toBeInTheDocument();
    // 24 kinds: 22 for every member (ride alerts, ride requests, chat, removed rides, followed organisers, hand-overs, the trip's day and the day before included), 2 for vendors.
    expect(screen.getAllByRole('checkbox')).toHaveLength(24);
    expect(screen.getByRole('checkbox', { name: 'The admin approves my vendor account' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'The admin withdraws my vendor approval' })).toBeChecked();
    expect(sent).toEqual([]);
  });

  it('asks permission, subscribes with the server key and sends the ticked kinds', async () => {
    const browser = installBrowser();
    server.use(
      http.get('*/api/push/key', () => HttpResponse.json({ publicKey: SERVER_KEY })),
      http.post('*/api/push/subscriptions', async ({ request }) => {
        const body = (await request.json()) as { kinds: string[] };
        return HttpResponse.json({ subscribed: true, kinds: body.kinds }, { status: 201 });
      }),
      http.get('*/api/push/subscriptions/current', () =>
        HttpResponse.json({ subscribed: true, kinds: ['passenger_joined', 'ride_changed'] }),
      ),
    );
    const requests = recordRequests();
    const { user } = renderCard();

    expect(await screen.findByText('Off for this device.')).toBeInTheDocument();
    const boxes = screen.getAllByRole('checkbox');
    // 22 kinds for every member (ride alerts, ride requests, chat, removed rides, followed organisers, hand-overs offered, declined and withdrawn, the trip's day and the day before included).
    expect(boxes).toHaveLength(22);
    expect(
      screen.getByRole('checkbox', { name: "On the day of a ride I'm on: where the car is, who is late" }),
    ).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'A passenger declines to take over my ride' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'An organiser withdraws their offer of a ride to me' })).toBeChecked();
    for (const box of boxes) expect(box).toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'Payment reminders' }));
    expect(screen.getByRole('checkbox', { name: 'Payment reminders' })).not.toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Enable notifications' }));
    expect(await screen.findByText('Notifications are on for this device')).toBeInTheDocument();
    expect(browser.requestPermission).toHaveBeenCalledTimes(1);
    const options = browser.subscribe.mock.calls[0]![0] as {
      userVisibleOnly: boolean;
      applicationServerKey: Uint8Array;
    };
    expect(options.userVisibleOnly).toBe(true);
    expect(options.applicationServerKey).toHaveLength(65);
    expect(options.applicationServerKey[0]).toBe(0x04);

    const post = requests.find((request) => request.path === '/api/push/subscriptions' && request.method === 'POST');
    const sent = post?.body as { endpoint: string; keys: unknown; kinds: string[] };
    expect(sent.endpoint).toBe(ENDPOINT);
    expect(sent.keys).toEqual(DEVICE_KEYS);
    expect(sent.kinds).toHaveLength(21);
    expect(sent.kinds).not.toContain('payment_reminder');
    expect(await screen.findByText('On for this device.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Disable notifications' })).toBeEnabled();
  });

  it('sends nothing when permission is refused', async () => {
    const browser = installBrowser({ answer: 'denied' });
    const sent = recordRequests();
    const { user } = renderCard();
    await user.click(await screen.findByRole('button', { name: 'Enable notifications' }));
    expect(await screen.findByText(/Notifications are blocked for this site/)).toBeInTheDocument();
    expect(browser.subscribe).not.toHaveBeenCalled();
    expect(sent).toEqual([]);
  });

  it("shows this device's saved kinds, and turns it off on the server and in the browser", async () => {
    const browser = installBrowser({ permission: 'granted', subscribed: true });
    server.use(
      http.get('*/api/push/subscriptions/current', () =>
        HttpResponse.json({ subscribed: true, kinds: ['ride_changed'] }),
      ),
    );
    const sent = recordRequests();
    const { user } = renderCard();

    expect(await screen.findByText('On for this device.')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: "A ride I'm on changes (date, time, pickup or stops)" })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Someone joins my ride' })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Save choices' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Disable notifications' }));
    expect(await screen.findByText('Notifications are off for this device')).toBeInTheDocument();
    const current = `/api/push/subscriptions/current?endpoint=${encodeURIComponent(ENDPOINT)}`;
    expect(pathsOf(sent).filter((path) => path.startsWith('/api/push/subscriptions/current'))).toEqual([current]);
    const deletion = sent.find((request) => request.method === 'DELETE');
    expect(deletion?.path).toBe('/api/push/subscriptions');
    expect(deletion?.body).toEqual({ endpoint: ENDPOINT });
    expect(browser.unsubscribe).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.getByText('Off for this device.')).toBeInTheDocument());
  });
});
