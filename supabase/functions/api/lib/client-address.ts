import type { Context } from 'hono';

// Where a host finds the caller's address (for login throttling). Both hosts use this one rule.
export interface ClientAddressSources {
  // A header the host's own edge sets and a client cannot choose: cf-connecting-ip on Supabase.
  edgeHeader?: string;
  // A proxy stands in front and appends the address it saw to X-Forwarded-For. Only that last
  // entry is the proxy's own; everything before it the client may have written itself.
  behindProxy: boolean;
  // The address the connection comes from, where the host knows it.
  peerAddress?: (c: Context) => string | undefined;
}

export function clientAddressFrom(sources: ClientAddressSources): (c: Context) => string | null {
  return (c) =>
    (sources.edgeHeader ? c.req.header(sources.edgeHeader)?.trim() : undefined) ||
    (sources.behindProxy ? c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim() : undefined) ||
    sources.peerAddress?.(c) ||
    null;
}
