// What the notification texts say for Web Push, every kind with every params of
// tests/fixtures/notification-params.ts, in the three languages. It captured the fragment
// texts before they became ICU messages; tests/build/notification-texts.test.ts compares with
// it. Run it again only to accept a deliberate rewording (node --import tsx scripts/…), and
// read the diff of the fixture.
import { writeFileSync } from 'node:fs';

import { notificationText } from '../supabase/functions/_shared/notification-push-text.ts';
import { NOTIFICATION_KINDS } from '../supabase/functions/_shared/types/notification.ts';
import { NOTIFICATION_FIXTURE_PARAMS } from '../tests/fixtures/notification-params.ts';

const out: Record<string, { kind: string; params: unknown; en: unknown; zh: unknown; ms: unknown }> = {};
for (const kind of NOTIFICATION_KINDS) {
  NOTIFICATION_FIXTURE_PARAMS.forEach((params, index) => {
    out[`${kind}#${index}`] = {
      kind,
      params,
      en: notificationText(kind, params, 'en'),
      zh: notificationText(kind, params, 'zh'),
      ms: notificationText(kind, params, 'ms'),
    };
  });
}
writeFileSync('tests/fixtures/notification-texts.json', JSON.stringify(out, null, 1) + '\n');
