import { z } from 'zod';

import { GENERIC_REFUSAL_CODES, type RefusalCode, REFUSALS } from '../refusals.ts';

// Every refusal's JSON (api/app.ts's error handler, lib/request-log.ts): SPEC §8's English
// message, its stable code (../refusals.ts) and the request's id, which finds its log line.
// Each route's contract names the codes it may answer with, status by status
// (api/lib/contract.ts refused()); this is their common shape.

export const REFUSAL_CODES = [
  ...new Set<RefusalCode>([
    ...(Object.keys(REFUSALS) as RefusalCode[]),
    ...Object.values(GENERIC_REFUSAL_CODES),
    'refused',
  ]),
] as [RefusalCode, ...RefusalCode[]];

export const refusalSchema = z.object({
  message: z.string(),
  code: z.enum(REFUSAL_CODES),
  requestId: z.string(),
});
export type RefusalAnswer = z.infer<typeof refusalSchema>;

// A refusal whose code is one of these.
export function refusalOf(codes: readonly [RefusalCode, ...RefusalCode[]]) {
  return refusalSchema.extend({ code: z.enum(codes) });
}
