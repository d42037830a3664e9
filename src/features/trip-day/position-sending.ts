import { CAR_POSITION_SEND_METRES, CAR_POSITION_SEND_SECONDS } from '@shared/limits.ts';

export interface Fix {
  latitude: number;
  longitude: number;
  accuracy: number;
  // Milliseconds since the epoch, when the phone took it.
  takenAt: number;
}

// A car parked at a stop moves less than 100 m: its spot is sent again each minute all the same,
// so those waiting do not see it go stale while it is shared.
export const RESEND_STILL_SECONDS = 60;

const EARTH_RADIUS_METRES = 6_371_000;

// The great-circle distance between two points, in metres (haversine).
export function distanceMetres(
  a: { latitude: number; longitude: number },
  b: { latitude: number; longitude: number },
): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLng = (b.longitude - a.longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_METRES * Math.asin(Math.min(1, Math.sqrt(h)));
}

// Issue 40 §2: whether a new fix is worth sending. The first is; after that at most one every
// 15 s, and only when the car moved 100 m since the last one sent, or a minute went by.
export function shouldSend(fix: Fix, lastSent: { fix: Fix; sentAt: number } | null, now: number): boolean {
  if (!lastSent) return true;
  const since = now - lastSent.sentAt;
  if (since < CAR_POSITION_SEND_SECONDS * 1000) return false;
  if (fix.takenAt <= lastSent.fix.takenAt) return false;
  return distanceMetres(fix, lastSent.fix) >= CAR_POSITION_SEND_METRES || since >= RESEND_STILL_SECONDS * 1000;
}
