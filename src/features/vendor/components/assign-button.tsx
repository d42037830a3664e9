import { Trans, useLingui } from '@lingui/react/macro';
import { useIsMutating } from '@tanstack/react-query';

import { toastFailure, toastSuccess } from '../../../lib/toast';
import { ASSIGN_RIDE_MUTATION, useAssignRide } from '../api/assign-ride';

// "Assign to me" on an open ride in the vendor dashboard's Available Rides.
export function AssignButton({ rideId }: { rideId: number }) {
  const { t } = useLingui();
  const assign = useAssignRide();
  const assigning = useIsMutating({ mutationKey: ASSIGN_RIDE_MUTATION }) > 0;
  return (
    <button
      type="button"
      className="btn btn-primary btn-sm min-h-11"
      disabled={assigning}
      onClick={() =>
        assign.mutate(rideId, {
          onSuccess: () => toastSuccess(t`Ride assigned successfully`),
          onError: toastFailure(t`Error`),
        })
      }
    >
      <Trans>Assign to me</Trans>
    </button>
  );
}
