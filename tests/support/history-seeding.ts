// Seeding a long past in SQL as the owner (the history tests and bench:api's history case):
// without the tables' own triggers (notices, chat lines, throttles: 10 ms a row), which a history
// long past has no use for, but with those that keep what the reads are measured on: the
// community's counts, the entries' dates, the trip mates and each member's kept entries. The
// foreign keys stay checked. One transaction: a seed that fails leaves every trigger on.
import type { Database, Queryable } from '../../supabase/functions/api/lib/database.ts';

const KEPT_WHILE_SEEDING = {
  rides: ['rides_count_added', 'rides_member_entries_added'],
  ride_passengers: [
    'ride_passengers_ride_date',
    'ride_passengers_trip_mates_added',
    'ride_passengers_member_entries_added',
  ],
};

const tables = Object.entries(KEPT_WHILE_SEEDING);
const TRIGGERS_OFF = tables
  .map(
    ([table, kept]) =>
      `alter table public.${table} disable trigger user;\n` +
      kept.map((trigger) => `alter table public.${table} enable trigger ${trigger};`).join('\n'),
  )
  .join('\n');
const TRIGGERS_ON = tables.map(([table]) => `alter table public.${table} enable trigger user;`).join('\n');

export async function seedHistory(db: Database, seed: (tx: Queryable) => Promise<void>): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.exec(TRIGGERS_OFF);
    await seed(tx);
    await tx.exec(TRIGGERS_ON);
  });
}
