import type { Ride } from '@shared/types/ride.ts';
import { SINGAPORE_TIME_ZONE } from '../../lib/format';

const dayFormat = new Intl.DateTimeFormat('en-SG', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  timeZone: SINGAPORE_TIME_ZONE,
});

// "Ride to Forest City, Fri 5 Dec": where the car goes and on which day, short enough for a tab.
export function rideTitle(ride: Pick<Ride, 'direction' | 'date'>): string {
  const destination = ride.direction === 'SG->FC' ? 'Forest City' : 'Singapore';
  return `Ride to ${destination}, ${dayFormat.format(new Date(ride.date)).replace(',', '')}`;
}
