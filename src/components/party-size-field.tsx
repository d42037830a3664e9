import { useLingui } from '@lingui/react/macro';

import type { JoinFormValues } from '../lib/join-form-schema';
import { TextField } from './form';

// The party-size field of every form that puts a party on a ride (the join form, the join page,
// the waitlist): 1 up to the spots left, checked by joinFormSchema.
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
