import { describe, expect, it } from 'vitest';
import { notificationText } from '@shared/notification-text.ts';
import { NOTIFICATION_KINDS } from '@shared/types/notification.ts';
import { bellLabel } from './components/notification-bell';

// 23:30 UTC on 4 Dec is 7:30 am on Saturday 5 Dec in Singapore.
const RIDE = { rideId: 7, direction: 'SG->FC', date: '2026-12-04T23:30:00.000Z' };

describe('notificationText', () => {
  it('says who joined which ride, in Singapore time, with a party of more than one', () => {
    expect(notificationText('passenger_joined', { ...RIDE, name: 'Ana', passengerCount: 2 })).toEqual({
      title: 'Ana joined your ride',
      body: 'Ana (party of 2) joined your SG->FC ride on Sat 5 Dec, 7:30 am.',
    });
    expect(notificationText('passenger_left', { ...RIDE, name: 'Ana', passengerCount: 1 }).body).toBe(
      'Ana left your SG->FC ride on Sat 5 Dec, 7:30 am.',
    );
  });

  it('names the fields of a changed ride', () => {
    expect(notificationText('ride_changed', { ...RIDE, changed: ['date', 'pickup'] }).body).toBe(
      'The date and time and pickup of your SG->FC ride on Sat 5 Dec, 7:30 am changed.',
    );
    expect(notificationText('ride_changed', { ...RIDE, changed: ['date', 'pickup', 'stops'] }).body).toMatch(
      /^The date and time, pickup and stops of /,
    );
  });

  it('gives the amount of a payment reminder in dollars', () => {
    expect(notificationText('payment_reminder', { ...RIDE, name: 'Ben', amount: 26.5 }).body).toBe(
      'Ben asks you to pay S$26.50 for your SG->FC ride on Sat 5 Dec, 7:30 am.',
    );
  });

  it.each(NOTIFICATION_KINDS)('reads %s with full params and with none, never throwing', (kind) => {
    for (const params of [{ ...RIDE, name: 'Ana', amount: 20, vendorName: 'Border Cars', changed: ['stops'] }, {}, { date: 'nonsense', name: 42, changed: 'x' }]) {
      const { title, body } = notificationText(kind, params);
      expect(title.length).toBeGreaterThan(0);
      expect(title.length).toBeLessThanOrEqual(40);
      expect(body.length).toBeGreaterThan(0);
      expect(body.length).toBeLessThanOrEqual(160);
      expect(`${title} ${body}`).not.toMatch(/undefined|null|NaN|Invalid Date|\[object/);
    }
  });

  it('puts the date of the ride in every ride text', () => {
    for (const kind of NOTIFICATION_KINDS) {
      expect(notificationText(kind, { ...RIDE, name: 'Ana' }).body, kind).toContain('Sat 5 Dec, 7:30 am');
    }
  });
});

describe('bellLabel', () => {
  it('says the unread count to screen readers', () => {
    expect(bellLabel(2)).toBe('Notifications, 2 unread');
    expect(bellLabel(0)).toBe('Notifications');
  });
});

describe('notificationText in the member’s language (Web Push)', () => {
  it('words a push in 中文 and Melayu from the catalogues, with the values and a Singapore date', () => {
    const zh = notificationText('passenger_joined', { ...RIDE, name: 'Ana', passengerCount: 2 }, 'zh');
    expect(zh.body).toContain('Ana');
    expect(zh.body).toContain('SG->FC');
    expect(zh.body).toContain('12月5日');
    expect(zh.body).not.toMatch(/joined|\{/);
    const ms = notificationText('ride_changed', { ...RIDE, changed: ['date', 'pickup', 'stops'] }, 'ms');
    expect(ms.body).not.toMatch(/ changed|\{| and /);
    expect(ms.body).toContain('SG->FC');
  });

  it('falls back to English for no language or one it does not know', () => {
    const english = notificationText('passenger_left', { ...RIDE, name: 'Ana', passengerCount: 1 });
    expect(notificationText('passenger_left', { ...RIDE, name: 'Ana', passengerCount: 1 }, null)).toEqual(english);
    expect(notificationText('passenger_left', { ...RIDE, name: 'Ana', passengerCount: 1 }, 'fr')).toEqual(english);
  });
});
