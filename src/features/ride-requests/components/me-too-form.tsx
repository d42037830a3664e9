import { useLingui } from '@lingui/react/macro';
import { type RideRequest, type RideRequestMeTooInput, rideRequestMeTooSchema } from '@shared/schemas/ride-requests.ts';

import { Form, SubmitButton, TextField } from '../../../components/form';
import { toastFailure, toastSuccess } from '../../../lib/toast';
import { useJoinRideRequest } from '../api/join-ride-request';

// "Me too" on a request: the member's party and area join its demand.
export function MeTooForm({ request }: { request: RideRequest }) {
  const { t } = useLingui();
  const join = useJoinRideRequest();
  return (
    <Form<RideRequestMeTooInput>
      schema={rideRequestMeTooSchema}
      defaultValues={{ passengerCount: 1, area: '' }}
      onSubmit={(values) =>
        join.mutate(
          { id: request.id, ...values },
          {
            onSuccess: () => toastSuccess(t`You're on this request`),
            onError: toastFailure(t`Error`),
          },
        )
      }
      ariaLabel={t`Me too`}
      className="grid grid-cols-[5rem_1fr] items-end gap-2"
    >
      {() => (
        <>
          <TextField<RideRequestMeTooInput>
            name="passengerCount"
            label={t`Party`}
            type="number"
            min={1}
            max={10}
            inputMode="numeric"
            valueAsNumber
          />
          <TextField<RideRequestMeTooInput> name="area" label={t`Your area`} placeholder={t`e.g., Bedok`} />
          <div className="col-span-2">
            <SubmitButton pending={join.isPending} idleText={t`Me too`} pendingText={t`Adding you…`} />
          </div>
        </>
      )}
    </Form>
  );
}
