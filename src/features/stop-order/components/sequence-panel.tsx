import { Trans, useLingui } from '@lingui/react/macro';
import { rideRoute, stopNumberOf } from '@shared/stops.ts';
import type { Passenger, Ride } from '@shared/types/ride.ts';
import { useEffect, useState } from 'react';

import { ConfirmDialog } from '../../../components/confirm-dialog';
import { formatShortTime, SINGAPORE_TIME_ZONE } from '../../../lib/format';
import { intlLocale } from '../../../lib/i18n/i18n';
import { isPast, passengerName } from '../../../lib/ride-rules';
import { toastFailure, toastSuccess } from '../../../lib/toast';
import { useLockSequence } from '../api/lock-sequence';
import { useMovePassenger } from '../api/move-passenger';
import { useUnlockSequence } from '../api/unlock-sequence';
import { droppedOutside, dropPoint, moveItem, renumber } from '../reorder';
import { useSortableList } from '../use-sortable-list';
import { PickupTimeField } from './pickup-time-field';

export type Row = Passenger & { position: number };

// The ride's passengers as the page holding the panel reads them (the rides feature's query).
export interface PanelPassengers {
  data: Passenger[] | undefined;
  isPending: boolean;
  isError: boolean;
  error: Error | null;
}

// The stop order of a ride: FC->SG the organiser's drop-off sequence (SPEC §2), SG->FC the pickup
// order with about when each party is picked up, which the assigned driver sets too (issue 37
// §3, ADR 0040). Same calls, same lock. `asDriver`: the assigned driver is the one looking.
export default function SequencePanel({
  ride,
  passengers,
  asDriver = false,
}: {
  ride: Ride;
  passengers: PanelPassengers;
  asDriver?: boolean;
}) {
  const { t } = useLingui();
  const pickups = ride.direction === 'SG->FC';
  const move = useMovePassenger();
  const lock = useLockSequence();
  const unlock = useUnlockSequence();
  const [confirmingLock, setConfirmingLock] = useState(false);
  // The order dragged here, shown until the server's answer replaces the passenger list.
  const [draft, setDraft] = useState<Row[] | null>(null);
  useEffect(() => setDraft(null), [passengers.data]);
  const rows = draft ?? renumber(passengers.data ?? []);
  // Numbered as every screen numbers the stops (_shared/stops.ts): the organiser's own stop
  // first, fixed, then the passengers in the order dragged here (a pickup draft too).
  const route = rideRoute(ride, rows, { draft: true });
  const organiserStops = route.stops.filter((stop) => stop.passenger === null);

  // SPEC §4: locked after the lock call, or on load when everyone already has a stop number.
  // The api keeps the two in step (ADR 0002): a lock numbers everyone and sets sequenceLocked,
  // an unlock clears both, so an unlocked ride is not read as locked again; the unlock answer
  // updates both in the cache at once.
  const locked = Boolean(ride.sequenceLocked) || (rows.length > 0 && rows.every((row) => row.dropoffSequence != null));

  const sendMove = (next: Row[], passengerId: number) => {
    const renumbered = renumber(next);
    setDraft(renumbered);
    const sequence = renumbered.findIndex((row) => row.id === passengerId) + 1;
    move.mutate(
      { rideId: ride.id, passengerId, sequence },
      {
        onSuccess: () => toastSuccess(pickups ? t`Pickup order updated` : t`Passenger sequence updated`),
        onError: toastFailure(t`Error`),
      },
    );
  };

  const moveBy = (index: number, delta: number) => {
    const target = index + delta;
    if (locked || target < 0 || target >= rows.length) return;
    sendMove(moveItem(rows, index, target), rows[index].id);
  };

  const [list, setList] = useState<HTMLOListElement | null>(null);
  useSortableList(list, {
    disabled: locked || move.isPending,
    // The whole row drags (a finger need not find a grip); its arrow buttons and time field stay
    // what they are.
    filter: 'button, input, label',
    onMove: (event) => {
      // SPEC §4: let go outside the list, nothing moves, though SortableJS reports the last
      // place the passenger passed over. (revertOnSpill would do this, but leaves SortableJS
      // ignoring that place in the next drag.)
      if (droppedOutside(event.to.getBoundingClientRect(), dropPoint(event))) return;
      sendMove(moveItem(rows, event.oldIndex, event.newIndex), rows[event.oldIndex].id);
    },
  });

  const onLock = () => {
    setConfirmingLock(false);
    lock.mutate(ride.id, {
      onSuccess: () => toastSuccess(pickups ? t`Pickup order locked` : t`Sequence locked successfully`),
      onError: toastFailure(t`Error`),
    });
  };

  // Not asked first: nothing is lost (the order stays as the draft), and locking again restores
  // the stop numbers.
  const onUnlock = () =>
    unlock.mutate(ride.id, {
      onSuccess: () =>
        toastSuccess(
          pickups ? t`Pickup order unlocked` : t`Sequence unlocked`,
          t`Move anyone who joined late, then lock the order again.`,
        ),
      onError: toastFailure(t`Error`),
    });

  const titleId = `sequence-${ride.id}-title`;
  const loadError = passengers.error?.message;
  const past = isPast(ride);
  const rideTime = formatShortTime(ride.date);
  return (
    <section aria-labelledby={titleId} className="card border border-base-300 bg-base-100 p-4">
      <h3 id={titleId} className="text-lg font-semibold">
        {pickups ? <Trans>Pickup order</Trans> : <Trans>Drop-off Sequence</Trans>}
      </h3>
      <p className="mb-3 text-sm">
        {new Date(ride.date).toLocaleDateString(intlLocale(), {
          timeZone: SINGAPORE_TIME_ZONE,
          day: 'numeric',
          month: 'short',
        })}{' '}
        ·{' '}
        {locked ? (
          pickups && !past ? (
            <Trans>Locked; the times can still change.</Trans>
          ) : (
            <Trans>Locked</Trans>
          )
        ) : pickups ? (
          <Trans>Drag passengers, or use the arrows, to set the order of pickups, and give each one a time.</Trans>
        ) : (
          <Trans>Drag passengers, or use the arrows, to set the order of stops.</Trans>
        )}
      </p>
      {passengers.isPending ? (
        <p>
          <Trans>Loading passengers...</Trans>
        </p>
      ) : passengers.isError && !passengers.data ? (
        <p role="alert" className="text-error">
          <Trans>Could not load passengers: {loadError}</Trans>
        </p>
      ) : rows.length === 0 ? (
        <p>
          <Trans>No passengers have joined this ride yet.</Trans>
        </p>
      ) : (
        <>
          <div data-testid={`sequence-list-${ride.id}`}>
            {organiserStops.map((stop) => (
              <div
                key={stop.number}
                className="mb-2 flex min-h-14 items-center gap-3 rounded-box border border-dashed border-base-300 p-2"
                data-testid="organiser-stop"
              >
                <span className="badge badge-neutral badge-lg shrink-0" aria-hidden="true">
                  {stop.number}
                </span>
                <div className="min-w-0 flex-1">
                  <p className="font-medium">
                    {!pickups ? (
                      <Trans>Your drop-off</Trans>
                    ) : asDriver ? (
                      <Trans>Organizer's pickup</Trans>
                    ) : (
                      <Trans>Your pickup</Trans>
                    )}
                  </p>
                  <p className="text-sm break-words whitespace-pre-line" translate="no">
                    {stop.location}
                  </p>
                  {/* The organiser's pickup is the ride's own time (SPEC §2's date and time). */}
                  {pickups ? (
                    <p className="text-sm">
                      <Trans>At the ride's time, {rideTime}</Trans>
                    </p>
                  ) : null}
                </div>
              </div>
            ))}
            <ol ref={setList} className="flex flex-col gap-2">
              {rows.map((row, index) => {
                const name = passengerName(row);
                return (
                  <li
                    key={row.id}
                    data-passenger-id={row.id}
                    // No text selection or callout menu when a finger rests on the row to pick it up.
                    className={`flex min-h-14 flex-wrap items-center gap-3 rounded-box border border-base-300 bg-base-200 p-2 ${
                      locked ? '' : 'cursor-grab touch-manipulation select-none [-webkit-touch-callout:none]'
                    }`}
                  >
                    <span className="drag-handle badge badge-primary badge-lg shrink-0" aria-hidden="true">
                      {stopNumberOf(route, row)}
                    </span>
                    <div className="min-w-0 flex-1">
                      <p className="font-medium break-words" translate="no">
                        {name}
                      </p>
                      <p className="text-sm break-words" translate="no">
                        {row.dropoffLocation}
                      </p>
                    </div>
                    {!locked ? (
                      <div className="flex shrink-0 gap-1">
                        <button
                          type="button"
                          className="btn btn-ghost btn-sm min-h-11 min-w-11"
                          aria-label={t`Move ${name} up`}
                          disabled={index === 0 || move.isPending}
                          onClick={() => moveBy(index, -1)}
                        >
                          ↑
                        </button>
                        <button
                          type="button"
                          className="btn btn-ghost btn-sm min-h-11 min-w-11"
                          aria-label={t`Move ${name} down`}
                          disabled={index === rows.length - 1 || move.isPending}
                          onClick={() => moveBy(index, 1)}
                        >
                          ↓
                        </button>
                      </div>
                    ) : null}
                    {pickups ? <PickupTimeField ride={ride} row={row} name={name} disabled={past} /> : null}
                  </li>
                );
              })}
            </ol>
          </div>
          {!locked ? (
            <button
              type="button"
              className="btn btn-primary mt-3 min-h-11 self-start"
              disabled={lock.isPending}
              onClick={() => setConfirmingLock(true)}
            >
              {lock.isPending ? (
                <Trans>Locking...</Trans>
              ) : pickups ? (
                <Trans>Lock pickup order</Trans>
              ) : (
                <Trans>Lock Sequence</Trans>
              )}
            </button>
          ) : !past ? (
            <div className="mt-3 flex flex-wrap items-center gap-3">
              <button type="button" className="btn btn-outline min-h-11" disabled={unlock.isPending} onClick={onUnlock}>
                {unlock.isPending ? <Trans>Unlocking...</Trans> : <Trans>Unlock</Trans>}
              </button>
              <p className="text-sm">
                <Trans>Unlock to place someone who joined after the lock.</Trans>
              </p>
            </div>
          ) : null}
          <ConfirmDialog
            open={confirmingLock}
            title={pickups ? t`Lock the pickup order?` : t`Lock the drop-off order?`}
            confirmLabel={t`Lock`}
            onConfirm={onLock}
            onCancel={() => setConfirmingLock(false)}
          >
            <p>
              {pickups ? (
                <Trans>
                  Passengers see their pickup numbers and times; you can unlock it again to place a late joiner.
                </Trans>
              ) : (
                <Trans>Passengers see their stop numbers; you can unlock it again to place a late joiner.</Trans>
              )}
            </p>
          </ConfirmDialog>
        </>
      )}
    </section>
  );
}
