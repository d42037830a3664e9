// A suspended member gets no pushes (issue 35 §6): their devices, alerts and follows stay, so
// that lifting the suspension brings the pushes back, but nothing is queued for them meanwhile.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { type Member, registerMember } from '../support/api-client.ts';
import { backends } from '../support/databases.ts';
import { useSuite } from '../support/suite.ts';

const DAY = 24 * 60 * 60 * 1000;

// The Singapore calendar day `offset` days from today, 'YYYY-MM-DD'.
function sgDay(offset: number): string {
  return new Date(Date.now() + 8 * 60 * 60 * 1000 + offset * DAY).toISOString().slice(0, 10);
}

describe.each(backends)('pushes of a suspended member on %s', (backend) => {
  const suite = useSuite(backend, { admin: true, liftThrottles: true });

  beforeAll(() => {
    // The test-only host setting that lets a push service on this machine be saved.
    vi.stubEnv('PUSH_ALLOW_LOOPBACK', '1');
  });
  afterAll(() => {
    vi.unstubAllEnvs();
  });

  // Who a new ride at 13:30 on `day` queues an alert push for: the ride is written as the api
  // writes it, and the outbox read before the api drains it (a push it fails to deliver would
  // drop the device), then rolled back.
  async function queuedFor(organiser: Member, day: string): Promise<number[] | undefined> {
    return suite.db.database
      .transaction(async (tx) => {
        await tx.query('select private.act_as($1::integer, false)', [organiser.user.id]);
        const [row] = await tx.query<{ id: number }>(
          `insert into public.rides (organiser_id, direction, date, max_passengers, pickup_location)
           values ($1, 'SG->FC', $2::timestamptz, 4, 'Pasir Ris MRT') returning id`,
          [organiser.user.id, new Date(`${day}T13:30:00+08:00`).toISOString()],
        );
        const rows = await tx.query<{ user_id: number }>(
          `select n.user_id from private.push_outbox o join public.notifications n on n.id = o.notification_id
            where n.ride_id = $1::integer and n.kind = 'ride_alert' order by n.user_id`,
          [row!.id],
        );
        throw Object.assign(new Error('roll back'), { queued: rows.map((r) => r.user_id) });
      })
      .catch((error: { queued?: number[] }) => error.queued);
  }

  it('queues none while suspended, and queues them again once the suspension is lifted', async () => {
    const organiser = await registerMember(suite.app, 'pushorg');
    const sam = await registerMember(suite.app, 'pushsam');
    const tia = await registerMember(suite.app, 'pushtia');
    const day = sgDay(8);
    for (const who of [sam, tia]) {
      const device = await who.post('/api/push/subscriptions', {
        endpoint: `https://127.0.0.1:9/${who.user.id}`,
        keys: { p256dh: `B${'a'.repeat(86)}`, auth: 'b'.repeat(22) },
        kinds: ['ride_alert'],
      });
      expect(device.status, JSON.stringify(device.body)).toBe(201);
      const alert = await who.post('/api/ride-alerts', {
        direction: 'SG->FC',
        firstDay: day,
        lastDay: day,
        windowStart: '13:00',
        windowEnd: '14:00',
      });
      expect(alert.status, JSON.stringify(alert.body)).toBe(201);
    }
    // Arranged right: both are pushed to before the suspension.
    expect(await queuedFor(organiser, day)).toEqual([sam.user.id, tia.user.id]);

    const report = await tia.post('/api/reports', {
      targetKind: 'member',
      targetId: sam.user.id,
      reason: 'harassment',
    });
    expect(report.status, JSON.stringify(report.body)).toBe(201);
    const suspended = await suite.admin.post(`/api/admin/reports/${report.body.id}/suspend`, {
      reason: 'Harassed riders',
      days: 7,
    });
    expect(suspended.status, JSON.stringify(suspended.body)).toBe(200);
    expect(await queuedFor(organiser, day)).toEqual([tia.user.id]);

    const lifted = await suite.admin.post(`/api/admin/suspensions/${sam.user.id}/lift`, { reason: 'Apologised' });
    expect(lifted.status, JSON.stringify(lifted.body)).toBe(200);
    expect(await queuedFor(organiser, day)).toEqual([sam.user.id, tia.user.id]);
  });
});
