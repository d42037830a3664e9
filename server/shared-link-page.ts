// A shared link's page on the Node host (ADR 0020): the app shell with the linked thing's card
// in its <head>, read as a visitor (anon role, RLS) through the api's own query, so the page says
// nothing the api would not tell a visitor. An unknown, gone or malformed id, or a failed read,
// gets the generic card: a preview is never worth an error page. Each kind of link (a ride, a
// ride request) says how to read its thing and how to draw its page.
import type { Context } from 'hono';

import { type Database, RequestDb } from '../supabase/functions/api/lib/database.ts';
import { withPageHead } from './page-head.ts';
import { genericCard } from './ride-card.ts';

const MAX_ID = 2_147_483_647;

export function linkIdFrom(text: string): number | null {
  if (!/^[1-9][0-9]{0,9}$/.test(text)) return null;
  const id = Number(text);
  return id <= MAX_ID ? id : null;
}

// The page's address as the visitor asked for it; behind a trusted proxy, with its scheme.
function originOf(c: Context, trustProxy: boolean): string {
  const url = new URL(c.req.url);
  const forwarded = trustProxy ? c.req.header('x-forwarded-proto')?.split(',')[0]?.trim() : undefined;
  const scheme = forwarded === 'https' || forwarded === 'http' ? forwarded : url.protocol.slice(0, -1);
  return `${scheme}://${url.host}`;
}

export interface SharedLink<T> {
  // For the log line when reading fails.
  name: string;
  read: (db: RequestDb, id: number) => Promise<T | undefined>;
  // The page, or undefined for the generic card (a request that is no longer open).
  page: (found: T, shell: string, origin: string, path: string) => string | undefined;
}

export async function sharedLinkPage<T>(
  c: Context,
  shell: string,
  database: Database,
  link: SharedLink<T>,
  options: { trustProxy: boolean; logError: (message: string, error: unknown) => void },
): Promise<string> {
  const origin = originOf(c, options.trustProxy);
  const path = new URL(c.req.url).pathname;
  const id = linkIdFrom(c.req.param('id') ?? '');
  let found: T | undefined;
  if (id !== null) {
    try {
      found = await database.transaction(async (tx) => {
        const db = new RequestDb(tx);
        await db.actAs(null);
        return link.read(db, id);
      });
    } catch (error) {
      options.logError(`${link.name} preview: reading it failed`, error);
    }
  }
  const page = found === undefined ? undefined : link.page(found, shell, origin, path);
  return page ?? withPageHead(shell, genericCard(origin, path));
}
