import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';

import { ApiError } from '../../lib/api-client';
import { errorMessage, toastError, toastFailure } from '../../lib/toast';
import { useShareCarPosition, useStopCarPosition } from './api/share-car-position';
import { type Fix, shouldSend } from './position-sending';

// How often a withheld fix is looked at again: a phone standing still may report no new one.
const CHECK_EVERY_MS = 5_000;

export type SharingProblem = 'denied' | 'unavailable' | null;

// Issue 40 §2: the phone's position sent while the page is open, the sharer allowed, the trip's
// window open and the car not arrived (`allowed`, which the card works out). Sharing ends when
// any of those ends, on Stop (the server forgets the last position then), or when the page goes.
export function useCarPositionSharing(rideId: number, allowed: boolean) {
  const { t } = useLingui();
  const [wanted, setWanted] = useState(false);
  const [problem, setProblem] = useState<SharingProblem>(null);
  const share = useShareCarPosition(rideId);
  const stopSharing = useStopCarPosition(rideId);
  const send = useRef(share.mutateAsync);
  useEffect(() => {
    send.current = share.mutateAsync;
  });
  const refusedText = t`The car's position is no longer shared`;
  const sharing = wanted && allowed;

  useEffect(() => {
    if (!sharing) return;
    const geolocation = navigator.geolocation;
    let latest: Fix | null = null;
    let lastSent: { fix: Fix; sentAt: number } | null = null;
    let inFlight = false;
    let ended = false;
    const maybeSend = () => {
      const now = Date.now();
      if (!latest || inFlight || !shouldSend(latest, lastSent, now)) return;
      const fix = latest;
      inFlight = true;
      lastSent = { fix, sentAt: now };
      send
        .current({
          latitude: fix.latitude,
          longitude: fix.longitude,
          accuracy: fix.accuracy,
          takenAt: new Date(fix.takenAt).toISOString(),
        })
        .catch((error: unknown) => {
          // Refused for good (arrived, window closed, no longer the driver): stop and say why.
          // Offline or too many: the next fix tries again.
          if (!ended && error instanceof ApiError && [403, 404, 409, 410].includes(error.status)) {
            setWanted(false);
            toastError(refusedText, errorMessage(error));
          }
        })
        .finally(() => {
          inFlight = false;
        });
    };
    const watch = geolocation.watchPosition(
      (position) => {
        latest = {
          latitude: position.coords.latitude,
          longitude: position.coords.longitude,
          // Some phones report 0 for a fix they cannot rate: 1 m stands for "as good as it gets".
          accuracy: Math.max(1, position.coords.accuracy),
          takenAt: Math.min(position.timestamp, Date.now()),
        };
        maybeSend();
      },
      (error) => {
        if (error.code === error.PERMISSION_DENIED) {
          setProblem('denied');
          setWanted(false);
        }
      },
      { enableHighAccuracy: true, maximumAge: 10_000, timeout: 60_000 },
    );
    const timer = setInterval(maybeSend, CHECK_EVERY_MS);
    return () => {
      ended = true;
      geolocation.clearWatch(watch);
      clearInterval(timer);
    };
  }, [sharing, refusedText]);

  const failedToStop = toastFailure(t`The car's position was not removed`);
  return {
    sharing,
    problem,
    stopping: stopSharing.isPending,
    start: () => {
      if (!('geolocation' in navigator)) {
        setProblem('unavailable');
        return;
      }
      setProblem(null);
      setWanted(true);
    },
    stop: () => {
      setWanted(false);
      stopSharing.mutate(undefined, { onError: failedToStop });
    },
  };
}
