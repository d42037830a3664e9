import { useEffect, useState } from 'react';

// Whether an instant is still to come, re-rendering when it passes: the Undo button goes when its
// two minutes are up, and the car's position stops being sent at the window's end, with no tap.
export function useStillAhead(until: string | null): boolean {
  const ends = until === null ? Number.NaN : Date.parse(until);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (Number.isNaN(ends)) return;
    const wait = ends - Date.now();
    // setTimeout holds at most 2^31 - 1 ms: a later end is checked again then.
    if (wait <= 0) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.min(wait + 50, 2_147_483_647));
    return () => clearTimeout(timer);
  }, [ends, now]);
  return !Number.isNaN(ends) && ends > Math.max(now, Date.now());
}
