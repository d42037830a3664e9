import { useLingui } from '@lingui/react/macro';
import type { Passenger } from '@shared/types/ride.ts';

import { passengerName } from '../../../lib/ride-rules';
import { toastFailure } from '../../../lib/toast';
import { useMarkNoShow } from '../api/mark-no-show';

// The organiser's mark on a passenger who did not come (issue 26 §1), and its undo: from the
// ride's departure for 3 days (the caller shows it only then; the database refuses otherwise).
export function NoShowButton({ rideId, passenger }: { rideId: number; passenger: Passenger }) {
  const { t } = useLingui();
  const mark = useMarkNoShow(rideId);
  const name = passengerName(passenger);
  const marked = passenger.noShow === true;
  const onClick = () =>
    mark.mutate(
      { rideId, passengerId: passenger.id, noShow: !marked },
      { onError: toastFailure(t`Could not save the no-show`) },
    );
  return (
    <button
      type="button"
      className={`btn btn-sm mt-3 min-h-11 self-start ${marked ? 'btn-outline' : 'btn-outline btn-warning'}`}
      disabled={mark.isPending}
      aria-pressed={marked}
      aria-label={marked ? t`Undo no-show for ${name}` : t`Mark as no-show: ${name}`}
      onClick={onClick}
    >
      {marked ? t`Undo no-show` : t`Mark as no-show`}
    </button>
  );
}
