import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';

import { errorMessage, toastError, toastSuccess, toastWarning } from '../../../lib/toast';
import { useDeleteRide } from '../api/delete-ride';
import { usePassengers } from '../api/get-passengers';

const CONFIRM_WINDOW_MS = 5000;

// SPEC §4: the first click arms, a second within 5 seconds deletes, then it disarms itself.
// Armed, it says how many passengers the deletion tells (each is notified: 'ride_deleted').
export function DeleteRideButton({ rideId }: { rideId: number | null }) {
  const { t } = useLingui();
  const [armed, setArmed] = useState(false);
  const deleteRide = useDeleteRide();
  const navigate = useNavigate();
  const passengers = usePassengers(rideId ?? 0, rideId !== null);
  const told = passengers.data?.length ?? null;
  const toldId = useId();

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
    <div className="flex flex-col gap-2">
      <button
        type="button"
        className={`btn min-h-11 w-full ${armed ? 'btn-error' : 'btn-outline btn-error'}`}
        onClick={onClick}
        disabled={deleteRide.isPending}
        aria-describedby={armed ? toldId : undefined}
      >
        {deleteRide.isPending ? (
          <Trans>Deleting...</Trans>
        ) : armed ? (
          <Trans>Click again to delete</Trans>
        ) : (
          <Trans>Delete Ride</Trans>
        )}
      </button>
      {armed ? (
        <p id={toldId} role="status" className="text-sm">
          {told === null ? (
            <Trans>Everyone who joined this ride will be told that it is cancelled.</Trans>
          ) : told === 0 ? (
            <Trans>Nobody has joined yet, so nobody will be told.</Trans>
          ) : (
            <Plural
              value={told}
              one="# passenger will be told that the ride is cancelled."
              other="# passengers will be told that the ride is cancelled."
            />
          )}
        </p>
      ) : null}
    </div>
  );
}
