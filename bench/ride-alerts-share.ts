// What ride alerts cost a ride's creation (issue 24 §2, ADR 0024), measured so that the load of
// the machine falls on every side alike. Two databases of one backend, each behind the in-process
// api: one as today with no alerts, one with 1,000 members holding 3 alerts each. Rides are
// created in turn: a day ride without alerts (today's time), the same day ride with the alerts
// (~70 members told), and a night ride with the alerts (no window open: the match alone).
// `npm run bench:alerts`; PostgreSQL too when TEST_DATABASE_URL is set.
import { createTestApp, type Member, registerMember } from '../tests/support/api-client.ts';
import { type Backend, createTestDatabase, type TestDatabase } from '../tests/support/databases.ts';
import { seedAlerts } from './ride-alerts-seed.ts';

const ROUNDS = 40;

function median(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

const round = (value: number, places = 1) => Math.round(value * 10 ** places) / 10 ** places;

async function organiserOn(db: TestDatabase): Promise<Member> {
  const organiser = await registerMember(createTestApp(db.database), 'alertshare');
  await db.database.transaction((tx) =>
    tx.query(`update private.throttle_limits set max_count = 1000000 where name like 'rides:%'`),
  );
  return organiser;
}

// The round's ride: in the day, 09:00-21:30 Singapore time (01:00-13:30 UTC), or at night,
// 02:00-05:30 (18:00-21:30 UTC), on one of the next 28 days.
function rideOf(round: number, atNight: boolean) {
  const date = new Date(Date.now() + (1 + ((round * 7) % 28)) * 86_400_000);
  date.setUTCHours(atNight ? 18 + (round % 4) : 1 + (round % 13), (round % 2) * 30, 0, 0);
  const toForestCity = round % 2 === 1;
  return {
    direction: toForestCity ? 'SG->FC' : 'FC->SG',
    date: date.toISOString(),
    maxPassengers: 4,
    pickupLocation: toForestCity ? 'Pasir Ris MRT' : 'Forest City',
    dropoffLocations: [{ location: toForestCity ? 'Pasir Ris MRT' : 'Tampines Mall', passengerCount: 1 }],
    organizerPassengerCount: 1,
  };
}

async function timedCreate(organiser: Member, body: ReturnType<typeof rideOf>): Promise<number> {
  const started = performance.now();
  const answer = await organiser.post('/api/rides', body);
  if (answer.status !== 201) throw new Error(`POST /api/rides answered ${answer.status}`);
  return performance.now() - started;
}

export type AlertShare = Awaited<ReturnType<typeof measureAlertShare>>;

export async function measureAlertShare(backend: Backend) {
  const today = await createTestDatabase(backend);
  const withAlerts = await createTestDatabase(backend);
  try {
    const plain = await organiserOn(today);
    const alerted = await organiserOn(withAlerts);
    const alerts = await seedAlerts(withAlerts.database);
    const times = { today: [] as number[], told: [] as number[], matchOnly: [] as number[] };
    for (let index = 0; index < ROUNDS; index += 1) {
      times.today.push(await timedCreate(plain, rideOf(index, false)));
      times.told.push(await timedCreate(alerted, rideOf(index, false)));
      times.matchOnly.push(await timedCreate(alerted, rideOf(index, true)));
    }
    const [told] = await withAlerts.database.transaction((tx) =>
      tx.query<{ n: number }>(`select count(*)::int as n from public.notifications where kind = 'ride_alert'`),
    );
    const p50 = { today: median(times.today), told: median(times.told), matchOnly: median(times.matchOnly) };
    return {
      backend,
      alerts,
      membersToldPerRide: round(told!.n / ROUNDS),
      p50Ms: { today: round(p50.today), withAlertsTelling: round(p50.told), withAlertsNoneTold: round(p50.matchOnly) },
      ratio: { telling: round(p50.told / p50.today, 2), noneTold: round(p50.matchOnly / p50.today, 2) },
    };
  } finally {
    await today.close();
    await withAlerts.close();
  }
}

export function describeAlertShare(figures: AlertShare): string {
  return (
    `${figures.backend}: creating a ride, p50 of ${ROUNDS}: no alerts ${figures.p50Ms.today} ms; with ${figures.alerts} alerts ` +
    `telling ${figures.membersToldPerRide} members ${figures.p50Ms.withAlertsTelling} ms (x${figures.ratio.telling}), ` +
    `telling none ${figures.p50Ms.withAlertsNoneTold} ms (x${figures.ratio.noneTold})`
  );
}

// Run on its own (npm run bench:alerts), not when bench:api imports it.
if (import.meta.url === `file://${process.argv[1]}`) {
  const backends: Backend[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
  for (const backend of backends) {
    const figures = await measureAlertShare(backend);
    console.log(describeAlertShare(figures));
    console.log(JSON.stringify({ bench: 'ride-alerts-share', measuredAt: new Date().toISOString(), ...figures }));
  }
}
