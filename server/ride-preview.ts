// GET /rides/{id} on the Node host (issue 24 §3, ADR 0020): the app shell with the ride's card
// in its <head> and the ride itself as the PWA's first data, read as a visitor (anon role, RLS)
// through the api's own query, so the page says nothing a visitor's /api/rides/{id} would not.
// An unknown, deleted or malformed id, or a failed read, gets the generic card: a preview is
// never worth an error page.
import type { Context } from 'hono';

import { EMBEDDED_RIDE_ELEMENT_ID } from '../supabase/functions/_shared/embedded-data.ts';
import type { Ride } from '../supabase/functions/_shared/types/ride.ts';
import { type Database, RequestDb } from '../supabase/functions/api/lib/database.ts';
import { readRide } from '../supabase/functions/api/queries/rides.ts';
import { type EmbeddedData, withPageHead } from './page-head.ts';
import { genericCard, rideCard } from './ride-card.ts';
import { rideSnapshot } from './ride-snapshot.ts';

const MAX_ID = 2_147_483_647;

export function rideIdFrom(text: string): number | null {
  if (!/^[1-9][0-9]{0,9}$/.test(text)) return null;
  const id = Number(text);
  return id <= MAX_ID ? id : null;
}

async function readRideAsVisitor(database: Database, id: number): Promise<Ride | undefined> {
  return database.transaction(async (tx) => {
    const db = new RequestDb(tx);
    await db.actAs(null);
    return readRide(db, false, id);
  });
}

// The page's address as the visitor asked for it; behind a trusted proxy, with its scheme.
export function originOf(c: Context, trustProxy: boolean): string {
  const url = new URL(c.req.url);
  const forwarded = trustProxy ? c.req.header('x-forwarded-proto')?.split(',')[0]?.trim() : undefined;
  const scheme = forwarded === 'https' || forwarded === 'http' ? forwarded : url.protocol.slice(0, -1);
  return `${scheme}://${url.host}`;
}

export async function ridePreviewPage(
  c: Context,
  shell: string,
  database: Database,
  options: { trustProxy: boolean; logError: (message: string, error: unknown) => void },
): Promise<string> {
  const origin = originOf(c, options.trustProxy);
  const path = new URL(c.req.url).pathname;
  const id = rideIdFrom(c.req.param('id') ?? '');
  let ride: Ride | undefined;
  if (id !== null) {
    try {
      ride = await readRideAsVisitor(database, id);
    } catch (error) {
      options.logError('ride preview: reading the ride failed', error);
    }
  }
  if (!ride) return withPageHead(shell, genericCard(origin, path));
  const data: EmbeddedData = { id: EMBEDDED_RIDE_ELEMENT_ID, value: ride };
  return withPageHead(shell, rideCard(ride, origin, path), data, rideSnapshot(ride));
}
