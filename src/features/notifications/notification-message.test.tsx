import { I18nProvider } from '@lingui/react';
import { notificationMessages } from '@shared/notification-text.ts';
import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { activateLanguage, i18n } from '../../lib/i18n/i18n';
import type { Language } from '../../lib/i18n/languages';
import { NotificationMessage } from './notification-message';

// The inbox reads the shared messages through the PWA's own catalogues (issue 21 §4): the way
// of the ride in words and a new time beside the old one, in each of the three languages.
// 10:00 and 11:30 UTC are 6:00 pm and 7:30 pm on Friday 5 Dec 2025 in Singapore.
const MOVED = {
  rideId: 8,
  direction: 'FC->SG',
  previousDate: '2025-12-05T10:00:00.000Z',
  date: '2025-12-05T11:30:00.000Z',
  changed: ['date'],
};

async function inboxText(
  language: Language,
  kind: Parameters<typeof notificationMessages>[0],
  params: Record<string, unknown>,
) {
  await act(() => activateLanguage(language));
  const { body } = notificationMessages(kind, params);
  const { container, unmount } = render(
    <I18nProvider i18n={i18n}>
      <NotificationMessage value={body} />
    </I18nProvider>,
  );
  const text = container.textContent ?? '';
  unmount();
  return text;
}

describe('an inbox entry in the member’s language', () => {
  afterEach(() => activateLanguage('en'));

  it.each([
    ['en', 'Your Forest City → Singapore ride moved:', /Fri,? 5 Dec,? 6:00\sPM → 7:30\sPM\.$/i, /FC->SG|\{/],
    ['zh', '森林城市 → 新加坡', /12月5日.*6:00 → .*7:30。$/, /FC->SG|moved|\{/],
    ['ms', 'Forest City → Singapura', /5 Dis.*6:00\sPTG → 7:30\sPTG\.$/i, /FC->SG|moved|\{/],
  ] as const)('%s: names the way and says the time from → to', async (language, way, change, never) => {
    const text = await inboxText(language, 'ride_changed', MOVED);
    expect(text).toContain(way);
    expect(text).toMatch(change);
    expect(text).not.toMatch(never);
  });

  it.each([
    ['en', 'Singapore → Forest City'],
    ['zh', '新加坡 → 森林城市'],
    ['ms', 'Singapura → Forest City'],
  ] as const)('%s: a join names the way, not SG->FC', async (language, way) => {
    const text = await inboxText(language, 'passenger_joined', { direction: 'SG->FC', date: MOVED.date, name: 'Ana' });
    expect(text).toContain(way);
    expect(text).not.toContain('SG->FC');
  });

  it.each(['en', 'zh', 'ms'] as const)(
    '%s: tells a vendor the admin’s decision, naming the company',
    async (language) => {
      const approved = await inboxText(language, 'vendor_approved', { vendorName: 'Border Cars' });
      const revoked = await inboxText(language, 'vendor_revoked', { vendorName: 'Border Cars' });
      for (const text of [approved, revoked]) expect(text).toContain('Border Cars');
      expect(approved).not.toBe(revoked);
      if (language !== 'en') expect(`${approved} ${revoked}`).not.toMatch(/admin|approved|withdrew/);
    },
  );
});
