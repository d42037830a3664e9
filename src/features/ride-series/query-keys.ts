import { showsSeries } from '../../lib/ride-changes';

// A weekly series (issue 27): its upcoming dates with their seats and the caller's standing.
// Every date is a ride, so a join, a leave or an edit of one date changes it too.
export const seriesKeys = {
  all: ['ride-series'] as const,
  detail: (seriesId: number) =>
    [...seriesKeys.all, seriesId, showsSeries(seriesId, ['aboard', 'details', 'exists'])] as const,
};
