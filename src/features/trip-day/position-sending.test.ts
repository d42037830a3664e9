import { describe, expect, it } from 'vitest';

import { distanceMetres, type Fix, shouldSend } from './position-sending';

const WOODLANDS: Fix = { latitude: 1.4457, longitude: 103.7691, accuracy: 10, takenAt: 0 };
// About 111 m north of it (0.001° of latitude).
const north = (metresOf0001: number, takenAt: number): Fix => ({
  ...WOODLANDS,
  latitude: WOODLANDS.latitude + 0.001 * metresOf0001,
  takenAt,
});

describe('when the car position is sent', () => {
  it('measures distances on the earth', () => {
    expect(distanceMetres(WOODLANDS, north(1, 0))).toBeGreaterThan(110);
    expect(distanceMetres(WOODLANDS, north(1, 0))).toBeLessThan(112);
  });

  it('sends the first fix, then at most every 15 s once the car moved 100 m', () => {
    expect(shouldSend(WOODLANDS, null, 0)).toBe(true);
    const last = { fix: WOODLANDS, sentAt: 0 };
    expect(shouldSend(north(2, 10_000), last, 10_000)).toBe(false);
    expect(shouldSend(north(2, 16_000), last, 16_000)).toBe(true);
    expect(shouldSend(north(0.5, 16_000), last, 16_000)).toBe(false);
  });

  it('sends a car standing still again each minute, so it does not look stale', () => {
    const last = { fix: WOODLANDS, sentAt: 0 };
    expect(shouldSend({ ...WOODLANDS, takenAt: 59_000 }, last, 59_000)).toBe(false);
    expect(shouldSend({ ...WOODLANDS, takenAt: 61_000 }, last, 61_000)).toBe(true);
    // The same fix again is nothing new.
    expect(shouldSend(WOODLANDS, last, 61_000)).toBe(false);
  });
});
