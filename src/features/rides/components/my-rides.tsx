import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { RideCard } from './ride-card';
import { ShareButton } from './share-button';
import { Spinner } from '../../../components/spinner';
import type { User } from '../../../lib/auth';
import { useJoinedRides } from '../api/get-joined-rides';
import type { Ride } from '@shared/types/ride.ts';

export function MyRides({
  user,
  allRides,
  sequencePanel,
}: {
  user: User;
  allRides: Ride[];
  sequencePanel?: (ride: Ride) => ReactNode;
}) {
  const joined = useJoinedRides(true);
  const organized = allRides.filter((ride) => ride.creatorId === user.id);
  const ownFcToSg = organized.filter((ride) => ride.direction === 'FC->SG');

  if (joined.isPending) return <Spinner label="Loading your rides…" />;
  const joinedRides = joined.data ?? [];

  if (organized.length === 0 && joinedRides.length === 0) {
    return <p className="py-8 text-center">You haven't created or joined any rides yet.</p>;
  }

  return (
    <div className="flex flex-col gap-8">
      {sequencePanel && ownFcToSg.length > 0 ? (
        <section aria-labelledby="sequence-title" className="flex flex-col gap-3">
          <h2 id="sequence-title" className="text-xl font-semibold">
            Manage Drop-off Sequence
          </h2>
          {ownFcToSg.map((ride) => (
            <div key={ride.id}>{sequencePanel(ride)}</div>
          ))}
        </section>
      ) : null}

      <RideSection id="organized" title="Rides You Organized" rides={organized} userId={user.id} link={(id) => [`/rides/edit/${id}`, 'Edit']} />
      <RideSection id="joined" title="Rides You Joined" rides={joinedRides} userId={user.id} link={(id) => [`/rides/${id}`, 'View Details']} />
    </div>
  );
}

// Each ride with Share and one link (Edit for your own rides, View Details for joined ones).
function RideSection({
  id,
  title,
  rides,
  userId,
  link,
}: {
  id: string;
  title: string;
  rides: Ride[];
  userId: number;
  link: (rideId: number) => [string, string];
}) {
  if (rides.length === 0) return null;
  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-3">
      <h2 id={`${id}-title`} className="text-xl font-semibold">
        {title}
      </h2>
      <div className="grid gap-4 md:grid-cols-2">
        {rides.map((ride) => {
          const [to, label] = link(ride.id);
          return (
            <RideCard
              key={ride.id}
              ride={ride}
              currentUserId={userId}
              actions={
                <>
                  <ShareButton ride={ride} />
                  <Link to={to} className="btn btn-outline btn-sm min-h-11">
                    {label}
                  </Link>
                </>
              }
            />
          );
        })}
      </div>
    </section>
  );
}
