import { ContactButtons } from '../../../components/contact-buttons';
import { Spinner } from '../../../components/spinner';
import type { User } from '../../../lib/auth';
import { isPast, passengerName } from '../ride-rules';
import type { Passenger, Ride } from '@shared/types/ride.ts';
import { errorMessage, toastError, toastSuccess } from '../../../lib/toast';
import { useRemovePassenger } from '../api/remove-passenger';
import { CommunicationCard } from './communication-card';

export function PassengersTab({
  ride,
  user,
  passengers,
  isPending,
  error,
}: {
  ride: Ride;
  user: User;
  passengers: Passenger[] | undefined;
  isPending: boolean;
  error: Error | null;
}) {
  const remove = useRemovePassenger();
  const isCreator = user.id === ride.creatorId;
  const past = isPast(ride);

  if (isPending) return <Spinner label="Loading passengers…" />;
  if (error && !passengers) {
    return (
      <div role="alert" className="alert alert-error">
        Could not load passengers: {error.message}
      </div>
    );
  }
  const list = passengers ?? [];

  const onRemove = (passenger: Passenger) =>
    remove.mutate(
      { rideId: ride.id, passengerId: passenger.id },
      {
        onSuccess: () => toastSuccess('Passenger Removed'),
        onError: (failure) => toastError('Failed to remove passenger', errorMessage(failure)),
      },
    );

  return (
    <div className="flex flex-col gap-4">
      {list.length === 0 ? (
        <div className="card bg-base-200 p-6 text-center">
          <h2 className="text-lg font-semibold">No Passengers Yet</h2>
          <p>Share the ride so others can join.</p>
        </div>
      ) : (
        <ul className="flex flex-col gap-3" aria-label="Passengers">
          {list.map((passenger) => {
            const own = passenger.userId === user.id;
            const name = passengerName(passenger);
            return (
              <li key={passenger.id} className="card border border-base-300 bg-base-100 p-4">
                <div className="mb-1 flex flex-wrap items-center justify-between gap-2">
                  <p className="font-semibold">{name}</p>
                  {passenger.dropoffSequence != null ? (
                    <span className="badge badge-secondary">Stop #{passenger.dropoffSequence}</span>
                  ) : null}
                </div>
                <p className="text-sm">
                  {ride.direction === 'FC->SG' ? 'Drop-off' : 'Pickup'}: {passenger.dropoffLocation}
                </p>
                <p className="mb-3 text-sm">
                  {passenger.passengerCount ?? 1} passenger{(passenger.passengerCount ?? 1) === 1 ? '' : 's'}
                </p>
                {!own ? <ContactButtons personName={name} contact={passenger.user} /> : null}
                {own && !past ? (
                  <button type="button" className="btn btn-outline btn-error btn-sm mt-3 min-h-11 self-start" disabled={remove.isPending} onClick={() => onRemove(passenger)}>
                    Leave Ride
                  </button>
                ) : isCreator && !past ? (
                  <button
                    type="button"
                    className="btn btn-outline btn-error btn-sm mt-3 min-h-11 self-start"
                    disabled={remove.isPending}
                    aria-label={`Remove Passenger ${name}`}
                    onClick={() => onRemove(passenger)}
                  >
                    Remove Passenger
                  </button>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      <CommunicationCard ride={ride} passengers={list} isCreator={isCreator} />
    </div>
  );
}
