import { z } from 'zod';

import { VALIDATION, validationMessage } from '../validation.ts';

// The day before (issue 40 §5): what a passenger may answer, and the question as
// app.still_coming_json answers it. The api's routes (api/routes/still-coming.ts) declare both
// and the PWA parses the answer with the second.
export const STILL_COMING_ANSWERS = ['yes', 'no'] as const;
export type StillComingAnswer = (typeof STILL_COMING_ANSWERS)[number];

export const stillComingAnswerSchema = z.object({
  answer: z.enum(STILL_COMING_ANSWERS, {
    error: validationMessage('one_of', { label: 'answer', choices: STILL_COMING_ANSWERS.join(', ') }),
  }),
});
export type StillComingAnswerInput = z.infer<typeof stillComingAnswerSchema>;

const instant = () => z.iso.datetime({ error: VALIDATION.invalid_date.message });

export const stillComingPassengerSchema = z
  .object({
    userId: z.number().int(),
    name: z.string(),
    // Null: not asked yet (joined after the question went out, or its moment has not come).
    askedAt: instant().nullable(),
    // Null: no answer yet.
    answer: z.enum(STILL_COMING_ANSWERS).nullable(),
  })
  .meta({ id: 'StillComingPassenger' });
export type StillComingPassenger = z.infer<typeof stillComingPassengerSchema>;

export const stillComingSchema = z
  .object({
    rideId: z.number().int(),
    // The caller's own question, when they were asked.
    mine: z.object({ askedAt: instant(), answer: z.enum(STILL_COMING_ANSWERS).nullable() }).nullable(),
    isOrganiser: z.boolean(),
    // For the organiser: when they reminded the silent ones (once), and whether they still may.
    remindedAt: instant().nullable(),
    canRemind: z.boolean(),
    // For the organiser: every passenger's answer, a No who left included; null for anyone else.
    passengers: z.array(stillComingPassengerSchema).nullable(),
  })
  .meta({ id: 'StillComing' });
export type StillComing = z.infer<typeof stillComingSchema>;
