import { createRoute } from '@hono/zod-openapi';
import { type Context, Hono } from 'hono';

import { refusal } from '../../_shared/refusals.ts';
import { rideIdParams } from '../../_shared/schemas/fields.ts';
import { messageAnswerSchema } from '../../_shared/schemas/message-response.ts';
import { offlineRidesQuerySchema } from '../../_shared/schemas/offline-rides.ts';
import { type OfflineRides, offlineRidesSchema } from '../../_shared/schemas/offline-rides-response.ts';
import { MEMBER_RIDE_LIST_SCOPES, type RidePageQuery, ridePageQuerySchema } from '../../_shared/schemas/ride-page.ts';
import { APPLY_TO, rideDeleteQuerySchema, type SeriesRepeatInput } from '../../_shared/schemas/ride-series.ts';
import { seriesCancelResultSchema } from '../../_shared/schemas/ride-series-response.ts';
import { rideCancelSchema, type RideSaveInput, rideSaveSchema } from '../../_shared/schemas/rides.ts';
import { rideListSchema, ridePageSchema, rideSchema } from '../../_shared/schemas/rides-response.ts';
import type { Ride, RidePage } from '../../_shared/types/ride.ts';
import type { SeriesCancelResult } from '../../_shared/types/ride-series.ts';
import { contractRoutes, json, jsonBody, mount, refused } from '../lib/contract.ts';
import type { RequestDb } from '../lib/database.ts';
import { type AppEnv, requireCaller } from '../lib/env.ts';
import { HttpError, invalidInput } from '../lib/http-error.ts';
import { jsonText } from '../lib/json-text.ts';
import { respondWithCachedList, respondWithCachedListHit } from '../lib/list-cache.ts';
import { readSessionToken } from '../lib/session.ts';
import { readBody, readId, readQuery } from '../lib/validate.ts';
import { readOfflineRides } from '../queries/offline-rides.ts';
import { readRidePage } from '../queries/ride-page.ts';
import { listAllRidesVersioned, listJoinedRidesJson, listRidesJson, readRide } from '../queries/rides.ts';

export const rideRoutes = contractRoutes();

const tags = ['Rides'];

// app.save_ride's arguments after the ride's id: rideColumns, then the cost, the ride it is the
// way back of, the ride request it answers, and which dates of a series an edit changes.
const SAVE_RIDE_ARGUMENTS = `$1::public.ride_direction, $2::timestamptz, $3::integer, $4::integer, $5::text,
  $6::text::jsonb, $7::integer, $8::numeric, $9::integer, $10::integer, $11::text`;

function rideColumns(input: RideSaveInput): unknown[] {
  return [
    input.direction,
    new Date(input.date).toISOString(),
    input.maxPassengers,
    input.organizerPassengerCount,
    // The car's start: going to Singapore, the meeting point in Forest City when one is named
    // (queries/sql.ts, rideStartJson), else what the client sent ('Forest City').
    input.direction === 'FC->SG' ? (input.meetingPoint ?? input.pickupLocation) : input.pickupLocation,
    JSON.stringify(input.dropoffLocations),
    input.driverContactId ?? null,
  ];
}

// A weekly series (issue 27): the database makes every date at once (app.create_ride_series,
// the caller its organiser, a cost left out as app.save_ride's) and answers the first.
async function createSeries(db: RequestDb, input: RideSaveInput, repeat: SeriesRepeatInput) {
  return db.one<{ id: number }>(
    `select app.create_ride_series(
       $1::public.ride_direction, $2::timestamptz, $3::integer, $4::integer, $5::text, $6::text::jsonb,
       $7::integer, $8::numeric, $9::integer, $10::integer[], $11::date) as id`,
    [...rideColumns(input), input.cost ?? null, input.returnOf ?? null, repeat.weekdays, repeat.until],
  );
}

const readRidePageQuery = (c: Context<AppEnv>): RidePageQuery => readQuery(c, ridePageQuerySchema);

const pageCacheKey = (query: RidePageQuery) => `page:${JSON.stringify(query)}`;

// DELETE's ?applyTo= (issue 27): 'this' when left out, given at most once.
const readApplyTo = (c: Context<AppEnv>): (typeof APPLY_TO)[number] =>
  readQuery(c, rideDeleteQuerySchema, ['applyTo']).applyTo;

// Whether the caller blocked anyone (issue 26 §1): then the everyone lists are not theirs.
async function blocksAnyone(c: Context<AppEnv>): Promise<boolean> {
  if (c.get('caller') === null) return false;
  const row = await c
    .get('db')
    .one<{ blocks: boolean }>(
      'select exists (select 1 from public.member_blocks where blocker_id = (select app.current_user_id())) as blocks',
    );
  return row!.blocks;
}

// Cache hits of the lists that are the same for everyone, served before the request's
// transaction (lib/list-cache.ts); a miss goes on to the routes below.
export const rideListsBeforeTransaction = new Hono<AppEnv>();

rideListsBeforeTransaction.get('/rides/page', async (c, next) => {
  const query = readRidePageQuery(c);
  const hit = MEMBER_RIDE_LIST_SCOPES.has(query.scope)
    ? null
    : await respondWithCachedListHit(c, pageCacheKey(query), readSessionToken(c));
  if (hit) return hit;
  await next();
});

// Only a request with no session at all is surely a visitor's.
rideListsBeforeTransaction.get('/rides', async (c, next) => {
  const hit = readSessionToken(c) === null ? await respondWithCachedListHit(c, 'rides:visitor') : null;
  if (hit) return hit;
  await next();
});

// SPEC §7's whole list, every ride as a full `Ride`: cached per visibility variant and data
// version (lib/list-cache.ts).
const listRides = createRoute({
  method: 'get',
  path: '/rides',
  tags,
  summary: "Every ride, each as the detail call answers it (SPEC §7's list)",
  responses: { 200: json('Every ride, by date', rideListSchema) },
});
mount(rideRoutes, listRides, async (c) => {
  const member = c.get('caller') !== null;
  if (await blocksAnyone(c)) return jsonText<Ride[]>(c, await listRidesJson(c.get('db'), true, 'not-blocked'));
  return respondWithCachedList<Ride[]>(c, member ? 'rides:member' : 'rides:visitor', () =>
    listAllRidesVersioned(c.get('db'), member),
  );
});

// The windowed list (docs/decisions/0009-windowed-ride-lists.md). Registered before /rides/:id.
const listRidePage = createRoute({
  method: 'get',
  path: '/rides/page',
  tags,
  summary: 'One window of a ride list: Home, My Rides, the vendor dashboard (ADR 0009)',
  request: { query: ridePageQuerySchema },
  responses: {
    200: json('The window and where the next one starts', ridePageSchema),
    ...refused({ 400: ['invalid_input', 'parameter_repeated'], 401: ['login_required'] }),
  },
});
mount(rideRoutes, listRidePage, async (c) => {
  const query = readRidePageQuery(c);
  const db = c.get('db');
  if (MEMBER_RIDE_LIST_SCOPES.has(query.scope)) {
    requireCaller(c);
    return jsonText<RidePage>(c, (await readRidePage(db, query)).json);
  }
  // A member who blocked someone gets their own list, uncached; everyone else shares one cache
  // entry per query.
  if (await blocksAnyone(c)) return jsonText<RidePage>(c, (await readRidePage(db, query, { hideBlocked: true })).json);
  return respondWithCachedList<RidePage>(c, pageCacheKey(query), () => readRidePage(db, query));
});

// Registered before /rides/:id so "user" is never read as an id. Upcoming rides and the most
// recent past ones (queries/rides.ts JOINED_PAST_RIDES); the PWA's My Rides pages instead.
const listJoinedRides = createRoute({
  method: 'get',
  path: '/rides/user/joined',
  tags,
  summary: "The caller's upcoming rides and the most recent past ones",
  responses: {
    200: json('Rides the caller organises or has joined', rideListSchema),
    ...refused({ 401: ['login_required'] }),
  },
});
mount(rideRoutes, listJoinedRides, async (c) => {
  requireCaller(c);
  return jsonText<Ride[]>(c, await listJoinedRidesJson(c.get('db')));
});

// The member's rides with everything their pages read, for the PWA to keep offline (ADR 0017).
const listOfflineRides = createRoute({
  method: 'get',
  path: '/rides/user/offline',
  tags,
  summary: "The caller's rides with what their pages read, to keep for the checkpoint (ADR 0017)",
  request: { query: offlineRidesQuerySchema },
  responses: {
    200: json('Every ride the caller organises, has joined, waits for or drives, soonest first', offlineRidesSchema),
    ...refused({ 400: ['invalid_input'], 401: ['login_required'] }),
  },
});
mount(rideRoutes, listOfflineRides, async (c) => {
  const caller = requireCaller(c);
  const parsed = offlineRidesQuerySchema.safeParse(c.req.query());
  if (!parsed.success) throw invalidInput(parsed.error.issues[0]!.message, parsed.error.issues[0]!.path);
  const answer: OfflineRides = { rides: await readOfflineRides(c.get('db'), caller.userId) };
  return c.json(answer, 200);
});

const getRide = createRoute({
  method: 'get',
  path: '/rides/{id}',
  tags,
  summary: 'One ride (visitors get the organiser without contacts)',
  request: { params: rideIdParams },
  responses: {
    200: json('The ride', rideSchema),
    ...refused({ 400: ['invalid_id'], 404: ['ride_not_found'], 410: ['ride_removed'] }),
  },
});
mount(rideRoutes, getRide, async (c) => {
  const db = c.get('db');
  const rideId = readId(c, 'id', 'ride');
  const ride = await readRide(db, c.get('caller') !== null, rideId);
  if (!ride) {
    // A ride the admin hid is in no list; its page says what became of it (issue 26).
    const removed = await db.one<{ removed: boolean }>('select app.ride_removed($1::integer) as removed', [rideId]);
    throw removed?.removed
      ? new HttpError(410, refusal('ride_removed'))
      : new HttpError(404, refusal('ride_not_found'));
  }
  return c.json(ride, 200);
});

// What saving a ride may refuse beside the body: the database's rules for a ride (a suspended
// organiser, too many rides, a return trip that is not the caller's own way back, a driver gone).
const saveRefusals = {
  400: [
    'invalid_json',
    'body_not_object',
    'invalid_input',
    'ride_date_past',
    'organizer_exceeds_max',
    'driver_contact_missing',
    'return_same_direction',
    'return_too_early',
  ],
  401: ['login_required'],
  403: ['member_suspended', 'return_own_ride_only'],
  404: ['return_outbound_not_found'],
  409: ['return_already_planned'],
  429: ['too_many_ride_edits'],
} as const;

const createRide = createRoute({
  method: 'post',
  path: '/rides',
  tags,
  summary: 'Open a ride group (or a weekly series of them); the caller is its organiser',
  request: { body: jsonBody(rideSaveSchema) },
  responses: {
    201: json('The new ride (the first date of a series)', rideSchema),
    ...refused({
      ...saveRefusals,
      400: [
        ...saveRefusals[400],
        'series_no_dates',
        'series_until_before_start',
        'series_until_too_far',
        'series_weekdays_required',
      ],
      403: [
        ...saveRefusals[403],
        'vendor_cannot_create_ride',
        'ride_request_offer_not_allowed',
        'ride_request_offer_own_ride',
      ],
      404: [...saveRefusals[404], 'ride_request_not_found'],
      409: [
        ...saveRefusals[409],
        'ride_request_offer_mismatch',
        'ride_request_offer_repeat',
        'ride_request_offer_seats',
      ],
      429: [...saveRefusals[429], 'too_many_upcoming_rides', 'too_many_rides_today', 'too_many_series'],
    }),
  },
});
mount(rideRoutes, createRide, async (c) => {
  requireCaller(c);
  const input = await readBody(c, rideSaveSchema);
  const db = c.get('db');
  // Who may, the cost left out, a return trip and a ride request's offer: the database's
  // (app.save_ride, app.create_ride_series for a weekly series).
  const created = input.repeat
    ? await createSeries(db, input, input.repeat)
    : await db.one<{ id: number }>(`select app.save_ride(null, ${SAVE_RIDE_ARGUMENTS}) as id`, [
        ...rideColumns(input),
        input.cost ?? null,
        input.returnOf ?? null,
        input.requestId ?? null,
        null,
      ]);
  return c.json((await readRide(db, true, created!.id))!, 201);
});

const editRide = createRoute({
  method: 'patch',
  path: '/rides/{id}',
  tags,
  summary: 'Edit a ride (its organiser), or this date and every later one of its series',
  request: { params: rideIdParams, body: jsonBody(rideSaveSchema) },
  responses: {
    200: json('The ride as it now is', rideSchema),
    ...refused({
      ...saveRefusals,
      400: [...saveRefusals[400], 'invalid_id', 'not_in_series', 'series_day_change'],
      403: [...saveRefusals[403], 'not_ride_editor'],
      404: [...saveRefusals[404], 'ride_not_found'],
      409: [...saveRefusals[409], 'party_too_big', 'max_below_joined', 'series_seats_taken', 'past_ride_unchangeable'],
    }),
  },
});
mount(rideRoutes, editRide, async (c) => {
  requireCaller(c);
  const rideId = readId(c, 'id', 'ride');
  const input = await readBody(c, rideSaveSchema);
  const db = c.get('db');
  // The organiser only, a new date in the future, the party still fitting, this date or every
  // later one of its series (issue 27): the database's (app.save_ride).
  await db.query(`select app.save_ride($12::integer, ${SAVE_RIDE_ARGUMENTS})`, [
    ...rideColumns(input),
    input.cost ?? null,
    null,
    null,
    input.applyTo ?? 'this',
    rideId,
  ]);
  return c.json((await readRide(db, true, rideId))!, 200);
});

const deleteRide = createRoute({
  method: 'delete',
  path: '/rides/{id}',
  tags,
  summary: 'Delete a ride (its organiser), or with ?applyTo=following this date and every later one',
  request: { params: rideIdParams, query: rideDeleteQuerySchema },
  responses: {
    200: json(
      'The ride is deleted; for ?applyTo=following, how many dates went',
      messageAnswerSchema.or(seriesCancelResultSchema),
    ),
    ...refused({
      400: ['invalid_id', 'invalid_input', 'parameter_repeated', 'not_in_series'],
      401: ['login_required'],
      403: ['not_ride_deleter'],
      404: ['ride_not_found'],
      409: ['past_ride_undeletable'],
    }),
  },
});
mount(rideRoutes, deleteRide, async (c) => {
  requireCaller(c);
  const rideId = readId(c, 'id', 'ride');
  const db = c.get('db');
  if (readApplyTo(c) === 'following') {
    // This date and every later one of its series, each member told once (issue 27).
    const row = await db.one<{ cancelled: number }>('select app.cancel_ride_series_from($1::integer) as cancelled', [
      rideId,
    ]);
    const answer: SeriesCancelResult = { cancelled: row!.cancelled };
    return c.json(answer, 200);
  }
  // RLS limits the delete to the caller's own rides; an empty result says which refusal it was.
  const deleted = await db.one('delete from public.rides where id = $1::integer returning id', [rideId]);
  if (!deleted) {
    const exists = await db.one('select 1 from public.rides where id = $1::integer', [rideId]);
    throw exists ? new HttpError(403, refusal('not_ride_deleter')) : new HttpError(404, refusal('ride_not_found'));
  }
  return c.json({ message: 'Ride deleted successfully' }, 200);
});

// The ride page's "Cancel ride" (issue 37): one ride, with the organiser's reason for its
// passengers. The database decides who may (app.cancel_ride); the answer is the one of DELETE.
const cancelRide = createRoute({
  method: 'post',
  path: '/rides/{id}/cancel',
  tags,
  summary: "Cancel a ride with the organiser's reason for its passengers",
  request: { params: rideIdParams, body: jsonBody(rideCancelSchema, { required: false }) },
  responses: {
    200: json('The ride is cancelled', messageAnswerSchema),
    ...refused({
      400: ['invalid_id', 'invalid_json', 'body_not_object', 'invalid_input'],
      401: ['login_required'],
      403: ['not_ride_deleter'],
      404: ['ride_not_found'],
      409: ['past_ride_undeletable'],
    }),
  },
});
mount(rideRoutes, cancelRide, async (c) => {
  requireCaller(c);
  const rideId = readId(c, 'id', 'ride');
  const input = await readBody(c, rideCancelSchema);
  await c.get('db').query('select app.cancel_ride($1::integer, $2::text)', [rideId, input.reason ?? null]);
  return c.json({ message: 'Ride deleted successfully' }, 200);
});
