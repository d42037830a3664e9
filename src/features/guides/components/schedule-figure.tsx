import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';

import { type BusSchedule, DAY_PARTS, dayPart, scheduleImageSize } from '../bus-schedule';
import { DAY_PART_LABELS, ROUTE_NAMES } from '../schedule-labels';

// The picture is for a quick glance (and for saving to the phone); the table carries the same
// times as text for screen readers, zooming and copying.
export function ScheduleFigure({ schedule }: { schedule: BusSchedule }) {
  const { t } = useLingui();
  const { width, height } = scheduleImageSize(schedule);
  const route = t(ROUTE_NAMES[schedule.id]);
  const count = schedule.departures.length;
  const first = schedule.departures[0];
  const last = schedule.departures[count - 1];
  return (
    <div className="grid items-start gap-4 md:grid-cols-2">
      <img
        src={schedule.imageSrc}
        alt={t`Bus timetable graphic, ${route}: ${plural(count, { one: '# departure', other: '# departures' })}, one an hour, from ${first} to ${last}. Indicative — check the operator's timetable.`}
        width={width}
        height={height}
        loading="lazy"
        decoding="async"
        className="h-auto w-full max-w-[360px]"
      />
      <table className="table rounded-box bg-base-200">
        <caption className="p-2 text-left font-semibold">
          <Trans>{route} departures (indicative — check the operator&apos;s timetable)</Trans>
        </caption>
        <thead>
          <tr>
            <th scope="col">
              <Trans>Time of day</Trans>
            </th>
            <th scope="col">
              <Trans>Departures</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {DAY_PARTS.map((part) => {
            const times = schedule.departures.filter((time) => dayPart(time) === part);
            if (times.length === 0) return null;
            return (
              <tr key={part}>
                <th scope="row">{t(DAY_PART_LABELS[part])}</th>
                <td className="tabular-nums">{times.join(', ')}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
