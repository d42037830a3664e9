import { PASSENGERS_MAX } from '@shared/limits.ts';

// The join link of a ride started for a ride request (its notification's path, issue 24 §1):
// the member's party and area, as ?party=&dropoff=.
export function readRequestJoinPrefill(
  params: URLSearchParams,
): { passengerCount: number; dropoffLocation: string } | null {
  const party = params.get('party');
  const dropoff = params.get('dropoff');
  if (party === null && dropoff === null) return null;
  const count = party && /^[0-9]{1,2}$/.test(party) ? Number(party) : 1;
  return {
    passengerCount: Math.min(Math.max(count, 1), PASSENGERS_MAX),
    dropoffLocation: (dropoff ?? '').slice(0, 500),
  };
}
