// A weekly series (issue 27): what GET /api/series/{id} and the series calls answer, as their
// schemas declare them (schemas/ride-series-response.ts, where the fields are described). Types
// only: nothing here is bundled.
import type { z } from 'zod';

import type {
  rideSeriesSchema,
  seriesCancelResultSchema,
  seriesDateSchema,
  seriesJoinResultSchema,
  seriesLeaveResultSchema,
} from '../schemas/ride-series-response.ts';

export type SeriesDate = z.infer<typeof seriesDateSchema>;
export type RideSeries = z.infer<typeof rideSeriesSchema>;

// POST /api/series/{id}/join
export type SeriesJoinResult = z.infer<typeof seriesJoinResultSchema>;

// POST /api/series/{id}/leave
export type SeriesLeaveResult = z.infer<typeof seriesLeaveResultSchema>;

// POST /api/series/{id}/end and DELETE /api/rides/{id}?applyTo=following
export type SeriesCancelResult = z.infer<typeof seriesCancelResultSchema>;
