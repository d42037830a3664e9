import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';

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
      <select
        className="select w-full min-h-11"
        value={value}
        onChange={(event) => onChange(event.target.value as Value)}
      >
        {options.map(([optionValue, text]) => (
          <option key={optionValue} value={optionValue}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}

const TIME_LABELS: Record<TimeFilter, MessageDescriptor> = {
  upcoming: msg`Upcoming Rides`,
  week: msg`This Week`,
  all: msg`All Rides`,
};
const DIRECTION_LABELS: Record<DirectionFilter, MessageDescriptor> = {
  all: msg`All Directions`,
  'SG->FC': msg`Singapore to Forest City`,
  'FC->SG': msg`Forest City to Singapore`,
};
const SORT_LABELS: Record<SortOrder, MessageDescriptor> = { earliest: msg`Earliest First`, latest: msg`Latest First` };

// Folded into one line that names the current choice, so the first ride shows above the fold
// on a phone; opened, the three selects sit in one row from the small breakpoint up.
export function RideFiltersBar({
  filters,
  onChange,
}: {
  filters: RideFilters;
  onChange: (patch: Partial<RideFilters>) => void;
}) {
  const { t } = useLingui();
  const summary = `${t(DIRECTION_LABELS[filters.direction])} · ${t(TIME_LABELS[filters.time])} · ${t(SORT_LABELS[filters.sort])}`;
  const options = <Value extends string>(
    labels: Record<Value, MessageDescriptor>,
    order: Value[],
  ): Array<[Value, string]> => order.map((value) => [value, t(labels[value])]);
  return (
    <details className="group rounded-box border border-base-300">
      <summary className="flex min-h-11 cursor-pointer items-center justify-between gap-2 px-3 text-sm">
        <span>
          <Trans>
            <span className="font-medium">Filters:</span> {summary}
          </Trans>
        </span>
        <span aria-hidden="true" className="transition-transform group-open:rotate-180">
          ▾
        </span>
      </summary>
      <div className="grid grid-cols-1 gap-3 p-3 sm:grid-cols-3">
        <FilterSelect<DirectionFilter>
          label={t`Direction`}
          value={filters.direction}
          options={options(DIRECTION_LABELS, ['all', 'SG->FC', 'FC->SG'])}
          onChange={(direction) => onChange({ direction })}
        />
        <FilterSelect<TimeFilter>
          label={t`Time`}
          value={filters.time}
          options={options(TIME_LABELS, ['upcoming', 'week', 'all'])}
          onChange={(time) => onChange({ time })}
        />
        <FilterSelect<SortOrder>
          label={t`Sort`}
          value={filters.sort}
          options={options(SORT_LABELS, ['earliest', 'latest'])}
          onChange={(sort) => onChange({ sort })}
        />
      </div>
    </details>
  );
}
