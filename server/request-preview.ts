// GET /requests/{id} on the Node host (issue 24 §1, §3): the app shell with a ride request's card
// in its <head>, as ride-preview.ts does for a ride, read as a visitor through the api's own
// query. A request that is unknown, closed or over gets the generic card: what a chat shows must
// not invite anyone to a need that is gone.
import type { Context } from 'hono';

import type { RideRequest } from '../supabase/functions/_shared/schemas/ride-requests.ts';
import { type Database, RequestDb } from '../supabase/functions/api/lib/database.ts';
import { readRideRequest } from '../supabase/functions/api/queries/ride-requests.ts';
import { withPageHead } from './page-head.ts';
import { genericCard } from './ride-card.ts';
import { originOf, rideIdFrom } from './ride-preview.ts';
import { rideRequestCard } from './ride-request-card.ts';

async function readRequestAsVisitor(database: Database, id: number): Promise<RideRequest | undefined> {
  return database.transaction(async (tx) => {
    const db = new RequestDb(tx);
    await db.actAs(null);
    return readRideRequest(db, id);
  });
}

export async function requestPreviewPage(
  c: Context,
  shell: string,
  database: Database,
  options: { trustProxy: boolean; logError: (message: string, error: unknown) => void },
): Promise<string> {
  const origin = originOf(c, options.trustProxy);
  const path = new URL(c.req.url).pathname;
  const id = rideIdFrom(c.req.param('id') ?? '');
  let request: RideRequest | undefined;
  if (id !== null) {
    try {
      request = await readRequestAsVisitor(database, id);
    } catch (error) {
      options.logError('ride request preview: reading the request failed', error);
    }
  }
  if (!request || request.status !== 'open') return withPageHead(shell, genericCard(origin, path));
  return withPageHead(shell, rideRequestCard(request, origin, path));
}
