import { plural } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { dropoffOrderLocked, rideRoute, stopNumberOf } from '@shared/stops.ts';
import type { Passenger, Ride } from '@shared/types/ride.ts';
import { useState } from 'react';

import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ContactButtons } from '../../../components/contact-buttons';
import { MemberRecordText } from '../../../components/member-record-text';
import { Spinner } from '../../../components/spinner';
import type { User } from '../../../lib/auth';
import { formatClockTime } from '../../../lib/format';
import { canMarkNoShow, isPast, passengerName } from '../../../lib/ride-rules';
import { toastFailure, toastSuccess } from '../../../lib/toast';
import { useRemovePassenger } from '../api/remove-passenger';
import { CommunicationCard } from './communication-card';
import { NoShowButton } from './no-show-button';
import type { RidePageSlots } from './ride-page-slots';

export function PassengersTab({
  ride,
  user,
  passengers,
  isPending,
  error,
  slots,
}: {
  ride: Ride;
  user: User;
  passengers: Passenger[] | undefined;
  isPending: boolean;
  error: Error | null;
  // The payments card above the list, and beside each passenger the hand-over offer, Report and
  // the member's record and Block.
  slots: Pick<RidePageSlots, 'payment' | 'handover' | 'report' | 'member'>;
}) {
  const { payment, handover, report, member } = slots;
  const { t } = useLingui();
  const remove = useRemovePassenger();
  // The entry whose Leave Ride or Remove Passenger was tapped last; kept after the answer so the
  // dialog's text does not change while it closes.
  const [target, setTarget] = useState<Passenger | null>(null);
  const [asking, setAsking] = useState(false);
  const ask = (passenger: Passenger) => {
    setTarget(passenger);
    setAsking(true);
  };
  const isOrganiser = user.id === ride.creatorId;
  const past = isPast(ride);
  const markNoShows = isOrganiser && canMarkNoShow(ride);

  if (isPending) return <Spinner label={t`Loading passengers…`} />;
  if (error && !passengers) {
    const loadError = error.message;
    return (
      <div role="alert" className="alert alert-error">
        <Trans>Could not load passengers: {loadError}</Trans>
      </div>
    );
  }
  const list = passengers ?? [];
  // The people on the ride (organiser, passengers, assigned vendor) reach each other; anyone else
  // sees who is going and their stops, and reaches the organiser only.
  const onRide = isOrganiser || ride.vendorId === user.id || list.some((passenger) => passenger.userId === user.id);
  const anyHidden = list.some((passenger) => !contactsShared(passenger));
  // SPEC §2's 'Stop #' badge: the passenger's place in the one route every screen shows
  // (_shared/stops.ts), the organiser's stop first. Only once the order is locked (ADR 0002): the
  // FC->SG drop-offs, or the SG->FC pickups (ADR 0040), which carry their times from then on.
  const route = rideRoute(ride, list);
  const stopShown = (passenger: Passenger) =>
    passenger.dropoffSequence != null ? stopNumberOf(route, passenger) : null;
  const organiserStops = dropoffOrderLocked(list)
    ? route.stops.filter((stop) => stop.passenger === null && stop.number != null)
    : [];

  const onRemove = (passenger: Passenger) => {
    setAsking(false);
    const leaving = passenger.userId === user.id;
    remove.mutate(
      { rideId: ride.id, passengerId: passenger.id },
      {
        // SPEC §7 says 'Passenger Removed'; leaving is said as what it is for the one leaving.
        onSuccess: () => toastSuccess(leaving ? t`You left the ride` : t`Passenger Removed`),
        onError: toastFailure(t`Failed to remove passenger`),
      },
    );
  };

  return (
    <div className="flex flex-col gap-4">
      {payment?.(ride, { user, passengers: list })}
      {list.length === 0 ? (
        <div className="card bg-base-200 p-6 text-center">
          <h2 className="text-lg font-semibold">
            <Trans>No Passengers Yet</Trans>
          </h2>
          <p>
            <Trans>Share the ride so others can join.</Trans>
          </p>
        </div>
      ) : (
        <>
          {organiserStops.map((stop) => {
            const number = stop.number;
            const place = stop.location;
            return (
              <p key={number} className="text-sm" data-testid="organiser-stop">
                {ride.direction === 'SG->FC' ? (
                  <Trans>
                    Stop #{number}: <span translate="no">{place}</span>, the organizer's pickup
                  </Trans>
                ) : (
                  <Trans>
                    Stop #{number}: <span translate="no">{place}</span>, the organizer's drop-off
                  </Trans>
                )}
              </p>
            );
          })}
          <ul className="flex flex-col gap-3" aria-label={t`Passengers`}>
            {list.map((passenger) => {
              const own = passenger.userId === user.id;
              const name = passengerName(passenger);
              const stop = stopShown(passenger);
              const place = passenger.dropoffLocation;
              const party = passenger.passengerCount ?? 1;
              const at = stop != null && passenger.pickupTime ? formatClockTime(passenger.pickupTime) : null;
              return (
                <li key={passenger.id} className="card border border-base-300 bg-base-100 p-4">
                  <div className="mb-1 flex flex-wrap items-center justify-between gap-2">
                    <p className="font-semibold" translate="no">
                      {name}
                    </p>
                    {stop != null ? (
                      <span className="badge badge-secondary">
                        <Trans>Stop #{stop}</Trans>
                      </span>
                    ) : null}
                    {passenger.noShow ? (
                      <span className="badge badge-warning">
                        <Trans>No-show</Trans>
                      </span>
                    ) : null}
                  </div>
                  {passenger.record ? <MemberRecordText record={passenger.record} className="mb-1 text-sm" /> : null}
                  {place ? (
                    <p className="text-sm">
                      {ride.direction === 'FC->SG' ? (
                        <Trans>
                          Drop-off: <span translate="no">{place}</span>
                        </Trans>
                      ) : at ? (
                        <Trans>
                          Pickup: <span translate="no">{place}</span> · about {at}
                        </Trans>
                      ) : (
                        <Trans>
                          Pickup: <span translate="no">{place}</span>
                        </Trans>
                      )}
                    </p>
                  ) : null}
                  <p className="mb-3 text-sm">
                    <Plural value={party} one="# passenger" other="# passengers" />
                  </p>
                  {!own && contactsShared(passenger) ? (
                    <ContactButtons personName={name} contact={passenger.user} />
                  ) : null}
                  {markNoShows && !own ? <NoShowButton rideId={ride.id} passenger={passenger} /> : null}
                  {isOrganiser && !past && !own ? handover?.(ride, passenger) : null}
                  {!own && member ? member({ userId: passenger.userId, name }) : null}
                  {own && !past ? (
                    <button
                      type="button"
                      className="btn btn-outline btn-error btn-sm mt-3 min-h-11 self-start"
                      disabled={remove.isPending}
                      onClick={() => ask(passenger)}
                    >
                      <Trans>Leave Ride</Trans>
                    </button>
                  ) : isOrganiser && !past ? (
                    <button
                      type="button"
                      className="btn btn-outline btn-error btn-sm mt-3 min-h-11 self-start"
                      disabled={remove.isPending}
                      aria-label={t`Remove Passenger ${name}`}
                      onClick={() => ask(passenger)}
                    >
                      <Trans>Remove Passenger</Trans>
                    </button>
                  ) : null}
                  {!own && report && passenger.userId != null ? (
                    <div className="mt-2 self-start">
                      {report({
                        kind: 'member',
                        id: passenger.userId,
                        label: t`Report ${name}`,
                        text: <Trans>Report</Trans>,
                      })}
                    </div>
                  ) : null}
                </li>
              );
            })}
          </ul>
        </>
      )}
      {anyHidden ? (
        <p className="text-sm">
          <Trans>Passengers' contacts and drop-offs are shared only with the people on this ride.</Trans>
        </p>
      ) : null}
      <CommunicationCard ride={ride} passengers={list} isOrganiser={isOrganiser} onRide={onRide} />
      {target ? (
        <RemoveDialog
          open={asking}
          passenger={target}
          leaving={target.userId === user.id}
          onConfirm={() => onRemove(target)}
          onCancel={() => setAsking(false)}
        />
      ) : null}
    </div>
  );
}

// Contacts and drop-offs reach the people on the ride only (issue 11, enforced by row-level
// security): for anyone else the api sends them as null. A username the api shares is never
// empty, so its absence is the sign.
function contactsShared(passenger: Passenger): boolean {
  return Boolean(passenger.user.discordUsername);
}

function RemoveDialog({
  open,
  passenger,
  leaving,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  passenger: Passenger;
  leaving: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useLingui();
  const seats = passenger.passengerCount ?? 1;
  const name = passengerName(passenger);
  return (
    <ConfirmDialog
      open={open}
      title={leaving ? t`Leave this ride?` : t`Remove ${name} from this ride?`}
      confirmLabel={leaving ? t`Leave` : t`Remove`}
      destructive
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <p>
        {leaving
          ? t`${plural(seats, { one: 'Your seat goes back to the ride.', other: 'Your # seats go back to the ride.' })}`
          : t`${plural(seats, { one: 'They lose their seat and their stop.', other: 'They lose their # seats and their stop.' })}`}
      </p>
    </ConfirmDialog>
  );
}
