// The day before (issue 40 §5): app.run_due_reminders asks every passenger "Still coming
// tomorrow?" once, about 20 hours before the ride and only between 8 am and 10 pm Singapore
// time (never less than 3 hours before); Yes confirms, No leaves the ride so the waitlist fills
// the seat; the organiser reads every answer and reminds the silent ones once. The clock is the
// function's p_now argument, so each case sets it; every ride is dated in 2027, apart from the
// rides of any other case, so the minute one case runs asks no passenger of another.
import { beforeEach, describe, expect, it } from 'vitest';

import { notificationActions, notificationText } from '../../supabase/functions/_shared/notification-push-text.ts';
import { notificationPath } from '../../supabase/functions/_shared/notification-text.ts';
import { createRide, type Member, registerMember } from '../support/api-client.ts';
import { backends, ownerQuery } from '../support/databases.ts';
import { useSuite } from '../support/suite.ts';
import { joinBody, rideCounts } from './ride-test-kit.ts';

describe.each(backends)('the day-before question on %s', (backend) => {
  const suite = useSuite(backend);
  let organiser: Member;
  let mei: Member;
  let raju: Member;
  let rideId: number;

  const question = (ride = rideId) => `/api/rides/${ride}/still-coming`;

  // Singapore wall-clock times, as the window is read.
  const sg = (local: string) => `${local}+08:00`;

  async function run(now: string): Promise<number> {
    const [row] = await ownerQuery<{ asked: number }>(
      suite.db,
      'select app.run_due_reminders($1::timestamptz) as asked',
      [sg(now)],
    );
    return row!.asked;
  }

  async function setRideDate(ride: number, local: string) {
    await ownerQuery(suite.db, 'update public.rides set date = $2::timestamptz where id = $1::integer', [
      ride,
      sg(local),
    ]);
  }

  async function asked(ride = rideId): Promise<number[]> {
    const rows = await ownerQuery<{ user_id: number }>(
      suite.db,
      'select user_id from public.ride_still_coming where ride_id = $1::integer order by user_id',
      [ride],
    );
    return rows.map((row) => row.user_id);
  }

  async function notices(userId: number, ride = rideId) {
    return ownerQuery<{ params: Record<string, unknown> }>(
      suite.db,
      "select params from public.notifications where user_id = $1::integer and ride_id = $2::integer and kind = 'still_coming' order by id",
      [userId, ride],
    );
  }

  beforeEach(async () => {
    organiser = await registerMember(suite.app, 'stillOrg');
    mei = await registerMember(suite.app, 'stillMei');
    raju = await registerMember(suite.app, 'stillRaju');
    rideId = (await createRide(organiser, { maxPassengers: 3 })).id;
    for (const member of [mei, raju]) {
      expect((await member.post(`/api/rides/${rideId}/join`, joinBody())).status).toBe(201);
    }
  });

  it('asks each passenger once, 20 hours before the ride, whatever the reruns', async () => {
    await setRideDate(rideId, '2027-03-10T09:00:00');
    await run('2027-03-09T12:59:00');
    expect(await asked()).toEqual([]);
    await run('2027-03-09T13:00:00');
    const both = [mei.user.id, raju.user.id].sort((a, b) => a - b);
    expect(await asked()).toEqual(both);
    // A restart, a second host, the next minutes: nobody is asked twice.
    await run('2027-03-09T13:00:00');
    await run('2027-03-09T13:01:00');
    await run('2027-03-09T18:00:00');
    for (const member of [mei, raju]) expect(await notices(member.user.id)).toHaveLength(1);
    expect(await notices(organiser.user.id)).toHaveLength(0);

    // The passenger reads their own question; the notice says it in words, and opens the ride.
    const mine = await mei.get(question());
    expect(mine.status).toBe(200);
    expect(mine.body.mine).toEqual({ askedAt: '2027-03-09T05:00:00.000Z', answer: null });
    expect(mine.body.passengers).toBeNull();
    const [notice] = await notices(mei.user.id);
    expect(notificationText('still_coming', notice!.params, 'en').title).toBe('Still coming tomorrow?');
    expect(notificationPath('still_coming', rideId, notice!.params)).toBe(`/rides/${rideId}`);
    // The push's two buttons, in the member's language; no other kind has any.
    expect(notificationActions('still_coming', 'zh')).toEqual([
      { action: 'still-coming-yes', title: '是的，我会来' },
      { action: 'still-coming-no', title: '不，我去不了' },
    ]);
    expect(notificationActions('trip_update', 'en')).toEqual([]);
  });

  it('asks only between 8 am and 10 pm Singapore time, moving a night-time moment earlier', async () => {
    // 20 hours before a 2 am ride is 6 am: asked at 10 pm the evening before instead.
    await setRideDate(rideId, '2027-04-10T02:00:00');
    await run('2027-04-08T21:59:00');
    expect(await asked()).toEqual([]);
    await run('2027-04-08T22:00:00');
    expect(await asked()).toHaveLength(2);

    // 20 hours before a 7 pm ride is 11 pm: asked at 10 pm that evening.
    const evening = (await createRide(organiser, { maxPassengers: 3 })).id;
    expect((await mei.post(`/api/rides/${evening}/join`, joinBody())).status).toBe(201);
    await setRideDate(evening, '2027-05-10T19:00:00');
    await run('2027-05-09T21:59:00');
    expect(await asked(evening)).toEqual([]);
    await run('2027-05-09T22:00:00');
    expect(await asked(evening)).toEqual([mei.user.id]);
  });

  it('asks a late ride at the next minute of the window, but not within 3 hours of it', async () => {
    // Its moment (1 pm the day before) passed while nobody was running the clock at night.
    const late = (await createRide(organiser, { maxPassengers: 3 })).id;
    expect((await mei.post(`/api/rides/${late}/join`, joinBody())).status).toBe(201);
    await setRideDate(late, '2027-06-10T12:00:00');
    await run('2027-06-09T23:30:00');
    expect(await asked(late)).toEqual([]);
    await run('2027-06-10T08:00:00');
    expect(await asked(late)).toEqual([mei.user.id]);

    // A 10 am ride whose moment passed: at 8 am it is 2 hours away, too late to ask.
    await setRideDate(rideId, '2027-06-20T10:00:00');
    await run('2027-06-20T07:59:00');
    await run('2027-06-20T08:00:00');
    expect(await asked()).toEqual([]);
  });

  it('takes Yes as confirmed, and No as leaving the ride, the waitlist taking the seat', async () => {
    const wendy = await registerMember(suite.app, 'stillWendy');
    const waiting = await wendy.post(`/api/rides/${rideId}/waitlist`, joinBody());
    expect(waiting.status, JSON.stringify(waiting.body)).toBe(201);
    await setRideDate(rideId, '2027-07-10T09:00:00');

    // Not asked yet: nothing to answer.
    const early = await mei.post(question(), { answer: 'yes' });
    expect([early.status, early.body.code]).toEqual([409, 'still_coming_not_asked']);
    await run('2027-07-09T13:00:00');

    const yes = await mei.post(question(), { answer: 'yes' });
    expect(yes.status, JSON.stringify(yes.body)).toBe(200);
    expect(yes.body.mine.answer).toBe('yes');

    const no = await raju.post(question(), { answer: 'no' });
    expect(no.status, JSON.stringify(no.body)).toBe(200);
    expect(no.body.mine.answer).toBe('no');
    const passengers = await ownerQuery<{ user_id: number }>(
      suite.db,
      'select user_id from public.ride_passengers where ride_id = $1::integer order by user_id',
      [rideId],
    );
    expect(passengers.map((row) => row.user_id).sort((a, b) => a - b)).toEqual(
      [mei.user.id, wendy.user.id].sort((a, b) => a - b),
    );
    expect((await rideCounts(suite.db, rideId)).rows).toBe(2);
    // Raju is off the ride: a second answer is refused.
    const again = await raju.post(question(), { answer: 'yes' });
    expect([again.status, again.body.code]).toEqual([409, 'still_coming_not_asked']);

    // The organiser sees who confirmed, who said no, and Wendy (moved up) not asked yet.
    const view = await organiser.get(question());
    expect(view.status).toBe(200);
    const answers = Object.fromEntries(
      view.body.passengers.map((entry: { userId: number; answer: string | null; askedAt: string | null }) => [
        entry.userId,
        [entry.answer, entry.askedAt === null],
      ]),
    );
    expect(answers).toEqual({
      [mei.user.id]: ['yes', false],
      [raju.user.id]: ['no', false],
      [wendy.user.id]: [null, true],
    });
    // Wendy, aboard now, is asked at the next minute.
    await run('2027-07-09T13:01:00');
    expect(await asked()).toContain(wendy.user.id);
  });

  it('refuses a bad answer with a clear message', async () => {
    for (const body of [{ answer: 'maybe' }, {}, { answer: 1 }]) {
      const answer = await mei.post(question(), body);
      expect([answer.status, answer.body.code]).toEqual([400, 'invalid_input']);
    }
    const stranger = await registerMember(suite.app, 'stillStranger');
    expect((await stranger.get(question())).body).toMatchObject({ mine: null, passengers: null, canRemind: false });
  });

  it('lets the organiser remind the silent ones once, and nobody else', async () => {
    await setRideDate(rideId, '2027-08-10T09:00:00');
    await run('2027-08-09T13:00:00');
    expect((await organiser.get(question())).body.canRemind).toBe(true);
    expect((await mei.post(question(), { answer: 'yes' })).status).toBe(200);

    const byPassenger = await mei.post(`${question()}/remind`);
    expect([byPassenger.status, byPassenger.body.code]).toEqual([403, 'still_coming_organiser_only']);

    const reminded = await organiser.post(`${question()}/remind`);
    expect(reminded.status, JSON.stringify(reminded.body)).toBe(200);
    expect(reminded.body.canRemind).toBe(false);
    expect(reminded.body.remindedAt).not.toBeNull();
    // Raju, silent, has a second notice that says it is asked again; Mei, who answered, does not.
    const rajus = await notices(raju.user.id);
    expect(rajus).toHaveLength(2);
    expect(rajus[1]!.params.again).toBe(true);
    expect(await notices(mei.user.id)).toHaveLength(1);

    const twice = await organiser.post(`${question()}/remind`);
    expect([twice.status, twice.body.code]).toEqual([409, 'still_coming_already_reminded']);
    expect(await notices(raju.user.id)).toHaveLength(2);
  });
});
