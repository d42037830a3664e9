import { Hono } from 'hono';
import { z } from 'zod';

import { refusal } from '../../_shared/refusals.ts';
import { profileSchema } from '../../_shared/schemas/auth.ts';
import { type AppEnv, requireCaller } from '../lib/env.ts';
import { HttpError } from '../lib/http-error.ts';
import { respondWithUser } from '../lib/respond-user.ts';
import { readBody, readId } from '../lib/validate.ts';

export const userRoutes = new Hono<AppEnv>();

const profileUpdateSchema = profileSchema.extend({ discordUsername: z.unknown().optional() });

const profileColumns = {
  name: 'name',
  whatsappNumber: 'whatsapp_number',
  malaysianNumber: 'malaysian_number',
  revolutUsername: 'revolut_username',
  language: 'language',
  phoneVisibility: 'phone_visibility',
} as const;

userRoutes.patch('/users/:id', async (c) => {
  const caller = requireCaller(c);
  const userId = readId(c, 'id', 'user');
  if (userId !== caller.userId) throw new HttpError(403, refusal('own_profile_only'));
  const input = await readBody(c, profileUpdateSchema);
  if (input.discordUsername !== undefined) throw new HttpError(400, refusal('username_unchangeable'));

  // Only the fields sent are changed; a blank one is cleared.
  const fields = (Object.keys(profileColumns) as Array<keyof typeof profileColumns>).filter(
    (field) => input[field] !== undefined,
  );
  if (fields.length > 0) {
    const assignments = fields.map((field, index) => `${profileColumns[field]} = $${index + 2}::text`);
    await c
      .get('db')
      .query(`update public.users set ${assignments.join(', ')} where id = $1::integer`, [
        userId,
        ...fields.map((field) => input[field] ?? null),
      ]);
  }
  return respondWithUser(c, userId);
});
