import { LazyJoinEveryDateButton } from '../../features/ride-series/components/lazy-series';
import { JoinPage } from '../../features/rides/components/join-page';
import { WaitlistCard } from '../../features/waitlist/components/waitlist-card';

// The join page (/rides/:id/join) with the ride-series feature's "Join every date from now" on a
// series date, and the waitlist feature's card on a full ride. Named *-page-route so its chunk
// keeps the join-page name the precache and preload checks look for.
export function JoinPageRoute() {
  return (
    <JoinPage
      joinEveryDate={(seriesId, form, onJoined) => (
        <LazyJoinEveryDateButton seriesId={seriesId} form={form} onJoined={onJoined} />
      )}
      waitlist={(ride) => <WaitlistCard ride={ride} />}
    />
  );
}
