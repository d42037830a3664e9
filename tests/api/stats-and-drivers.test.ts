// Community statistics and the recommended-driver contacts (SPEC §1, §2 home screen, §3, §9).
import { beforeAll, describe, expect, it } from 'vitest';

import { createRide, type Member, registerMember, rideBody } from '../support/api-client.ts';
import { oneBackend, ownerQuery } from '../support/databases.ts';
import { useSuite } from '../support/suite.ts';

describe.each(oneBackend)('stats and driver contacts on %s', (backend) => {
  const suite = useSuite(backend);
  let organiser: Member;

  beforeAll(async () => {
    organiser = await registerMember(suite.app, 'org');
  });

  async function sqlCounts() {
    const [row] = await ownerQuery(
      suite.db,
      'select (select count(*)::int from public.rides) as rides, (select count(*)::int from public.users) as users',
    );
    return { totalRides: row.rides, totalUsers: row.users };
  }

  describe('GET /api/stats', () => {
    it('answers anonymous visitors and members with the real counts', async () => {
      await createRide(organiser);
      const visitor = await suite.anonymous.get('/api/stats');
      expect(visitor.status).toBe(200);
      expect(visitor.body).toEqual(await sqlCounts());
      expect(visitor.body.totalRides).toBeGreaterThanOrEqual(1);
      expect(visitor.body.totalUsers).toBeGreaterThanOrEqual(1);
      const member = await organiser.get('/api/stats');
      expect(member.status).toBe(200);
      expect(member.body).toEqual(visitor.body);
    });

    it('grows with new users and new rides, and shrinks when a ride is deleted', async () => {
      const start = (await suite.anonymous.get('/api/stats')).body;
      const newcomer = await registerMember(suite.app, 'new');
      expect((await suite.anonymous.get('/api/stats')).body).toEqual({
        totalRides: start.totalRides,
        totalUsers: start.totalUsers + 1,
      });
      const first = await createRide(newcomer);
      await createRide(organiser);
      expect((await suite.anonymous.get('/api/stats')).body).toEqual({
        totalRides: start.totalRides + 2,
        totalUsers: start.totalUsers + 1,
      });
      expect((await newcomer.delete(`/api/rides/${first.id}`)).status).toBe(200);
      expect((await newcomer.get('/api/stats')).body).toEqual({
        totalRides: start.totalRides + 1,
        totalUsers: start.totalUsers + 1,
      });
    });

    it('does not count a refused ride creation', async () => {
      const start = (await suite.anonymous.get('/api/stats')).body;
      expect((await organiser.post('/api/rides', rideBody({ maxPassengers: 0 }))).status).toBe(400);
      expect((await suite.anonymous.post('/api/rides', rideBody())).status).toBe(401);
      expect((await suite.anonymous.get('/api/stats')).body).toEqual(start);
    });
  });

  describe('GET /api/driver-contacts', () => {
    it('lists the two seeded drivers at $75 SGD and $80 SGD for anyone', async () => {
      for (const caller of [suite.anonymous, organiser]) {
        const answer = await caller.get('/api/driver-contacts');
        expect(answer.status).toBe(200);
        expect(answer.body).toHaveLength(2);
        expect(answer.body.map((d: any) => d.basePriceSgd)).toEqual([75, 80]);
        for (const driver of answer.body) {
          expect(driver).toMatchObject({
            id: expect.any(Number),
            name: expect.any(String),
            whatsappNumber: expect.stringMatching(/^\+?[0-9 ]+$/),
            vehicleType: expect.any(String),
            isActive: true,
          });
          expect(driver).toHaveProperty('malaysianNumber');
          expect(driver).toHaveProperty('notes');
        }
      }
    });

    // Issue 21 §4: seats and prices are numbers the PWA words in each language, not English text.
    it('gives seats, stop prices and translated notes as data, with no English price text', async () => {
      const [lim, kumar] = (await suite.anonymous.get('/api/driver-contacts')).body;
      expect(lim).toMatchObject({
        vehicleType: 'Toyota Alphard',
        seats: 6,
        basePriceSgd: 75,
        stopPriceSgd: 5,
        stopPriceMaxSgd: null,
        notes: null,
      });
      expect(kumar).toMatchObject({
        vehicleType: 'Toyota HiAce',
        seats: 10,
        basePriceSgd: 80,
        stopPriceSgd: 5,
        stopPriceMaxSgd: 10,
      });
      expect(kumar.translations.zh.notes).toMatch(/[\u4e00-\u9fff]/);
      expect(kumar.translations.ms.notes).not.toBe(kumar.notes);
      for (const driver of [lim, kumar]) expect(`${driver.vehicleType} ${driver.notes ?? ''}`).not.toMatch(/seats|S\$/);
    });

    it('refuses a driver row whose prices or translations are malformed', async () => {
      const [lim] = (await suite.anonymous.get('/api/driver-contacts')).body;
      for (const change of [
        'stop_price_max_sgd = 4',
        'seats = 0',
        `translations = '{"fr": {"notes": "x"}}'`,
        `translations = '{"zh": {"title": "x"}}'`,
        `translations = '{"zh": {"notes": "  "}}'`,
      ]) {
        await expect(
          ownerQuery(suite.db, `update public.driver_contacts set ${change} where id = $1::integer`, [lim.id]),
        ).rejects.toThrow(/check constraint/);
      }
    });

    // Issue 21 §2: a ride booked with a recommended driver takes the driver's price as its cost.
    it("costs a ride at its booked driver's price unless the organiser gives one", async () => {
      const [lim, kumar] = (await suite.anonymous.get('/api/driver-contacts')).body;
      expect((await createRide(organiser, {})).cost).toBe(80);
      const booked = await createRide(organiser, { driverContactId: lim.id });
      expect(booked.cost).toBe(75);
      expect((await createRide(organiser, { driverContactId: lim.id, cost: 82.5 })).cost).toBe(82.5);

      // An edit without a cost keeps it; a new driver brings their price; a cost given wins.
      const edit = (body: Record<string, unknown>) => organiser.patch(`/api/rides/${booked.id}`, rideBody(body));
      expect((await edit({ driverContactId: lim.id })).body.cost).toBe(75);
      expect((await edit({ driverContactId: lim.id, cost: 90 })).body.cost).toBe(90);
      expect((await edit({ driverContactId: lim.id })).body.cost).toBe(90);
      expect((await edit({ driverContactId: kumar.id })).body.cost).toBe(80);
      expect((await edit({ driverContactId: kumar.id, cost: 60.456 })).body.cost).toBe(60.46);

      for (const [cost, message] of [
        [-1, 'Car cost must be 0 or more'],
        [2000.01, 'Car cost must be at most 2000'],
        ['80', 'Car cost must be a number'],
      ] as const) {
        const refused = await organiser.post('/api/rides', rideBody({ cost }));
        expect(refused.status).toBe(400);
        expect(refused.body.message).toBe(message);
      }
      await expect(
        ownerQuery(suite.db, 'update public.rides set cost = 2500 where id = $1::integer', [booked.id]),
      ).rejects.toThrow(/rides_cost_in_range/);
    });

    it('hides a driver the admin marks inactive', async () => {
      const drivers = (await suite.anonymous.get('/api/driver-contacts')).body;
      const [cheaper] = drivers;
      await ownerQuery(suite.db, 'update public.driver_contacts set is_active = false where id = $1::integer', [
        cheaper.id,
      ]);
      try {
        const answer = await suite.anonymous.get('/api/driver-contacts');
        expect(answer.body.map((d: any) => d.basePriceSgd)).toEqual([80]);
      } finally {
        await ownerQuery(suite.db, 'update public.driver_contacts set is_active = true where id = $1::integer', [
          cheaper.id,
        ]);
      }
      expect((await suite.anonymous.get('/api/driver-contacts')).body).toHaveLength(2);
    });

    it('lets a ride name a recommended driver, and refuses one that does not exist (400)', async () => {
      const [driver] = (await suite.anonymous.get('/api/driver-contacts')).body;
      const ride = await createRide(organiser, { driverContactId: driver.id });
      expect(ride.driverContactId).toBe(driver.id);
      const unknown = await organiser.post('/api/rides', rideBody({ driverContactId: 987654 }));
      expect(unknown.status).toBe(400);
      expect(unknown.body.message).toBe('That recommended driver does not exist');
      const bad = await organiser.post('/api/rides', rideBody({ driverContactId: 'one' }));
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe('driverContactId must be a number');
    });
  });
});
