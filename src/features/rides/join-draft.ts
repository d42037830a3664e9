import type { JoinFormValues } from '../../lib/join-form-schema';

// A visitor's register-and-join whose account was made but whose join was refused: signing the
// new member in redraws the ride page (their ride and passengers are read again), so the party,
// the stop and the refusal are kept here for the member's join form to show once it is back.
// Memory only: it is for this page, not for another visit.
export interface JoinDraft {
  values: JoinFormValues;
  error: string;
}

const drafts = new Map<number, JoinDraft>();

export function keepJoinDraft(rideId: number, draft: JoinDraft): void {
  drafts.set(rideId, draft);
}

export function joinDraft(rideId: number): JoinDraft | undefined {
  return drafts.get(rideId);
}

export function dropJoinDraft(rideId: number): void {
  drafts.delete(rideId);
}
