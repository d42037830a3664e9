// A shared link's page (ADR 0020): the app shell with the linked thing's card
// in its <head>, read as a visitor (anon role, RLS) through the api's own query, so the page says
// nothing the api would not tell a visitor. An unknown, gone or malformed id, or a failed read,
// gets the generic card: a preview is never worth an error page. Each kind of link (a ride, a
// ride request) says how to read its thing and how to draw its page.
import { parseId } from '../../_shared/ids.ts';
import { type Database, RequestDb } from '../lib/database.ts';
import { withPageHead } from './page-head.ts';
import { genericCard } from './ride-card.ts';

export interface SharedLink<T> {
  // For the log line when reading fails.
  name: string;
  read: (db: RequestDb, id: number) => Promise<T | undefined>;
  // The page, or undefined for the generic card (a request that is no longer open).
  // `visitor`: the page is known to be for someone signed out (LinkAddress).
  page: (found: T, shell: string, origin: string, path: string, visitor: boolean) => string | undefined;
}

// Where the page is: the site's origin and the link's path, as the visitor asked for them, and
// the id as written in the path.
export interface LinkAddress {
  origin: string;
  path: string;
  idText: string;
  // Known to be asked for by someone signed out: a request to the site itself with no session
  // cookie, as the PWA's own mayHaveSession() reads it. The page may then paint what only a
  // visitor sees. Left false where the host cannot tell (the hosted path's middleware).
  visitor?: boolean;
}

export async function sharedLinkPage<T>(
  shell: string,
  database: Database,
  link: SharedLink<T>,
  { origin, path, idText, visitor = false }: LinkAddress,
  logError: (message: string, error: unknown) => void,
): Promise<string> {
  const id = parseId(idText);
  let found: T | undefined;
  if (id !== null) {
    try {
      found = await database.transaction(async (tx) => {
        const db = new RequestDb(tx);
        await db.actAs(null);
        return link.read(db, id);
      });
    } catch (error) {
      logError(`${link.name} preview: reading it failed`, error);
    }
  }
  const page = found === undefined ? undefined : link.page(found, shell, origin, path, visitor);
  return page ?? withPageHead(shell, genericCard(origin, path));
}
