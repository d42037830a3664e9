import { Trans, useLingui } from '@lingui/react/macro';

import { toastFailure, toastSuccess } from '../../../lib/toast';
import { useAcceptRideHandover } from '../api/accept-ride-handover';
import { useRideHandover } from '../api/get-ride-handover';
import { useWithdrawRideHandover } from '../api/withdraw-ride-handover';

// For the passenger the organiser offered the ride to (issue 26 §2): take it over, or decline.
// Nothing while there is no offer to them, nor when the offer could not be read (the ride page
// works without it).
export function HandoverBanner({ rideId, userId, enabled }: { rideId: number; userId: number; enabled: boolean }) {
  const { t } = useLingui();
  const pending = useRideHandover(rideId, enabled);
  const accept = useAcceptRideHandover(rideId);
  const decline = useWithdrawRideHandover(rideId);
  const handover = pending.data;
  if (!enabled || !handover || handover.offeredTo.id !== userId) return null;
  const organiser = handover.offeredBy.name;
  const busy = accept.isPending || decline.isPending;

  const onAccept = () =>
    // mutateAsync: the banner goes with the offer once it is answered, and mutate's callbacks with it.
    accept
      .mutateAsync(undefined)
      .then(() => toastSuccess(t`You now organise this ride`), toastFailure(t`Could not take the ride over`));
  const onDecline = () =>
    decline
      .mutateAsync(undefined)
      .then(
        () => toastSuccess(t`Offer declined`, t`${organiser} has been told.`),
        toastFailure(t`Could not decline the offer`),
      );

  return (
    <section className="alert alert-info flex flex-col items-start gap-2" aria-label={t`Offer to organise this ride`}>
      <p className="font-semibold">
        <Trans>
          <span translate="no">{organiser}</span> offers you this ride to organise
        </Trans>
      </p>
      <p className="text-sm">
        <Trans>
          If you accept, you become its organiser with your party and stop, and <span translate="no">{organiser}</span>{' '}
          leaves the ride.
        </Trans>
      </p>
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn btn-primary btn-sm min-h-11" disabled={busy} onClick={onAccept}>
          {accept.isPending ? <span className="loading loading-spinner loading-xs" aria-hidden="true" /> : null}
          <Trans>Accept</Trans>
        </button>
        <button type="button" className="btn btn-outline btn-sm min-h-11" disabled={busy} onClick={onDecline}>
          {decline.isPending ? <span className="loading loading-spinner loading-xs" aria-hidden="true" /> : null}
          <Trans>Decline</Trans>
        </button>
      </div>
    </section>
  );
}
