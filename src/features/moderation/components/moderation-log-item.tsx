import { useLingui } from '@lingui/react/macro';
import type { ModerationLogEntry } from '@shared/schemas/moderation.ts';

import { formatDateTime } from '../../../lib/format';
import { ACTION_LABELS, TARGET_LABELS } from '../report-labels';

// One line of the moderation log: when, which admin, what they did to what, and why.
export function LogItem({ entry }: { entry: ModerationLogEntry }) {
  const { t } = useLingui();
  const when = formatDateTime(entry.createdAt);
  const admin = entry.adminName ?? '–';
  const target = `${t(TARGET_LABELS[entry.targetKind])} ${entry.targetId}`;
  return (
    <li className="text-sm">
      <time dateTime={entry.createdAt} className="whitespace-nowrap opacity-80">
        {when}
      </time>{' '}
      · <span translate="no">{admin}</span> · <span className="font-medium">{t(ACTION_LABELS[entry.action])}</span> ·{' '}
      {target} · <span translate="no">{entry.reason}</span>
    </li>
  );
}
