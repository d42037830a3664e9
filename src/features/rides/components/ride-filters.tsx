import type { DirectionFilter, RideFilters, SortOrder, TimeFilter } from '../filter-rides';

function FilterSelect<Value extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: Value;
  options: Array<[Value, string]>;
  onChange: (value: Value) => void;
}) {
  return (
    <label className="flex flex-col gap-1">
      <span className="text-sm font-medium">{label}</span>
      <select className="select w-full min-h-11" value={value} onChange={(event) => onChange(event.target.value as Value)}>
        {options.map(([optionValue, text]) => (
          <option key={optionValue} value={optionValue}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}

const TIME_LABELS: Record<TimeFilter, string> = { upcoming: 'Upcoming Rides', week: 'This Week', all: 'All Rides' };
const DIRECTION_LABELS: Record<DirectionFilter, string> = {
  all: 'All Directions',
  'SG->FC': 'Singapore to Forest City',
  'FC->SG': 'Forest City to Singapore',
};

// Folded into one line that names the current choice, so the first ride shows above the fold
// on a phone; opened, the three selects sit in one row from the small breakpoint up.
export function RideFiltersBar({ filters, onChange }: { filters: RideFilters; onChange: (patch: Partial<RideFilters>) => void }) {
  const summary = `${DIRECTION_LABELS[filters.direction]} · ${TIME_LABELS[filters.time]} · ${filters.sort === 'earliest' ? 'Earliest First' : 'Latest First'}`;
  return (
    <details className="group rounded-box border border-base-300">
      <summary className="flex min-h-11 cursor-pointer items-center justify-between gap-2 px-3 text-sm">
        <span>
          <span className="font-medium">Filters:</span> {summary}
        </span>
        <span aria-hidden="true" className="transition-transform group-open:rotate-180">
          ▾
        </span>
      </summary>
      <div className="grid grid-cols-1 gap-3 p-3 sm:grid-cols-3">
      <FilterSelect<DirectionFilter>
        label="Direction"
        value={filters.direction}
        options={[
          ['all', 'All Directions'],
          ['SG->FC', 'Singapore to Forest City'],
          ['FC->SG', 'Forest City to Singapore'],
        ]}
        onChange={(direction) => onChange({ direction })}
      />
      <FilterSelect<TimeFilter>
        label="Time"
        value={filters.time}
        options={[
          ['upcoming', 'Upcoming Rides'],
          ['week', 'This Week'],
          ['all', 'All Rides'],
        ]}
        onChange={(time) => onChange({ time })}
      />
      <FilterSelect<SortOrder>
        label="Sort"
        value={filters.sort}
        options={[
          ['earliest', 'Earliest First'],
          ['latest', 'Latest First'],
        ]}
        onChange={(sort) => onChange({ sort })}
      />
      </div>
    </details>
  );
}
