// The Node host's clock (server/reminder-clock.ts, ADR 0051): started, it runs
// app.run_due_reminders() at once on the real clock, so a passenger whose moment is now is asked
// before the first minute ends; stopped, it waits for a tick in flight and ticks no more.
import { describe, expect, it } from 'vitest';

import { startReminderClock } from '../../server/reminder-clock.ts';
import { createRide, registerMember } from '../support/api-client.ts';
import { backends, ownerQuery } from '../support/databases.ts';
import { useSuite } from '../support/suite.ts';
import { joinBody } from './ride-test-kit.ts';

// Whether Singapore's wall clock is inside the 8 am to 10 pm window just now.
function inWindow(now = new Date()): boolean {
  const minutes = ((now.getUTCHours() + 8) % 24) * 60 + now.getUTCMinutes();
  return minutes >= 8 * 60 && minutes <= 22 * 60;
}

describe.each(backends)('the reminder clock on %s', (backend) => {
  const suite = useSuite(backend);

  it('asks at start who is due, once, and stops', async () => {
    const organiser = await registerMember(suite.app, 'clockOrg');
    const mei = await registerMember(suite.app, 'clockMei');
    const ride = (await createRide(organiser, { maxPassengers: 3 })).id;
    expect((await mei.post(`/api/rides/${ride}/join`, joinBody())).status).toBe(201);
    // 19 hours 59 minutes from now: its moment (20 hours before) came a minute ago.
    await ownerQuery(
      suite.db,
      "update public.rides set date = now() + interval '19 hours 59 minutes' where id = $1::integer",
      [ride],
    );
    const window = inWindow();
    const errors: unknown[] = [];
    const stop = startReminderClock(suite.db.database, undefined, (_message, error) => errors.push(error));
    await stop();
    const asked = await ownerQuery<{ user_id: number }>(
      suite.db,
      'select user_id from public.ride_still_coming where ride_id = $1::integer',
      [ride],
    );
    expect(errors).toEqual([]);
    // Outside the window (this suite may run at night in Singapore) nobody is asked.
    // Outside the window (this suite may run at night in Singapore) nobody is asked; a run that
    // straddles its edge proves nothing either way.
    if (window === inWindow()) expect(asked.map((row) => row.user_id)).toEqual(window ? [mei.user.id] : []);
    // A second start (a restart) asks nobody twice.
    await startReminderClock(suite.db.database, undefined)();
    const notices = await ownerQuery<{ n: number }>(
      suite.db,
      "select count(*)::int as n from public.notifications where ride_id = $1::integer and kind = 'still_coming'",
      [ride],
    );
    expect(notices[0]!.n).toBe(asked.length);
  });
});
