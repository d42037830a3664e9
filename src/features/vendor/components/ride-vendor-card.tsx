import { Trans, useLingui } from '@lingui/react/macro';
import type { Ride } from '@shared/types/ride.ts';
import { useState } from 'react';

import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ContactButtons, telLink } from '../../../components/contact-buttons';
import { QueryState } from '../../../components/query-state';
import { formatDateTime, formatPhoneNumber } from '../../../lib/format';
import { directionLabel } from '../../../lib/ride-rules';
import { toastFailure, toastSuccess } from '../../../lib/toast';
import { useRideVendor } from '../api/get-ride-vendor';
import { useReleaseRide } from '../api/release-ride';

// Who drives an assigned ride, for the people on it (the api refuses anyone else). The vendor
// and the organiser may release the assignment before the ride: it goes back to Open.
export function RideVendorCard({ ride, releaseAs }: { ride: Ride; releaseAs: 'vendor' | 'organizer' | null }) {
  const vendor = useRideVendor(ride.id, true);
  const release = useReleaseRide();
  const [confirming, setConfirming] = useState(false);
  const { t } = useLingui();

  const onRelease = () => {
    setConfirming(false);
    release.mutate(ride.id, {
      onSuccess: () => toastSuccess(t`Driver released`, t`The ride is open again for any approved vendor to take.`),
      onError: toastFailure(t`Could not release the driver`),
    });
  };

  let body;
  if (vendor.isPending) {
    body = <QueryState inline loading={t`Loading the driver's details…`} />;
  } else if (vendor.isError && vendor.data === undefined) {
    // Only with nothing to show: a refresh that failed (offline) leaves the copy on screen.
    const loadError = vendor.error.message;
    body = (
      <QueryState
        inline
        error={<Trans>Could not load the driver's details: {loadError}</Trans>}
        onRetry={vendor.refetch}
        retrying={vendor.isFetching}
      />
    );
  } else if (!vendor.data) {
    body = (
      <p className="opacity-80">
        <Trans>No vendor is assigned to this ride any more.</Trans>
      </p>
    );
  } else {
    const details = vendor.data;
    const company = details.companyName ?? t`The vendor`;
    const direction = directionLabel(ride.direction);
    const date = formatDateTime(ride.date);
    body = (
      <>
        <dl className="mb-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
          <dt className="font-medium">
            <Trans>Company</Trans>
          </dt>
          <dd translate={details.companyName ? 'no' : undefined}>{company}</dd>
          <dt className="font-medium">
            <Trans>Driver</Trans>
          </dt>
          <dd translate="no">{details.driverName ?? '–'}</dd>
          <dt className="font-medium">
            <Trans>Car plate</Trans>
          </dt>
          <dd translate="no">{details.carNumber ?? '–'}</dd>
          <dt className="font-medium">
            <Trans>Driver contact</Trans>
          </dt>
          <dd translate="no">
            {details.driverContact ? (
              <a
                className="link inline-flex min-h-11 items-center whitespace-nowrap"
                href={telLink(details.driverContact)}
              >
                {formatPhoneNumber(details.driverContact)}
              </a>
            ) : (
              '–'
            )}
          </dd>
        </dl>
        <ContactButtons
          personName={company}
          contact={details}
          channels={['whatsapp', 'malaysian', 'discord']}
          message={t`Hi ${company}, about the ${direction} ride on ${date}.`}
        />
      </>
    );
  }

  return (
    <section aria-labelledby="ride-vendor-title" className="card border border-info bg-base-100 p-4">
      <h2 id="ride-vendor-title" className="mb-2 text-lg font-semibold">
        <Trans>Assigned vendor</Trans>
      </h2>
      {body}
      {releaseAs ? (
        <>
          <button
            type="button"
            className="btn btn-outline btn-error mt-3 min-h-11 self-start"
            disabled={release.isPending}
            onClick={() => setConfirming(true)}
          >
            {release.isPending ? <Trans>Releasing…</Trans> : <Trans>Release driver</Trans>}
          </button>
          <ConfirmDialog
            open={confirming}
            title={t`Release the driver?`}
            confirmLabel={t`Release driver`}
            destructive
            onConfirm={onRelease}
            onCancel={() => setConfirming(false)}
          >
            {releaseAs === 'vendor' ? (
              <Trans>
                You will no longer drive this ride. It goes back to Open, and another vendor can take it; the organizer
                sees it open again.
              </Trans>
            ) : (
              <Trans>
                This vendor will no longer drive your ride. It goes back to Open, for any approved vendor to take; the
                vendor sees it gone from their dashboard.
              </Trans>
            )}
          </ConfirmDialog>
        </>
      ) : null}
    </section>
  );
}
