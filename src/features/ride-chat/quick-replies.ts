import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

import { singaporeDay } from '../../lib/format';

// The day of the trip's three taps (issue 25). Sent as text in the sender's language: the
// others read what was written, like any message.
export const QUICK_REPLIES: MessageDescriptor[] = [msg`I'm at the pickup`, msg`Running 5 minutes late`, msg`Here`];

// The ride leaves today, Singapore's day (where both ends keep their clocks).
export function departsToday(rideDate: string, now = Date.now()): boolean {
  const ride = Date.parse(rideDate);
  if (Number.isNaN(ride)) return false;
  return singaporeDay(ride) === singaporeDay(now);
}
