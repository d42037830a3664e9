import { Trans, useLingui } from '@lingui/react/macro';
import type { RideAlert, RideAlertSaveInput } from '@shared/schemas/ride-alerts.ts';
import type { Direction } from '@shared/types/ride.ts';
import { type FormEvent, useState } from 'react';

import { QueryState } from '../../../components/query-state';
import { errorMessage, toastError, toastSuccess } from '../../../lib/toast';
import { alertDays, DIRECTION_LABELS, isWholeDay, weekdayName } from '../alert-text';
import { useCreateRideAlert } from '../api/create-ride-alert';
import { useDeleteRideAlert } from '../api/delete-ride-alert';
import { useRideAlerts } from '../api/get-ride-alerts';

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7];

function AlertSummary({ alert }: { alert: RideAlert }) {
  const { t } = useLingui();
  const direction = t(DIRECTION_LABELS[alert.direction]);
  const days = alertDays(alert, t);
  const from = alert.windowStart;
  const until = alert.windowEnd;
  return (
    <span>
      <span className="font-medium">{direction}</span>
      <br />
      {isWholeDay(alert) ? (
        <Trans>{days}, any time</Trans>
      ) : (
        <Trans>
          {days}, {from}–{until}
        </Trans>
      )}
    </span>
  );
}

// "Ride alerts" on the profile: the member's alerts, each deleted in one tap, and a form for a
// new one. A match is told in the inbox, and by push on devices that chose ride alerts.
export function RideAlertsCard() {
  const { t } = useLingui();
  const alerts = useRideAlerts();
  const create = useCreateRideAlert();
  const remove = useDeleteRideAlert();
  const [direction, setDirection] = useState<Direction>('FC->SG');
  const [mode, setMode] = useState<'weekly' | 'dates'>('weekly');
  const [weekdays, setWeekdays] = useState<number[]>(WEEKDAYS);
  const [firstDay, setFirstDay] = useState('');
  const [lastDay, setLastDay] = useState('');
  const [anyTime, setAnyTime] = useState(true);
  const [windowStart, setWindowStart] = useState('17:00');
  const [windowEnd, setWindowEnd] = useState('21:00');

  async function save(event: FormEvent) {
    event.preventDefault();
    const input: RideAlertSaveInput = {
      direction,
      ...(mode === 'weekly' ? { weekdays } : { firstDay, lastDay: lastDay || firstDay }),
      windowStart: anyTime ? '00:00' : windowStart,
      windowEnd: anyTime ? '24:00' : windowEnd,
    };
    try {
      await create.mutateAsync(input);
      toastSuccess(t`Alert saved: we will tell you when a ride like this is posted`);
    } catch (error) {
      toastError(t`Could not save the alert`, errorMessage(error));
    }
  }

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
        <form className="flex flex-col gap-3" onSubmit={(event) => void save(event)} aria-label={t`New ride alert`}>
          <h3 className="font-semibold">
            <Trans>New alert</Trans>
          </h3>
          <label className="flex flex-col gap-1">
            <span className="text-sm">
              <Trans>Direction</Trans>
            </span>
            <select
              className="select min-h-11 w-full"
              value={direction}
              onChange={(event) => setDirection(event.target.value as Direction)}
            >
              <option value="FC->SG">{t(DIRECTION_LABELS['FC->SG'])}</option>
              <option value="SG->FC">{t(DIRECTION_LABELS['SG->FC'])}</option>
            </select>
          </label>
          <fieldset className="fieldset">
            <legend className="fieldset-legend">
              <Trans>Days</Trans>
            </legend>
            <label className="label min-h-11 cursor-pointer gap-3 text-base-content">
              <input
                type="radio"
                name="alert-days"
                className="radio radio-primary"
                checked={mode === 'weekly'}
                onChange={() => setMode('weekly')}
              />
              <Trans>Every week, until I delete it</Trans>
            </label>
            <label className="label min-h-11 cursor-pointer gap-3 text-base-content">
              <input
                type="radio"
                name="alert-days"
                className="radio radio-primary"
                checked={mode === 'dates'}
                onChange={() => setMode('dates')}
              />
              <Trans>Between two dates</Trans>
            </label>
            {mode === 'weekly' ? (
              <div className="flex flex-wrap gap-2">
                {WEEKDAYS.map((day) => (
                  <label key={day} className="label min-h-11 cursor-pointer gap-1 text-base-content">
                    <input
                      type="checkbox"
                      className="checkbox checkbox-sm"
                      checked={weekdays.includes(day)}
                      onChange={(event) =>
                        setWeekdays(
                          event.target.checked
                            ? [...weekdays, day].sort((a, b) => a - b)
                            : weekdays.filter((item) => item !== day),
                        )
                      }
                    />
                    {weekdayName(day)}
                  </label>
                ))}
              </div>
            ) : (
              <div className="flex flex-wrap gap-3">
                <label className="flex flex-col gap-1">
                  <span className="text-sm">
                    <Trans>First day</Trans>
                  </span>
                  <input
                    type="date"
                    className="input min-h-11"
                    required
                    value={firstDay}
                    onChange={(event) => setFirstDay(event.target.value)}
                  />
                </label>
                <label className="flex flex-col gap-1">
                  <span className="text-sm">
                    <Trans>Last day</Trans>
                  </span>
                  <input
                    type="date"
                    className="input min-h-11"
                    value={lastDay}
                    min={firstDay || undefined}
                    onChange={(event) => setLastDay(event.target.value)}
                  />
                </label>
              </div>
            )}
          </fieldset>
          <fieldset className="fieldset">
            <legend className="fieldset-legend">
              <Trans>Time (Singapore)</Trans>
            </legend>
            <label className="label min-h-11 cursor-pointer gap-3 text-base-content">
              <input
                type="checkbox"
                className="checkbox checkbox-primary"
                checked={anyTime}
                onChange={(event) => setAnyTime(event.target.checked)}
              />
              <Trans>Any time of day</Trans>
            </label>
            {anyTime ? null : (
              <div className="flex flex-wrap gap-3">
                <label className="flex flex-col gap-1">
                  <span className="text-sm">
                    <Trans>From</Trans>
                  </span>
                  <input
                    type="time"
                    className="input min-h-11"
                    required
                    value={windowStart}
                    onChange={(event) => setWindowStart(event.target.value)}
                  />
                </label>
                <label className="flex flex-col gap-1">
                  <span className="text-sm">
                    <Trans>Until</Trans>
                  </span>
                  <input
                    type="time"
                    className="input min-h-11"
                    required
                    value={windowEnd}
                    onChange={(event) => setWindowEnd(event.target.value)}
                  />
                </label>
              </div>
            )}
          </fieldset>
          <button type="submit" className="btn btn-primary min-h-11" disabled={create.isPending || full}>
            {full ? t`You have the most alerts allowed` : t`Save alert`}
          </button>
        </form>
      </div>
    </section>
  );
}
