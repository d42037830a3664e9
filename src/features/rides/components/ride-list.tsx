import { Trans, useLingui } from '@lingui/react/macro';
import type { RideListItem } from '@shared/types/ride.ts';
import type { UseInfiniteQueryResult } from '@tanstack/react-query';
import { type ReactNode, startTransition, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';

import { Spinner } from '../../../components/spinner';
import { formatShortDay, singaporeDay } from '../../../lib/format';

// The rides in runs of one Singapore day each, in the list's own order.
function byDay(rides: RideListItem[]): Array<{ day: string; rides: RideListItem[] }> {
  const runs: Array<{ day: string; rides: RideListItem[] }> = [];
  for (const ride of rides) {
    const day = singaporeDay(ride.date);
    const last = runs.at(-1);
    if (last?.day === day) last.rides.push(ride);
    else runs.push({ day, rides: [ride] });
  }
  return runs;
}

function DayHeading({ day, id }: { day: string; id: string }) {
  const { t } = useLingui();
  const date = formatShortDay(day);
  const now = Date.now();
  const text =
    day === singaporeDay(now)
      ? t`Today · ${date}`
      : day === singaporeDay(now + 24 * 60 * 60 * 1000)
        ? t`Tomorrow · ${date}`
        : date;
  return (
    <h3 id={id} className="text-sm leading-5 font-semibold">
      {text}
    </h3>
  );
}

export type PagedRides = Pick<
  UseInfiniteQueryResult<RideListItem[]>,
  'hasNextPage' | 'isFetching' | 'isFetchingNextPage' | 'isFetchNextPageError' | 'fetchNextPage' | 'error'
>;

// Starts the next page about three cards before the member reaches the end of the list.
const PREFETCH_MARGIN = '0px 0px 800px 0px';

const NO_RIDES: RideListItem[] = [];

// About a phone's screenful of cards, committed before the rest of a new list.
const FIRST_SCREEN = 4;

// What a card measures on a phone or a desktop (226 px with a one-line location; a row of
// actions adds about 52): the height a card not yet laid out stands in with.
const ITEM_CLASS = {
  plain: '[contain-intrinsic-size:auto_230px] [content-visibility:auto]',
  actions: '[contain-intrinsic-size:auto_280px] [content-visibility:auto]',
};

// A list the server hands out page by page (ADR 0009). Each card sits in an item the browser
// skips laying out and painting until it nears the screen (content-visibility), with a
// placeholder about a card's height, so a long list costs little more than a short one and the
// scrollbar stays about right. The items are scroll anchors: Back returns to the card
// the member left (app/use-scroll-restoration), whatever the skipped cards above it measure.
//
// autoLoad: the next page loads as the end of the list nears (IntersectionObserver); the
// button stays as the way to ask for it by keyboard, by screen reader, or without an observer.
export function RideList({
  rides,
  paging,
  renderRide,
  autoLoad = false,
  withActions = false,
  dayHeaders = false,
  moreLabel,
}: {
  rides: RideListItem[];
  paging: PagedRides;
  renderRide: (ride: RideListItem) => ReactNode;
  autoLoad?: boolean;
  // The cards carry a row of buttons (My Rides, the vendor's lists): taller placeholders.
  withActions?: boolean;
  // Each Singapore day's rides under a heading naming the day (Home, issue 37 §5).
  dayHeaders?: boolean;
  moreLabel?: string;
}) {
  const { t } = useLingui();
  // A page that arrives is rendered in the background: React builds its cards in slices between
  // which the browser stays free (a deferred value renders like a transition), instead of in the
  // one block a query's answer would otherwise start, which on a slow phone froze the screen for
  // a third of a second. Until the first cards are built, the list still says it is loading.
  const shown = useDeferredValue(rides, NO_RIDES);
  // Then the first screenful is committed on its own and the rest in a second pass: styling,
  // laying out and painting twenty new cards in one frame took 170 ms on a slow phone.
  const [restShown, setRestShown] = useState(false);
  if (restShown && shown.length === 0) setRestShown(false);
  const visible = useMemo(() => (restShown ? shown : shown.slice(0, FIRST_SCREEN)), [restShown, shown]);
  const allVisible = visible.length === shown.length;
  useEffect(() => {
    if (!allVisible) startTransition(() => setRestShown(true));
  }, [allVisible]);
  const { hasNextPage, isFetching, isFetchNextPageError, fetchNextPage, error } = paging;
  const loadError = error?.message;
  const sentinel = useRef<HTMLDivElement>(null);
  // One read at a time: a next page asked for during a refresh of the pages (after a join, say)
  // waits for it instead of cancelling it. A failed page is not retried by itself: the member
  // asks again with the button.
  // Nor while the cards of the last page are still being built: the end of the list would still
  // stand where it was, in reach, and ask for page after page.
  const observe = autoLoad && shown === rides && allVisible && hasNextPage && !isFetching && !isFetchNextPageError;

  useEffect(() => {
    const target = sentinel.current;
    if (!observe || !target || typeof IntersectionObserver === 'undefined') return;
    // A new observer reports the sentinel's state at once, so a page that leaves the end still
    // in reach (a tall screen) is followed by the next one without another scroll.
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) void fetchNextPage({ cancelRefetch: false });
      },
      { rootMargin: PREFETCH_MARGIN },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [observe, visible.length, fetchNextPage]);

  if (shown.length === 0 && rides.length > 0) return <Spinner label={t`Loading rides…`} />;
  const item = (ride: RideListItem) => (
    <li key={ride.id} data-scroll-anchor={`ride-${ride.id}`} className={ITEM_CLASS[withActions ? 'actions' : 'plain']}>
      {renderRide(ride)}
    </li>
  );
  return (
    <div className="flex flex-col gap-4">
      {dayHeaders ? (
        // The headings are in the windowed list itself: each day's run is built from the cards
        // committed so far, so a page that arrives extends the last day or starts the next.
        byDay(visible).map((run, index) => {
          const headingId = `rides-day-${run.day}-${index}`;
          return (
            <section key={headingId} aria-labelledby={headingId} className="flex flex-col gap-1">
              <DayHeading day={run.day} id={headingId} />
              <ul className="grid gap-4 md:grid-cols-2">{run.rides.map(item)}</ul>
            </section>
          );
        })
      ) : (
        <ul className="grid gap-4 md:grid-cols-2">{visible.map(item)}</ul>
      )}
      {autoLoad ? <div ref={sentinel} aria-hidden="true" /> : null}
      {isFetchNextPageError ? (
        <div role="alert" className="alert alert-error">
          <Trans>Could not load more rides: {loadError}</Trans>
        </div>
      ) : null}
      <MoreButton paging={paging} label={moreLabel ?? t`Show more rides`} />
    </div>
  );
}

// The next page on request, for as long as the server has one.
export function MoreButton({ paging, label }: { paging: PagedRides; label: string }) {
  const { hasNextPage, isFetching, isFetchingNextPage, fetchNextPage } = paging;
  if (!hasNextPage) return null;
  return (
    <button
      type="button"
      className="btn btn-outline min-h-11 self-center"
      // Not disabled: a disabled button would drop the keyboard focus while the page loads.
      aria-disabled={isFetching}
      aria-busy={isFetchingNextPage}
      onClick={() => {
        if (!isFetching) void fetchNextPage({ cancelRefetch: false });
      }}
    >
      {isFetchingNextPage ? <span className="spinner spinner-sm" aria-hidden="true" /> : null}
      {label}
    </button>
  );
}
