import { z } from 'zod';

// An answer that only says it is done, in words for the member (logged out, password changed,
// report dismissed): SPEC §8's English, which the PWA shows as a toast or translates.
export const messageAnswerSchema = z.object({ message: z.string() }).meta({ id: 'MessageAnswer' });
export type MessageAnswer = z.infer<typeof messageAnswerSchema>;
