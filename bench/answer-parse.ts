// What reading the api's answers through their schemas costs the PWA (issue 39 §1, ADR 0048):
// the answers /home and /rides/{id} read first, at the community fixture's size (community-plan.ts:
// home's first page of 20 upcoming rides, the ride with the most passengers, the organiser's
// rides kept offline), parsed with the schemas the fetchers pass. Prints milliseconds: the first
// parse in a fresh process (zod builds its fast path then), and the median of many after.
//
//   node --import tsx bench/answer-parse.ts
import { performance } from 'node:perf_hooks';

import { planCommunity, type PlannedRide } from './community-plan.ts';

const RUNS = 500;
const HOME_PAGE_SIZE = 20;

const [rides, passengers, stats, offline] = await Promise.all([
  import('../supabase/functions/_shared/schemas/rides-response.ts'),
  import('../supabase/functions/_shared/schemas/passengers-response.ts'),
  import('../supabase/functions/_shared/schemas/stats-response.ts'),
  import('../supabase/functions/_shared/schemas/offline-rides-response.ts'),
]);

const plan = planCommunity(Date.now());
const now = Date.parse(plan.now);
const upcoming = plan.rides.filter((ride) => Date.parse(ride.date) > now);

// A ride as GET /api/rides/{id} answers it to a member (api/queries/rides.ts).
function rideAnswer(ride: PlannedRide, id: number) {
  const organiser = plan.members[ride.organiser]!;
  return {
    id,
    creatorId: ride.organiser + 1,
    direction: ride.direction,
    date: ride.date,
    maxPassengers: ride.maxPassengers,
    currentPassengers: ride.organizerPassengerCount + ride.passengers.reduce((sum, p) => sum + p.passengerCount, 0),
    organizerPassengerCount: ride.organizerPassengerCount,
    pickupLocation: ride.pickupLocation,
    meetingPoint: null,
    dropoffLocations: ride.dropoffLocations,
    status: ride.vendor === null ? 'open' : 'assigned',
    vendorId: ride.vendor === null ? null : 9000 + ride.vendor,
    driverContactId: ride.driverContactId,
    cost: 80,
    additionalStops: Math.max(0, ride.dropoffLocations.length - 1),
    sequenceLocked: false,
    createdAt: ride.createdAt,
    creatorName: organiser.name,
    organizerName: organiser.name,
    creator: {
      id: ride.organiser + 1,
      name: organiser.name,
      discordUsername: organiser.discordUsername,
      whatsappNumber: organiser.whatsappNumber,
      malaysianNumber: organiser.malaysianNumber ?? null,
      revolutUsername: organiser.revolutUsername ?? null,
    },
    returnOf: null,
    returnTrip: null,
    seriesId: null,
  };
}

// A ride's passenger entries as GET /api/rides/{id}/passengers answers them to its organiser.
function passengersAnswer(ride: PlannedRide, rideId: number) {
  return ride.passengers.map((passenger, index) => {
    const member = plan.members[passenger.member]!;
    return {
      id: rideId * 10 + index,
      rideId,
      userId: passenger.member + 1,
      dropoffLocation: passenger.dropoffLocation,
      dropoffSequence: null,
      pickupTime: null,
      passengerCount: passenger.passengerCount,
      createdAt: passenger.joinedAt,
      user: {
        id: passenger.member + 1,
        fullName: null,
        name: member.name,
        discordUsername: member.discordUsername,
        whatsappNumber: member.whatsappNumber,
        malaysianNumber: member.malaysianNumber ?? null,
        revolutUsername: member.revolutUsername ?? null,
      },
      paymentStatus: null,
      share: null,
      payments: null,
      money: null,
      record: { trips: 3, noShows: 0 },
      noShow: null,
    };
  });
}

const listItem = (ride: ReturnType<typeof rideAnswer>) => rides.rideListItemSchema.parse(ride);
const homePage = {
  rides: upcoming.slice(0, HOME_PAGE_SIZE).map((ride, index) => listItem(rideAnswer(ride, index + 1))),
  nextCursor: 'eyJkIjoiMjAzMCJ9',
};
const busiest = upcoming.reduce((most, ride) => (ride.passengers.length > most.passengers.length ? ride : most));
const organiser = plan.rides[0]!.organiser;
const organisersRides = upcoming.filter((ride) => ride.organiser === organiser).slice(0, 30);

interface Case {
  page: string;
  answer: string;
  schema: { parse(value: unknown): unknown };
  body: unknown;
}
const cases: Case[] = [
  {
    page: '/home',
    answer: `GET /api/rides/page (${HOME_PAGE_SIZE} rides)`,
    schema: rides.ridePageSchema,
    body: homePage,
  },
  {
    page: '/home',
    answer: 'GET /api/stats',
    schema: stats.communityStatsSchema,
    body: { totalRides: 6000, totalUsers: 1200 },
  },
  {
    page: '/home',
    answer: `GET /api/rides/user/offline (${organisersRides.length} rides, after the first screen)`,
    schema: offline.offlineRidesSchema,
    body: {
      rides: organisersRides.map((ride, index) => ({
        ride: rideAnswer(ride, index + 1),
        passengers: passengersAnswer(ride, index + 1),
        payment: null,
        vendor: null,
        waitlist: { mine: null, entries: [], waiting: 0 },
        conversation: null,
      })),
    },
  },
  { page: '/rides/{id}', answer: 'GET /api/rides/{id}', schema: rides.rideSchema, body: rideAnswer(busiest, 1) },
  {
    page: '/rides/{id}',
    answer: `GET /api/rides/{id}/passengers (${busiest.passengers.length} entries)`,
    schema: passengers.passengerListSchema,
    body: passengersAnswer(busiest, 1),
  },
];

const ms = (value: number) => `${value.toFixed(3)} ms`;
for (const { page, answer, schema, body } of cases) {
  // Through JSON, as the answer arrives.
  const text = JSON.stringify(body);
  const first = performance.now();
  schema.parse(JSON.parse(text));
  const firstMs = performance.now() - first;
  const times: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const value: unknown = JSON.parse(text);
    const at = performance.now();
    schema.parse(value);
    times.push(performance.now() - at);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(RUNS / 2)]!;
  console.log(
    `${page}  ${answer}, ${(text.length / 1024).toFixed(1)} KB: first ${ms(firstMs)}, then median ${ms(median)}`,
  );
}
