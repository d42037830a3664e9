import { readFileSync } from 'node:fs';

import { describe, expect, it } from 'vitest';

import { notificationText } from '../../supabase/functions/_shared/notification-push-text.ts';
import type { NotificationKind } from '../../supabase/functions/_shared/notification-text.ts';
import { NOTIFICATION_FIXTURE_PARAMS } from '../fixtures/notification-params.ts';

// The notification texts became one ICU message per kind (issue 39 §2); before that they were
// sentences assembled from fragments. tests/fixtures/notification-texts.json holds what the
// fragments said, every kind with every params of notification-params.ts, in the three
// languages: the ICU messages must say the same words. One change since, on purpose: a push
// of the trip's news (trip_update) in 中文 or Melayu now says the news in that language too, as
// the inbox did; the fragment code had left it in English.
type Said = { title: string; body: string };
const FIXTURE = JSON.parse(readFileSync('tests/fixtures/notification-texts.json', 'utf8')) as Record<
  string,
  { kind: NotificationKind; params: Record<string, unknown>; en: Said; zh: Said; ms: Said }
>;

describe('the notification texts as ICU messages', () => {
  it('cover every params of the fixture', () => {
    expect(Object.keys(FIXTURE).length).toBeGreaterThan(900);
    for (const entry of Object.values(FIXTURE)) {
      expect(NOTIFICATION_FIXTURE_PARAMS).toContainEqual(entry.params);
    }
  });

  it.each(['en', 'zh', 'ms'] as const)('say in %s what the fragments said, for every kind and params', (language) => {
    const differences = Object.entries(FIXTURE).flatMap(([key, entry]) => {
      const said = notificationText(entry.kind, entry.params, language);
      return said.title === entry[language].title && said.body === entry[language].body
        ? []
        : [{ key, expected: entry[language], said }];
    });
    expect(differences).toEqual([]);
  });
});
