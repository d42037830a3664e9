// Who sees a member's phone numbers (issue 25, "Privacy that follows"): everyone on the rides
// they are on (the default, as before), only the organisers of rides they join, or nobody.
// Enforced where numbers are served: the passengers list, the organiser on a ride, the calendar
// file; the member always reads their own.
import { beforeAll, describe, expect, it } from 'vitest';

import { expectRefusal } from '../support/accounts.ts';
import { createRide, type Member, registerMember } from '../support/api-client.ts';
import { oneBackend } from '../support/databases.ts';
import { useSuite } from '../support/suite.ts';
import { joinBody } from './ride-test-kit.ts';

describe.each(oneBackend)('phone number privacy on %s', (backend) => {
  const suite = useSuite(backend, { liftThrottles: true });
  let organiser: Member;
  let alice: Member;
  let bob: Member;
  let rideId: number;

  beforeAll(async () => {
    organiser = await registerMember(suite.app, 'orgp', { malaysianNumber: '+60 12 345 6789' });
    alice = await registerMember(suite.app, 'alicep', { whatsappNumber: '+65 8111 2222' });
    bob = await registerMember(suite.app, 'bobp', { whatsappNumber: '+65 8333 4444' });
    rideId = (await createRide(organiser)).id;
    expect((await alice.post(`/api/rides/${rideId}/join`, joinBody())).status).toBe(201);
    expect((await bob.post(`/api/rides/${rideId}/join`, joinBody())).status).toBe(201);
  });

  async function choose(member: Member, phoneVisibility: string) {
    const answer = await member.patch(`/api/users/${member.user.id}`, { phoneVisibility });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.phoneVisibility).toBe(phoneVisibility);
  }

  // alice's numbers as `reader` reads them in the passengers list.
  async function aliceSeenBy(reader: Member) {
    const list = (await reader.get(`/api/rides/${rideId}/passengers`)).body as Array<{
      userId: number;
      user: { whatsappNumber: string | null };
    }>;
    return list.find((passenger) => passenger.userId === alice.user.id)!.user.whatsappNumber;
  }

  const organiserSeenBy = async (reader: Member) => (await reader.get(`/api/rides/${rideId}`)).body.creator;

  it('shows everyone on the ride the numbers by default, as before', async () => {
    expect((await alice.get('/api/auth/me')).body.phoneVisibility).toBe('ride_members');
    expect(await aliceSeenBy(bob)).toBe('+6581112222');
    expect(await aliceSeenBy(organiser)).toBe('+6581112222');
    expect((await organiserSeenBy(alice)).malaysianNumber).toBe('+60123456789');
  });

  it('shows them only to the organiser of the ride when the member chooses organisers', async () => {
    await choose(alice, 'organisers');
    expect(await aliceSeenBy(bob)).toBeNull();
    expect(await aliceSeenBy(organiser)).toBe('+6581112222');
    expect(await aliceSeenBy(alice)).toBe('+6581112222');
    // An organiser who chooses it shows their own ride's passengers nothing.
    await choose(organiser, 'organisers');
    const seen = await organiserSeenBy(alice);
    expect(seen).toMatchObject({ whatsappNumber: null, malaysianNumber: null });
    expect((await organiserSeenBy(organiser)).malaysianNumber).toBe('+60123456789');
  });

  it('shows them to nobody but the member when they choose nobody, in the calendar file too', async () => {
    await choose(alice, 'nobody');
    await choose(organiser, 'nobody');
    expect(await aliceSeenBy(bob)).toBeNull();
    expect(await aliceSeenBy(organiser)).toBeNull();
    expect(await aliceSeenBy(alice)).toBe('+6581112222');
    const calendar = await bob.get(`/api/rides/${rideId}/calendar.ics`);
    expect(calendar.status).toBe(200);
    expect(JSON.stringify(calendar.body)).not.toMatch(/9123 ?4567|\+6591234567/);
    // Back to everyone on the ride.
    await choose(alice, 'ride_members');
    expect(await aliceSeenBy(bob)).toBe('+6581112222');
  });

  // Issue 35 §3: the payment card and the offline bundle sent the organiser's number to every
  // passenger whatever they chose.
  it("keeps an organiser's withheld number out of the payment answer and the offline bundle, Revolut staying", async () => {
    const payee = await registerMember(suite.app, 'payee', {
      whatsappNumber: '+65 9777 6655',
      revolutUsername: 'payeepays',
    });
    const rider = await registerMember(suite.app, 'payrider');
    const ride = (await createRide(payee)).id;
    expect((await rider.post(`/api/rides/${ride}/join`, joinBody())).status).toBe(201);
    const payeeNumberIn = async (reader: Member) => {
      const payment = await reader.get(`/api/rides/${ride}/payment`);
      expect(payment.status, JSON.stringify(payment.body)).toBe(200);
      const offline = await reader.get('/api/rides/user/offline');
      expect(offline.status).toBe(200);
      const kept = offline.body.rides.find((entry: any) => entry.ride.id === ride);
      expect(kept.payment.payee).toEqual(payment.body.payee);
      expect(payment.body.payee.revolutUsername).toBe('payeepays');
      return {
        payment: payment.body.payee.whatsappNumber,
        anywhere: /9777 ?6655/.test(JSON.stringify([payment.body, offline.body])),
      };
    };

    expect(await payeeNumberIn(rider)).toEqual({ payment: '+6597776655', anywhere: true });
    for (const choice of ['organisers', 'nobody']) {
      await choose(payee, choice);
      expect(await payeeNumberIn(rider), choice).toEqual({ payment: null, anywhere: false });
      expect((await payeeNumberIn(payee)).payment, choice).toBe('+6597776655');
    }
  });

  it('refuses a choice it does not know', async () => {
    const answer = await alice.patch(`/api/users/${alice.user.id}`, { phoneVisibility: 'friends' });
    expectRefusal(answer, 400);
    expect(answer.body.code).toBe('invalid_input');
  });
});
