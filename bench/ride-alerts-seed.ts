// The ride alerts the alert benches measure against: 1,000 members holding 3 alerts each, spread
// as members would set them: either direction; half standing (1 to 3 weekdays), half dated (a
// range of up to a week within the next three weeks); windows of 2 to 5 hours between 05:00 and
// 23:00 Singapore time.
import type { Database } from '../supabase/functions/api/lib/database.ts';

export const ALERT_MEMBERS = 1_000;
export const ALERTS_EACH = 3;

// Seeded, so every run sets the same alerts.
function generator(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

// 1,000 members, 3 alerts each, written as the owner (the api's throttles on sign-ups are not
// what is measured here).
export async function seedAlerts(database: Database): Promise<number> {
  const random = generator(24_02);
  const pick = (n: number) => Math.floor(random() * n);
  return database.transaction(async (tx) => {
    const users = await tx.query<{ id: number }>(
      `insert into public.users (discord_username, name)
       select 'alertbench' || n, 'Alert Bench ' || n from generate_series(1, $1::int) n
       returning id`,
      [ALERT_MEMBERS],
    );
    const rows = { user: [] as number[], direction: [] as string[], first: [] as (string | null)[] };
    const more = { last: [] as (string | null)[], weekdays: [] as (string | null)[], start: [] as string[] };
    const ends: string[] = [];
    const day = (offset: number) =>
      new Date(Date.now() + 8 * 3_600_000 + offset * 86_400_000).toISOString().slice(0, 10);
    for (const { id } of users) {
      for (let n = 0; n < ALERTS_EACH; n += 1) {
        rows.user.push(id);
        rows.direction.push(random() < 0.5 ? 'FC->SG' : 'SG->FC');
        if (random() < 0.5) {
          const days = new Set(Array.from({ length: 1 + pick(3) }, () => 1 + pick(7)));
          rows.first.push(null);
          more.last.push(null);
          more.weekdays.push(`{${[...days].sort().join(',')}}`);
        } else {
          const first = pick(21);
          rows.first.push(day(first));
          more.last.push(day(first + pick(7)));
          more.weekdays.push(null);
        }
        const start = 5 + pick(14);
        more.start.push(`${String(start).padStart(2, '0')}:00`);
        ends.push(`${String(start + 2 + pick(4)).padStart(2, '0')}:00`);
      }
    }
    await tx.query(
      `insert into public.ride_alerts (user_id, direction, first_day, last_day, weekdays, window_start, window_end)
       select user_id, direction, first_day, last_day, weekdays::smallint[], window_start, window_end
         from unnest($1::int[], $2::public.ride_direction[], $3::date[], $4::date[], $5::text[], $6::time[], $7::time[])
         as a(user_id, direction, first_day, last_day, weekdays, window_start, window_end)`,
      [rows.user, rows.direction, rows.first, more.last, more.weekdays, more.start, ends],
    );
    await tx.query('analyze public.ride_alerts');
    await tx.query('analyze public.notifications');
    return rows.user.length;
  });
}
