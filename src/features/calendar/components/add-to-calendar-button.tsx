import { Trans, useLingui } from '@lingui/react/macro';

import { CalendarIcon } from '../../../components/icons';
import { toastFailure } from '../../../lib/toast';
import { useRideCalendar } from '../api/get-ride-calendar';

// For the ride's organiser and passengers (the api refuses anyone else): the ride as an .ics,
// with reminders the day before and 2 hours before. Downloading it again after a change updates
// the same event in the calendar (same UID, higher SEQUENCE).
export function AddToCalendarButton({ rideId, className = '' }: { rideId: number; className?: string }) {
  const { t } = useLingui();
  const calendar = useRideCalendar();
  return (
    <button
      type="button"
      className={`btn btn-outline btn-sm min-h-11 ${className}`}
      disabled={calendar.isPending}
      aria-busy={calendar.isPending}
      onClick={() =>
        calendar.mutate(rideId, {
          onError: toastFailure(t`Could not add the ride to your calendar`),
        })
      }
    >
      {calendar.isPending ? <span className="spinner spinner-xs" aria-hidden="true" /> : <CalendarIcon />}
      <Trans>Add to calendar</Trans>
    </button>
  );
}
