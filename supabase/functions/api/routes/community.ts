import { Hono } from 'hono';
import { z } from 'zod';
import { profileSchema } from '../../_shared/schemas/auth.ts';
import { type AppEnv, requireCaller } from '../lib/env.ts';
import { HttpError } from '../lib/http-error.ts';
import { respondWithUser } from '../lib/respond-user.ts';
import { readBody, readId } from '../lib/validate.ts';
import { listRidesJson } from '../queries/rides.ts';
import { jsonText } from '../lib/json-text.ts';

export const communityRoutes = new Hono<AppEnv>();

communityRoutes.get('/stats', async (c) => {
  const row = await c.get('db').one<{ stats: { totalRides: number; totalUsers: number } }>(
    'select public.community_stats() as stats',
  );
  return c.json(row!.stats);
});

communityRoutes.get('/driver-contacts', async (c) => {
  const row = await c.get('db').one<{ drivers: unknown[] }>(
    `select coalesce(json_agg(json_build_object(
        'id', d.id, 'name', d.name, 'whatsappNumber', d.whatsapp_number,
        'malaysianNumber', d.malaysian_number, 'vehicleType', d.vehicle_type, 'notes', d.notes,
        'basePriceSgd', d.base_price_sgd, 'isActive', d.is_active
      ) order by d.base_price_sgd nulls last, d.id), '[]'::json) as drivers
       from public.driver_contacts d
      where d.is_active`,
  );
  return c.json(row?.drivers ?? []);
});

communityRoutes.get('/vendor/rides', async (c) => {
  const caller = requireCaller(c);
  const db = c.get('db');
  const vendor = await db.one('select 1 from public.users where id = $1::integer and is_vendor', [caller.userId]);
  if (!vendor) throw new HttpError(403, 'Only vendors have a vendor dashboard');
  return jsonText(c, await listRidesJson(db, true, 'assigned-to-me'));
});

const profileUpdateSchema = profileSchema.extend({ discordUsername: z.unknown().optional() });

const profileColumns = {
  name: 'name',
  whatsappNumber: 'whatsapp_number',
  malaysianNumber: 'malaysian_number',
  revolutUsername: 'revolut_username',
} as const;

communityRoutes.patch('/users/:id', async (c) => {
  const caller = requireCaller(c);
  const userId = readId(c, 'id', 'user');
  if (userId !== caller.userId) throw new HttpError(403, 'You can only update your own profile');
  const input = await readBody(c, profileUpdateSchema);
  if (input.discordUsername !== undefined) throw new HttpError(400, 'Your Discord username cannot be changed');

  // Only the fields sent are changed; a blank one is cleared.
  const fields = (Object.keys(profileColumns) as Array<keyof typeof profileColumns>).filter(
    (field) => input[field] !== undefined,
  );
  if (fields.length > 0) {
    const assignments = fields.map((field, index) => `${profileColumns[field]} = $${index + 2}::text`);
    await c.get('db').query(`update public.users set ${assignments.join(', ')} where id = $1::integer`, [
      userId,
      ...fields.map((field) => input[field] ?? null),
    ]);
  }
  return respondWithUser(c, userId);
});
