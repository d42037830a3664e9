import { z } from 'zod';

import { GENERIC_REFUSAL_CODES, type RefusalCode, REFUSALS } from '../refusals.ts';

// Every refusal's JSON (api/app.ts's error handler, lib/request-log.ts; ADR 0047): its stable
// code (../refusals.ts), the values its text names (params: {} when none; an 'invalid_input'
// names the validation rule, its values and the field), SPEC §8's message in the caller's
// language, and the request's id, which finds its log line. Each route's contract names the
// codes it may answer with, status by status (api/lib/contract.ts refused()); this is their
// common shape.

export const REFUSAL_CODES = [
  ...new Set<RefusalCode>([
    ...(Object.keys(REFUSALS) as RefusalCode[]),
    ...Object.values(GENERIC_REFUSAL_CODES),
    'refused',
  ]),
] as [RefusalCode, ...RefusalCode[]];

// The values the refusal's text names, by name ({ count: 3 }; wait in seconds); for
// 'invalid_input' the rule of the validation registry, its values and the field
// ({ rule, label, max, field }).
export const refusalParamsSchema = z.record(z.string(), z.union([z.string(), z.number()]));

export const refusalSchema = z.object({
  code: z.enum(REFUSAL_CODES),
  params: refusalParamsSchema,
  // In the member's language: their account's, else Accept-Language's, else English.
  message: z.string(),
  requestId: z.string(),
});
export type RefusalAnswer = z.infer<typeof refusalSchema>;

// A refusal whose code is one of these.
export function refusalOf(codes: readonly [RefusalCode, ...RefusalCode[]]) {
  return refusalSchema.extend({ code: z.enum(codes) });
}
