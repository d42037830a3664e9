// The community two years on (issue 10), as a plan: who the members are and every ride they
// organised and joined. Pure and deterministic (a seeded generator, dates relative to `now`), so
// a unit test can check the shape and community-fixture.ts can replay it through the api.

export interface FixturePerson {
  discordUsername: string;
  name: string;
  whatsappNumber: string;
  malaysianNumber?: string;
  revolutUsername?: string;
}

export interface FixtureVendor extends FixturePerson {
  isVendor: true;
  companyName: string;
  driverDetails: { name: string; contact: string; carNumber: string };
}

export type Direction = 'SG->FC' | 'FC->SG';

export interface PlannedPassenger {
  // Index into `members`.
  member: number;
  passengerCount: number;
  dropoffLocation: string;
  // When they joined; the join itself happens at seeding time and is dated back with SQL.
  joinedAt: string;
}

export interface PlannedRide {
  // Index into `members`.
  organiser: number;
  direction: Direction;
  // The ride's real date: in the past for the 5,000 history rides.
  date: string;
  createdAt: string;
  maxPassengers: number;
  organizerPassengerCount: number;
  pickupLocation: string;
  dropoffLocations: Array<{ location: string; passengerCount: number }>;
  driverContactId: number | null;
  passengers: PlannedPassenger[];
  // Index into `vendors`, or null for an open ride. Upcoming rides are assigned through the api;
  // past ones in the SQL that dates them back (a vendor holds at most 10 upcoming rides).
  vendor: number | null;
}

export interface CommunityPlan {
  now: string;
  members: FixturePerson[];
  vendors: FixtureVendor[];
  // Upcoming rides first (by date), then past ones (newest first).
  rides: PlannedRide[];
}

export const UPCOMING_RIDES = 1000;
export const PAST_RIDES = 5000;
export const PASSENGERS_PER_RIDE = 2;
// How far ahead members plan, and how far back the history goes.
const UPCOMING_DAYS = 120;
const PAST_DAYS = 730;
export const FIXTURE_PASSWORD = 'community-fixture-1';

// The people the screenshots tell their story with; the admin must be user 1 (ADMIN_USERNAME).
export const ADMIN: FixturePerson = {
  discordUsername: 'admin',
  name: 'Community Admin',
  whatsappNumber: '+6580001234',
};
export const ORGANISER: FixturePerson = {
  discordUsername: 'weiming.tan',
  name: 'Tan Wei Ming',
  whatsappNumber: '+6591234567',
  malaysianNumber: '+60123456789',
  revolutUsername: 'weimingtan',
};
export const SECOND_ORGANISER: FixturePerson = {
  discordUsername: 'priya.n',
  name: 'Priya Nair',
  whatsappNumber: '+6587654321',
  malaysianNumber: '+601123456789',
};
export const PASSENGERS: FixturePerson[] = [
  { discordUsername: 'arjun.k', name: 'Arjun Kumar', whatsappNumber: '+6592345678' },
  { discordUsername: 'siti.r', name: 'Siti Rahman', whatsappNumber: '+6593456789', malaysianNumber: '+60134567890' },
];
export const MEMBER: FixturePerson = {
  discordUsername: 'meiling.lim',
  name: 'Lim Mei Ling',
  whatsappNumber: '+6594567890',
};
export const VENDOR: FixtureVendor = {
  discordUsername: 'lim.transport',
  name: 'Lim Ah Kow',
  whatsappNumber: '+6581112222',
  isVendor: true,
  companyName: 'Lim Cross-Border Transport',
  driverDetails: { name: 'Lim Ah Kow', contact: '+60128881234', carNumber: 'JQB 8812' },
};
const SECOND_VENDOR: FixtureVendor = {
  discordUsername: 'johor.express',
  name: 'Rosli Ahmad',
  whatsappNumber: '+60127765432',
  isVendor: true,
  companyName: 'Johor Express Transfers',
  driverDetails: { name: 'Rosli Ahmad', contact: '+60127765432', carNumber: 'JVK 3021' },
};

// The story's people have no upcoming rides in the fixture, so the screenshots can still create
// and join theirs under the per-member throttles; their history is in the past rides.
const STORY_MEMBERS = [ADMIN, ORGANISER, SECOND_ORGANISER, ...PASSENGERS, MEMBER];

const OTHER_NAMES: Array<[string, string]> = [
  ['jiahui.ong', 'Ong Jia Hui'],
  ['farid.ismail', 'Muhammad Farid bin Ismail'],
  ['kavitha.s', 'Kavitha Subramaniam'],
  ['darren.goh', 'Darren Goh'],
  ['nurul.aina', 'Nurul Aina binti Hassan'],
  ['ravi.menon', 'Ravi Menon'],
  ['chloe.teo', 'Chloe Teo'],
  ['hafiz.rahim', 'Hafiz Rahim'],
  ['jasmine.lee', 'Jasmine Lee Hui Min'],
  ['suresh.pillai', 'Suresh Pillai'],
  ['amanda.chua', 'Amanda Chua'],
  ['azlan.yusof', 'Azlan Yusof'],
  ['melissa.ng', 'Melissa Ng'],
  ['vikram.rao', 'Vikram Rao'],
  ['grace.koh', 'Grace Koh'],
  ['irfan.hakim', 'Irfan Hakim'],
  ['evelyn.wong', 'Evelyn Wong'],
  ['daniel.lau', 'Daniel Lau Chee Keong'],
  ['aishah.zainal', 'Aishah Zainal'],
  ['kelvin.chan', 'Kelvin Chan'],
  ['deepa.krishnan', 'Deepa Krishnan'],
  ['marcus.yeo', 'Marcus Yeo'],
  ['liyana.omar', 'Liyana Omar'],
  ['benjamin.sim', 'Benjamin Sim'],
];

// Places members really use (the screenshots' and the e2e journeys' among them).
const SINGAPORE_PLACES = [
  'Tampines Mall, 4 Tampines Central 5',
  'Tampines MRT Station, Exit B',
  'Jurong East MRT Station, Exit D (taxi stand)',
  'Woodlands MRT Station',
  'Bedok Mall, 311 New Upper Changi Road',
  'Paya Lebar Quarter, 10 Paya Lebar Road',
  'Pasir Ris MRT',
  'Bishan MRT Station, Exit A',
  'Clementi Mall, 3155 Commonwealth Avenue West',
  'Changi Airport Terminal 3, Departures',
  'NEX, 23 Serangoon Central',
  'Waterway Point, 83 Punggol Central',
  'Orchard MRT Station, Exit E',
  'HarbourFront Centre, 1 Maritime Square',
  'Yishun MRT Station, Exit C',
];
const FOREST_CITY_PICKUPS = [
  'Forest City',
  'Forest City',
  'Forest City, Carnelian Tower lobby',
  'Forest City Golf Resort',
];
// Singapore time, when people leave.
const DEPARTURES = [
  '06:30',
  '07:00',
  '07:30',
  '08:00',
  '08:45',
  '10:00',
  '12:30',
  '14:00',
  '16:30',
  '17:30',
  '18:00',
  '18:45',
  '19:30',
  '21:00',
];
const MAX_PASSENGERS = [3, 4, 4, 5, 5, 6, 6, 6, 7, 10];
// The seed's drivers (ids 1 and 2) or none chosen yet.
const DRIVER_CONTACTS = [1, 1, 2, null, null];

// mulberry32: small, fast and the same everywhere.
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (below: number) => Math.floor(next() * below);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)]!;
  return { next, int, pick };
}

function digits(random: ReturnType<typeof generator>, count: number): string {
  return Array.from({ length: count }, () => random.int(10)).join('');
}

function members(random: ReturnType<typeof generator>): FixturePerson[] {
  const others = OTHER_NAMES.map(([discordUsername, name], index): FixturePerson => {
    const person: FixturePerson = {
      discordUsername,
      name,
      whatsappNumber: `+65${index % 2 ? '8' : '9'}${digits(random, 7)}`,
    };
    if (index % 3 === 0) person.malaysianNumber = `+601${1 + random.int(9)}${digits(random, 7)}`;
    if (index % 4 === 1) person.revolutUsername = discordUsername.replace('.', '');
    return person;
  });
  return [...STORY_MEMBERS, ...others];
}

const DAY_MS = 86_400_000;
const SINGAPORE_OFFSET_MS = 8 * 3_600_000;

// `days` after today in Singapore, at a Singapore wall-clock time.
function singaporeDate(now: number, days: number, time: string): number {
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  const today = Math.floor((now + SINGAPORE_OFFSET_MS) / DAY_MS) * DAY_MS;
  return today + days * DAY_MS + (hours * 60 + minutes) * 60_000 - SINGAPORE_OFFSET_MS;
}

function otherMembers(random: ReturnType<typeof generator>, pool: number[], exclude: number, count: number): number[] {
  const chosen: number[] = [];
  while (chosen.length < count) {
    const candidate = random.pick(pool);
    if (candidate !== exclude && !chosen.includes(candidate)) chosen.push(candidate);
  }
  return chosen;
}

function planRide(
  random: ReturnType<typeof generator>,
  date: number,
  now: number,
  pool: number[],
  vendorShare: number,
): PlannedRide {
  const direction: Direction = random.next() < 0.5 ? 'SG->FC' : 'FC->SG';
  const organiser = random.pick(pool);
  const organizerPassengerCount = random.next() < 0.8 ? 1 : 2;
  const counts = [1, 1].map(() => (random.next() < 0.1 ? 2 : 1));
  const needed = organizerPassengerCount + counts[0]! + counts[1]!;
  // One ride in six fills up exactly; the rest leave seats.
  const full = random.int(6) === 0;
  const maxPassengers = full ? needed : Math.max(needed + 1, random.pick(MAX_PASSENGERS));
  // Created a few days before it leaves, never after now; joined between creation and departure.
  const createdAt = Math.min(
    now - (1 + random.int(14 * 24)) * 3_600_000,
    date - (1 + random.int(10)) * DAY_MS - random.int(12) * 3_600_000,
  );
  const joinedBefore = Math.min(now - 30_000, date - 3_600_000);
  const organiserStop = random.pick(SINGAPORE_PLACES);
  const passengers = otherMembers(random, pool, organiser, PASSENGERS_PER_RIDE).map((member, index) => ({
    member,
    passengerCount: counts[index]!,
    // A third of passengers get off where the organiser does: no extra stop.
    dropoffLocation: random.int(3) === 0 ? organiserStop : random.pick(SINGAPORE_PLACES),
    joinedAt: new Date(createdAt + Math.floor(random.next() * Math.max(0, joinedBefore - createdAt))).toISOString(),
  }));
  return {
    organiser,
    direction,
    date: new Date(date).toISOString(),
    createdAt: new Date(createdAt).toISOString(),
    maxPassengers,
    organizerPassengerCount,
    pickupLocation: direction === 'FC->SG' ? random.pick(FOREST_CITY_PICKUPS) : organiserStop,
    dropoffLocations:
      direction === 'FC->SG' ? [{ location: organiserStop, passengerCount: organizerPassengerCount }] : [],
    driverContactId: random.pick(DRIVER_CONTACTS),
    passengers,
    // Mostly the second vendor; Lim Cross-Border Transport takes one in four.
    vendor: random.next() < vendorShare ? (random.int(4) === 0 ? 0 : 1) : null,
  };
}

// A vendor holds at most 10 upcoming rides (migration 20261124000400): the upcoming assignments
// stop there, and Lim Cross-Border Transport keeps room for the screenshots' story ride.
export const UPCOMING_ASSIGNMENTS = [6, 10];

function capUpcomingAssignments(rides: PlannedRide[]): PlannedRide[] {
  const held = UPCOMING_ASSIGNMENTS.map(() => 0);
  return rides.map((ride) => {
    if (ride.vendor === null) return ride;
    if (held[ride.vendor]! < UPCOMING_ASSIGNMENTS[ride.vendor]!) {
      held[ride.vendor] = held[ride.vendor]! + 1;
      return ride;
    }
    return { ...ride, vendor: null };
  });
}

// Spreads `count` rides over `days` days from `firstDay` (negative: back in time), at the
// departure times people use.
function rideDates(
  random: ReturnType<typeof generator>,
  now: number,
  count: number,
  firstDay: number,
  step: 1 | -1,
  days: number,
): number[] {
  return Array.from({ length: count }, (_, index) => {
    const day = firstDay + step * Math.floor((index * days) / count);
    return singaporeDate(now, day, random.pick(DEPARTURES));
  });
}

export function planCommunity(now: number, seed = 20261124): CommunityPlan {
  const random = generator(seed);
  const people = members(random);
  const everyone = people.map((_, index) => index);
  const notInStory = everyone.slice(STORY_MEMBERS.length);

  const upcoming = capUpcomingAssignments(
    rideDates(random, now, UPCOMING_RIDES, 1, 1, UPCOMING_DAYS)
      .sort((a, b) => a - b)
      .map((date) => planRide(random, date, now, notInStory, 0.1)),
  );
  const past = rideDates(random, now, PAST_RIDES, -1, -1, PAST_DAYS)
    .sort((a, b) => b - a)
    .map((date) => planRide(random, date, now, everyone, 0.3));
  return {
    now: new Date(now).toISOString(),
    members: people,
    vendors: [VENDOR, SECOND_VENDOR],
    rides: [...upcoming, ...past],
  };
}
