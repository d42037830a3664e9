import { FORMER_MEMBER_NAME } from '@shared/former-member.ts';
import { notificationText } from '@shared/notification-push-text.ts';
import { notificationPath } from '@shared/notification-text.ts';
import { NOTIFICATION_KINDS, VENDOR_NOTIFICATION_KINDS } from '@shared/types/notification.ts';
import { describe, expect, it } from 'vitest';

import { bellLabel } from './components/notification-bell';

// 23:30 UTC on 4 Dec is 7:30 am on Saturday 5 Dec in Singapore.
const RIDE = { rideId: 7, direction: 'SG->FC', date: '2026-12-04T23:30:00.000Z' };
// 10:00 and 11:30 UTC on 5 Dec are 6:00 pm and 7:30 pm on Friday 5 Dec 2025 in Singapore.
const MOVED = {
  rideId: 8,
  direction: 'FC->SG',
  previousDate: '2025-12-05T10:00:00.000Z',
  date: '2025-12-05T11:30:00.000Z',
  changed: ['date'],
};

describe('notificationText', () => {
  it('says who joined which ride, in Singapore time, with a party of more than one', () => {
    expect(notificationText('passenger_joined', { ...RIDE, name: 'Ana', passengerCount: 2 })).toEqual({
      title: 'Ana joined your ride',
      body: 'Ana (party of 2) joined your Singapore → Forest City ride on Sat 5 Dec, 7:30 am.',
    });
    expect(notificationText('passenger_left', { ...RIDE, name: 'Ana', passengerCount: 1 }).body).toBe(
      'Ana left your Singapore → Forest City ride on Sat 5 Dec, 7:30 am.',
    );
  });

  it("names a member who deleted their account as a former member, in the reader's language", () => {
    const params = { ...RIDE, name: FORMER_MEMBER_NAME, passengerCount: 1 };
    expect(notificationText('passenger_left', params).title).toBe('A former member left your ride');
    expect(notificationText('passenger_left', params, 'ms').title).toMatch(/^Seorang bekas ahli /);
  });

  it('names the fields of a changed ride', () => {
    expect(notificationText('ride_changed', { ...RIDE, changed: ['date', 'pickup'] }).body).toBe(
      'The date and time and pickup of your Singapore → Forest City ride on Sat 5 Dec, 7:30 am changed.',
    );
    expect(notificationText('ride_changed', { ...RIDE, changed: ['date', 'pickup', 'stops'] }).body).toMatch(
      /^The date and time, pickup and stops of /,
    );
  });

  it('gives the amount of a payment reminder in dollars', () => {
    expect(notificationText('payment_reminder', { ...RIDE, name: 'Ben', amount: 26.5 }).body).toBe(
      'Ben asks you to pay $26.50 SGD for your Singapore → Forest City ride on Sat 5 Dec, 7:30 am.',
    );
  });

  it('tells the organiser who handed a ride over what its passengers paid them', () => {
    expect(notificationText('ride_handed_over', { ...RIDE, name: 'Ben', held: 60 }).body).toBe(
      'Ben now organises the Singapore → Forest City ride on Sat 5 Dec, 7:30 am. You hold $60.00 SGD paid for its seats: settle it with Ben.',
    );
    expect(notificationText('ride_handed_over', { ...RIDE, name: 'Ben' }).body).not.toContain('You hold');
  });

  it.each(NOTIFICATION_KINDS)('reads %s with full params and with none, never throwing', (kind) => {
    for (const params of [
      { ...RIDE, name: 'Ana', amount: 20, vendorName: 'Border Cars', changed: ['stops'] },
      {},
      { date: 'nonsense', name: 42, changed: 'x' },
    ]) {
      const { title, body } = notificationText(kind, params);
      expect(title.length).toBeGreaterThan(0);
      expect(title.length).toBeLessThanOrEqual(40);
      expect(body.length).toBeGreaterThan(0);
      expect(body.length).toBeLessThanOrEqual(160);
      expect(`${title} ${body}`).not.toMatch(/undefined|null|NaN|Invalid Date|\[object/);
    }
  });

  it('puts the date of the ride in every ride text', () => {
    for (const kind of NOTIFICATION_KINDS.filter((kind) => !VENDOR_NOTIFICATION_KINDS.includes(kind))) {
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
    expect(zh.body).toContain('新加坡 → 森林城市');
    expect(zh.body).toContain('12月5日');
    expect(zh.body).not.toMatch(/joined|\{/);
    const ms = notificationText('ride_changed', { ...RIDE, changed: ['date', 'pickup', 'stops'] }, 'ms');
    expect(ms.body).not.toMatch(/ changed|\{| and /);
    expect(ms.body).toContain('Singapura → Forest City');
  });

  it('falls back to English for no language or one it does not know', () => {
    const english = notificationText('passenger_left', { ...RIDE, name: 'Ana', passengerCount: 1 });
    expect(notificationText('passenger_left', { ...RIDE, name: 'Ana', passengerCount: 1 }, null)).toEqual(english);
    expect(notificationText('passenger_left', { ...RIDE, name: 'Ana', passengerCount: 1 }, 'fr')).toEqual(english);
  });
});

describe('what changed, from what', () => {
  it('names the way and gives the old and the new time, the day once when it stays', () => {
    expect(notificationText('ride_changed', MOVED).body).toBe(
      'Your Forest City → Singapore ride moved: Fri 5 Dec, 6:00 pm → 7:30 pm.',
    );
    expect(
      notificationText('ride_changed', { ...MOVED, date: '2025-12-06T11:30:00.000Z', changed: ['date', 'stops'] }).body,
    ).toBe('Your Forest City → Singapore ride moved: Fri 5 Dec, 6:00 pm → Sat 6 Dec, 7:30 pm. Its stops changed too.');
  });

  it('says so in 中文 and Melayu, with no English and no SG->FC left', () => {
    const zh = notificationText('ride_changed', MOVED, 'zh').body;
    expect(zh).toContain('森林城市 → 新加坡');
    expect(zh).toMatch(/12月5日.*下午6:00 → 下午7:30/);
    const ms = notificationText('ride_changed', MOVED, 'ms').body;
    expect(ms).toContain('Forest City → Singapura');
    expect(ms).toMatch(/5 Dis.*6:00 PTG → 7:30 PTG/i);
    for (const body of [zh, ms]) expect(body).not.toMatch(/FC->SG|moved|changed|\{/);
  });

  it('gives the old and the new pickup when only the pickup changed', () => {
    expect(
      notificationText('ride_changed', {
        ...RIDE,
        changed: ['pickup'],
        previousPickup: 'Pasir Ris MRT',
        pickup: 'Tampines MRT',
      }).body,
    ).toBe(
      'The pickup of your Singapore → Forest City ride on Sat 5 Dec, 7:30 am moved: Pasir Ris MRT → Tampines MRT.',
    );
  });

  it('reads an older event without the old value as before', () => {
    expect(notificationText('ride_changed', { ...MOVED, previousDate: undefined }).body).toBe(
      'The date and time of your Forest City → Singapore ride on Fri 5 Dec, 7:30 pm changed.',
    );
  });
});

describe('the admin’s decision on a vendor', () => {
  it('tells the vendor in each language, naming the company', () => {
    expect(notificationText('vendor_approved', { vendorName: 'Border Cars' })).toEqual({
      title: 'Vendor account approved',
      body: 'The admin approved Border Cars. You can now assign yourself open rides from the Vendor Dashboard.',
    });
    for (const language of ['zh', 'ms']) {
      for (const kind of ['vendor_approved', 'vendor_revoked'] as const) {
        const { title, body } = notificationText(kind, { vendorName: 'Border Cars' }, language);
        expect(body).toContain('Border Cars');
        expect(`${title} ${body}`).not.toMatch(/admin approved|withdrew|Vendor account|\{/);
      }
    }
  });
});

describe('an offer to hand a ride over that ends without a hand-over', () => {
  it('tells the organiser who declined, and the passenger who withdrew, naming the ride', () => {
    expect(notificationText('handover_declined', { ...RIDE, name: 'Ana' })).toEqual({
      title: 'Hand-over declined',
      body: 'Ana declined to take over your Singapore → Forest City ride on Sat 5 Dec, 7:30 am. It is still yours to organise.',
    });
    expect(notificationText('handover_withdrawn', { ...RIDE, name: 'Ben' })).toEqual({
      title: 'Hand-over offer withdrawn',
      body: 'Ben withdrew the offer of the Singapore → Forest City ride on Sat 5 Dec, 7:30 am. They still organise it.',
    });
  });

  it('says so in 中文 and Melayu, with the name and the date and no English left', () => {
    for (const kind of ['handover_declined', 'handover_withdrawn'] as const) {
      const zh = notificationText(kind, { ...RIDE, name: 'Ana' }, 'zh');
      expect(zh.body).toContain('Ana');
      expect(zh.body).toContain('12月5日');
      expect(zh.title).toMatch(/接手/);
      const ms = notificationText(kind, { ...RIDE, name: 'Ana' }, 'ms');
      expect(ms.body).toContain('Ana');
      expect(ms.body).toContain('5 Dis');
      for (const { title, body } of [zh, ms]) {
        expect(`${title} ${body}`).not.toMatch(/declined|withdrew|Hand-over|organise|\{/);
      }
    }
  });

  it('opens the ride', () => {
    expect(notificationPath('handover_declined', 7)).toBe('/rides/7');
    expect(notificationPath('handover_withdrawn', 7)).toBe('/rides/7');
  });
});

// Issue 37 §4: a ride cancelled from its page tells its passengers why, and where to look next.
describe('a cancelled ride', () => {
  it("carries the organiser's reason when one was given", () => {
    expect(notificationText('ride_deleted', { ...RIDE, reason: 'The driver is ill' })).toEqual({
      title: 'Ride cancelled',
      body: 'Your Singapore → Forest City ride on Sat 5 Dec, 7:30 am was cancelled. The organiser says: “The driver is ill”',
    });
    expect(notificationText('ride_deleted', RIDE).body).toBe(
      'Your Singapore → Forest City ride on Sat 5 Dec, 7:30 am was deleted.',
    );
    const zh = notificationText('ride_deleted', { ...RIDE, reason: '司机病了' }, 'zh');
    expect(zh.body).toContain('司机病了');
    expect(zh.body).not.toMatch(/cancelled|organiser|\{/);
  });

  it('says, in neutral words, that the organiser can no longer run a ride a suspension cancelled', () => {
    expect(notificationText('ride_deleted', { ...RIDE, cause: 'organiser_unavailable' }).body).toBe(
      'Your Singapore → Forest City ride on Sat 5 Dec, 7:30 am was cancelled: its organiser can no longer run it.',
    );
    const ms = notificationText('ride_deleted', { ...RIDE, cause: 'organiser_unavailable' }, 'ms');
    expect(ms.body).toContain('penganjurnya tidak lagi');
    expect(ms.body).not.toMatch(/suspen|gantung/i);
  });

  it("links to the other rides its way, since the ride's own page is gone", () => {
    expect(notificationPath('ride_deleted', null, RIDE)).toBe('/home?direction=SG-%3EFC');
    expect(notificationPath('ride_deleted', null, { ...RIDE, direction: 'elsewhere' })).toBe('/home');
    expect(notificationPath('ride_deleted', null)).toBe('/home');
  });
});
