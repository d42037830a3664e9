import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { RideCard } from '../../../components/ride-card';
import { ShareButton } from '../../../components/share-button';
import { Spinner } from '../../../components/spinner';
import type { User } from '../../../lib/auth';
import { useJoinedRides } from '../../../lib/rides/get-joined-rides';
import type { Ride } from '../../../lib/ride-types';

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

      {organized.length > 0 ? (
        <section aria-labelledby="organized-title" className="flex flex-col gap-3">
          <h2 id="organized-title" className="text-xl font-semibold">
            Rides You Organized
          </h2>
          <div className="grid gap-4 md:grid-cols-2">
            {organized.map((ride) => (
              <RideCard
                key={ride.id}
                ride={ride}
                currentUserId={user.id}
                actions={
                  <>
                    <ShareButton ride={ride} />
                    <Link to={`/rides/edit/${ride.id}`} className="btn btn-outline btn-sm min-h-11">
                      Edit
                    </Link>
                  </>
                }
              />
            ))}
          </div>
        </section>
      ) : null}

      {joinedRides.length > 0 ? (
        <section aria-labelledby="joined-title" className="flex flex-col gap-3">
          <h2 id="joined-title" className="text-xl font-semibold">
            Rides You Joined
          </h2>
          <div className="grid gap-4 md:grid-cols-2">
            {joinedRides.map((ride) => (
              <RideCard
                key={ride.id}
                ride={ride}
                currentUserId={user.id}
                actions={
                  <>
                    <ShareButton ride={ride} />
                    <Link to={`/rides/${ride.id}`} className="btn btn-outline btn-sm min-h-11">
                      View Details
                    </Link>
                  </>
                }
              />
            ))}
          </div>
        </section>
      ) : null}
    </div>
  );
}
