import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

import type { BusScheduleId, DayPart } from './bus-schedule';

// The words the page shows for the timetable data, one whole phrase per route so each language
// can order it its own way. bus-schedule.ts stays free of macros: the image generator runs it
// in plain Node and the committed SVGs are English.
export const ROUTE_NAMES: Record<BusScheduleId, MessageDescriptor> = {
  'sg-to-fc': msg`Singapore to Forest City`,
  'fc-to-sg': msg`Forest City to Singapore`,
};

export const DAY_PART_LABELS: Record<DayPart, MessageDescriptor> = {
  Morning: msg`Morning`,
  Afternoon: msg`Afternoon`,
  Evening: msg`Evening`,
};
