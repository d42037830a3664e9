// Paying the organiser (issue 13, part 3; migration 20261201000500): who may claim, confirm and
// remind, what each status reads as, the share (the price rule × party), and that a past ride is
// still payable.
import { beforeAll, describe, expect, it } from 'vitest';

import { setCaller } from '../../supabase/functions/api/lib/database.ts';
import { expectRefusal } from '../support/accounts.ts';
import { createRide, type Member, registerMember } from '../support/api-client.ts';
import { oneBackend, ownerQuery } from '../support/databases.ts';
import { useSuite } from '../support/suite.ts';
import { joinBody, makeRidePast } from './ride-test-kit.ts';

describe.each(oneBackend)('payments on %s', (backend) => {
  const suite = useSuite(backend, { liftThrottles: true });
  let organiser: Member;
  let alice: Member;
  let bob: Member;
  let carol: Member;

  beforeAll(async () => {
    // The reminder throttle is what one case checks: back to its shipped limit.
    await ownerQuery(suite.db, "update private.throttle_limits set max_count = 1 where name = 'payments:remind'");
    organiser = await registerMember(suite.app, 'payorg', { revolutUsername: 'orgrev' });
    alice = await registerMember(suite.app, 'payalice');
    bob = await registerMember(suite.app, 'paybob');
    carol = await registerMember(suite.app, 'paycarol');
  });

  // A ride of 80 with the organiser (1), alice (2) and bob (1) aboard: 4 people, $20 each.
  async function rideWithPassengers(overrides: Record<string, unknown> = {}) {
    const ride = await createRide(organiser, { maxPassengers: 6, ...overrides });
    const a = await alice.post(
      `/api/rides/${ride.id}/join`,
      joinBody({ passengerCount: 2, dropoffLocation: 'Pasir Ris MRT' }),
    );
    const b = await bob.post(`/api/rides/${ride.id}/join`, joinBody({ dropoffLocation: 'Pasir Ris MRT' }));
    expect([a.status, b.status]).toEqual([201, 201]);
    return {
      rideId: ride.id as number,
      aliceEntry: a.body.passengerId as number,
      bobEntry: b.body.passengerId as number,
    };
  }

  async function statusOf(entryId: number) {
    const [row] = await ownerQuery(
      suite.db,
      'select payment_status, claimed_at, paid_at from public.ride_passengers where id = $1::integer',
      [entryId],
    );
    return row;
  }

  async function passengersAs(client: Member, rideId: number) {
    const answer = await client.get(`/api/rides/${rideId}/passengers`);
    expect(answer.status).toBe(200);
    return answer.body as any[];
  }

  it('starts unpaid; the share is the "now" figure × party, seen by the passenger and the organiser only', async () => {
    const { rideId, aliceEntry, bobEntry } = await rideWithPassengers();
    expect((await suite.anonymous.get(`/api/rides/${rideId}`)).body.currentPassengers).toBe(4);
    expect(await statusOf(aliceEntry)).toMatchObject({ payment_status: 'unpaid', claimed_at: null, paid_at: null });

    const asOrganiser = await passengersAs(organiser, rideId);
    expect(asOrganiser.map((p) => [p.id, p.paymentStatus, p.share])).toEqual([
      [aliceEntry, 'unpaid', 40],
      [bobEntry, 'unpaid', 20],
    ]);

    // Alice reads her own status and share, not bob's: he rides with her but his money is his.
    const asAlice = await passengersAs(alice, rideId);
    expect(asAlice.find((p) => p.id === aliceEntry)).toMatchObject({ paymentStatus: 'unpaid', share: 40 });
    expect(asAlice.find((p) => p.id === bobEntry)).toMatchObject({ paymentStatus: null, share: null });

    // A member not on the ride sees neither.
    const asCarol = await passengersAs(carol, rideId);
    expect(asCarol.map((p) => [p.paymentStatus, p.share])).toEqual([
      [null, null],
      [null, null],
    ]);
  });

  it('follows the price rule: the total over the people aboard, to the cent, × party', async () => {
    // 100 over the 4 aboard (organiser 1, alice 2, bob 1): 25 each, alice owes for two.
    const { rideId, aliceEntry } = await rideWithPassengers();
    await ownerQuery(suite.db, 'update public.rides set cost = 100 where id = $1::integer', [rideId]);
    expect((await passengersAs(organiser, rideId)).find((p) => p.id === aliceEntry).share).toBe(50);
    // 70 / 4 = 17.50 to the cent (issue 21 §2: no whole-dollar rounding), × 2.
    await ownerQuery(suite.db, 'update public.rides set cost = 70 where id = $1::integer', [rideId]);
    expect((await passengersAs(organiser, rideId)).find((p) => p.id === aliceEntry).share).toBe(35);
  });

  // Issue 21 §2: the stops are part of what everyone splits, and the organiser's share is the exact
  // rest: 80 + 3 stops × 5 = 95 over 4 aboard is 23.75 each; before, passengers owed 20 and the
  // organiser 35.
  it('splits the stops surcharge too, and the organiser pays the exact rest of the total', async () => {
    const ride = await createRide(organiser, { maxPassengers: 4 });
    const stops = ['Tampines MRT', 'Bedok MRT', 'Changi Airport'];
    const entries: number[] = [];
    for (const [index, member] of [alice, bob, carol].entries()) {
      const joined = await member.post(`/api/rides/${ride.id}/join`, joinBody({ dropoffLocation: stops[index] }));
      expect(joined.status).toBe(201);
      entries.push(joined.body.passengerId);
    }
    const shares = (await passengersAs(organiser, ride.id)).map((p) => p.share);
    expect(shares).toEqual([23.75, 23.75, 23.75]);
    const summary = (await organiser.get(`/api/rides/${ride.id}/payment`)).body.summary;
    expect(summary).toMatchObject({ carCost: 95, expected: 71.25, ownShare: 23.75 });

    // A total that does not split into cents: after carol leaves, 100 + 2 stops × 5 = 110 over 3
    // is 36.67 each (rounded once), so the two passengers owe 73.34 and the organiser the rest,
    // 36.66: together exactly 110.
    expect((await carol.delete(`/api/rides/${ride.id}/passengers/${entries[2]}`)).status).toBe(200);
    await ownerQuery(suite.db, 'update public.rides set cost = 100 where id = $1::integer', [ride.id]);
    expect((await passengersAs(organiser, ride.id)).map((p) => p.share)).toEqual([36.67, 36.67]);
    const after = (await organiser.get(`/api/rides/${ride.id}/payment`)).body.summary;
    expect(after).toMatchObject({ carCost: 110, expected: 73.34, ownShare: 36.66 });

    // The reminder the database stores carries the same amount as the passenger's card.
    expect((await organiser.post(`/api/rides/${ride.id}/payment/remind`, {})).status).toBe(200);
    const amounts = await ownerQuery(
      suite.db,
      `select (params ->> 'amount')::float8 as amount from public.notifications
        where ride_id = $1::integer and kind = 'payment_reminder' order by id`,
      [ride.id],
    );
    expect(amounts.map((row) => row.amount)).toEqual([36.67, 36.67]);
  });

  it('lets the passenger claim and take it back, and the organiser confirm and revert', async () => {
    const { rideId, aliceEntry } = await rideWithPassengers();

    const claim = await alice.post(`/api/rides/${rideId}/payment/claim`, {});
    expect(claim.status).toBe(200);
    expect(claim.body.passenger).toMatchObject({ id: aliceEntry, paymentStatus: 'claimed', share: 40 });
    const claimed = await statusOf(aliceEntry);
    expect(claimed.payment_status).toBe('claimed');
    expect(claimed.claimed_at).not.toBeNull();
    // Saying it twice changes nothing.
    expect((await alice.post(`/api/rides/${rideId}/payment/claim`, { claimed: true })).status).toBe(200);
    expect((await statusOf(aliceEntry)).claimed_at).toEqual(claimed.claimed_at);

    const undo = await alice.post(`/api/rides/${rideId}/payment/claim`, { claimed: false });
    expect(undo.status).toBe(200);
    expect(undo.body.passenger.paymentStatus).toBe('unpaid');
    expect(await statusOf(aliceEntry)).toMatchObject({ payment_status: 'unpaid', claimed_at: null });

    await alice.post(`/api/rides/${rideId}/payment/claim`, {});
    const confirm = await organiser.post(`/api/rides/${rideId}/passengers/${aliceEntry}/payment`, { paid: true });
    expect(confirm.status).toBe(200);
    expect(confirm.body.passenger).toMatchObject({ id: aliceEntry, paymentStatus: 'paid', share: 40 });
    expect(confirm.body.summary).toEqual({
      carCost: 80,
      expected: 60,
      ownShare: 20,
      collected: 40,
      claimed: 0,
      toRefund: 0,
      heldElsewhere: [],
      paidCount: 1,
      claimedCount: 0,
      unpaidCount: 1,
      owingCount: 1,
    });
    expect((await statusOf(aliceEntry)).paid_at).not.toBeNull();

    // A confirmed payment is the organiser's to change.
    expectRefusal(await alice.post(`/api/rides/${rideId}/payment/claim`, { claimed: false }), 409);
    expect((await statusOf(aliceEntry)).payment_status).toBe('paid');

    const revert = await organiser.post(`/api/rides/${rideId}/passengers/${aliceEntry}/payment`, { paid: false });
    expect(revert.status).toBe(200);
    expect(revert.body.summary).toMatchObject({ collected: 0, paidCount: 0, unpaidCount: 2 });
    expect(await statusOf(aliceEntry)).toMatchObject({ payment_status: 'unpaid', claimed_at: null, paid_at: null });

    // The organiser may confirm without a claim (cash in hand).
    const cash = await organiser.post(`/api/rides/${rideId}/passengers/${aliceEntry}/payment`, { paid: true });
    expect(cash.body.passenger.paymentStatus).toBe('paid');
  });

  it('refuses everyone else: others cannot claim, confirm or remind', async () => {
    const { rideId, aliceEntry, bobEntry } = await rideWithPassengers();

    expectRefusal(await carol.post(`/api/rides/${rideId}/payment/claim`, {}), 403);
    expectRefusal(await organiser.post(`/api/rides/${rideId}/payment/claim`, {}), 409);
    expectRefusal(await suite.anonymous.post(`/api/rides/${rideId}/payment/claim`, {}), 401);
    // A passenger cannot confirm their own payment, nor another's.
    expectRefusal(await alice.post(`/api/rides/${rideId}/passengers/${aliceEntry}/payment`, { paid: true }), 403);
    expectRefusal(await bob.post(`/api/rides/${rideId}/passengers/${aliceEntry}/payment`, { paid: true }), 403);
    expectRefusal(await alice.post(`/api/rides/${rideId}/payment/remind`, {}), 403);
    expectRefusal(await carol.get(`/api/rides/${rideId}/payment`), 403);
    expect(await statusOf(aliceEntry)).toMatchObject({ payment_status: 'unpaid' });

    // An entry of another ride is not this ride's passenger.
    const other = await rideWithPassengers();
    expectRefusal(
      await organiser.post(`/api/rides/${rideId}/passengers/${other.aliceEntry}/payment`, { paid: true }),
      404,
    );
    expectRefusal(await organiser.post(`/api/rides/999999/passengers/${bobEntry}/payment`, { paid: true }), 404);
    expectRefusal(await alice.post('/api/rides/999999/payment/claim', {}), 404);
    expect((await statusOf(other.aliceEntry)).payment_status).toBe('unpaid');
  });

  it('lets no member write a status directly: only the payment functions change it', async () => {
    const { aliceEntry } = await rideWithPassengers();
    for (const client of [alice, organiser]) {
      const refused = await suite.db.database
        .transaction(async (tx) => {
          await setCaller(tx, { userId: client.user.id, isAdmin: false });
          await tx.query('set local role authenticated');
          await tx.query(
            "update public.ride_passengers set payment_status = 'paid', paid_at = now() where id = $1::integer",
            [aliceEntry],
          );
        })
        .then(
          () => null,
          (error: any) => error,
        );
      expect(String(refused?.message)).toMatch(/permission denied/);
    }
    expect((await statusOf(aliceEntry)).payment_status).toBe('unpaid');
  });

  it('refuses bad input with 400', async () => {
    const { rideId, aliceEntry } = await rideWithPassengers();
    const path = `/api/rides/${rideId}/passengers/${aliceEntry}/payment`;
    expectRefusal(await organiser.post(path, {}), 400);
    expectRefusal(await organiser.post(path, { paid: 'yes' }), 400);
    expectRefusal(await organiser.post(path, { paid: 1 }), 400);
    expectRefusal(await organiser.post(path, [true] as any), 400);
    expectRefusal(await organiser.post(`/api/rides/${rideId}/passengers/abc/payment`, { paid: true }), 400);
    expectRefusal(await organiser.post(`/api/rides/0/passengers/${aliceEntry}/payment`, { paid: true }), 400);
    expectRefusal(await alice.post(`/api/rides/${rideId}/payment/claim`, { claimed: 'no' }), 400);
    expectRefusal(await alice.post('/api/rides/-1/payment/claim', {}), 400);
    expectRefusal(await organiser.post('/api/rides/1e3/payment/remind', {}), 400);
    expect((await statusOf(aliceEntry)).payment_status).toBe('unpaid');
  });

  it('keeps a past ride payable, and nothing else of its passengers changeable', async () => {
    const { rideId, aliceEntry, bobEntry } = await rideWithPassengers();
    await makeRidePast(suite.db, rideId);

    expect((await alice.post(`/api/rides/${rideId}/payment/claim`, {})).status).toBe(200);
    expect((await organiser.post(`/api/rides/${rideId}/passengers/${aliceEntry}/payment`, { paid: true })).status).toBe(
      200,
    );
    expect((await statusOf(aliceEntry)).payment_status).toBe('paid');
    expect((await organiser.post(`/api/rides/${rideId}/payment/remind`, {})).body.reminded).toBe(1);

    // The record itself is still held, as a member acting through the database would find.
    const refused = await suite.db.database
      .transaction(async (tx) => {
        await tx.query('select private.act_as($1::integer, false)', [organiser.user.id]);
        await tx.query("update public.ride_passengers set dropoff_location = 'Elsewhere' where id = $1::integer", [
          bobEntry,
        ]);
      })
      .then(
        () => null,
        (error: any) => error,
      );
    expect(refused?.code ?? refused?.cause?.code).toBe('PT409');
    expectRefusal(await organiser.delete(`/api/rides/${rideId}/passengers/${bobEntry}`), 409);
  });

  it('reminds only the passengers not confirmed, with their amount, once per ride in 12 hours', async () => {
    const { rideId, aliceEntry, bobEntry } = await rideWithPassengers();
    await organiser.post(`/api/rides/${rideId}/passengers/${aliceEntry}/payment`, { paid: true });
    await bob.post(`/api/rides/${rideId}/payment/claim`, {});

    const remind = await organiser.post(`/api/rides/${rideId}/payment/remind`, {});
    expect(remind.status).toBe(200);
    expect(remind.body.reminded).toBe(1);
    // A reminder changes nobody's status.
    expect((await statusOf(bobEntry)).payment_status).toBe('claimed');

    const notes = await ownerQuery(
      suite.db,
      `select user_id, params from public.notifications
        where ride_id = $1::integer and kind = 'payment_reminder' order by id`,
      [rideId],
    );
    expect(notes.map((note) => note.user_id)).toEqual([bob.user.id]);
    expect(notes[0]!.params).toMatchObject({
      amount: 20,
      currency: 'SGD',
      status: 'claimed',
      direction: 'SG->FC',
      name: 'payorg person',
    });
    expect(Date.parse(notes[0]!.params.date)).not.toBeNaN();

    // Bob reads it in his own inbox; alice, who paid, has none.
    const inbox = await ownerQuery(
      suite.db,
      "select user_id from public.notifications where ride_id = $1::integer and kind = 'payment_reminder' and user_id = $2::integer",
      [rideId, alice.user.id],
    );
    expect(inbox).toEqual([]);

    const again = await organiser.post(`/api/rides/${rideId}/payment/remind`, {});
    expectRefusal(again, 429);
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(11 * 3600);
    expect(
      (
        await ownerQuery(
          suite.db,
          "select count(*)::int as n from public.notifications where ride_id = $1::integer and kind = 'payment_reminder'",
          [rideId],
        )
      )[0]!.n,
    ).toBe(1);

    // Another ride has its own reminder.
    const other = await rideWithPassengers();
    expect((await organiser.post(`/api/rides/${other.rideId}/payment/remind`, {})).body.reminded).toBe(2);
  });

  it('does not spend the reminder when everyone has paid', async () => {
    const { rideId, aliceEntry, bobEntry } = await rideWithPassengers();
    await organiser.post(`/api/rides/${rideId}/passengers/${aliceEntry}/payment`, { paid: true });
    await organiser.post(`/api/rides/${rideId}/passengers/${bobEntry}/payment`, { paid: true });
    const none = await organiser.post(`/api/rides/${rideId}/payment/remind`, {});
    expect(none.status).toBe(200);
    expect(none.body.reminded).toBe(0);
    await organiser.post(`/api/rides/${rideId}/passengers/${bobEntry}/payment`, { paid: false });
    expect((await organiser.post(`/api/rides/${rideId}/payment/remind`, {})).body.reminded).toBe(1);
  });

  it('tells the organiser and passengers where to pay, with the totals for the organiser only', async () => {
    const { rideId, aliceEntry } = await rideWithPassengers();
    await alice.post(`/api/rides/${rideId}/payment/claim`, {});

    const asAlice = await alice.get(`/api/rides/${rideId}/payment`);
    expect(asAlice.status).toBe(200);
    expect(asAlice.body).toEqual({
      payee: {
        userId: organiser.user.id,
        name: 'payorg person',
        whatsappNumber: '+6591234567',
        revolutUsername: 'orgrev',
      },
      summary: null,
    });

    const asOrganiser = await organiser.get(`/api/rides/${rideId}/payment`);
    expect(asOrganiser.body.summary).toEqual({
      carCost: 80,
      expected: 60,
      ownShare: 20,
      collected: 0,
      claimed: 40,
      toRefund: 0,
      heldElsewhere: [],
      paidCount: 0,
      claimedCount: 1,
      unpaidCount: 1,
      owingCount: 2,
    });
    expect((await statusOf(aliceEntry)).payment_status).toBe('claimed');
  });
  // Issue 37 §2: a payment keeps its sum when the share changes after it.
  it('keeps what was paid when a join lowers the share: the difference is to come back, then refunded', async () => {
    const { rideId, aliceEntry } = await rideWithPassengers();
    await alice.post(`/api/rides/${rideId}/payment/claim`, {});
    await organiser.post(`/api/rides/${rideId}/passengers/${aliceEntry}/payment`, { paid: true });
    // Carol joins: 5 aboard, $16 each, alice's party of 2 owes $32 and paid $40.
    expect((await carol.post(`/api/rides/${rideId}/join`, joinBody({ dropoffLocation: 'Pasir Ris MRT' }))).status).toBe(
      201,
    );

    const mine = (await passengersAs(alice, rideId)).find((p) => p.id === aliceEntry);
    expect(mine).toMatchObject({
      paymentStatus: 'paid',
      share: 32,
      money: { paid: 40, confirmed: 40, due: 0, over: 8 },
    });
    const summary = (await organiser.get(`/api/rides/${rideId}/payment`)).body.summary;
    expect(summary).toMatchObject({ collected: 40, toRefund: 8 });

    const refund = await organiser.post(`/api/rides/${rideId}/passengers/${aliceEntry}/refund`, {});
    expect(refund.status).toBe(200);
    expect(refund.body).toMatchObject({ refunded: 8, passenger: { money: { paid: 32, refunded: 8, over: 0 } } });
    expect(refund.body.summary).toMatchObject({ collected: 32, toRefund: 0 });
    const again = await organiser.post(`/api/rides/${rideId}/passengers/${aliceEntry}/refund`, {});
    expectRefusal(again, 409);
    expect(again.body.code).toBe('nothing_to_refund');
    // Only the organiser gives money back.
    expectRefusal(await alice.post(`/api/rides/${rideId}/passengers/${aliceEntry}/refund`, {}), 403);
    expect((await statusOf(aliceEntry)).payment_status).toBe('paid');
  });

  it('asks for the difference when a leave raises the share, and reminds only for it', async () => {
    const { rideId, aliceEntry, bobEntry } = await rideWithPassengers();
    const joined = await carol.post(`/api/rides/${rideId}/join`, joinBody({ dropoffLocation: 'Pasir Ris MRT' }));
    await organiser.post(`/api/rides/${rideId}/passengers/${aliceEntry}/payment`, { paid: true });
    await organiser.post(`/api/rides/${rideId}/passengers/${bobEntry}/payment`, { paid: true });
    // Carol leaves: 4 aboard again, alice owes $40 and paid $32.
    expect((await carol.delete(`/api/rides/${rideId}/passengers/${joined.body.passengerId}`)).status).toBe(200);

    const mine = (await passengersAs(alice, rideId)).find((p) => p.id === aliceEntry);
    expect(mine).toMatchObject({ paymentStatus: 'paid', share: 40, money: { paid: 32, due: 8, over: 0 } });
    expect((await organiser.get(`/api/rides/${rideId}/payment`)).body.summary).toMatchObject({
      collected: 48,
      owingCount: 2,
    });

    expect((await organiser.post(`/api/rides/${rideId}/payment/remind`, {})).body.reminded).toBe(2);
    const reminded = await ownerQuery(
      suite.db,
      `select user_id, (params ->> 'amount')::float8 as amount from public.notifications
        where ride_id = $1::integer and kind = 'payment_reminder' order by user_id`,
      [rideId],
    );
    expect(reminded).toEqual([
      { user_id: alice.user.id, amount: 8 },
      { user_id: bob.user.id, amount: 4 },
    ]);

    const topUp = await alice.post(`/api/rides/${rideId}/payment/claim`, {});
    expect(topUp.body.passenger).toMatchObject({
      paymentStatus: 'claimed',
      money: { paid: 40, confirmed: 32, due: 0 },
    });
    // Taking the top-up back leaves the confirmed part as it was.
    const undo = await alice.post(`/api/rides/${rideId}/payment/claim`, { claimed: false });
    expect(undo.body.passenger).toMatchObject({ paymentStatus: 'paid', money: { paid: 32, due: 8 } });
  });

  it('keeps whom a payment went to through a hand-over, and tells the old organiser what they hold', async () => {
    const { rideId, aliceEntry, bobEntry } = await rideWithPassengers();
    await alice.post(`/api/rides/${rideId}/payment/claim`, {});
    await organiser.post(`/api/rides/${rideId}/passengers/${bobEntry}/payment`, { paid: true });
    expect((await organiser.post(`/api/rides/${rideId}/handover`, { toUserId: bob.user.id })).status).toBe(201);
    expect((await bob.post(`/api/rides/${rideId}/handover/accept`, {})).status).toBe(200);

    // Alice (2) and bob (1) aboard: $26.67 each, alice's party owes $53.34 and said she sent $40
    // to the organiser before.
    const asBob = (await passengersAs(bob, rideId)).find((p) => p.id === aliceEntry);
    expect(asBob.payments).toEqual([
      { organiserId: organiser.user.id, organiserName: 'payorg person', kind: 'payment', amount: 40, confirmed: false },
    ]);
    expect(asBob.money).toMatchObject({
      paid: 40,
      due: 13.34,
      elsewhere: [{ organiserId: organiser.user.id, name: 'payorg person', amount: 40 }],
    });
    const summary = (await bob.get(`/api/rides/${rideId}/payment`)).body.summary;
    expect(summary).toMatchObject({
      collected: 0,
      heldElsewhere: [{ organiserId: organiser.user.id, name: 'payorg person', amount: 40 }],
    });

    // The old organiser's notice says what they hold: alice's $40 and bob's own $20.
    const [notice] = await ownerQuery(
      suite.db,
      `select params from public.notifications
        where ride_id = $1::integer and kind = 'ride_handed_over' and user_id = $2::integer`,
      [rideId, organiser.user.id],
    );
    expect(notice!.params).toMatchObject({ held: 60, currency: 'SGD' });

    // What alice still owes goes to the new organiser; the $40 stays with the old one.
    await alice.post(`/api/rides/${rideId}/payment/claim`, {});
    const after = (await passengersAs(alice, rideId)).find((p) => p.id === aliceEntry);
    expect(after.payments.map((sum: { organiserId: number; amount: number }) => [sum.organiserId, sum.amount])).toEqual(
      [
        [organiser.user.id, 40],
        [bob.user.id, 13.34],
      ],
    );
    // The sums are the passenger's and the organisers' to read, no one else's.
    expect((await passengersAs(carol, rideId)).find((p) => p.id === aliceEntry)).toMatchObject({
      payments: null,
      money: null,
    });
  });

  it('refuses a share worked out from a ride that changed before its lock', async () => {
    const { rideId } = await rideWithPassengers();
    // Three aboard as the api read it; four by the time the function locks the ride.
    const seen = JSON.stringify({ cost: 80, additionalStops: 0, currentPassengers: 3 });
    const refused = await suite.db.database
      .transaction(async (tx) => {
        await setCaller(tx, { userId: alice.user.id, isAdmin: false });
        await tx.query('set local role authenticated');
        await tx.query('select app.claim_payment($1::integer, true, 40, $2::text::jsonb)', [rideId, seen]);
      })
      .then(
        () => null,
        (error: any) => error,
      );
    expect(refused).toMatchObject({ message: expect.stringContaining('just changed'), hint: 'share_changed' });
  });
});
