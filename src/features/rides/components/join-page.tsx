import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { ADDITIONAL_STOP_COST_SGD } from '@shared/limits.ts';
import { lazy, Suspense } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';

import { Form, SubmitButton, TextField } from '../../../components/form';
import { PartySizeField } from '../../../components/party-size-field';
import { Spinner } from '../../../components/spinner';
import { useUser } from '../../../lib/auth';
import { formatDateTime, formatSgd } from '../../../lib/format';
import { JOIN_FORM_DEFAULTS, joinFormSchema, type JoinFormValues } from '../../../lib/join-form-schema';
import {
  directionLabel,
  isAssignedVendor,
  isFull,
  isPast,
  organiserName,
  remainingSpots,
  ridePrice,
  withYouText,
} from '../../../lib/ride-rules';
import { seriesIdOf, seriesPath } from '../../../lib/series-link';
import { toastError, toastFailure, toastSuccess } from '../../../lib/toast';
import { usePassengers } from '../api/get-passengers';
import { useRide } from '../api/get-ride';
import { useJoinRide } from '../api/join-ride';
import { readRequestJoinPrefill } from '../join-prefill';
import { readReturnJoinPrefill } from '../return-trip';
import { CardLocation } from './card-location';
import { PassportReminder, toastIfTooManyPassengers } from './join-form';
import { KnownStopChoices } from './known-stop-choices';
import type { JoinEveryDateSlot, WaitlistSlot } from './ride-page-slots';

// Leaflet and its CSS come only with this page, and only once the form is on screen.
const LocationMap = lazy(() => import('../../../components/location-map'));

function Blocked({ title, text, rideId }: { title: string; text: string; rideId: number }) {
  return (
    <div className="flex flex-col gap-3">
      <div role="status" className="alert">
        <div>
          <h2 className="font-semibold">{title}</h2>
          <p>{text}</p>
        </div>
      </div>
      <Link to={`/rides/${rideId}`} className="btn btn-outline min-h-11 self-start">
        <Trans>View ride details</Trans>
      </Link>
    </div>
  );
}

// The ride-series feature's "Join every date from now" and the waitlist feature's card, handed
// in by src/app.
interface JoinPageSlots {
  joinEveryDate?: JoinEveryDateSlot;
  waitlist?: WaitlistSlot;
}

// Keyed by the route's id: going from one ride (or from edit to create) to another starts
// with fresh form values and tabs instead of the previous screen's.
export function JoinPage(slots: JoinPageSlots) {
  const { id } = useParams();
  return <JoinPageScreen key={id ?? 'new'} {...slots} />;
}

function JoinPageScreen({ joinEveryDate, waitlist }: JoinPageSlots) {
  const { t } = useLingui();
  const rideId = Number(useParams().id);
  const { data: user } = useUser();
  const ride = useRide(rideId);
  const passengers = usePassengers(rideId, Boolean(ride.data));
  const join = useJoinRide();
  const navigate = useNavigate();
  // "Join the return" (issue 14 §3) brings the member's stop and party from the outbound.
  const returnPrefill = readReturnJoinPrefill(useLocation().state);
  // A ride started for the member's request (its notification's link) brings their party and area.
  const requestPrefill = readRequestJoinPrefill(useSearchParams()[0]);

  if (ride.isPending) return <Spinner label={t`Loading ride…`} />;
  if (!ride.data) {
    return (
      <div className="flex flex-col items-center gap-3 py-12 text-center">
        <h1 className="text-2xl font-bold">
          <Trans>Ride not found</Trans>
        </h1>
        <Link to="/home" className="btn btn-primary min-h-11">
          <Trans>Back to Home</Trans>
        </Link>
      </div>
    );
  }
  const data = ride.data;
  const alreadyJoined = passengers.data?.some((passenger) => passenger.userId === user?.id);

  const remaining = remainingSpots(data);
  const price = ridePrice(data);
  const organiser = organiserName(data);
  const aboard = data.currentPassengers;
  const seats = data.maxPassengers;
  const carTotal = formatSgd(price.total);
  const stopCost = formatSgd(ADDITIONAL_STOP_COST_SGD, 0);
  const seriesId = seriesIdOf(data);

  // The party joins together: rideId, passengerCount and dropoffLocation, as the detail page sends.
  const onSubmit = (values: JoinFormValues) => {
    if (!user) return toastError(t`Error`, t`You must be logged in to join a ride`);
    join.mutate(
      { rideId: data.id, passengerCount: values.passengerCount, dropoffLocation: values.dropoffLocation },
      {
        onSuccess: () => {
          toastSuccess(t`You have joined the ride`);
          navigate('/home');
        },
        onError: toastFailure(t`Error`),
      },
    );
  };

  let blocked: { title: string; text: string } | null = null;
  if (isPast(data)) blocked = { title: t`This Ride Is In The Past`, text: t`Past rides cannot be joined.` };
  else if (data.creatorId === user?.id) blocked = { title: t`This is your ride`, text: t`You organized this ride.` };
  else if (isAssignedVendor(data, user?.id))
    blocked = { title: t`Your assignment`, text: t`You are the driver assigned to this ride.` };
  else if (alreadyJoined) blocked = { title: t`You've already joined`, text: t`You are a passenger on this ride.` };
  else if (isFull(data)) blocked = { title: t`This ride is full`, text: t`There are no spots left on this ride.` };

  return (
    <div className="mx-auto flex max-w-xl flex-col gap-4">
      <h1 className="text-2xl font-bold">
        <Trans>Join Ride</Trans>
      </h1>
      <section aria-labelledby="summary-title" className="card border border-base-300 bg-base-100 p-4">
        <h2 id="summary-title" className="text-lg font-semibold">
          {directionLabel(data.direction)}
        </h2>
        <ul className="text-sm">
          <li>
            <Trans>
              Organized by <span translate="no">{organiser}</span>
            </Trans>
          </li>
          <li>{formatDateTime(data.date)}</li>
          <li>
            <CardLocation ride={data} />
          </li>
          <li>
            <Trans>
              {aboard} / {seats} passengers · <Plural value={remaining} one="# spot left" other="# spots left" />
            </Trans>
          </li>
        </ul>
      </section>

      {blocked ? (
        <Blocked {...blocked} rideId={data.id} />
      ) : passengers.isPending ? (
        <Spinner label={t`Checking the passenger list…`} />
      ) : (
        <Form<JoinFormValues>
          schema={joinFormSchema(remaining)}
          defaultValues={returnPrefill ?? requestPrefill ?? JOIN_FORM_DEFAULTS}
          onSubmit={onSubmit}
          onInvalid={(errors) => toastIfTooManyPassengers(errors, remaining)}
          ariaLabel={t`Join ride`}
        >
          {(form) => (
            <>
              {returnPrefill ? (
                <p role="note" className="alert alert-info">
                  <Trans>Your stop and party from the way out are filled in: check them and tap Join Ride.</Trans>
                </p>
              ) : requestPrefill ? (
                <p role="note" className="alert alert-info">
                  <Trans>Your party and area from your ride request are filled in: check them and tap Join Ride.</Trans>
                </p>
              ) : null}
              <PartySizeField remaining={remaining} />
              {/* Only where the member can join, and below the party size: a full ride, or a party
                  too big for the spots left, says so first, with no reminder above it. */}
              <PassportReminder direction={data.direction} />
              <TextField<JoinFormValues>
                name="dropoffLocation"
                label={
                  data.direction === 'FC->SG'
                    ? t`Your drop-off location in Singapore`
                    : t`Your pickup location in Singapore`
                }
                placeholder={t`e.g., Tampines MRT`}
              />
              <KnownStopChoices ride={data} />
              <Suspense fallback={<Spinner label={t`Loading map…`} />}>
                <LocationMap onSelect={(name) => form.setValue('dropoffLocation', name, { shouldValidate: true })} />
              </Suspense>
              {data.direction === 'FC->SG' ? (
                <p role="note" className="alert alert-info">
                  <Trans>The organizer sets the drop-off sequence once everyone has joined.</Trans>
                </p>
              ) : null}
              <section aria-labelledby="cost-title" className="rounded-box bg-base-200 p-3 text-sm">
                <h2 id="cost-title" className="font-semibold">
                  <Trans>Cost</Trans>
                </h2>
                <p>
                  <Trans>Total for the car: {carTotal}</Trans>
                </p>
                {price.surcharge ? <p>{price.surcharge}</p> : null}
                <p>{price.now}</p>
                <p className="font-semibold" data-testid="with-you">
                  {withYouText(data, Number(form.watch('passengerCount')) || 1)}
                </p>
                <p>{price.ifFull}</p>
                <p>
                  <Trans>A stop that is not on the route yet adds {stopCost} to the car, split the same way.</Trans>
                </p>
                <p>
                  <Trans>Pay your share to the organizer.</Trans>
                </p>
              </section>
              <SubmitButton pending={join.isPending} idleText={t`Join Ride`} pendingText={t`Joining...`} />
              {seriesId !== null ? joinEveryDate?.(seriesId, form, () => navigate(seriesPath(seriesId))) : null}
            </>
          )}
        </Form>
      )}
      {/* Issue 13: "full" is the last refusal above, so a full ride blocks only a member who could
          otherwise join: it offers them its waitlist. */}
      {blocked && isFull(data) && !isPast(data) && user && passengers.data && !alreadyJoined
        ? waitlist?.(data, { organiser: false })
        : null}
    </div>
  );
}
