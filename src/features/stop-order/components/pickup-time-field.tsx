import { Trans, useLingui } from '@lingui/react/macro';
import type { Ride } from '@shared/types/ride.ts';
import { useEffect, useRef, useState } from 'react';

import { formatClockTime } from '../../../lib/format';
import { toastFailure, toastSuccess } from '../../../lib/toast';
import { useSetPickupTime } from '../api/set-pickup-time';
import type { Row } from './sequence-panel';

// About when the car picks this passenger up, Singapore time (ADR 0040). Saved a moment after
// it changes (a phone's time picker may never leave the field) or when the field is left;
// emptied, the time is cleared. The lock holds the order, not the times.
const SAVE_AFTER_MS = 700;
// What the api takes (schemas/rides.ts's PICKUP_TIME_FORMAT, not imported: it would bring zod).
const WHOLE_TIME = /^(?:[01][0-9]|2[0-3]):[0-5][0-9]$/;

export function PickupTimeField({
  ride,
  row,
  name,
  disabled,
}: {
  ride: Ride;
  row: Row;
  name: string;
  disabled: boolean;
}) {
  const { t } = useLingui();
  const save = useSetPickupTime(ride.id);
  const id = `pickup-time-${row.id}`;
  const saved = row.pickupTime ?? '';
  const [value, setValue] = useState(saved);
  // While the field is in use the server's answers do not overwrite what is being typed.
  const [editing, setEditing] = useState(false);
  useEffect(() => {
    if (!editing) setValue(saved);
  }, [saved, editing]);
  // The last time asked for, so that a change is sent once.
  const sent = useRef(saved);
  useEffect(() => {
    sent.current = saved;
  }, [saved]);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const send = (next: string) => {
    clearTimeout(timer.current);
    // A time being typed is not one yet (the browser gives '' until it is whole).
    if (next === sent.current || (next !== '' && !WHOLE_TIME.test(next))) return;
    sent.current = next;
    save.mutate(
      { rideId: ride.id, passengerId: row.id, pickupTime: next === '' ? null : next },
      {
        onSuccess: () => toastSuccess(next === '' ? t`Pickup time cleared` : t`Pickup time saved`),
        onError: (error) => {
          sent.current = saved;
          toastFailure(t`Error`)(error);
        },
      },
    );
  };
  const shown = row.pickupTime ? formatClockTime(row.pickupTime) : null;
  return (
    <div className="flex basis-full flex-wrap items-center gap-2 pl-1">
      <label htmlFor={id} className="text-sm font-medium">
        <Trans>
          Pickup time <span className="sr-only">for {name}</span>
        </Trans>
      </label>
      <input
        id={id}
        type="time"
        step={60}
        className="input input-bordered input-sm min-h-11 w-36"
        value={value}
        disabled={disabled}
        aria-describedby={`${id}-saved`}
        onFocus={() => setEditing(true)}
        onChange={(event) => {
          const next = event.currentTarget.value;
          setValue(next);
          clearTimeout(timer.current);
          timer.current = setTimeout(() => send(next), SAVE_AFTER_MS);
        }}
        onBlur={(event) => {
          setEditing(false);
          send(event.currentTarget.value);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') send(event.currentTarget.value);
        }}
      />
      <span id={`${id}-saved`} className="text-sm">
        {save.isPending ? <Trans>Saving...</Trans> : shown ? <Trans>about {shown}</Trans> : <Trans>No time yet</Trans>}
      </span>
    </div>
  );
}
