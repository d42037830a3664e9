// The one source of the bus timetable: the tables on /bus-guide read it and
// scripts/make-bus-schedules.ts draws public/bus-guide/*.svg from it, so image and text cannot
// drift apart. The times are indicative (SPEC §9 only says "hourly"), hence the warning on both.

// SPEC §9: "about 5 in local currency".
export const BUS_FARE_RM = 5;

export const INDICATIVE_NOTE = "Indicative — check the operator's timetable";

export type BusScheduleId = 'sg-to-fc' | 'fc-to-sg';

export interface BusSchedule {
  id: BusScheduleId;
  from: string;
  to: string;
  departures: string[];
  imageSrc: string;
}

function hourly(firstHour: number, lastHour: number, minute = 0): string[] {
  const times: string[] = [];
  for (let hour = firstHour; hour <= lastHour; hour += 1) {
    times.push(`${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`);
  }
  return times;
}

export const BUS_SCHEDULES: BusSchedule[] = [
  {
    id: 'sg-to-fc',
    from: 'Singapore',
    to: 'Forest City',
    departures: hourly(6, 22),
    imageSrc: '/bus-guide/schedule-sg-to-fc.svg',
  },
  {
    id: 'fc-to-sg',
    from: 'Forest City',
    to: 'Singapore',
    departures: hourly(6, 21, 30),
    imageSrc: '/bus-guide/schedule-fc-to-sg.svg',
  },
];

export function scheduleTitle(schedule: BusSchedule): string {
  return `${schedule.from} → ${schedule.to}`;
}

export function scheduleSummary(schedule: BusSchedule): string {
  const first = schedule.departures[0];
  const last = schedule.departures[schedule.departures.length - 1];
  return `${schedule.departures.length} departures, one an hour, from ${first} to ${last}`;
}

export type DayPart = 'Morning' | 'Afternoon' | 'Evening';

export const DAY_PARTS: DayPart[] = ['Morning', 'Afternoon', 'Evening'];

export function dayPart(time: string): DayPart {
  const hour = Number(time.slice(0, 2));
  if (hour < 12) return 'Morning';
  if (hour < 18) return 'Afternoon';
  return 'Evening';
}

// The grid the SVG is drawn on. It lives here, not in the renderer, because the page needs the
// image's width and height up front to reserve its space (no layout shift).
export const SCHEDULE_LAYOUT = {
  width: 360,
  margin: 12,
  columns: 4,
  cellHeight: 36,
  gap: 8,
  headerHeight: 68,
  footerHeight: 44,
} as const;

function scheduleRows(schedule: BusSchedule): number {
  return Math.ceil(schedule.departures.length / SCHEDULE_LAYOUT.columns);
}

export function scheduleImageSize(schedule: BusSchedule): { width: number; height: number } {
  const { width, margin, cellHeight, gap, headerHeight, footerHeight } = SCHEDULE_LAYOUT;
  const rows = scheduleRows(schedule);
  const grid = rows * cellHeight + (rows - 1) * gap;
  return { width, height: headerHeight + margin + grid + margin + footerHeight };
}
