import { z } from 'zod';

import { directionSchema, instantSchema } from './rides-response.ts';

// A weekly series (issue 27) as the api answers it (api/routes/ride-series.ts declares it;
// api/queries/ride-series.ts builds it). Every date is a real ride, whose `seriesId` names its
// series; this is the series seen whole. types/ride-series.ts infers the PWA's types from here.

const id = z.number().int();
const rideIds = z.array(id);

export const seriesDateSchema = z
  .object({
    rideId: id,
    // As a ride's date.
    date: instantSchema,
    maxPassengers: id,
    seatsLeft: z.number().int().nonnegative(),
    // The caller is aboard this date (as a passenger, or its organiser), or on its waitlist.
    onRide: z.boolean(),
    onWaitlist: z.boolean(),
  })
  .meta({ id: 'SeriesDate' });

// GET /api/series/{id}, and PATCH's answer.
export const rideSeriesSchema = z
  .object({
    id,
    creatorId: id,
    // The organiser's display name, as on a ride (members: name ?? username; visitors: name).
    organizerName: z.string().nullable(),
    direction: directionSchema,
    // ISO weekdays in Singapore time, 1 = Monday … 7 = Sunday, ascending.
    weekdays: z.array(z.number().int().min(1).max(7)),
    // The last day dates may fall on, Singapore time, YYYY-MM-DD.
    until: z.string(),
    // The time of day of its dates, Singapore time, HH:MM (the dates' own, after a change of the rest).
    time: z.string(),
    // When the organiser ended it; its upcoming dates are then cancelled.
    endedAt: instantSchema.nullable(),
    // Upcoming dates only, soonest first.
    dates: z.array(seriesDateSchema),
    // The caller's standing join ("every date from now"), or null.
    regular: z.object({ passengerCount: id, dropoffLocation: z.string() }).nullable(),
  })
  .meta({ id: 'RideSeries' });

// POST /api/series/{id}/join: the dates joined, those queued for, those the caller was on already.
export const seriesJoinResultSchema = z.object({ joined: rideIds, waitlisted: rideIds, alreadyOn: rideIds });

// POST /api/series/{id}/leave: the dates left (seats and places in a queue).
export const seriesLeaveResultSchema = z.object({ left: rideIds });

// POST /api/series/{id}/end and DELETE /api/rides/{id}?applyTo=following: how many dates went.
export const seriesCancelResultSchema = z.object({ cancelled: z.number().int().nonnegative() });
