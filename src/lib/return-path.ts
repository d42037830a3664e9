import type { Location } from 'react-router-dom';

// Where /auth sends a member once signed in: the in-app page that sent them there (a shared
// "/rides/12/join" link survives the login), else home. Only same-origin paths: "//evil.example"
// and "/\evil.example" are protocol-relative to a browser, so they fall back to "/".
export function returnPath(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//') || from.startsWith('/\\')) return '/';
  if (from === '/auth' || from.startsWith('/auth?') || from.startsWith('/auth#')) return '/';
  return from;
}

// A page painted before the app has started (a shared link's snapshot, ADR 0020) has no history
// state to give: its link says where it was as /auth?from=<path>. Read only when there is no state,
// and through returnPath's checks like any other.
export function fromQuery(search: string): { from: string } | null {
  const from = new URLSearchParams(search).get('from');
  return from === null ? null : { from };
}

export function fromHere(location: Pick<Location, 'pathname' | 'search' | 'hash'>): { from: string } {
  return { from: location.pathname + location.search + location.hash };
}
