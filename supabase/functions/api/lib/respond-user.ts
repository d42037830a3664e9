import type { Context } from 'hono';
import { readUser } from '../queries/users.ts';
import type { AppEnv } from './env.ts';
import { HttpError } from './http-error.ts';

export function isAdminUser(userId: number, discordUsername: string, adminUsername: string): boolean {
  return userId === 1 && discordUsername.toLowerCase() === adminUsername.toLowerCase();
}

// The current user as SPEC §3 names the fields, plus isAdmin for the admin card. In bearer
// mode a fresh session token rides along, because the gateway drops Set-Cookie.
export async function respondWithUser(
  c: Context<AppEnv>,
  userId: number,
  options: { status?: 201 | 200; newToken?: string } = {},
) {
  const user = await readUser(c.get('db'), userId);
  if (!user) throw new HttpError(404, 'User not found');
  const { adminUsername, sessionTransport } = c.get('options');
  const body = {
    ...user,
    isAdmin: isAdminUser(user.id, user.discordUsername, adminUsername),
    ...(options.newToken && sessionTransport === 'bearer' ? { token: options.newToken } : {}),
  };
  return c.json(body, options.status ?? 200);
}
