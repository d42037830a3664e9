import { t } from '@lingui/core/macro';
import type { Ride } from '@shared/types/ride.ts';

import { SINGAPORE_TIME_ZONE } from '../../lib/format';
import { intlLocale } from '../../lib/i18n/i18n';

// One formatter per language: building one costs more than using it.
const dayFormats = new Map<string, Intl.DateTimeFormat>();

function dayFormat(): Intl.DateTimeFormat {
  const locale = intlLocale();
  let format = dayFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      timeZone: SINGAPORE_TIME_ZONE,
    });
    dayFormats.set(locale, format);
  }
  return format;
}

// "Ride to Forest City, Fri 5 Dec": where the car goes and on which day, short enough for a tab.
export function rideTitle(ride: Pick<Ride, 'direction' | 'date'>): string {
  const day = dayFormat().format(new Date(ride.date)).replace(',', '');
  return ride.direction === 'SG->FC' ? t`Ride to Forest City, ${day}` : t`Ride to Singapore, ${day}`;
}
