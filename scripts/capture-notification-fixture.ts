// One-off: what today's notification texts say, for every kind and a spread of params, in the
// three languages; tests/build/notification-text-fixture.test.ts compares the ICU texts with it.
import { writeFileSync } from 'node:fs';

import { FORMER_MEMBER_NAME } from '../supabase/functions/_shared/former-member.ts';
import { notificationText } from '../supabase/functions/_shared/notification-push-text.ts';
import { NOTIFICATION_KINDS } from '../supabase/functions/_shared/types/notification.ts';
import { NOTIFICATION_FIXTURE_PARAMS } from '../tests/fixtures/notification-params.ts';

const out: Record<string, { kind: string; params: unknown; en: unknown; zh: unknown; ms: unknown }> = {};
void FORMER_MEMBER_NAME;
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
