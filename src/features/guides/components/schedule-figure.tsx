import {
  DAY_PARTS,
  INDICATIVE_NOTE,
  dayPart,
  scheduleImageSize,
  scheduleSummary,
  type BusSchedule,
} from '../bus-schedule';

// The picture is for a quick glance (and for saving to the phone); the table carries the same
// times as text for screen readers, zooming and copying.
export function ScheduleFigure({ schedule }: { schedule: BusSchedule }) {
  const { width, height } = scheduleImageSize(schedule);
  return (
    <div className="grid items-start gap-4 md:grid-cols-2">
      <img
        src={schedule.imageSrc}
        alt={`Bus timetable graphic, ${schedule.from} to ${schedule.to}: ${scheduleSummary(schedule)}. ${INDICATIVE_NOTE}.`}
        width={width}
        height={height}
        loading="lazy"
        decoding="async"
        className="h-auto w-full max-w-[360px]"
      />
      <table className="table rounded-box bg-base-200">
        <caption className="p-2 text-left font-semibold">
          {schedule.from} to {schedule.to} departures ({INDICATIVE_NOTE.toLowerCase()})
        </caption>
        <thead>
          <tr>
            <th scope="col">Time of day</th>
            <th scope="col">Departures</th>
          </tr>
        </thead>
        <tbody>
          {DAY_PARTS.map((part) => {
            const times = schedule.departures.filter((time) => dayPart(time) === part);
            if (times.length === 0) return null;
            return (
              <tr key={part}>
                <th scope="row">{part}</th>
                <td className="tabular-nums">{times.join(', ')}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
