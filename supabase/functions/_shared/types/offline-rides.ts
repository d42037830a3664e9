// The member's rides kept offline (ADR 0017), as their schema declares them
// (schemas/offline-rides-response.ts, where the parts are described). Types only.
import type { z } from 'zod';

import type { offlineRideSchema, offlineRidesSchema } from '../schemas/offline-rides-response.ts';

export type OfflineRide = z.infer<typeof offlineRideSchema>;
export type OfflineRides = z.infer<typeof offlineRidesSchema>;
