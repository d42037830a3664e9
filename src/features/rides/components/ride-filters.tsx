import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';

import { formatShortDay, singaporeDay } from '../../../lib/format';
import {
  type DayFilter,
  type DirectionFilter,
  isPickedDate,
  type RideFilters,
  type SortOrder,
  type TimeFilter,
  type TimeOfDayFilter,
} from '../filter-rides';

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
// 'date': the member picks one in the date field that then appears.
type DayChoice = 'any' | 'today' | 'tomorrow' | 'weekend' | 'date';
const DAY_LABELS: Record<DayChoice, MessageDescriptor> = {
  any: msg`Any day`,
  today: msg`Today`,
  tomorrow: msg`Tomorrow`,
  weekend: msg`This weekend`,
  date: msg`Pick a date`,
};
// The boundaries are ADR 0037's, in Singapore time.
const TIME_OF_DAY_LABELS: Record<TimeOfDayFilter, MessageDescriptor> = {
  any: msg`Any time`,
  morning: msg`Morning (before 12 pm)`,
  afternoon: msg`Afternoon (12 to 6 pm)`,
  evening: msg`Evening (from 6 pm)`,
};
const TIME_OF_DAY_SHORT: Record<TimeOfDayFilter, MessageDescriptor> = {
  any: msg`Any time`,
  morning: msg`Morning`,
  afternoon: msg`Afternoon`,
  evening: msg`Evening`,
};

const dayChoiceOf = (day: DayFilter): DayChoice => (isPickedDate(day) ? 'date' : (day as DayChoice));

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
  const dayChoice = dayChoiceOf(filters.day);
  const parts = [t(DIRECTION_LABELS[filters.direction]), t(TIME_LABELS[filters.time])];
  if (dayChoice === 'date') parts.push(formatShortDay(filters.day));
  else if (dayChoice !== 'any') parts.push(t(DAY_LABELS[dayChoice]));
  if (filters.timeOfDay !== 'any') parts.push(t(TIME_OF_DAY_SHORT[filters.timeOfDay]));
  parts.push(t(SORT_LABELS[filters.sort]));
  const summary = parts.join(' · ');
  const options = <Value extends string>(
    labels: Record<Value, MessageDescriptor>,
    order: Value[],
  ): Array<[Value, string]> => order.map((value) => [value, t(labels[value])]);
  return (
    <details className="group rounded-box border border-base-300">
      <summary className="flex min-h-11 cursor-pointer items-center justify-between gap-2 px-3 text-sm">
        {/* One line: the choices themselves are one tap away, and every line here pushes the first
            ride down. */}
        <span className="min-w-0 truncate">
          <Trans>
            <span className="font-medium">Filters:</span> {summary}
          </Trans>
        </span>
        <span aria-hidden="true" className="transition-transform group-open:rotate-180">
          ▾
        </span>
      </summary>
      <div className="grid grid-cols-1 gap-3 p-3 sm:grid-cols-3">
        <FilterSelect<DayChoice>
          label={t`Day`}
          value={dayChoice}
          options={options(DAY_LABELS, ['any', 'today', 'tomorrow', 'weekend', 'date'])}
          // A date starts as today's, Singapore's, for the member to change.
          onChange={(choice) => onChange({ day: choice === 'date' ? singaporeDay(Date.now()) : choice })}
        />
        {dayChoice === 'date' ? (
          <label className="flex flex-col gap-1">
            <span className="text-sm font-medium">
              <Trans>Date</Trans>
            </span>
            <input
              type="date"
              className="input w-full min-h-11"
              value={filters.day}
              // Cleared, the field keeps the last date: the Day choice says "any".
              onChange={(event) => {
                if (isPickedDate(event.target.value)) onChange({ day: event.target.value });
              }}
            />
          </label>
        ) : null}
        <FilterSelect<TimeOfDayFilter>
          label={t`Time of day`}
          value={filters.timeOfDay}
          options={options(TIME_OF_DAY_LABELS, ['any', 'morning', 'afternoon', 'evening'])}
          onChange={(timeOfDay) => onChange({ timeOfDay })}
        />
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
