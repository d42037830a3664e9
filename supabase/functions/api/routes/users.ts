import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';

import { refusal } from '../../_shared/refusals.ts';
import { profileSchema } from '../../_shared/schemas/auth.ts';
import { ownUserSchema } from '../../_shared/schemas/auth-response.ts';
import { idParams } from '../../_shared/schemas/fields.ts';
import { contractRoutes, json, jsonBody, mount, refused } from '../lib/contract.ts';
import { requireCaller } from '../lib/env.ts';
import { HttpError } from '../lib/http-error.ts';
import { readOwnUser } from '../lib/respond-user.ts';
import { readBody, readId } from '../lib/validate.ts';

export const userRoutes = contractRoutes();

const profileUpdateSchema = profileSchema.extend({ discordUsername: z.unknown().optional() });

const profileColumns = {
  name: 'name',
  whatsappNumber: 'whatsapp_number',
  malaysianNumber: 'malaysian_number',
  revolutUsername: 'revolut_username',
  language: 'language',
  phoneVisibility: 'phone_visibility',
} as const;

// The member's own profile: only the fields sent change; a blank one is cleared.
const updateProfile = createRoute({
  method: 'patch',
  path: '/users/{id}',
  tags: ['Members'],
  summary: "Change the signed-in member's own profile",
  request: { params: idParams, body: jsonBody(profileSchema) },
  responses: {
    200: json('The member as they are now', ownUserSchema),
    ...refused({
      400: [
        'invalid_id',
        'invalid_json',
        'body_not_object',
        'invalid_input',
        'username_unchangeable',
        'display_name_reserved',
      ],
      401: ['login_required'],
      403: ['own_profile_only'],
      404: ['user_not_found'],
    }),
  },
});
mount(userRoutes, updateProfile, async (c) => {
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
  return c.json(await readOwnUser(c, userId), 200);
});
