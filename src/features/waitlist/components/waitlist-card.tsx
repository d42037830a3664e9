import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { Ride } from '@shared/types/ride.ts';
import { useState } from 'react';

import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Form, SubmitButton, TextField } from '../../../components/form';
import { PartySizeField } from '../../../components/party-size-field';
import { QueryState } from '../../../components/query-state';
import { JOIN_FORM_DEFAULTS, joinFormSchema, type JoinFormValues } from '../../../lib/join-form-schema';
import { isFull, remainingSpots } from '../../../lib/ride-rules';
import { toastFailure, toastSuccess } from '../../../lib/toast';
import { useWaitlist } from '../api/get-waitlist';
import { useJoinWaitlist } from '../api/join-waitlist';
import { useLeaveWaitlist } from '../api/leave-waitlist';

// The organiser takes at least one of a ride's ten seats: a party waits for at most nine.
const LARGEST_WAITING_PARTY = 9;

function WaitlistError({ message, onRetry, retrying }: { message: string; onRetry: () => unknown; retrying: boolean }) {
  return (
    <QueryState
      inline
      error={<Trans>Could not load the waitlist: {message}</Trans>}
      onRetry={onRetry}
      retrying={retrying}
    />
  );
}

// For an eligible member who is not on the ride: their place in the queue and Leave waitlist, or
// the form to queue (the join form's fields and rules). On a ride with spots left it offers the
// queue to a party bigger than those spots.
export function WaitlistCard({ ride }: { ride: Ride }) {
  const { t } = useLingui();
  const waitlist = useWaitlist(ride.id, true);
  const join = useJoinWaitlist();
  const leave = useLeaveWaitlist();
  const [confirming, setConfirming] = useState(false);
  const [unfolded, setUnfolded] = useState(false);
  const full = isFull(ride);
  const remaining = remainingSpots(ride);
  const locationLabel =
    ride.direction === 'FC->SG' ? t`Your drop-off location in Singapore` : t`Your pickup location in Singapore`;

  const onLeave = () => {
    setConfirming(false);
    leave.mutate(ride.id, {
      onSuccess: () => toastSuccess(t`You left the waitlist`),
      onError: toastFailure(t`Error`),
    });
  };

  // With spots left the join form comes first; the queue is a fold below it for a bigger party.
  const folded = !full && !waitlist.data?.mine;
  if (folded && !waitlist.data) return null;

  let body;
  if (waitlist.isPending) {
    body = <QueryState inline loading={t`Loading the waitlist…`} />;
  } else if (!waitlist.data) {
    // Only with nothing to show: a refresh that failed (offline) leaves the copy on screen.
    body = (
      <WaitlistError
        message={waitlist.error?.message ?? ''}
        onRetry={() => void waitlist.refetch()}
        retrying={waitlist.isFetching}
      />
    );
  } else if (waitlist.data.mine) {
    const mine = waitlist.data.mine;
    const position = mine.position;
    const place = mine.dropoffLocation;
    body = (
      <>
        <p className="mb-1 text-lg font-semibold" role="status">
          <Trans>You are #{position} on the waitlist</Trans>
        </p>
        <p className="mb-3 text-sm">
          <Plural value={mine.passengerCount} one="# passenger" other="# passengers" /> ·{' '}
          <span translate="no">{place}</span>.{' '}
          <Trans>When seats free up, the first party that fits is moved onto the ride and told.</Trans>
        </p>
        <button
          type="button"
          className="btn btn-outline btn-error min-h-11 self-start"
          disabled={leave.isPending}
          onClick={() => setConfirming(true)}
        >
          {leave.isPending ? <Trans>Leaving…</Trans> : <Trans>Leave waitlist</Trans>}
        </button>
        <ConfirmDialog
          open={confirming}
          title={t`Leave the waitlist?`}
          confirmLabel={t`Leave waitlist`}
          destructive
          onConfirm={onLeave}
          onCancel={() => setConfirming(false)}
        >
          <Trans>You lose your place in the queue. You can join it again later, at the end.</Trans>
        </ConfirmDialog>
      </>
    );
  } else {
    const waiting = waitlist.data.waiting;
    body = (
      <>
        <p className="mb-3 text-sm">
          {full ? (
            <Trans>
              This ride is full. Join the waitlist: when seats free up, the first party that fits is moved onto the ride
              and told.
            </Trans>
          ) : (
            <Trans>When seats free up, the first party that fits is moved onto the ride and told.</Trans>
          )}{' '}
          {waiting > 0 ? (
            <Plural value={waiting} one="# party waiting." other="# parties waiting." />
          ) : (
            <Trans>Nobody is waiting yet.</Trans>
          )}
        </p>
        <Form<JoinFormValues>
          schema={joinFormSchema(LARGEST_WAITING_PARTY)}
          defaultValues={JOIN_FORM_DEFAULTS}
          ariaLabel={t`Join waitlist`}
          onSubmit={(values) =>
            join.mutate(
              { rideId: ride.id, ...values },
              {
                // The api's English answer, said here in the member's language.
                onSuccess: ({ position }) => toastSuccess(t`You are #${position} on the waitlist`),
                onError: toastFailure(t`Error`),
              },
            )
          }
        >
          {() => (
            <>
              <PartySizeField remaining={LARGEST_WAITING_PARTY} />
              <TextField<JoinFormValues>
                name="dropoffLocation"
                label={locationLabel}
                placeholder={t`e.g., Tampines MRT`}
              />
              <SubmitButton
                pending={join.isPending}
                idleText={t`Join waitlist`}
                pendingText={t`Joining the waitlist...`}
              />
            </>
          )}
        </Form>
      </>
    );
  }

  if (folded) {
    return (
      <section aria-label={t`Waitlist`} className="card border border-base-300 bg-base-100 p-4">
        {/* The queue's form exists only once opened: beside the join form, a second set of the
            same labelled fields would leave "Number of passengers" ambiguous to a screen reader. */}
        <details onToggle={(event) => setUnfolded(event.currentTarget.open)}>
          <summary className="flex min-h-11 cursor-pointer items-center font-medium">
            <Plural
              value={remaining}
              one="Party bigger than # spot left? Join the waitlist"
              other="Party bigger than # spots left? Join the waitlist"
            />
          </summary>
          {unfolded ? <div className="mt-2">{body}</div> : null}
        </details>
      </section>
    );
  }

  return (
    <section aria-labelledby="waitlist-title" className="card border border-warning bg-base-100 p-4">
      <h2 id="waitlist-title" className="mb-2 text-lg font-semibold">
        <Trans>Waitlist</Trans>
      </h2>
      {body}
    </section>
  );
}

// The organiser's view: who waits, in order, with their party size.
export function OrganiserWaitlistCard({ ride }: { ride: Ride }) {
  const { t } = useLingui();
  const waitlist = useWaitlist(ride.id, true);

  let body;
  if (waitlist.isPending) {
    body = <QueryState inline loading={t`Loading the waitlist…`} />;
  } else if (!waitlist.data) {
    // Only with nothing to show: a refresh that failed (offline) leaves the copy on screen.
    body = (
      <WaitlistError
        message={waitlist.error?.message ?? ''}
        onRetry={() => void waitlist.refetch()}
        retrying={waitlist.isFetching}
      />
    );
  } else if (waitlist.data.entries.length === 0) {
    body = (
      <p className="opacity-80">
        <Trans>Nobody is on the waitlist.</Trans>
      </p>
    );
  } else {
    body = (
      <>
        <p className="mb-2 text-sm">
          <Trans>When seats free up, the first party that fits moves onto your ride.</Trans>
        </p>
        <ol className="flex flex-col gap-1">
          {waitlist.data.entries.map((entry) => (
            <li key={entry.userId} className="flex justify-between gap-2 rounded-box bg-base-200 px-3 py-2">
              <span>
                #{entry.position} <span translate="no">{entry.name}</span>
              </span>
              <span className="shrink-0">
                <Plural value={entry.passengerCount} one="# passenger" other="# passengers" />
              </span>
            </li>
          ))}
        </ol>
      </>
    );
  }

  return (
    <section aria-labelledby="organiser-waitlist-title" className="card border border-base-300 bg-base-100 p-4">
      <h2 id="organiser-waitlist-title" className="mb-2 text-lg font-semibold">
        <Trans>Waitlist</Trans>
      </h2>
      {body}
    </section>
  );
}
