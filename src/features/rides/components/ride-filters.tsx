import type { DirectionFilter, RideFilters, SortOrder, TimeFilter } from '../filter-rides';

export function RideFiltersBar({ filters, onChange }: { filters: RideFilters; onChange: (filters: RideFilters) => void }) {
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
      <label className="flex flex-col gap-1">
        <span className="text-sm font-medium">Direction</span>
        <select
          className="select w-full min-h-11"
          value={filters.direction}
          onChange={(event) => onChange({ ...filters, direction: event.target.value as DirectionFilter })}
        >
          <option value="all">All Directions</option>
          <option value="SG->FC">Singapore to Forest City</option>
          <option value="FC->SG">Forest City to Singapore</option>
        </select>
      </label>
      <label className="flex flex-col gap-1">
        <span className="text-sm font-medium">Time</span>
        <select
          className="select w-full min-h-11"
          value={filters.time}
          onChange={(event) => onChange({ ...filters, time: event.target.value as TimeFilter })}
        >
          <option value="upcoming">Upcoming Rides</option>
          <option value="week">This Week</option>
          <option value="all">All Rides</option>
        </select>
      </label>
      <label className="flex flex-col gap-1">
        <span className="text-sm font-medium">Sort</span>
        <select
          className="select w-full min-h-11"
          value={filters.sort}
          onChange={(event) => onChange({ ...filters, sort: event.target.value as SortOrder })}
        >
          <option value="earliest">Earliest First</option>
          <option value="latest">Latest First</option>
        </select>
      </label>
    </div>
  );
}
