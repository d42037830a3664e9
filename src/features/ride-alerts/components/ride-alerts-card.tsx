import { Trans, useLingui } from '@lingui/react/macro';
import type { RideAlert } from '@shared/schemas/ride-alerts.ts';

import { QueryState } from '../../../components/query-state';
import { errorMessage, toastError, toastSuccess } from '../../../lib/toast';
import { alertWhenText, DIRECTION_LABELS } from '../alert-text';
import { useDeleteRideAlert } from '../api/delete-ride-alert';
import { useRideAlerts } from '../api/get-ride-alerts';
import { RideAlertForm } from './ride-alert-form';

function AlertSummary({ alert }: { alert: RideAlert }) {
  const { t } = useLingui();
  return (
    <span>
      <span className="font-medium">{t(DIRECTION_LABELS[alert.direction])}</span>
      <br />
      {alertWhenText(alert, t)}
    </span>
  );
}

// "Ride alerts" on the profile: the member's alerts, each deleted in one tap, and a form for a
// new one. A match is told in the inbox, and by push on devices that chose ride alerts.
export function RideAlertsCard() {
  const { t } = useLingui();
  const alerts = useRideAlerts();
  const remove = useDeleteRideAlert();

  async function drop(id: number) {
    try {
      await remove.mutateAsync(id);
      toastSuccess(t`Alert deleted`);
    } catch (error) {
      toastError(t`Could not delete the alert`, errorMessage(error));
    }
  }

  let list;
  if (alerts.isPending) list = <QueryState loading={t`Loading your alerts…`} className="py-4" />;
  else if (alerts.isError) {
    const reason = errorMessage(alerts.error);
    list = <QueryState error={<Trans>Could not load your alerts: {reason}</Trans>} onRetry={() => alerts.refetch()} />;
  } else if (alerts.data.items.length === 0) {
    list = (
      <p className="text-sm">
        <Trans>No alerts yet.</Trans>
      </p>
    );
  } else {
    const count = alerts.data.items.length;
    const max = alerts.data.max;
    list = (
      <>
        <p className="text-sm">
          <Trans>
            {count} of {max} alerts
          </Trans>
        </p>
        <ul className="flex flex-col gap-2" aria-label={t`Your ride alerts`}>
          {alerts.data.items.map((alert) => (
            <li key={alert.id} className="flex items-center justify-between gap-3 rounded-box bg-base-100 p-3">
              <AlertSummary alert={alert} />
              <button
                type="button"
                className="btn btn-outline btn-sm min-h-11"
                disabled={remove.isPending}
                onClick={() => void drop(alert.id)}
              >
                <Trans>Delete</Trans>
              </button>
            </li>
          ))}
        </ul>
      </>
    );
  }

  const full = alerts.data !== undefined && alerts.data.items.length >= alerts.data.max;
  return (
    <section aria-labelledby="ride-alerts-title" className="card bg-base-200">
      <div className="card-body gap-4 p-4 sm:p-6">
        <h2 id="ride-alerts-title" className="card-title">
          <Trans>Ride alerts</Trans>
        </h2>
        <p className="text-sm">
          <Trans>
            We tell you when a ride you would take is posted: in the inbox, and on devices where ride alerts are ticked.
          </Trans>
        </p>
        {list}
        <RideAlertForm full={full} />
      </div>
    </section>
  );
}
