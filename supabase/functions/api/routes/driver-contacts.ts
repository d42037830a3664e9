import { Hono } from 'hono';
import type { AppEnv } from '../lib/env.ts';

export const driverContactRoutes = new Hono<AppEnv>();

driverContactRoutes.get('/driver-contacts', async (c) => {
  const row = await c.get('db').one<{ drivers: unknown[] }>(
    `select coalesce(json_agg(json_build_object(
        'id', d.id, 'name', d.name, 'whatsappNumber', d.whatsapp_number,
        'malaysianNumber', d.malaysian_number, 'vehicleType', d.vehicle_type, 'notes', d.notes,
        'basePriceSgd', d.base_price_sgd, 'isActive', d.is_active
      ) order by d.base_price_sgd nulls last, d.id), '[]'::json) as drivers
       from public.driver_contacts d
      where d.is_active`,
  );
  return c.json(row!.drivers);
});
