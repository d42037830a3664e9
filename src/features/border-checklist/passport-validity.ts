import { singaporeDay } from '../../lib/format';

// The rule at both checkpoints: a passport valid for at least 6 months on the day of travel.
const PASSPORT_MONTHS_NEEDED = 6;

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

function pad(value: number, length = 2): string {
  return String(value).padStart(length, '0');
}

// Calendar months, as a passport office counts them: a day the later month lacks (31 Aug + 6
// months) becomes that month's last day (28 or 29 Feb).
export function addMonths(date: string, months: number): string {
  const match = DATE_ONLY.exec(date);
  if (!match) throw new Error(`not a date: ${date}`);
  const monthIndex = Number(match[1]) * 12 + Number(match[2]) - 1 + months;
  const year = Math.floor(monthIndex / 12);
  const month = (monthIndex % 12) + 1;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${pad(year, 4)}-${pad(month)}-${pad(Math.min(Number(match[3]), lastDay))}`;
}

// The first expiry date that is good enough for a ride at `rideIso`.
export function passportNeededUntil(rideIso: string): string {
  return addMonths(singaporeDay(rideIso), PASSPORT_MONTHS_NEEDED);
}

export function isDateOnly(value: string): boolean {
  const match = DATE_ONLY.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const check = new Date(Date.UTC(year, month - 1, day));
  return check.getUTCFullYear() === year && check.getUTCMonth() === month - 1 && check.getUTCDate() === day;
}

// True when a passport expiring on `expiry` (YYYY-MM-DD) has less than 6 months left on the
// ride's day in Singapore; an expiry exactly 6 months on is enough.
export function passportTooShort(expiry: string, rideIso: string): boolean {
  return expiry < passportNeededUntil(rideIso);
}
