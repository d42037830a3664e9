import { Hono } from 'hono';

import type { AppEnv } from '../lib/env.ts';

export const driverContactRoutes = new Hono<AppEnv>();

// Seats and prices as numbers, the notes in English with every translation
// (migration 20261201001100): the PWA words them in the reader's language, and its one saved
// copy serves whichever language the rider reads offline.
driverContactRoutes.get('/driver-contacts', async (c) => {
  const row = await c.get('db').one<{ drivers: unknown[] }>(
    `select coalesce(json_agg(json_build_object(
        'id', d.id, 'name', d.name, 'whatsappNumber', d.whatsapp_number,
        'malaysianNumber', d.malaysian_number, 'vehicleType', d.vehicle_type, 'notes', d.notes,
        'basePriceSgd', d.base_price_sgd, 'isActive', d.is_active, 'seats', d.seats,
        'stopPriceSgd', d.stop_price_sgd, 'stopPriceMaxSgd', d.stop_price_max_sgd,
        'translations', d.translations
      ) order by d.base_price_sgd nulls last, d.id), '[]'::json) as drivers
       from public.driver_contacts d
      where d.is_active`,
  );
  return c.json(row!.drivers);
});
