import { Trans } from '@lingui/react/macro';
import type { Ride } from '@shared/types/ride.ts';
import { Link } from 'react-router-dom';

import { canPlanReturn, planReturnPath } from '../return-trip';

// Issue 14 §3: the organiser's way back, one tap from the outbound (upcoming or just past).
// Opens the create form prefilled as the mirror of this ride (return-trip.ts).
export function PlanReturnButton({ ride, userId }: { ride: Ride; userId: number | null | undefined }) {
  if (!canPlanReturn(ride, userId)) return null;
  return (
    <section aria-labelledby="plan-return-title" className="card border border-base-300 bg-base-100 p-4">
      <h2 id="plan-return-title" className="mb-1 text-lg font-semibold">
        <Trans>Going back too?</Trans>
      </h2>
      <p className="mb-3 text-sm">
        <Trans>
          Create the return ride with your stop, seats and party filled in: pick the date and your passengers are told.
        </Trans>
      </p>
      <Link to={planReturnPath(ride.id)} className="btn btn-primary min-h-11 self-start">
        <Trans>Plan the return</Trans>
      </Link>
    </section>
  );
}
