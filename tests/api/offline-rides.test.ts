// GET /api/rides/user/offline (issue 21 §1, ADR 0017): the member's rides (organised, joined,
// waited for, driven; upcoming and up to 3 days past), each with what its page reads, every part
// equal to its own call's answer, under the caller's row-level security.
import { beforeAll, describe, expect, it } from 'vitest';

import { createRide, type Member, registerMember } from '../support/api-client.ts';
import { oneBackend, ownerQuery } from '../support/databases.ts';
import { useSuite } from '../support/suite.ts';
import { registerApprovedVendor } from '../support/vendors.ts';
import { joinBody } from './ride-test-kit.ts';

const OFFLINE = '/api/rides/user/offline';

describe.each(oneBackend)('the rides kept offline on %s', (backend) => {
  const suite = useSuite(backend, { liftThrottles: true });
  let organiser: Member;
  let passenger: Member;
  let waiting: Member;
  let stranger: Member;
  let vendor: Member;
  let assigned: any;
  let full: any;
  let recent: any;
  let old: any;
  let othersRide: any;

  async function daysAgo(rideId: number, days: number) {
    await ownerQuery(
      suite.db,
      `update public.rides set date = now() - make_interval(days => $2::integer) where id = $1::integer`,
      [rideId, days],
    );
  }

  beforeAll(async () => {
    [organiser, passenger, waiting, stranger] = await Promise.all(
      ['org', 'pax', 'wait', 'other'].map((name) => registerMember(suite.app, name, { revolutUsername: `${name}rev` })),
    );
    vendor = await registerApprovedVendor(suite);
    // Later first, to see the answer put the soonest first.
    assigned = await createRide(organiser, { date: new Date(Date.now() + 5 * 86_400_000).toISOString() });
    full = await createRide(organiser, { direction: 'FC->SG', maxPassengers: 2 });
    recent = await createRide(organiser);
    old = await createRide(organiser);
    othersRide = await createRide(stranger);
    for (const rideId of [assigned.id, full.id, recent.id, old.id]) {
      expect(
        (await passenger.post(`/api/rides/${rideId}/join`, joinBody({ dropoffLocation: 'Clementi MRT' }))).status,
      ).toBe(201);
    }
    expect(
      (await waiting.post(`/api/rides/${full.id}/waitlist`, { passengerCount: 1, dropoffLocation: 'Bedok Mall' }))
        .status,
    ).toBe(201);
    expect((await vendor.post(`/api/rides/${assigned.id}/assign`)).status).toBe(200);
    // Each ride's chat is kept too (issue 25): the people on it read it offline.
    for (const [member, body] of [
      [organiser, 'Pickup 7:30 at exit A'],
      [passenger, 'I have one suitcase'],
      [vendor, 'Silver Alphard'],
    ] as const) {
      expect((await member.post(`/api/rides/${assigned.id}/messages`, { body })).status).toBe(201);
    }
    expect((await organiser.post(`/api/rides/${full.id}/messages`, { body: 'Full now' })).status).toBe(201);
    await daysAgo(recent.id, 2);
    await daysAgo(old.id, 4);
  });

  // What the ride page would read, call by call, as this member.
  async function pageCalls(member: Member, rideId: number) {
    const ride = await member.get(`/api/rides/${rideId}`);
    const passengers = await member.get(`/api/rides/${rideId}/passengers`);
    const payment = await member.get(`/api/rides/${rideId}/payment`);
    const vendorAnswer = await member.get(`/api/rides/${rideId}/vendor`);
    const waitlist = await member.get(`/api/rides/${rideId}/waitlist`);
    const conversation = await member.get(`/api/rides/${rideId}/messages`);
    return {
      ride: ride.body,
      passengers: passengers.body,
      payment: payment.status === 200 ? payment.body : null,
      vendor: vendorAnswer.status === 200 ? vendorAnswer.body.vendor : null,
      waitlist: waitlist.body,
      conversation: conversation.status === 200 ? conversation.body : null,
    };
  }

  async function kept(member: Member) {
    const answer = await member.get(OFFLINE);
    expect(answer.status).toBe(200);
    return answer.body.rides as Array<Record<string, any>>;
  }

  it('gives the organiser their rides, soonest first, the 2-day-old one in and the 4-day-old one out', async () => {
    const rides = await kept(organiser);
    expect(rides.map((entry) => entry.ride.id)).toEqual([recent.id, full.id, assigned.id]);
    for (const entry of rides) expect(entry).toEqual(await pageCalls(organiser, entry.ride.id));
    const onFull = rides.find((entry) => entry.ride.id === full.id)!;
    // The organiser's view: the totals, the queue by name, the passengers' contacts.
    expect(onFull.payment.summary).not.toBeNull();
    expect(onFull.waitlist.entries.map((entry: any) => entry.userId)).toEqual([waiting.user.id]);
    expect(onFull.passengers[0].user.whatsappNumber).not.toBeNull();
    expect(rides.find((entry) => entry.ride.id === assigned.id)!.vendor).toMatchObject({
      id: vendor.user.id,
      carNumber: 'JQA 1234',
    });
  });

  it('gives a passenger the rides they joined, with where to pay and who drives, and not the others', async () => {
    const rides = await kept(passenger);
    expect(rides.map((entry) => entry.ride.id)).toEqual([recent.id, full.id, assigned.id]);
    for (const entry of rides) expect(entry).toEqual(await pageCalls(passenger, entry.ride.id));
    const onAssigned = rides.find((entry) => entry.ride.id === assigned.id)!;
    expect(onAssigned.payment).toMatchObject({
      payee: { userId: organiser.user.id, revolutUsername: 'orgrev' },
      summary: null,
    });
    expect(onAssigned.vendor).toMatchObject({ id: vendor.user.id, driverName: 'Ali' });
    // The chat as the passenger reads it: everyone's messages, theirs marked as their own (beside
    // the app's own lines: joins, the driver booked).
    const written = onAssigned.conversation.messages.filter((message: any) => message.authorId !== null);
    expect(written.map((message: any) => [message.body, message.own])).toEqual([
      ['Pickup 7:30 at exit A', false],
      ['I have one suitcase', true],
      ['Silver Alphard', false],
    ]);
    expect(rides.some((entry) => entry.ride.id === othersRide.id)).toBe(false);
  });

  it('gives a member on the waitlist the ride with their place, and nothing that is for the people aboard', async () => {
    const rides = await kept(waiting);
    expect(rides.map((entry) => entry.ride.id)).toEqual([full.id]);
    const [entry] = rides;
    expect(entry).toEqual(await pageCalls(waiting, full.id));
    expect(entry!.waitlist.mine).toMatchObject({ position: 1, dropoffLocation: 'Bedok Mall' });
    expect(entry!.waitlist.entries).toEqual([]);
    // Waiting is not being in the ride's chat.
    expect(entry!.conversation).toBeNull();
    expect(entry!.payment).toBeNull();
    // Row-level security as on the passengers call: names, no contacts or drop-offs.
    expect(entry!.passengers[0]).toMatchObject({ dropoffLocation: null, user: { whatsappNumber: null } });
  });

  it('gives the vendor the ride they drive', async () => {
    const rides = await kept(vendor);
    expect(rides.map((entry) => entry.ride.id)).toEqual([assigned.id]);
    expect(rides[0]).toEqual(await pageCalls(vendor, assigned.id));
    expect(rides[0]!.vendor).toMatchObject({ id: vendor.user.id });
    expect(rides[0]!.payment).toBeNull();
  });

  it('gives a member with no rides an empty list, a visitor a 401, and an unknown parameter a 400', async () => {
    const lonely = await registerMember(suite.app, 'lonely');
    expect(await kept(lonely)).toEqual([]);
    const visitor = await suite.anonymous.get(OFFLINE);
    expect(visitor.status).toBe(401);
    const unknown = await organiser.get(`${OFFLINE}?limit=5`);
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toMatch(/Unknown parameter: limit/);
  });
});
