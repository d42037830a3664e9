import { t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useState } from 'react';
import { AuthLink } from '../../../components/auth-link';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { QueryState } from '../../../components/query-state';
import { ContactButtons, telLink, whatsappLink } from '../../../components/contact-buttons';
import { RecommendedDriverButtons, useRecommendedDrivers } from './recommended-drivers';
import { formatDateTime, formatPhoneNumber } from '../../../lib/format';
import { errorMessage, toastError, toastSuccess } from '../../../lib/toast';
import { useRideVendor } from '../api/get-ride-vendor';
import { useReleaseRide } from '../api/release-ride';
import { directionLabel, organizerName } from '../ride-rules';
import type { Ride } from '@shared/types/ride.ts';

export function OrganizerResponsibilitiesCard() {
  const { t } = useLingui();
  return (
    <section aria-labelledby="responsibilities-title" className="card border border-warning bg-base-100 p-4">
      <h2 id="responsibilities-title" className="mb-2 text-lg font-semibold">
        <Trans>Organizer Responsibilities</Trans>
      </h2>
      <ol className="mb-3 list-decimal space-y-1 pl-5">
        <li>
          <Trans>Book the chartered car once people have joined.</Trans>
        </li>
        <li>
          <Trans>Update your passengers with the booking details.</Trans>
        </li>
        <li>
          <Trans>Share the pickup time with everyone.</Trans>
        </li>
        <li>
          <Trans>Collect payments from your passengers.</Trans>
        </li>
        <li>
          <Trans>Create a group chat for the trip.</Trans>
        </li>
      </ol>
      <p className="mb-2 font-medium">
        <Trans>Recommended drivers</Trans>
      </p>
      <RecommendedDriverButtons message={t`Hi, I'd like to book a chartered car between Singapore and Forest City.`} />
    </section>
  );
}

export function OrganizerCard({ ride }: { ride: Ride }) {
  const { t } = useLingui();
  const name = organizerName(ride);
  const creator = ride.creator ?? {};
  const direction = directionLabel(ride.direction);
  const date = formatDateTime(ride.date);
  return (
    <section aria-labelledby="organizer-title" className="card border border-base-300 bg-base-100 p-4">
      <h2 id="organizer-title" className="mb-1 text-lg font-semibold">
        <Trans>Organizer</Trans>
      </h2>
      <p className="mb-3" translate="no">
        {name}
      </p>
      <ContactButtons
        personName={name}
        contact={creator}
        channels={['whatsapp', 'malaysian', 'discord']}
        message={t`Hi ${name}, about your ${direction} ride on ${date}.`}
      />
    </section>
  );
}

export function suggestedPassengerMessage(ride: Ride): string {
  const name = organizerName(ride);
  const direction = directionLabel(ride.direction);
  const date = formatDateTime(ride.date);
  return t`Hi ${name}, I've joined your ${direction} ride on ${date}. Please add me to the group chat and let me know the pickup time and how to pay. Thanks!`;
}

// The same words as suggestedPassengerMessage, with the organiser's name marked as theirs (not
// to be translated) for the page; the WhatsApp link carries the plain text.
function SuggestedMessage({ ride }: { ride: Ride }) {
  const name = organizerName(ride);
  const direction = directionLabel(ride.direction);
  const date = formatDateTime(ride.date);
  return (
    <blockquote className="mb-3 rounded-box bg-base-200 p-3 text-sm">
      <Trans>
        Hi <span translate="no">{name}</span>, I've joined your {direction} ride on {date}. Please add me to the group chat and let me know the pickup time and how to pay. Thanks!
      </Trans>
    </blockquote>
  );
}

// payment: the passenger's share with Pay with PayNow / Revolut and "I've paid" (payment-card),
// right under the step that says to pay, not a tab away (issue 21).
export function JoinedCard({ ride, payment }: { ride: Ride; payment?: ReactNode }) {
  const message = suggestedPassengerMessage(ride);
  const whatsapp = ride.creator?.whatsappNumber;
  return (
    <section aria-labelledby="joined-title" className="card border border-success bg-base-100 p-4">
      <h2 id="joined-title" className="mb-2 text-lg font-semibold">
        <Trans>You've Joined</Trans>
      </h2>
      <p className="mb-2">
        <Trans>Next steps:</Trans>
      </p>
      <ol className="mb-3 list-decimal space-y-1 pl-5">
        <li>
          <Trans>Message the organizer so they know you're coming.</Trans>
        </li>
        <li>
          <Trans>Wait for the booking details and the pickup time.</Trans>
        </li>
        <li>
          <Trans>Pay your share to the organizer.</Trans>
        </li>
        <li>
          <Trans>Bring your passport (valid for at least 6 months).</Trans>
        </li>
      </ol>
      {payment ? <div className="mb-3">{payment}</div> : null}
      <p className="mb-1 font-medium">
        <Trans>Suggested message</Trans>
      </p>
      <SuggestedMessage ride={ride} />
      {whatsapp ? (
        <a className="btn btn-success min-h-11 self-start" href={whatsappLink(whatsapp, message)} target="_blank" rel="noreferrer">
          <Trans>Send on WhatsApp</Trans>
        </a>
      ) : null}
    </section>
  );
}

export function LoginRequiredCard() {
  return (
    <section aria-labelledby="login-required-title" className="card border border-base-300 bg-base-200 p-4">
      <h2 id="login-required-title" className="mb-2 text-lg font-semibold">
        <Trans>Login Required</Trans>
      </h2>
      <p className="mb-3">
        <Trans>Log in to join this ride, see the passengers and contact the organizer.</Trans>
      </p>
      <AuthLink className="btn btn-primary min-h-11 self-start">
        <Trans>Login or Register</Trans>
      </AuthLink>
    </section>
  );
}

export function PastRideCard({ ride }: { ride: Ride }) {
  const completed = ride.status === 'completed';
  return (
    <section className="alert" role="status">
      <div>
        <h2 className="font-semibold">{completed ? <Trans>This Ride Is Completed</Trans> : <Trans>This Ride Is In The Past</Trans>}</h2>
        <p>
          {completed ? (
            <Trans>This trip has been completed.</Trans>
          ) : (
            <Trans>This ride has already departed and can no longer be joined.</Trans>
          )}
        </p>
      </div>
    </section>
  );
}

// The border pack: who is driving, readable offline from the saved copy or the built-in list.
export function BookedDriverCard({ ride }: { ride: Ride }) {
  const driver = useRecommendedDrivers().find((candidate) => candidate.id === ride.driverContactId);
  if (!driver) return null;
  const driverName = driver.name;
  const vehicle = driver.vehicleType;
  const pickup = formatDateTime(ride.date);
  return (
    <section aria-labelledby="driver-title" className="card border border-info bg-base-100 p-4">
      <h2 id="driver-title" className="mb-1 text-lg font-semibold">
        <Trans>Your driver</Trans>
      </h2>
      <p className="mb-3">
        <Trans>
          <span translate="no">{driverName}</span> · <span translate="no">{vehicle}</span> · pickup {pickup}
        </Trans>
      </p>
      <ContactButtons personName={driver.name} contact={driver} channels={['whatsapp', 'malaysian']} />
    </section>
  );
}

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
      onError: (error) => toastError(t`Could not release the driver`, errorMessage(error)),
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
              <a className="link inline-flex min-h-11 items-center" href={telLink(details.driverContact)}>
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
              <Trans>You will no longer drive this ride. It goes back to Open, and another vendor can take it; the organizer sees it open again.</Trans>
            ) : (
              <Trans>
                This vendor will no longer drive your ride. It goes back to Open, for any approved vendor to take; the vendor sees it gone from their dashboard.
              </Trans>
            )}
          </ConfirmDialog>
        </>
      ) : null}
    </section>
  );
}
