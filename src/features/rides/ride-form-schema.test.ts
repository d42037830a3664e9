import { rideSaveSchema } from '@shared/schemas/rides.ts';
import { describe, expect, it } from 'vitest';

import { clampOrganiserCount, rideFormSchema, type RideFormValues, toRideSaveBody } from './ride-form-schema';

const values = (overrides: Partial<RideFormValues> = {}): RideFormValues => ({
  direction: 'SG->FC',
  maxPassengers: 5,
  date: '2030-06-15T09:30',
  organizerPassengerCount: 2,
  location: '  Pasir Ris MRT\nExit A  ',
  cost: 80,
  ...overrides,
});

function messages(input: unknown): Record<string, string> {
  const result = rideFormSchema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('clampOrganiserCount (SPEC §5)', () => {
  it('keeps a count between 1 and the maximum', () => {
    expect(clampOrganiserCount(3, 5)).toBe(3);
    expect(clampOrganiserCount(9, 5)).toBe(5);
    expect(clampOrganiserCount(0, 5)).toBe(1);
    expect(clampOrganiserCount(-2, 5)).toBe(1);
    expect(clampOrganiserCount(2.7, 5)).toBe(2);
  });

  it('reads numeric text', () => {
    expect(clampOrganiserCount('4', 5)).toBe(4);
  });

  it('defaults to 1 when the entry is not a number', () => {
    expect(clampOrganiserCount(Number.NaN, 5)).toBe(1);
    expect(clampOrganiserCount('', 5)).toBe(1);
    expect(clampOrganiserCount('two', 5)).toBe(1);
    expect(clampOrganiserCount(undefined, 5)).toBe(1);
  });

  it('never exceeds a maximum below 1', () => {
    expect(clampOrganiserCount(3, 0)).toBe(1);
  });
});

describe('rideFormSchema messages', () => {
  it("asks for the organiser's location", () => {
    expect(messages(values({ location: '   ' })).location).toBe('Please specify your location');
  });

  it('refuses an invalid date', () => {
    expect(messages(values({ date: '' })).date).toBe('Invalid date provided');
    expect(messages(values({ date: '2030-02-30T09:30' })).date).toBe('Invalid date provided');
    expect(messages({ ...values(), date: undefined }).date).toBe('Invalid date provided');
  });

  it('keeps the maximum between 1 and 10', () => {
    expect(messages(values({ maxPassengers: 0 })).maxPassengers).toBeDefined();
    expect(messages(values({ maxPassengers: 11 })).maxPassengers).toBeDefined();
    expect(messages(values({ maxPassengers: 10 }))).toEqual({});
  });
});

describe('toRideSaveBody (SPEC §7 shaping)', () => {
  it("SG->FC: pickup is the organiser's trimmed location, which is also the single drop-off entry", () => {
    expect(toRideSaveBody(values())).toEqual({
      direction: 'SG->FC',
      date: '2030-06-15T01:30:00.000Z',
      maxPassengers: 5,
      pickupLocation: 'Pasir Ris MRT\nExit A',
      dropoffLocations: [{ location: 'Pasir Ris MRT\nExit A', passengerCount: 2 }],
      organizerPassengerCount: 2,
      cost: 80,
    });
  });

  it("FC->SG: pickup is 'Forest City' and the organiser's drop-off is the single entry", () => {
    expect(toRideSaveBody(values({ direction: 'FC->SG', location: ' Tampines Mall ' }))).toEqual({
      direction: 'FC->SG',
      date: '2030-06-15T01:30:00.000Z',
      maxPassengers: 5,
      pickupLocation: 'Forest City',
      meetingPoint: null,
      dropoffLocations: [{ location: 'Tampines Mall', passengerCount: 2 }],
      organizerPassengerCount: 2,
      cost: 80,
    });
    // Issue 37 §3: where in Forest City everyone meets the car, trimmed; SG->FC never sends one.
    expect(
      toRideSaveBody(values({ direction: 'FC->SG', location: 'Tampines Mall', meetingPoint: ' Block 6 lobby ' }))
        .meetingPoint,
    ).toBe('Block 6 lobby');
    expect(toRideSaveBody(values({ direction: 'SG->FC', meetingPoint: 'Block 6 lobby' }))).not.toHaveProperty(
      'meetingPoint',
    );
  });

  it('clamps the organiser count into the body', () => {
    const body = toRideSaveBody(values({ maxPassengers: 3, organizerPassengerCount: 8 }));
    expect(body.organizerPassengerCount).toBe(3);
    expect(body.dropoffLocations).toEqual([{ location: 'Pasir Ris MRT\nExit A', passengerCount: 3 }]);
    expect(toRideSaveBody(values({ organizerPassengerCount: Number.NaN })).organizerPassengerCount).toBe(1);
  });

  it('produces bodies the API accepts, in both directions', () => {
    for (const direction of ['SG->FC', 'FC->SG'] as const) {
      expect(rideSaveSchema.safeParse(toRideSaveBody(values({ direction }))).success).toBe(true);
    }
  });
});
