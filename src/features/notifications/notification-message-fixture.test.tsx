import { readFileSync } from 'node:fs';

import { I18nProvider } from '@lingui/react';
import { notificationMessages } from '@shared/notification-text.ts';
import type { NotificationKind } from '@shared/types/notification.ts';
import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { NOTIFICATION_FIXTURE_PARAMS } from '../../../tests/fixtures/notification-params';
import { activateLanguage, i18n } from '../../lib/i18n/i18n';
import { NotificationMessage } from './notification-message';

// The inbox's side of tests/build/notification-texts.test.ts: what the inbox drew (its HTML,
// the member's own words in translate="no" spans) for every kind and params of
// notification-params.ts in the three languages, captured from the fragment-assembling texts
// before they became one ICU message per kind (issue 39 §2), through the PWA's catalogues.
type Drawn = { title: string; body: string };
const FIXTURE = JSON.parse(readFileSync('tests/fixtures/notification-inbox-texts.json', 'utf8')) as Record<
  string,
  Record<'en' | 'zh' | 'ms', Drawn>
>;

function drawn(value: ReturnType<typeof notificationMessages>['title']): string {
  const { container, unmount } = render(
    <I18nProvider i18n={i18n}>
      <NotificationMessage value={value} />
    </I18nProvider>,
  );
  const html = container.innerHTML;
  unmount();
  return html;
}

describe('the inbox draws the ICU notification texts as it drew the fragments', () => {
  afterEach(() => activateLanguage('en'));

  it.each(['en', 'zh', 'ms'] as const)(
    '%s: every kind with every params',
    async (language) => {
      await act(() => activateLanguage(language));
      const differences: { key: string; expected: Drawn; drawn: Drawn }[] = [];
      for (const [key, entry] of Object.entries(FIXTURE)) {
        const [kind, index] = key.split('#') as [NotificationKind, string];
        const { title, body } = notificationMessages(kind, NOTIFICATION_FIXTURE_PARAMS[Number(index)]!);
        const now = { title: drawn(title), body: drawn(body) };
        if (now.title !== entry[language].title || now.body !== entry[language].body) {
          differences.push({ key, expected: entry[language], drawn: now });
        }
      }
      expect(Object.keys(FIXTURE).length).toBeGreaterThan(900);
      expect(differences).toEqual([]);
    },
    60_000,
  );
});
