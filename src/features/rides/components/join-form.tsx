import { t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Ride } from '@shared/types/ride.ts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import type { FieldErrors } from 'react-hook-form';

import { AuthLink } from '../../../components/auth-link';
import { Form, SubmitButton, TextField } from '../../../components/form';
import { AlertIcon } from '../../../components/icons';
import { PartySizeField } from '../../../components/party-size-field';
import { useSignedIn } from '../../../lib/auth';
import {
  JOIN_FORM_DEFAULTS,
  joinFormSchema,
  type JoinFormValues,
  onlySpotsRemainingText,
} from '../../../lib/join-form-schema';
import { remainingSpots } from '../../../lib/ride-rules';
import { seriesIdOf } from '../../../lib/series-link';
import { errorMessage, toastError, toastFailure, toastSuccess } from '../../../lib/toast';
import { useJoinRide } from '../api/join-ride';
import { dropJoinDraft, joinDraft, keepJoinDraft } from '../join-draft';
import { rideKeys } from '../query-keys';
import { KnownStopChoices } from './known-stop-choices';
import type { JoinEveryDateSlot, NewMemberSlot } from './ride-page-slots';

// SPEC §5: a submit with more passengers than spots shows the error toast as well as the
// field's message.
// SPEC's join screen reminds an SG→FC traveller of the passport: on both join screens (this
// form on the ride page and the join page), below the party size, so that a full ride or a party
// too big says so first. Dismissed for this visit only.
export function PassportReminder({ direction }: { direction: Ride['direction'] }) {
  const { t } = useLingui();
  const [shown, setShown] = useState(true);
  if (direction !== 'SG->FC' || !shown) return null;
  return (
    // A flex row, not daisyUI's alert grid, which squeezed the text between icon and button.
    <div role="note" className="alert alert-warning flex items-center gap-3">
      <AlertIcon />
      <p className="min-w-0 flex-1">
        <Trans>Bring your passport: it needs at least 6 months validity to enter Malaysia.</Trans>
      </p>
      <button
        type="button"
        className="btn btn-ghost btn-sm min-h-11 shrink-0 px-2"
        onClick={() => setShown(false)}
        aria-label={t`Dismiss passport reminder`}
      >
        <Trans>Dismiss</Trans>
      </button>
    </div>
  );
}

export function toastIfTooManyPassengers(errors: FieldErrors<JoinFormValues>, remaining: number) {
  if (errors.passengerCount?.type === 'too_big') toastError(t`Error`, onlySpotsRemainingText(remaining));
}

const JOIN_SECTION_ID = 'join-ride';

// Brings the join form into view with its first field ready. A visitor's form is a step behind
// the Login Required card (issue 37): `open` draws it first.
export function jumpToJoinForm(open?: () => void) {
  if (open) flushSync(open);
  const section = document.getElementById(JOIN_SECTION_ID);
  section?.scrollIntoView({ block: 'start' });
  section?.querySelector('input')?.focus({ preventScroll: true });
}

// The join form sits below the ride's details; this button, in the ride's first card (above the
// fold on a phone), brings it into view with its first field ready.
export function JumpToJoinButton({ open }: { open?: () => void }) {
  return (
    <button type="button" className="btn btn-primary btn-sm min-h-11" onClick={() => jumpToJoinForm(open)}>
      <Trans>Join</Trans>
    </button>
  );
}

// A visitor's account was made but the join was refused (join-draft.ts): the member's form shows
// their party, stop and the refusal once, then forgets them.
function useJoinDraft(rideId: number) {
  const [draft] = useState(() => joinDraft(rideId));
  useEffect(() => {
    if (draft) dropJoinDraft(rideId);
  }, [draft, rideId]);
  return draft;
}

// joinEveryDate: on a date of a weekly series, the ride-series feature's "Join every date from
// now" beside the submit, with the same party and stop (issue 27).
export function JoinForm({
  ride,
  newMember,
  joinEveryDate,
}: {
  ride: Ride;
  newMember?: NewMemberSlot;
  joinEveryDate?: JoinEveryDateSlot;
}) {
  const { t } = useLingui();
  const join = useJoinRide();
  const signedIn = useSignedIn();
  const queryClient = useQueryClient();
  const draft = useJoinDraft(ride.id);
  const [refusal, setRefusal] = useState(draft?.error);
  const [registering, setRegistering] = useState(false);
  const remaining = remainingSpots(ride);
  const seriesId = seriesIdOf(ride);
  const locationLabel =
    ride.direction === 'FC->SG' ? t`Your drop-off location in Singapore` : t`Your pickup location in Singapore`;
  const schema = newMember ? joinFormSchema(remaining).extend(newMember.schema.shape) : joinFormSchema(remaining);

  const joinAsMember = (values: JoinFormValues) =>
    join.mutate(
      { rideId: ride.id, ...values },
      {
        onSuccess: () => toastSuccess(t`Successfully joined the ride`),
        onError: toastFailure(t`Error`),
      },
    );

  // Register, then join, then sign in: signing in redraws the page for the member, so it waits
  // for the join's answer. A refused registration leaves the visitor's form as it is; a refused
  // join leaves the new member signed in with their values and the refusal kept for their form.
  const registerAndJoin = async (
    slot: NewMemberSlot,
    { passengerCount, dropoffLocation, ...account }: JoinFormValues,
  ) => {
    setRegistering(true);
    try {
      const member = await slot.register(account);
      if (!member) return;
      try {
        const answer = await join.mutateAsync({ rideId: ride.id, passengerCount, dropoffLocation });
        signedIn(member);
        queryClient.setQueryData(rideKeys.detail(ride.id), answer.ride);
        toastSuccess(t`Successfully joined the ride`);
      } catch (error) {
        keepJoinDraft(ride.id, { values: { passengerCount, dropoffLocation }, error: errorMessage(error) });
        signedIn(member);
        toastError(t`Error`, errorMessage(error));
      }
    } finally {
      setRegistering(false);
    }
  };

  return (
    <section
      id={JOIN_SECTION_ID}
      aria-labelledby="join-title"
      className="card scroll-mt-20 border border-primary bg-base-100 p-4"
    >
      <h2 id="join-title" className="mb-2 text-lg font-semibold">
        <Trans>Join this ride</Trans>
      </h2>
      <p className="mb-3 text-sm">{onlySpotsRemainingText(remaining)}.</p>
      {refusal ? (
        <p role="alert" className="alert alert-error mb-3">
          <Trans>You are registered and logged in, but the join did not go through: {refusal}</Trans>
        </p>
      ) : null}
      <Form<JoinFormValues>
        schema={schema}
        defaultValues={draft?.values ?? JOIN_FORM_DEFAULTS}
        ariaLabel={t`Join ride`}
        onInvalid={(errors) => toastIfTooManyPassengers(errors, remaining)}
        onSubmit={(values) => {
          setRefusal(undefined);
          if (newMember) void registerAndJoin(newMember, values);
          else joinAsMember(values);
        }}
      >
        {(form) => (
          <>
            <PartySizeField remaining={remaining} />
            <PassportReminder direction={ride.direction} />
            <TextField<JoinFormValues>
              name="dropoffLocation"
              label={locationLabel}
              placeholder={t`e.g., Tampines MRT`}
            />
            <KnownStopChoices ride={ride} />
            {newMember ? (
              <fieldset className="flex flex-col gap-4">
                <legend className="mb-2 font-semibold">
                  <Trans>New here? Pick a Discord username and a password</Trans>
                </legend>
                {newMember.fields}
              </fieldset>
            ) : null}
            <SubmitButton
              pending={join.isPending || registering}
              idleText={newMember ? t`Register and Join` : t`Join Ride`}
              pendingText={t`Joining...`}
            />
            {seriesId !== null && !newMember ? joinEveryDate?.(seriesId, form) : null}
          </>
        )}
      </Form>
      {newMember ? (
        <p className="mt-3 flex flex-wrap items-center gap-x-2 text-sm">
          <Trans>Already a member?</Trans>
          <AuthLink className="link min-h-11 content-center">
            <Trans>Log in and come back here</Trans>
          </AuthLink>
        </p>
      ) : null}
    </section>
  );
}
