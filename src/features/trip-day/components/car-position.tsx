import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { CAR_POSITION_STALE_MINUTES } from '@shared/limits.ts';
import type { TripDay } from '@shared/schemas/trip-day-response.ts';
import { lazy, Suspense, useEffect, useState } from 'react';

import { formatShortTime } from '../../../lib/format';
import { useCarPositionSharing } from '../use-car-position-sharing';
import { useStillAhead } from '../use-still-ahead';

// Leaflet and the tiles load only when there is a car to show.
const CarMap = lazy(() => import('./car-map'));

const BIG = 'btn min-h-12 w-full justify-start text-left sm:w-auto';
const TICK_MS = 10_000;

// The clock, again every 10 s: "updated 40 s ago" counts on, and a position turns stale on screen
// when its 5 minutes are up, between two answers of the api.
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function UpdatedAgo({ seconds }: { seconds: number }) {
  if (seconds < 60) {
    return <Plural value={seconds} one="Updated # second ago" other="Updated # seconds ago" />;
  }
  const minutes = Math.floor(seconds / 60);
  return <Plural value={minutes} one="Updated # minute ago" other="Updated # minutes ago" />;
}

// Issue 40 §2, for everyone aboard: the car on a small map with how fresh it is. Without tiles
// the words stay (the map says it is unavailable); a position older than 5 minutes is said as
// the last one known, with its time, and drawn nowhere: it is not the car's place any more.
export function CarPosition({ day }: { day: TripDay }) {
  const now = useNow();
  const position = day.carPosition;
  if (!position) return null;
  const takenAt = Date.parse(position.takenAt);
  const seconds = Math.max(0, Math.round((Math.max(now, Date.now()) - takenAt) / 1000));
  const stale = position.stale || seconds > CAR_POSITION_STALE_MINUTES * 60;
  const time = formatShortTime(position.takenAt);
  if (stale) {
    return (
      <p data-testid="car-position" className="text-sm opacity-80">
        <Trans>
          No recent position: the last one, at{' '}
          <time dateTime={position.takenAt} className="font-medium">
            {time}
          </time>
          , is more than {CAR_POSITION_STALE_MINUTES} minutes old.
        </Trans>
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-2">
      <p data-testid="car-position" className="text-sm">
        <Trans>
          Where the car is:{' '}
          <time dateTime={position.takenAt}>
            <UpdatedAgo seconds={seconds} />
          </time>
        </Trans>
      </p>
      <Suspense fallback={null}>
        <CarMap latitude={position.latitude} longitude={position.longitude} accuracy={position.accuracy} />
      </Suspense>
    </div>
  );
}

// For the driver (or the organiser of a ride with no driver): the tap that shares the phone's
// position, and, while it is shared, a bar that stays on screen whatever the scroll, with Stop.
export function ShareCarPosition({ rideId, day }: { rideId: number; day: TripDay }) {
  const { t } = useLingui();
  const windowOpen = useStillAhead(day.closesAt);
  const arrived = day.carSteps.at(-1)?.step === 'arrived';
  const allowed = day.open && day.canShareCarPosition && windowOpen && !arrived;
  const sharing = useCarPositionSharing(rideId, allowed);
  if (!allowed) return null;
  return (
    <>
      {sharing.sharing ? null : (
        <button type="button" className={`${BIG} btn-outline`} onClick={sharing.start}>
          <Trans>Share the car's position</Trans>
        </button>
      )}
      {sharing.problem === 'denied' ? (
        <p role="alert" className="text-error text-sm">
          <Trans>This phone does not let the app use its location. Allow it in the browser's settings.</Trans>
        </p>
      ) : null}
      {sharing.problem === 'unavailable' ? (
        <p role="alert" className="text-error text-sm">
          <Trans>This browser cannot tell the phone's position.</Trans>
        </p>
      ) : null}
      {sharing.sharing ? (
        <div
          role="status"
          aria-label={t`Sharing the car's position`}
          className="alert alert-info rounded-box fixed inset-x-4 bottom-[calc(var(--bottom-bar-shown)+1rem)] z-50 mx-auto flex max-w-sm items-center justify-between gap-3 shadow-lg"
        >
          <p className="font-medium">
            <Trans>You are sharing the car's position</Trans>
          </p>
          <button type="button" className="btn btn-sm min-h-11" disabled={sharing.stopping} onClick={sharing.stop}>
            <Trans>Stop sharing</Trans>
          </button>
        </div>
      ) : null}
    </>
  );
}
