// What a member is told after "Join every date from now" (issue 27): the dates they are now on,
// the full ones whose waitlist they are on, and the ones they were already on.
import { plural } from '@lingui/core/macro';
import type { SeriesJoinResult } from '@shared/types/ride-series.ts';

export function joinSeriesResultText({ joined, waitlisted, alreadyOn }: SeriesJoinResult): string {
  const parts = [plural(joined.length, { one: 'You are on # date', other: 'You are on # dates' })];
  if (waitlisted.length > 0)
    parts.push(
      plural(waitlisted.length, {
        one: '# full date put you on its waitlist',
        other: '# full dates put you on their waitlists',
      }),
    );
  if (alreadyOn.length > 0)
    parts.push(plural(alreadyOn.length, { one: 'already on # date', other: 'already on # dates' }));
  return parts.join('; ');
}
