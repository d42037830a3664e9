import { Trans, useLingui } from '@lingui/react/macro';
import type { TripDay, TripPassenger } from '@shared/schemas/trip-day-response.ts';
import type { LateMinutes } from '@shared/trip-steps.ts';
import type { Ride } from '@shared/types/ride.ts';
import { type ReactNode, useState } from 'react';

import { QueryState } from '../../../components/query-state';
import { ApiError } from '../../../lib/api-client';
import { formatShortTime } from '../../../lib/format';
import { toastFailure } from '../../../lib/toast';
import { useTripDay } from '../api/get-trip-day';
import { useSetCarStep } from '../api/set-car-step';
import { useSetPassengerStep } from '../api/set-passenger-step';
import { useUndoCarStep } from '../api/undo-car-step';
import { carRoute, type CarRouteStep, nextCarSteps } from '../car-route';
import { useStillAhead } from '../use-still-ahead';
import { CarPosition, ShareCarPosition } from './car-position';
import { CarStepLabel, CarStepNews, PassengerState } from './trip-words';

export interface TodayCardProps {
  ride: Ride;
  userId: number;
  // The ride page's own Leave Ride (its confirmation, the seat back to the waitlist), for a
  // passenger's "Not coming"; null for a member who is not a passenger.
  onNotComing: (() => void) | null;
}

// A tap target a thumb finds at once: 48 px high, the width of the card on a phone.
const BIG = 'btn min-h-12 w-full justify-start text-left sm:w-auto';

// Issue 40 §1: the ride's day on its page, above the tabs: where the car is, and the taps that
// say it; each passenger's own steps; the organiser's and the driver's view of everyone aboard.
// Its code is a chunk of its own (lazy-today-card.tsx), loaded only on the day.
export default function TodayCard({ ride, userId, onNotComing }: TodayCardProps) {
  const { t } = useLingui();
  const trip = useTripDay(ride.id);
  const setCar = useSetCarStep(ride.id);
  const undo = useUndoCarStep(ride.id);
  const setPassenger = useSetPassengerStep(ride.id);
  const busy = setCar.isPending || undo.isPending || setPassenger.isPending;
  const failed = toastFailure(t`The trip was not updated`);

  if (!trip.data) {
    // Not aboard after all, or no longer (removed meanwhile): nothing to show.
    if (trip.error instanceof ApiError && [403, 404, 410].includes(trip.error.status)) return null;
    return (
      <TodaySection>
        {trip.isPending ? (
          <QueryState inline loading={t`Loading the trip…`} />
        ) : (
          <QueryState
            inline
            error={<Trans>Could not load the trip.</Trans>}
            onRetry={() => trip.refetch()}
            retrying={trip.isFetching}
          />
        )}
      </TodaySection>
    );
  }
  const day = trip.data;
  if (!day.open) return null;
  const own = day.passengers.find((passenger) => passenger.userId === userId) ?? null;

  return (
    <TodaySection>
      <CarNow ride={ride} day={day} />
      <CarPosition day={day} />
      {day.canShareCarPosition ? <ShareCarPosition rideId={ride.id} day={day} /> : null}
      {day.canSetCarSteps ? (
        <CarSteps
          ride={ride}
          day={day}
          busy={busy}
          onStep={(step) => setCar.mutate(step, { onError: failed })}
          onUndo={() => undo.mutate(undefined, { onError: failed })}
        />
      ) : null}
      {own ? (
        <OwnSteps
          own={own}
          busy={busy}
          onStep={(step, lateMinutes) => setPassenger.mutate({ step, lateMinutes }, { onError: failed })}
          onNotComing={onNotComing}
        />
      ) : null}
      {day.canSetCarSteps ? (
        <Aboard
          passengers={day.passengers}
          busy={busy}
          onPickedUp={(passenger) =>
            setPassenger.mutate({ step: 'picked_up', userId: passenger.userId }, { onError: failed })
          }
        />
      ) : null}
    </TodaySection>
  );
}

function TodaySection({ children }: { children: ReactNode }) {
  return (
    <section aria-labelledby="today-title" className="card border-primary bg-base-100 gap-3 border-2 p-4">
      <h2 id="today-title" className="text-lg font-semibold">
        <Trans>Today</Trans>
      </h2>
      {children}
    </section>
  );
}

function CarNow({ ride, day }: { ride: Ride; day: TripDay }) {
  const last = day.carSteps.at(-1);
  if (!last) {
    return (
      <p data-testid="car-now">
        <Trans>The car has not set off yet.</Trans>
      </p>
    );
  }
  const at = formatShortTime(last.at);
  return (
    <p data-testid="car-now" className="font-medium">
      <CarStepNews direction={ride.direction} step={last} /> ·{' '}
      <time dateTime={last.at} className="font-normal">
        {at}
      </time>
    </p>
  );
}

function CarSteps({
  ride,
  day,
  busy,
  onStep,
  onUndo,
}: {
  ride: Ride;
  day: TripDay;
  busy: boolean;
  onStep: (step: CarRouteStep) => void;
  onUndo: () => void;
}) {
  const { t } = useLingui();
  const route = carRoute(
    ride,
    day.passengers.map((passenger) => passenger.stop),
  );
  const next = nextCarSteps(route, day.carSteps);
  const undoable = useStillAhead(day.undoUntil);
  if (next.length === 0 && !undoable) return null;
  // Undo first, beside the step it takes back: a mistaken tap is put right without a scroll.
  return (
    <>
      {undoable ? (
        <button type="button" className={`${BIG} btn-outline btn-warning`} disabled={busy} onClick={onUndo}>
          <Trans>Undo</Trans>
        </button>
      ) : null}
      {next.length > 0 ? (
        <CarStepButtons
          direction={ride.direction}
          next={next}
          busy={busy}
          onStep={onStep}
          label={t`Where the car is`}
        />
      ) : null}
    </>
  );
}

function CarStepButtons({
  direction,
  next,
  busy,
  onStep,
  label,
}: {
  direction: Ride['direction'];
  next: CarRouteStep[];
  busy: boolean;
  onStep: (step: CarRouteStep) => void;
  label: string;
}) {
  return (
    <div role="group" aria-label={label} className="flex flex-col gap-2">
      {next.map((step, index) => (
        <button
          key={`${step.step}:${step.stop ?? ''}`}
          type="button"
          className={`${BIG} ${index === 0 ? 'btn-primary' : 'btn-outline'}`}
          disabled={busy}
          onClick={() => onStep(step)}
        >
          <CarStepLabel direction={direction} step={step} />
        </button>
      ))}
    </div>
  );
}

function OwnSteps({
  own,
  busy,
  onStep,
  onNotComing,
}: {
  own: TripPassenger;
  busy: boolean;
  onStep: (step: 'at_stop' | 'late' | 'picked_up', lateMinutes?: LateMinutes) => void;
  onNotComing: (() => void) | null;
}) {
  const { t } = useLingui();
  const [choosingLate, setChoosingLate] = useState(false);
  const late = (minutes: LateMinutes) => {
    setChoosingLate(false);
    onStep('late', minutes);
  };
  return (
    <div role="group" aria-label={t`Your steps`} className="flex flex-col gap-2">
      <p data-testid="own-state">
        <Trans>
          You: <PassengerState passenger={own} />
        </Trans>
      </p>
      {own.step === 'picked_up' ? null : (
        <>
          <button
            type="button"
            className={`${BIG} btn-primary`}
            aria-pressed={own.step === 'at_stop'}
            disabled={busy}
            onClick={() => onStep('at_stop')}
          >
            <Trans>I'm at my stop</Trans>
          </button>
          <button
            type="button"
            className={`${BIG} btn-outline`}
            aria-expanded={choosingLate}
            disabled={busy}
            onClick={() => setChoosingLate((open) => !open)}
          >
            <Trans>Running late</Trans>
          </button>
          {choosingLate ? (
            <div role="group" aria-label={t`How late?`} className="grid grid-cols-3 gap-2">
              <button type="button" className="btn btn-outline min-h-12" disabled={busy} onClick={() => late(5)}>
                <Trans>5 min</Trans>
              </button>
              <button type="button" className="btn btn-outline min-h-12" disabled={busy} onClick={() => late(10)}>
                <Trans>10 min</Trans>
              </button>
              <button type="button" className="btn btn-outline min-h-12" disabled={busy} onClick={() => late(15)}>
                <Trans>15+ min</Trans>
              </button>
            </div>
          ) : null}
          <button type="button" className={`${BIG} btn-outline`} disabled={busy} onClick={() => onStep('picked_up')}>
            <Trans>Picked up</Trans>
          </button>
          {onNotComing ? (
            <button type="button" className={`${BIG} btn-outline btn-error`} disabled={busy} onClick={onNotComing}>
              <Trans>Not coming</Trans>
            </button>
          ) : null}
        </>
      )}
    </div>
  );
}

function Aboard({
  passengers,
  busy,
  onPickedUp,
}: {
  passengers: TripPassenger[];
  busy: boolean;
  onPickedUp: (passenger: TripPassenger) => void;
}) {
  const { t } = useLingui();
  if (passengers.length === 0) return null;
  return (
    <ul aria-label={t`Passengers today`} className="divide-base-300 flex flex-col divide-y">
      {passengers.map((passenger) => {
        const name = passenger.name;
        return (
          <li key={passenger.userId} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <div className="min-w-0 flex-1">
              <p className="font-medium break-words" translate="no">
                {name}
              </p>
              {passenger.stop ? (
                <p className="text-sm break-words opacity-80" translate="no">
                  {passenger.stop}
                </p>
              ) : null}
            </div>
            <span className="badge badge-outline" data-testid="passenger-state">
              <PassengerState passenger={passenger} />
            </span>
            {passenger.step === 'picked_up' ? null : (
              <button
                type="button"
                className="btn btn-outline btn-sm min-h-12 w-full sm:w-auto"
                disabled={busy}
                aria-label={t`Mark ${name} picked up`}
                onClick={() => onPickedUp(passenger)}
              >
                <Trans>Picked up</Trans>
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
