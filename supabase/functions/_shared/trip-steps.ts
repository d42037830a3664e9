// The day of the trip (issue 40 §1): the car's steps and each passenger's, as the database's
// checks name them (supabase/schemas/66_trip_day.sql), and the order the car takes them.
import type { Direction } from './limits.ts';

export const CAR_STEPS = ['on_the_way', 'at_stop', 'at_checkpoint', 'through_sg', 'through_my', 'arrived'] as const;
export type CarStep = (typeof CAR_STEPS)[number];

export const PASSENGER_STEPS = ['at_stop', 'late', 'picked_up'] as const;
export type PassengerStep = (typeof PASSENGER_STEPS)[number];

// 15 stands for "15 minutes or more".
export const LATE_MINUTES = [5, 10, 15] as const;
export type LateMinutes = (typeof LATE_MINUTES)[number];

// One step of the car's route on the day: a step, and for 'at_stop' the stop's name.
export interface CarRouteStep {
  step: CarStep;
  stop: string | null;
}

// The car's route on the day, in order: SG->FC collects everyone in Singapore, then crosses at
// the Singapore checkpoint first; FC->SG crosses Malaysia's first, then drops everyone off.
export function carRoute(direction: Direction, stops: readonly string[]): CarRouteStep[] {
  const atStops = stops.map((stop) => ({ step: 'at_stop' as const, stop }));
  const border: CarRouteStep[] =
    direction === 'SG->FC'
      ? [
          { step: 'at_checkpoint', stop: null },
          { step: 'through_sg', stop: null },
          { step: 'through_my', stop: null },
        ]
      : [
          { step: 'at_checkpoint', stop: null },
          { step: 'through_my', stop: null },
          { step: 'through_sg', stop: null },
        ];
  const onTheWay: CarRouteStep = { step: 'on_the_way', stop: null };
  const arrived: CarRouteStep = { step: 'arrived', stop: null };
  return direction === 'SG->FC'
    ? [onTheWay, ...atStops, ...border, arrived]
    : [onTheWay, ...border, ...atStops, arrived];
}

export function sameRouteStep(a: CarRouteStep, b: CarRouteStep): boolean {
  return a.step === b.step && (a.stop ?? '') === (b.stop ?? '');
}
