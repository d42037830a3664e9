// Follow an organiser (issue 27): what the api answers about one follow, and the organiser's
// count, as their schemas declare them (schemas/follows-response.ts). Types only.
import type { z } from 'zod';

import type { followerCountSchema, followStateSchema } from '../schemas/follows-response.ts';

export type FollowState = z.infer<typeof followStateSchema>;

export type FollowerCount = z.infer<typeof followerCountSchema>;
