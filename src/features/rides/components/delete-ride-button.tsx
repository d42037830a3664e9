import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { errorMessage, toastError, toastSuccess, toastWarning } from '../../../lib/toast';
import { useDeleteRide } from '../api/delete-ride';

const CONFIRM_WINDOW_MS = 5000;

// SPEC §4: the first click arms, a second within 5 seconds deletes, then it disarms itself.
export function DeleteRideButton({ rideId }: { rideId: number | null }) {
  const { t } = useLingui();
  const [armed, setArmed] = useState(false);
  const deleteRide = useDeleteRide();
  const navigate = useNavigate();

  useEffect(() => {
    if (!armed) return;
    const timer = setTimeout(() => setArmed(false), CONFIRM_WINDOW_MS);
    return () => clearTimeout(timer);
  }, [armed]);

  const onClick = () => {
    if (!rideId) {
      toastError(t`Error`, t`No ride ID provided`);
      return;
    }
    if (!armed) {
      setArmed(true);
      toastWarning(t`Confirm Deletion`, t`Click Delete again to confirm. This action cannot be undone.`);
      return;
    }
    deleteRide.mutate(rideId, {
      onSuccess: () => {
        toastSuccess(t`Ride deleted successfully`);
        navigate('/home');
      },
      onError: (error) => {
        setArmed(false);
        toastError(t`Error`, errorMessage(error));
      },
    });
  };

  return (
    <button type="button" className={`btn min-h-11 w-full ${armed ? 'btn-error' : 'btn-outline btn-error'}`} onClick={onClick} disabled={deleteRide.isPending}>
      {deleteRide.isPending ? <Trans>Deleting...</Trans> : armed ? <Trans>Click again to delete</Trans> : <Trans>Delete Ride</Trans>}
    </button>
  );
}
