import { Form, SubmitButton, TextField } from '../../../components/form';
import { remainingSpots } from '../ride-rules';
import type { Ride } from '@shared/types/ride.ts';
import { errorMessage, toastError, toastSuccess } from '../../../lib/toast';
import { useJoinRide } from '../api/join-ride';
import { type JoinFormValues, joinFormSchema } from '../join-form-schema';

export function JoinForm({ ride }: { ride: Ride }) {
  const join = useJoinRide();
  const remaining = remainingSpots(ride);
  const locationLabel = ride.direction === 'FC->SG' ? 'Your drop-off location in Singapore' : 'Your pickup location in Singapore';

  return (
    <section aria-labelledby="join-title" className="card border border-primary bg-base-100 p-4">
      <h2 id="join-title" className="mb-2 text-lg font-semibold">
        Join this ride
      </h2>
      <p className="mb-3 text-sm">Only {remaining} spots remaining.</p>
      <Form<JoinFormValues>
        schema={joinFormSchema(remaining)}
        defaultValues={{ passengerCount: 1, dropoffLocation: '' }}
        ariaLabel="Join ride"
        onInvalid={(errors) => {
          if (errors.passengerCount?.type === 'too_big') toastError('Error', `Only ${remaining} spots remaining`);
        }}
        onSubmit={(values) =>
          join.mutate(
            { rideId: ride.id, ...values },
            {
              onSuccess: () => toastSuccess('Successfully joined the ride'),
              onError: (error) => toastError('Error', errorMessage(error)),
            },
          )
        }
      >
        {() => (
          <>
            <TextField<JoinFormValues>
              name="passengerCount"
              label="Number of passengers (including you)"
              type="number"
              min={1}
              max={remaining}
              inputMode="numeric"
              valueAsNumber
            />
            <TextField<JoinFormValues> name="dropoffLocation" label={locationLabel} placeholder="e.g., Tampines MRT" />
            <SubmitButton pending={join.isPending} idleText="Join Ride" pendingText="Joining..." />
          </>
        )}
      </Form>
    </section>
  );
}
