import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';

// A member's reliability record (issue 26 §1), the one thing shown about how they travel:
// "12 trips · 0 no-shows".
export function MemberRecordText({
  record,
  className = 'text-sm opacity-80',
}: {
  record: { trips: number; noShows: number };
  className?: string;
}) {
  const { t } = useLingui();
  const { trips, noShows } = record;
  return (
    <p className={className} data-testid="member-record">
      {t({
        message: `${plural(trips, { one: '# trip', other: '# trips' })} · ${plural(noShows, { one: '# no-show', other: '# no-shows' })}`,
        comment:
          "A member's reliability record: rides they travelled on, and rides they were marked as not having come to",
      })}
    </p>
  );
}
