import { t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { FieldErrors } from 'react-hook-form';
import { Form, SubmitButton, TextField } from '../../../components/form';
import { remainingSpots } from '../ride-rules';
import type { Ride } from '@shared/types/ride.ts';
import { errorMessage, toastError, toastSuccess } from '../../../lib/toast';
import { useJoinRide } from '../api/join-ride';
import { JOIN_FORM_DEFAULTS, type JoinFormValues, joinFormSchema, onlySpotsRemainingText } from '../join-form-schema';

// The party-size field of both join screens (this form and the join page): 1 up to the spots
// left, checked by joinFormSchema.
export function PartySizeField({ remaining }: { remaining: number }) {
  const { t } = useLingui();
  return (
    <TextField<JoinFormValues>
      name="passengerCount"
      label={t`Number of passengers (including you)`}
      type="number"
      min={1}
      max={Math.max(1, remaining)}
      inputMode="numeric"
      valueAsNumber
    />
  );
}

// SPEC §5: a submit with more passengers than spots shows the error toast as well as the
// field's message.
export function toastIfTooManyPassengers(errors: FieldErrors<JoinFormValues>, remaining: number) {
  if (errors.passengerCount?.type === 'too_big') toastError(t`Error`, onlySpotsRemainingText(remaining));
}

export function JoinForm({ ride }: { ride: Ride }) {
  const { t } = useLingui();
  const join = useJoinRide();
  const remaining = remainingSpots(ride);
  const locationLabel = ride.direction === 'FC->SG' ? t`Your drop-off location in Singapore` : t`Your pickup location in Singapore`;

  return (
    <section aria-labelledby="join-title" className="card border border-primary bg-base-100 p-4">
      <h2 id="join-title" className="mb-2 text-lg font-semibold">
        <Trans>Join this ride</Trans>
      </h2>
      <p className="mb-3 text-sm">{onlySpotsRemainingText(remaining)}.</p>
      <Form<JoinFormValues>
        schema={joinFormSchema(remaining)}
        defaultValues={JOIN_FORM_DEFAULTS}
        ariaLabel={t`Join ride`}
        onInvalid={(errors) => toastIfTooManyPassengers(errors, remaining)}
        onSubmit={(values) =>
          join.mutate(
            { rideId: ride.id, ...values },
            {
              onSuccess: () => toastSuccess(t`Successfully joined the ride`),
              onError: (error) => toastError(t`Error`, errorMessage(error)),
            },
          )
        }
      >
        {() => (
          <>
            <PartySizeField remaining={remaining} />
            <TextField<JoinFormValues> name="dropoffLocation" label={locationLabel} placeholder={t`e.g., Tampines MRT`} />
            <SubmitButton pending={join.isPending} idleText={t`Join Ride`} pendingText={t`Joining...`} />
          </>
        )}
      </Form>
    </section>
  );
}
