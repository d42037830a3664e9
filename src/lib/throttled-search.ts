// Searches wait until typing pauses, and never go out more than once a second: the public
// geocoder's usage policy allows one request per second.
export const SEARCH_DEBOUNCE_MS = 600;
export const MIN_INTERVAL_MS = 1000;

export function createThrottledSearch<T>(
  run: (query: string) => Promise<T>,
  onResult: (result: T, query: string) => void,
  onError: (error: unknown) => void,
) {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let lastSent = Number.NEGATIVE_INFINITY;
  let lastQuery = '';

  return {
    request(query: string) {
      if (timer) clearTimeout(timer);
      timer = null;
      const trimmed = query.trim();
      if (trimmed.length < 3 || trimmed === lastQuery) return;
      const wait = Math.max(SEARCH_DEBOUNCE_MS, lastSent + MIN_INTERVAL_MS - Date.now());
      timer = setTimeout(() => {
        timer = null;
        lastSent = Date.now();
        lastQuery = trimmed;
        run(trimmed).then(
          (result) => onResult(result, trimmed),
          (error: unknown) => onError(error),
        );
      }, wait);
    },
    cancel() {
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}
