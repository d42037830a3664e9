import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Passenger, Ride } from '@shared/types/ride.ts';
import { type ReactNode, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';

import { AuthLink } from '../../../components/auth-link';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Spinner } from '../../../components/spinner';
import { ApiError } from '../../../lib/api-client';
import { type User, useUser } from '../../../lib/auth';
import { isAssignedVendor, isPast } from '../../../lib/ride-rules';
import { toastFailure, toastSuccess } from '../../../lib/toast';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { usePassengers } from '../api/get-passengers';
import { useRide } from '../api/get-ride';
import { useRemovePassenger } from '../api/remove-passenger';
import { rideTitle } from '../ride-title';
import { DetailsTab } from './details-tab';
import { PassengersTab } from './passengers-tab';
import { RideNotSaved } from './ride-not-saved';
import type { RidePageSlots, TodaySlot } from './ride-page-slots';

type Tab = 'details' | 'passengers' | 'chat';

// Each tab is its own history entry (?tab=): Back from Chat returns to the tab before it, and a
// chat notification's link (?tab=chat) opens on the chat. Details, the first, has no parameter.
function tabIn(params: URLSearchParams): Tab {
  const tab = params.get('tab');
  return tab === 'passengers' || tab === 'chat' ? tab : 'details';
}

function RideRemoved() {
  return (
    <section className="flex flex-col items-center gap-4 py-12 text-center">
      <h1 className="text-2xl font-bold">
        <Trans>Ride removed</Trans>
      </h1>
      <p>
        <Trans>This ride was removed by a moderator and will not take place.</Trans>
      </p>
      <Link to="/home" className="btn btn-primary min-h-11">
        <Trans>Back to Home</Trans>
      </Link>
    </section>
  );
}

function RideNotFound() {
  return (
    <section className="flex flex-col items-center gap-4 py-12 text-center">
      <h1 className="text-2xl font-bold">
        <Trans>Ride Not Found</Trans>
      </h1>
      <p>
        <Trans>This ride does not exist or was deleted by its organizer.</Trans>
      </p>
      <div className="flex flex-wrap justify-center gap-2">
        <Link to="/home" className="btn btn-primary min-h-11">
          <Trans>Back to Home</Trans>
        </Link>
        <Link to="/rides/create" className="btn btn-outline min-h-11">
          <Trans>Create a Ride</Trans>
        </Link>
      </div>
    </section>
  );
}

// The day's card (issue 40), with the passenger's "Not coming" as the Passengers tab's Leave
// Ride: the same question, then the seat goes back to the ride (and its waitlist).
function Today({ slot, ride, user, own }: { slot: TodaySlot; ride: Ride; user: User; own: Passenger | undefined }) {
  const { t } = useLingui();
  const remove = useRemovePassenger();
  const [asking, setAsking] = useState(false);
  const seats = own?.passengerCount ?? 1;
  const leave = () => {
    setAsking(false);
    if (!own) return;
    remove.mutate(
      { rideId: ride.id, passengerId: own.id },
      { onSuccess: () => toastSuccess(t`You left the ride`), onError: toastFailure(t`Failed to remove passenger`) },
    );
  };
  return (
    <>
      {slot(ride, { user, leave: own && !remove.isPending ? () => setAsking(true) : null })}
      {own ? (
        <ConfirmDialog
          open={asking}
          title={t`Leave this ride?`}
          confirmLabel={t`Leave`}
          destructive
          onConfirm={leave}
          onCancel={() => setAsking(false)}
        >
          <p>{t`${plural(seats, { one: 'Your seat goes back to the ride.', other: 'Your # seats go back to the ride.' })}`}</p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}

// Keyed by the route's id: going from one ride (or from edit to create) to another starts
// with fresh form values and tabs instead of the previous screen's. The slots are the other
// features' parts of the page, handed in by src/app (ride-page-slots.ts).
export function RideDetailPage(slots: RidePageSlots = {}) {
  const { id } = useParams();
  return <RideDetailPageScreen key={id ?? 'new'} slots={slots} />;
}

function RideDetailPageScreen({ slots }: { slots: RidePageSlots }) {
  const { chat, chatLabel, chatAnnouncement, report } = slots;
  const { t } = useLingui();
  const rideId = Number(useParams().id);
  const { data: user, isPending: userPending } = useUser();
  const ride = useRide(rideId);
  useDocumentTitle(ride.data ? rideTitle(ride.data) : null);
  const passengers = usePassengers(rideId, Boolean(user) && Boolean(ride.data));
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = tabIn(searchParams);
  const openTab = (next: Tab) => {
    if (next === tab) return;
    const params = new URLSearchParams(searchParams);
    if (next === 'details') params.delete('tab');
    else params.set('tab', next);
    // The tabs sit at the top of the page: a tab opens where the member is (use-scroll-restoration).
    setSearchParams(params, { state: { keepScroll: true } });
  };

  if (!Number.isInteger(rideId) || rideId <= 0) return <RideNotFound />;
  if (ride.isPending || userPending) return <Spinner label={t`Loading ride…`} />;
  // A failed refresh (offline) keeps showing the copy already on hand.
  if (!ride.data) {
    if (ride.error instanceof ApiError && ride.error.status === 410) return <RideRemoved />;
    if (ride.error instanceof ApiError && (ride.error.status === 404 || ride.error.status === 400))
      return <RideNotFound />;
    // Status 0: no answer at all (offline), and no copy of this ride on the phone.
    if (ride.error instanceof ApiError && ride.error.status === 0)
      return <RideNotSaved onRetry={() => void ride.refetch()} />;
    const loadError = ride.error?.message;
    return (
      <div role="alert" className="alert alert-error">
        <Trans>Could not load this ride: {loadError}</Trans>
      </div>
    );
  }

  // The people on the ride: its organiser, the assigned driver and the passengers.
  const onRide = Boolean(
    user &&
    (user.id === ride.data.creatorId ||
      isAssignedVendor(ride.data, user.id) ||
      passengers.data?.some((passenger) => passenger.userId === user.id)),
  );
  const inChat = Boolean(chat) && onRide;
  const tabs: Array<{ id: Tab; label: ReactNode }> = [
    { id: 'details', label: t`Details` },
    { id: 'passengers', label: user ? t`Passengers` : t`Passengers (Login required)` },
    ...(inChat ? [{ id: 'chat' as const, label: chatLabel ? chatLabel(ride.data, t`Chat`) : t`Chat` }] : []),
  ];
  // A member who leaves (or is removed) while reading the chat is back on the details.
  const shown: Tab = tab === 'chat' && !inChat ? 'details' : tab;
  const organiser = ride.data.creatorName ?? ride.data.organizerName ?? '';
  const reportThis =
    user && report && user.id !== ride.data.creatorId ? (
      <div className="flex flex-wrap gap-2">
        {report({ kind: 'ride', id: ride.data.id, label: t`Report this ride` })}
        {report({
          kind: 'member',
          id: ride.data.creatorId,
          // The name a screen reader (or voice control) uses must hold the words on screen
          // (WCAG 2.5.3); the organiser's name follows them, for the dialog's title too.
          label: organiser ? t`Report the organiser, ${organiser}` : t`Report the organiser`,
          text: <Trans>Report the organiser</Trans>,
        })}
      </div>
    ) : null;

  // Only a passenger can be offered the ride (issue 26 §2), and only before it leaves.
  const own = user ? passengers.data?.find((passenger) => passenger.userId === user.id) : undefined;
  const aboard = Boolean(own);

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4">
      {user ? slots.handoverBanner?.(ride.data, { user, enabled: aboard && !isPast(ride.data) }) : null}
      {user && slots.today && onRide ? <Today slot={slots.today} ride={ride.data} user={user} own={own} /> : null}
      <div role="tablist" aria-label={t`Ride`} className="tabs tabs-box">
        {tabs.map(({ id, label }) => (
          <button
            key={id}
            type="button"
            role="tab"
            id={`tab-${id}`}
            aria-selected={shown === id}
            aria-controls={`panel-${id}`}
            className={`tab min-h-11 flex-1 ${shown === id ? 'tab-active' : ''}`}
            onClick={() => openTab(id)}
          >
            {label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${shown}`} aria-labelledby={`tab-${shown}`}>
        {shown === 'chat' && user && chat ? (
          chat(ride.data, { user })
        ) : shown === 'details' ? (
          <DetailsTab
            ride={ride.data}
            user={user ?? null}
            passengers={user ? passengers.data : []}
            announcement={inChat && chatAnnouncement ? chatAnnouncement(ride.data) : null}
            slots={slots}
          />
        ) : user ? (
          <PassengersTab
            ride={ride.data}
            user={user}
            passengers={passengers.data}
            isPending={passengers.isPending}
            error={passengers.error}
            slots={slots}
          />
        ) : (
          <div className="card bg-base-200 p-6 text-center">
            <h2 className="text-lg font-semibold">
              <Trans>Login required</Trans>
            </h2>
            <p className="mb-3">
              <Trans>Log in to see who is travelling and how to reach them.</Trans>
            </p>
            <AuthLink className="btn btn-primary min-h-11 self-center">
              <Trans>Login or Register</Trans>
            </AuthLink>
          </div>
        )}
      </div>
      {shown === 'details' ? reportThis : null}
    </div>
  );
}
