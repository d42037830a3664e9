import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ContactButtons, telLink, whatsappLink } from '../../../components/contact-buttons';
import { RecommendedDriverButtons, useRecommendedDrivers } from './recommended-drivers';
import { formatDateTime } from '../../../lib/format';
import { errorMessage, toastError, toastSuccess } from '../../../lib/toast';
import { useRideVendor } from '../api/get-ride-vendor';
import { useReleaseRide } from '../api/release-ride';
import { directionLabel, organizerName } from '../ride-rules';
import type { Ride } from '@shared/types/ride.ts';

export function OrganizerResponsibilitiesCard() {
  return (
    <section aria-labelledby="responsibilities-title" className="card border border-warning bg-base-100 p-4">
      <h2 id="responsibilities-title" className="mb-2 text-lg font-semibold">
        Organizer Responsibilities
      </h2>
      <ol className="mb-3 list-decimal space-y-1 pl-5">
        <li>Book the chartered car once people have joined.</li>
        <li>Update your passengers with the booking details.</li>
        <li>Share the pickup time with everyone.</li>
        <li>Collect payments from your passengers.</li>
        <li>Create a group chat for the trip.</li>
      </ol>
      <p className="mb-2 font-medium">Recommended drivers</p>
      <RecommendedDriverButtons message="Hi, I'd like to book a chartered car between Singapore and Forest City." />
    </section>
  );
}

export function OrganizerCard({ ride }: { ride: Ride }) {
  const name = organizerName(ride);
  const creator = ride.creator ?? {};
  return (
    <section aria-labelledby="organizer-title" className="card border border-base-300 bg-base-100 p-4">
      <h2 id="organizer-title" className="mb-1 text-lg font-semibold">
        Organizer
      </h2>
      <p className="mb-3">{name}</p>
      <ContactButtons
        personName={name}
        contact={creator}
        channels={['whatsapp', 'malaysian', 'discord']}
        message={`Hi ${name}, about your ${directionLabel(ride.direction)} ride on ${formatDateTime(ride.date)}.`}
      />
    </section>
  );
}

export function suggestedPassengerMessage(ride: Ride): string {
  return `Hi ${organizerName(ride)}, I've joined your ${directionLabel(ride.direction)} ride on ${formatDateTime(
    ride.date,
  )}. Please add me to the group chat and let me know the pickup time and how to pay. Thanks!`;
}

export function JoinedCard({ ride }: { ride: Ride }) {
  const message = suggestedPassengerMessage(ride);
  const whatsapp = ride.creator?.whatsappNumber;
  return (
    <section aria-labelledby="joined-title" className="card border border-success bg-base-100 p-4">
      <h2 id="joined-title" className="mb-2 text-lg font-semibold">
        You've Joined
      </h2>
      <p className="mb-2">Next steps:</p>
      <ol className="mb-3 list-decimal space-y-1 pl-5">
        <li>Message the organizer so they know you're coming.</li>
        <li>Wait for the booking details and the pickup time.</li>
        <li>Pay your share to the organizer.</li>
        <li>Bring your passport (valid for at least 6 months).</li>
      </ol>
      <p className="mb-1 font-medium">Suggested message</p>
      <blockquote className="mb-3 rounded-box bg-base-200 p-3 text-sm">{message}</blockquote>
      {whatsapp ? (
        <a className="btn btn-success min-h-11 self-start" href={whatsappLink(whatsapp, message)} target="_blank" rel="noreferrer">
          Send on WhatsApp
        </a>
      ) : null}
    </section>
  );
}

export function LoginRequiredCard() {
  return (
    <section aria-labelledby="login-required-title" className="card border border-base-300 bg-base-200 p-4">
      <h2 id="login-required-title" className="mb-2 text-lg font-semibold">
        Login Required
      </h2>
      <p className="mb-3">Log in to join this ride, see the passengers and contact the organizer.</p>
      <Link to="/auth" className="btn btn-primary min-h-11 self-start">
        Login or Register
      </Link>
    </section>
  );
}

export function PastRideCard({ ride }: { ride: Ride }) {
  const completed = ride.status === 'completed';
  return (
    <section className="alert" role="status">
      <div>
        <h2 className="font-semibold">{completed ? 'This Ride Is Completed' : 'This Ride Is In The Past'}</h2>
        <p>{completed ? 'This trip has been completed.' : 'This ride has already departed and can no longer be joined.'}</p>
      </div>
    </section>
  );
}

// The border pack: who is driving, readable offline from the saved copy or the built-in list.
export function BookedDriverCard({ ride }: { ride: Ride }) {
  const driver = useRecommendedDrivers().find((candidate) => candidate.id === ride.driverContactId);
  if (!driver) return null;
  return (
    <section aria-labelledby="driver-title" className="card border border-info bg-base-100 p-4">
      <h2 id="driver-title" className="mb-1 text-lg font-semibold">
        Your driver
      </h2>
      <p className="mb-3">
        {driver.name} · {driver.vehicleType} · pickup {formatDateTime(ride.date)}
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

  const onRelease = () => {
    setConfirming(false);
    release.mutate(ride.id, {
      onSuccess: () => toastSuccess('Driver released', 'The ride is open again for any approved vendor to take.'),
      onError: (error) => toastError('Could not release the driver', errorMessage(error)),
    });
  };

  let body;
  if (vendor.isPending) {
    body = <p className="opacity-80">Loading the driver's details…</p>;
  } else if (vendor.isError) {
    body = (
      <div role="alert" className="flex flex-col items-start gap-2">
        <p>Could not load the driver's details: {vendor.error.message}</p>
        <button type="button" className="btn btn-sm min-h-11" onClick={() => void vendor.refetch()} disabled={vendor.isFetching}>
          Try again
        </button>
      </div>
    );
  } else if (!vendor.data) {
    body = <p className="opacity-80">No vendor is assigned to this ride any more.</p>;
  } else {
    const details = vendor.data;
    const company = details.companyName ?? 'The vendor';
    body = (
      <>
        <dl className="mb-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
          <dt className="font-medium">Company</dt>
          <dd>{company}</dd>
          <dt className="font-medium">Driver</dt>
          <dd>{details.driverName ?? '–'}</dd>
          <dt className="font-medium">Car plate</dt>
          <dd>{details.carNumber ?? '–'}</dd>
          <dt className="font-medium">Driver contact</dt>
          <dd>
            {details.driverContact ? (
              <a className="link" href={telLink(details.driverContact)}>
                {details.driverContact}
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
          message={`Hi ${company}, about the ${directionLabel(ride.direction)} ride on ${formatDateTime(ride.date)}.`}
        />
      </>
    );
  }

  return (
    <section aria-labelledby="ride-vendor-title" className="card border border-info bg-base-100 p-4">
      <h2 id="ride-vendor-title" className="mb-2 text-lg font-semibold">
        Assigned vendor
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
            {release.isPending ? 'Releasing…' : 'Release driver'}
          </button>
          <ConfirmDialog
            open={confirming}
            title="Release the driver?"
            confirmLabel="Release driver"
            destructive
            onConfirm={onRelease}
            onCancel={() => setConfirming(false)}
          >
            {releaseAs === 'vendor'
              ? 'You will no longer drive this ride. It goes back to Open, and another vendor can take it; the organizer sees it open again.'
              : 'This vendor will no longer drive your ride. It goes back to Open, for any approved vendor to take; the vendor sees it gone from their dashboard.'}
          </ConfirmDialog>
        </>
      ) : null}
    </section>
  );
}
