// ISO weekdays, Singapore time: 1 = Monday … 7 = Sunday (a weekly series' days, a standing ride
// alert's). No zod here: the PWA's form wrapper reads it too.
export const ISO_WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
