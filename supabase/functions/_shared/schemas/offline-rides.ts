import { z } from 'zod';

import { unknownParameters } from './ride-page.ts';

// GET /api/rides/user/offline (docs/decisions/0017-the-members-rides-kept-offline.md): every
// ride the member organises, has joined, waits for or drives, with what its page reads, so the
// PWA can keep them for the checkpoint. It takes no parameters; an unknown one is refused as on
// the other lists.

// A trip's page still matters a few days after it left: payments, the driver's number.
export const OFFLINE_RIDES_PAST_DAYS = 3;
// The soonest first; more than a member really has, and a ceiling on one answer's work.
export const OFFLINE_RIDES_MAX = 30;

export const offlineRidesQuerySchema = z.strictObject({}, { error: unknownParameters });
