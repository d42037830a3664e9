import type { Context, MiddlewareHandler } from 'hono';

import { RequestDb } from './database.ts';
import type { AppEnv } from './env.ts';
import { isAdminUser } from './respond-user.ts';
import { findSessionUser, readSessionToken } from './session.ts';

class Rollback extends Error {}

// The request's transaction: who is calling (the session, looked up inside it), the API role
// set for the caller, and `db`, `caller` and `sessionToken` on the context for `work`. Anything
// thrown rolls back everything the request did. Opened only once the body is in memory (see
// request-body.ts) and, where a route has bcrypt work to do, after that work (see credentials.ts).
export async function inRequestTransaction<T>(c: Context<AppEnv>, work: () => Promise<T>): Promise<T> {
  const options = c.get('options');
  return options.database.transaction(async (tx) => {
    const db = new RequestDb(tx);
    const token = readSessionToken(c);
    const session = token ? await findSessionUser(db, token) : null;
    const caller = session
      ? {
          userId: session.userId,
          isAdmin: isAdminUser(session.userId, session.discordUsername, options.adminUsername),
        }
      : null;
    await db.actAs(caller);
    c.set('db', db);
    c.set('caller', caller);
    c.set('sessionToken', session ? token : null);
    c.set('language', session?.language ?? null);
    return work();
  });
}

// One transaction per request for every route after it: a refusal the error handler turned into
// an answer still rolls back.
export const requestTransaction: MiddlewareHandler<AppEnv> = async (c, next) => {
  try {
    await inRequestTransaction(c, async () => {
      await next();
      if (c.error) throw new Rollback();
    });
  } catch (error) {
    if (!(error instanceof Rollback)) throw error;
  }
};
