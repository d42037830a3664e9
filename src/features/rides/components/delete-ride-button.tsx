import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';

import { errorMessage, toastError, toastSuccess, toastWarning } from '../../../lib/toast';
import { useDeleteRide } from '../api/delete-ride';
import { usePassengers } from '../api/get-passengers';
import type { ApplyTo } from '../api/save-ride';
import { MY_RIDES_PATH } from '../home-search-params';

const CONFIRM_WINDOW_MS = 5000;

// SPEC §4: the first click arms, a second within 5 seconds deletes, then it disarms itself.
// Deleted, the organiser lands on My Rides as after the ride page's Cancel ride (issue 37 §4).
// Armed, it says how many passengers the deletion tells (each is notified: 'ride_deleted').
// A date of a weekly series (issue 27) offers two: this date, or this and every later date.
export function DeleteRideButton({ rideId, seriesDate = false }: { rideId: number | null; seriesDate?: boolean }) {
  const { t } = useLingui();
  const [armed, setArmed] = useState<ApplyTo | null>(null);
  const deleteRide = useDeleteRide();
  const navigate = useNavigate();
  const passengers = usePassengers(rideId ?? 0, rideId !== null);
  const told = passengers.data?.length ?? null;
  const toldId = useId();

  useEffect(() => {
    if (!armed) return;
    const timer = setTimeout(() => setArmed(null), CONFIRM_WINDOW_MS);
    return () => clearTimeout(timer);
  }, [armed]);

  const onClick = (applyTo: ApplyTo) => {
    if (!rideId) {
      toastError(t`Error`, t`No ride ID provided`);
      return;
    }
    if (armed !== applyTo) {
      setArmed(applyTo);
      toastWarning(
        t`Confirm Deletion`,
        seriesDate
          ? t`Tap the same button again to confirm. This cannot be undone.`
          : t`Click Delete again to confirm. This action cannot be undone.`,
      );
      return;
    }
    deleteRide.mutate(
      { rideId, applyTo: seriesDate ? applyTo : undefined },
      {
        onSuccess: () => {
          toastSuccess(applyTo === 'following' ? t`This and later dates are cancelled` : t`Ride deleted successfully`);
          navigate(MY_RIDES_PATH, { replace: true });
        },
        onError: (error) => {
          setArmed(null);
          toastError(t`Error`, errorMessage(error));
        },
      },
    );
  };

  const button = (applyTo: ApplyTo, idle: string, again: string) => (
    <button
      type="button"
      className={`btn min-h-11 w-full ${armed === applyTo ? 'btn-error' : 'btn-outline btn-error'}`}
      onClick={() => onClick(applyTo)}
      disabled={deleteRide.isPending}
      aria-describedby={armed === applyTo ? toldId : undefined}
    >
      {deleteRide.isPending && armed === applyTo ? <Trans>Deleting...</Trans> : armed === applyTo ? again : idle}
    </button>
  );

  return (
    <div className="flex flex-col gap-2">
      {seriesDate ? (
        <>
          {button('this', t`Cancel this date`, t`Tap again to cancel this date`)}
          {button('following', t`Cancel this and later dates`, t`Tap again to cancel this and later dates`)}
        </>
      ) : (
        button('this', t`Delete Ride`, t`Click again to delete`)
      )}
      {armed ? (
        <p id={toldId} role="status" className="text-sm">
          {armed === 'following' ? (
            <Trans>Everyone on this and the later dates is told once that they are cancelled.</Trans>
          ) : told === null ? (
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
