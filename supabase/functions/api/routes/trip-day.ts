import { createRoute } from '@hono/zod-openapi';

import { rideIdParams } from '../../_shared/schemas/fields.ts';
import { carPositionSchema, carStepSchema, passengerStepSchema } from '../../_shared/schemas/trip-day.ts';
import { type TripDay, tripDaySchema } from '../../_shared/schemas/trip-day-response.ts';
import { contractRoutes, json, jsonBody, mount, refused } from '../lib/contract.ts';
import type { RequestDb } from '../lib/database.ts';
import { requireCaller } from '../lib/env.ts';
import { readBody, readId } from '../lib/validate.ts';

// The day of the trip (issue 40 §1): who may set which step, and when, is the database's
// (supabase/schemas/66_trip_day.sql); these routes validate and call its functions, and every
// answer is the trip as it is now, so the PWA sets it instead of asking again.
export const tripDayRoutes = contractRoutes();

const tags = ['Trip day'];

async function tripDay(db: RequestDb, sql: string, values: unknown[]): Promise<TripDay> {
  const row = await db.one<{ trip: TripDay }>(sql, values);
  return row!.trip;
}

// What every change refuses beside its own: the caller not aboard, another day, too many taps.
const changeRefusals = {
  400: ['invalid_id', 'invalid_json', 'body_not_object', 'invalid_input'],
  401: ['login_required'],
  403: ['not_on_trip'],
  404: ['ride_not_found'],
  409: ['trip_day_closed'],
  410: ['ride_removed'],
  429: ['too_many_trip_updates'],
} as const;

const getTrip = createRoute({
  method: 'get',
  path: '/rides/{id}/trip',
  tags,
  summary: "The ride's day: the car's steps and each passenger's, for those aboard",
  request: { params: rideIdParams },
  responses: {
    200: json('The trip as it is now', tripDaySchema),
    ...refused({
      400: ['invalid_id'],
      401: ['login_required'],
      403: ['not_on_trip'],
      404: ['ride_not_found'],
      410: ['ride_removed'],
    }),
  },
});
mount(tripDayRoutes, getTrip, async (c) => {
  requireCaller(c);
  const rideId = readId(c, 'id', 'ride');
  return c.json(await tripDay(c.get('db'), 'select app.trip_day_json($1::integer) as trip', [rideId]), 200);
});

const setCarStep = createRoute({
  method: 'post',
  path: '/rides/{id}/trip/car-steps',
  tags,
  summary: 'The driver or the organiser sets where the car is',
  request: { params: rideIdParams, body: jsonBody(carStepSchema) },
  responses: {
    200: json('The trip with the new step', tripDaySchema),
    ...refused({
      ...changeRefusals,
      400: [...changeRefusals[400], 'trip_stop_unknown'],
      403: [...changeRefusals[403], 'not_trip_driver'],
    }),
  },
});
mount(tripDayRoutes, setCarStep, async (c) => {
  requireCaller(c);
  const rideId = readId(c, 'id', 'ride');
  const input = await readBody(c, carStepSchema);
  const sql = 'select app.set_car_step($1::integer, $2::text, $3::text) as trip';
  return c.json(await tripDay(c.get('db'), sql, [rideId, input.step, input.stop ?? null]), 200);
});

const undoCarStep = createRoute({
  method: 'delete',
  path: '/rides/{id}/trip/car-steps/latest',
  tags,
  summary: 'Takes back the newest car step, within 2 minutes of it',
  request: { params: rideIdParams },
  responses: {
    200: json('The trip without that step', tripDaySchema),
    ...refused({
      ...changeRefusals,
      400: ['invalid_id'],
      403: [...changeRefusals[403], 'not_trip_driver'],
      409: [...changeRefusals[409], 'trip_step_not_undoable'],
    }),
  },
});
mount(tripDayRoutes, undoCarStep, async (c) => {
  requireCaller(c);
  const rideId = readId(c, 'id', 'ride');
  return c.json(await tripDay(c.get('db'), 'select app.undo_car_step($1::integer) as trip', [rideId]), 200);
});

const setPassengerStep = createRoute({
  method: 'post',
  path: '/rides/{id}/trip/passenger-steps',
  tags,
  summary: "A passenger's own step (at my stop, running late); picked up, also by the driver or the organiser",
  request: { params: rideIdParams, body: jsonBody(passengerStepSchema) },
  responses: {
    200: json('The trip with the new step', tripDaySchema),
    ...refused({
      ...changeRefusals,
      403: [...changeRefusals[403], 'not_trip_passenger'],
      404: [...changeRefusals[404], 'trip_passenger_not_found'],
    }),
  },
});
mount(tripDayRoutes, setPassengerStep, async (c) => {
  requireCaller(c);
  const rideId = readId(c, 'id', 'ride');
  const input = await readBody(c, passengerStepSchema);
  const sql = 'select app.set_passenger_step($1::integer, $2::integer, $3::text, $4::integer) as trip';
  const values = [rideId, input.userId ?? null, input.step, input.lateMinutes ?? null];
  return c.json(await tripDay(c.get('db'), sql, values), 200);
});

// The car's position (issue 40 §2, supabase/schemas/67_car_position.sql): the driver's phone
// sends it while the card is open; the last one only is kept.
const positionRefusals = {
  ...changeRefusals,
  403: [...changeRefusals[403], 'not_car_position_sharer'],
} as const;

const shareCarPosition = createRoute({
  method: 'put',
  path: '/rides/{id}/trip/position',
  tags,
  summary: "The driver (or the organiser of a ride with no driver) shares the car's position",
  request: { params: rideIdParams, body: jsonBody(carPositionSchema) },
  responses: {
    200: json('The trip with the position', tripDaySchema),
    ...refused({
      ...positionRefusals,
      400: [
        ...changeRefusals[400],
        'car_position_latitude',
        'car_position_longitude',
        'car_position_accuracy',
        'car_position_future',
        'car_position_too_old',
      ],
      409: [...changeRefusals[409], 'car_arrived'],
    }),
  },
});
mount(tripDayRoutes, shareCarPosition, async (c) => {
  requireCaller(c);
  const rideId = readId(c, 'id', 'ride');
  const input = await readBody(c, carPositionSchema);
  const sql =
    'select app.share_car_position($1::integer, $2::double precision, $3::double precision, $4::double precision, $5::timestamptz) as trip';
  const values = [rideId, input.latitude, input.longitude, input.accuracy, input.takenAt];
  return c.json(await tripDay(c.get('db'), sql, values), 200);
});

const stopCarPosition = createRoute({
  method: 'delete',
  path: '/rides/{id}/trip/position',
  tags,
  summary: "Stops sharing the car's position: the last one is deleted",
  request: { params: rideIdParams },
  responses: {
    200: json('The trip without a position', tripDaySchema),
    ...refused({
      400: ['invalid_id'],
      401: ['login_required'],
      403: ['not_on_trip', 'not_car_position_sharer'],
      404: ['ride_not_found'],
      410: ['ride_removed'],
    }),
  },
});
mount(tripDayRoutes, stopCarPosition, async (c) => {
  requireCaller(c);
  const rideId = readId(c, 'id', 'ride');
  return c.json(await tripDay(c.get('db'), 'select app.stop_car_position($1::integer) as trip', [rideId]), 200);
});
