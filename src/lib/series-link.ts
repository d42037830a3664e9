// Which weekly series (issue 27) a ride is a date of. Kept apart from ride-series.ts: Home's
// cards need only this, not the series' texts and dates.

// Ride JSON names its series from the api's first slice on; older answers and fixtures lack it.
export type SeriesLink = { seriesId?: number | null };

export const seriesIdOf = (ride: object): number | null => {
  const id = (ride as SeriesLink).seriesId;
  return typeof id === 'number' && id > 0 ? id : null;
};

export const seriesPath = (seriesId: number) => `/series/${seriesId}`;
