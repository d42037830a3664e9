import { parseId } from '@shared/ids.ts';

// A positive int4 id from a search parameter (?returnOf=12, ?again=12); null when absent or not one.
export function readSearchId(search: URLSearchParams, key: string): number | null {
  return parseId(search.get(key));
}
