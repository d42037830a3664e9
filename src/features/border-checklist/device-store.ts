// What the checklist keeps on this phone only: ticks per member and ride, and the member's
// passport expiry. None of it is sent anywhere (issue 14: nothing about a passport reaches
// the server). Storage may be missing or full (private modes): the checklist then still works
// for the visit, it just forgets.
const PREFIX = 'fc-border-checklist';

export const ticksKey = (memberId: number, rideId: number) => `${PREFIX}:ticks:${memberId}:${rideId}`;
export const passportExpiryKey = (memberId: number) => `${PREFIX}:passport-expiry:${memberId}`;

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Not saved: see above.
  }
}

export function readTicks(memberId: number, rideId: number): number[] {
  const raw = read(ticksKey(memberId, rideId));
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter((id): id is number => Number.isInteger(id)) : [];
  } catch {
    return [];
  }
}

export function writeTicks(memberId: number, rideId: number, ids: readonly number[]): void {
  write(ticksKey(memberId, rideId), ids.length > 0 ? JSON.stringify(ids) : null);
}

export function readPassportExpiry(memberId: number): string {
  return read(passportExpiryKey(memberId)) ?? '';
}

export function writePassportExpiry(memberId: number, expiry: string): void {
  write(passportExpiryKey(memberId), expiry === '' ? null : expiry);
}
