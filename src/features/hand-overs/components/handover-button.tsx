import { Trans, useLingui } from '@lingui/react/macro';
import type { Passenger } from '@shared/types/ride.ts';
import { useState } from 'react';

import { ConfirmDialog } from '../../../components/confirm-dialog';
import { passengerName } from '../../../lib/ride-rules';
import { toastFailure, toastSuccess } from '../../../lib/toast';
import { useRideHandover } from '../api/get-ride-handover';
import { useOfferRideHandover } from '../api/offer-ride-handover';
import { useWithdrawRideHandover } from '../api/withdraw-ride-handover';

// The organiser's "Hand over" on a passenger of their upcoming ride (issue 26 §2): the passenger
// is asked to organise it, and becomes the organiser only once they accept. The one pending offer
// shows on its passenger, with its withdrawal.
export function HandoverButton({ rideId, passenger }: { rideId: number; passenger: Passenger }) {
  const { t } = useLingui();
  const pending = useRideHandover(rideId, true);
  const offer = useOfferRideHandover(rideId);
  const withdraw = useWithdrawRideHandover(rideId);
  const [asking, setAsking] = useState(false);
  const name = passengerName(passenger);
  const offered = pending.data?.offeredTo.id === passenger.userId;
  const busy = offer.isPending || withdraw.isPending || pending.isPending;

  const onOffer = () => {
    setAsking(false);
    offer.mutate(
      { rideId, toUserId: passenger.userId },
      {
        onSuccess: () => toastSuccess(t`Offer sent to ${name}`),
        onError: toastFailure(t`Could not offer the ride`),
      },
    );
  };
  const onWithdraw = () =>
    withdraw.mutate(undefined, {
      onSuccess: () => toastSuccess(t`Offer withdrawn`, t`${name} has been told.`),
      onError: toastFailure(t`Could not withdraw the offer`),
    });

  if (offered) {
    return (
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <span className="badge badge-info">
          <Trans>Offered to organise</Trans>
        </span>
        <button
          type="button"
          className="btn btn-outline btn-sm min-h-11"
          disabled={busy}
          aria-label={t`Withdraw offer to ${name}`}
          onClick={onWithdraw}
        >
          {withdraw.isPending ? <span className="loading loading-spinner loading-xs" aria-hidden="true" /> : null}
          <Trans>Withdraw offer</Trans>
        </button>
      </div>
    );
  }
  return (
    <>
      <button
        type="button"
        className="btn btn-outline btn-sm mt-3 min-h-11 self-start"
        disabled={busy}
        aria-label={t`Hand over to ${name}`}
        onClick={() => setAsking(true)}
      >
        {offer.isPending ? <span className="loading loading-spinner loading-xs" aria-hidden="true" /> : null}
        <Trans>Hand over</Trans>
      </button>
      {/* Mounted only while asked: closed, it would still hold the member's name in every row. */}
      {asking ? (
        <ConfirmDialog
          open
          title={t`Hand this ride over to ${name}?`}
          confirmLabel={t`Send offer`}
          onConfirm={onOffer}
          onCancel={() => setAsking(false)}
        >
          <p>
            <Trans>
              <span translate="no">{name}</span> is asked to organise this ride. If they accept, they become its
              organiser with their party and stop, and you leave the ride: your seats go to the waitlist.
            </Trans>
          </p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}
