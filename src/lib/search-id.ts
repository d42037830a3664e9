// A positive int4 id from a search parameter (?returnOf=12, ?again=12); null when absent or not one.
export function readSearchId(search: URLSearchParams, key: string): number | null {
  const raw = search.get(key);
  if (raw === null || !/^[1-9][0-9]{0,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id <= 2_147_483_647 ? id : null;
}
