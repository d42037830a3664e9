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

export function RideFiltersBar({ filters, onChange }: { filters: RideFilters; onChange: (filters: RideFilters) => void }) {
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
      <FilterSelect<DirectionFilter>
        label="Direction"
        value={filters.direction}
        options={[
          ['all', 'All Directions'],
          ['SG->FC', 'Singapore to Forest City'],
          ['FC->SG', 'Forest City to Singapore'],
        ]}
        onChange={(direction) => onChange({ ...filters, direction })}
      />
      <FilterSelect<TimeFilter>
        label="Time"
        value={filters.time}
        options={[
          ['upcoming', 'Upcoming Rides'],
          ['week', 'This Week'],
          ['all', 'All Rides'],
        ]}
        onChange={(time) => onChange({ ...filters, time })}
      />
      <FilterSelect<SortOrder>
        label="Sort"
        value={filters.sort}
        options={[
          ['earliest', 'Earliest First'],
          ['latest', 'Latest First'],
        ]}
        onChange={(sort) => onChange({ ...filters, sort })}
      />
    </div>
  );
}
