import { type ReactNode, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { RideCard } from './ride-card';
import { Spinner } from '../../../components/spinner';
import { useUser } from '../../../lib/auth';
import { useRides } from '../api/get-rides';
import type { Ride } from '@shared/types/ride.ts';
import { DEFAULT_FILTERS, filterRides, type RideFilters } from '../filter-rides';
import { MyRides } from './my-rides';
import { RideFiltersBar } from './ride-filters';
import { StatsCards } from './stats-cards';

type Tab = 'all' | 'mine';

export function HomePage({ sequencePanel }: { sequencePanel?: (ride: Ride) => ReactNode }) {
  const { data: user } = useUser();
  const rides = useRides();
  const [tab, setTab] = useState<Tab>('all');
  const [filters, setFilters] = useState<RideFilters>(DEFAULT_FILTERS);
  const visible = useMemo(() => filterRides(rides.data ?? [], filters), [rides.data, filters]);

  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold">Rides between Singapore and Forest City</h1>
      <StatsCards />

      {user && !user.isVendor ? (
        <Link to="/rides/create" className="btn btn-primary min-h-11 self-start">
          Create New Ride
        </Link>
      ) : null}
      {!user ? (
        <section className="card bg-primary text-primary-content p-4" aria-labelledby="promo-title">
          <h2 id="promo-title" className="text-lg font-semibold">
            Join RideShare Community
          </h2>
          <p className="mb-3">Log in to join rides, see organizer contacts and organize your own trips across the border.</p>
          <Link to="/auth" className="btn min-h-11 self-start">
            Login or Register Now
          </Link>
        </section>
      ) : null}

      <div role="tablist" aria-label="Rides" className="tabs tabs-box">
        <button type="button" role="tab" id="tab-all" aria-selected={tab === 'all'} aria-controls="panel-rides" className={`tab min-h-11 flex-1 ${tab === 'all' ? 'tab-active' : ''}`} onClick={() => setTab('all')}>
          All Rides
        </button>
        <button type="button" role="tab" id="tab-mine" aria-selected={tab === 'mine'} aria-controls="panel-rides" className={`tab min-h-11 flex-1 ${tab === 'mine' ? 'tab-active' : ''}`} onClick={() => setTab('mine')}>
          My Rides
        </button>
      </div>

      <div role="tabpanel" id="panel-rides" aria-labelledby={tab === 'all' ? 'tab-all' : 'tab-mine'} className="flex flex-col gap-4">
        {rides.isPending ? (
          <Spinner label="Loading rides…" />
        ) : rides.isError && !rides.data ? (
          <div role="alert" className="alert alert-error">
            Could not load rides: {rides.error.message}
          </div>
        ) : tab === 'all' ? (
          <>
            <h2 className="sr-only">All rides</h2>
            <RideFiltersBar filters={filters} onChange={setFilters} />
            {visible.length === 0 ? (
              <p className="py-8 text-center">No rides available at the moment.</p>
            ) : (
              <div className="grid gap-4 md:grid-cols-2">
                {visible.map((ride) => (
                  <RideCard key={ride.id} ride={ride} currentUserId={user?.id ?? null} isVendor={user?.isVendor ?? false} />
                ))}
              </div>
            )}
          </>
        ) : user ? (
          <MyRides user={user} allRides={rides.data ?? []} sequencePanel={sequencePanel} />
        ) : (
          <div className="flex flex-col items-center gap-3 py-8 text-center">
            <p>Log in to see the rides you organized and joined.</p>
            <Link to="/auth" className="btn btn-primary min-h-11">
              Login or Register
            </Link>
          </div>
        )}
      </div>
    </div>
  );
}
