import { Hono } from 'hono';

import { type AppEnv, requireCaller } from '../lib/env.ts';

export const accountRoutes = new Hono<AppEnv>();

// "Download my data": everything the database holds about the caller (app.my_data), as a file
// named with the day it was made. It carries the member's numbers and messages, so no cache
// keeps it.
accountRoutes.get('/account/data', async (c) => {
  requireCaller(c);
  const row = await c.get('db').one<{ data: Record<string, unknown> }>('select app.my_data() as data');
  // The day in Singapore, where the app's dates are read (src/features/profile/api/download-my-data.ts).
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Singapore' }).format(new Date());
  return c.body(JSON.stringify(row!.data, null, 2), 200, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Disposition': `attachment; filename="fc-rideshare-my-data-${day}.json"`,
    'Cache-Control': 'private, no-store',
  });
});
