import { createRoute } from '@hono/zod-openapi';

import { type DriverContactAnswer, driverContactsSchema } from '../../_shared/schemas/driver-contacts-response.ts';
import { contractRoutes, json, mount } from '../lib/contract.ts';

export const driverContactRoutes = contractRoutes();

// Seats and prices as numbers, the notes in English with every translation
// (migration 20261201001100): the PWA words them in the reader's language, and its one saved
// copy serves whichever language the rider reads offline.
const getDriverContacts = createRoute({
  method: 'get',
  path: '/driver-contacts',
  tags: ['Community'],
  summary: 'The recommended drivers, cheapest first',
  responses: { 200: json('The active driver contacts; the same for visitors and members', driverContactsSchema) },
});
mount(driverContactRoutes, getDriverContacts, async (c) => {
  const row = await c.get('db').one<{ drivers: DriverContactAnswer[] }>(
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
  return c.json(row!.drivers, 200);
});
