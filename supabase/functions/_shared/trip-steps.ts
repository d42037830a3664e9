// The day of the trip (issue 40 §1): the car's steps and each passenger's, as the database's
// checks name them (supabase/schemas/66_trip_day.sql).
export const CAR_STEPS = ['on_the_way', 'at_stop', 'at_checkpoint', 'through_sg', 'through_my', 'arrived'] as const;
export type CarStep = (typeof CAR_STEPS)[number];

export const PASSENGER_STEPS = ['at_stop', 'late', 'picked_up'] as const;
export type PassengerStep = (typeof PASSENGER_STEPS)[number];

// 15 stands for "15 minutes or more".
export const LATE_MINUTES = [5, 10, 15] as const;
export type LateMinutes = (typeof LATE_MINUTES)[number];
