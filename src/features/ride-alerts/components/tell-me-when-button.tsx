import { Trans, useLingui } from '@lingui/react/macro';
import type { RideAlert, RideAlertSaveInput } from '@shared/schemas/ride-alerts.ts';
import type { Direction } from '@shared/types/ride.ts';
import { ISO_WEEKDAYS } from '@shared/weekdays.ts';

import { useUser } from '../../../lib/auth';
import { errorMessage, toastError, toastSuccess } from '../../../lib/toast';
import { useCreateRideAlert } from '../api/create-ride-alert';
import { useRideAlerts } from '../api/get-ride-alerts';

// A Singapore calendar day `offset` days from today, 'YYYY-MM-DD'.
function singaporeDay(offset: number): string {
  return new Date(Date.now() + 8 * 3_600_000 + offset * 86_400_000).toISOString().slice(0, 10);
}

// Home's filters as an alert: "This Week" is today and the six days after it (as the list cuts
// it, in Singapore time); any other choice stands until deleted, every day. Any time of day.
export function alertFromFilters(direction: Direction, time: 'upcoming' | 'week' | 'all'): RideAlertSaveInput {
  return time === 'week'
    ? { direction, firstDay: singaporeDay(0), lastDay: singaporeDay(6), windowStart: '00:00', windowEnd: '24:00' }
    : { direction, weekdays: [...ISO_WEEKDAYS], windowStart: '00:00', windowEnd: '24:00' };
}

function sameAlert(alert: RideAlert, input: RideAlertSaveInput): boolean {
  return (
    alert.direction === input.direction &&
    alert.firstDay === (input.firstDay ?? null) &&
    alert.lastDay === (input.lastDay ?? null) &&
    JSON.stringify(alert.weekdays) === JSON.stringify(input.weekdays ?? null) &&
    alert.windowStart === input.windowStart &&
    alert.windowEnd === input.windowEnd
  );
}

// One tap on Home, with a direction chosen: be told when a ride like the ones filtered for is
// posted. Members only; once saved, it says so instead.
export function TellMeWhenButton({ direction, time }: { direction: Direction; time: 'upcoming' | 'week' | 'all' }) {
  const { t } = useLingui();
  const { data: user } = useUser();
  const alerts = useRideAlerts(Boolean(user));
  const create = useCreateRideAlert();
  if (!user) return null;
  const wanted = alertFromFilters(direction, time);
  const saved = alerts.data?.items.some((alert) => sameAlert(alert, wanted)) ?? false;

  async function save() {
    try {
      await create.mutateAsync(wanted);
      toastSuccess(t`Alert saved: we will tell you when a ride like this is posted`);
    } catch (error) {
      toastError(t`Could not save the alert`, errorMessage(error));
    }
  }

  if (saved) {
    return (
      <p role="status" className="text-sm">
        <Trans>You will be told when a ride like this is posted (Profile → Ride alerts).</Trans>
      </p>
    );
  }
  return (
    <button
      type="button"
      className="btn btn-outline btn-sm min-h-11 self-start"
      disabled={create.isPending || alerts.isPending}
      onClick={() => void save()}
    >
      <Trans>Tell me when a ride like this is posted</Trans>
    </button>
  );
}
