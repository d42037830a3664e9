import type { Passenger, Ride } from '@shared/types/ride.ts';
import { describe, expect, it } from 'vitest';

import { makePassenger, makeRide } from '../testing/fixtures';
import { createQueryClient } from './query-client';
import { rideChanged, showsAnyRide, showsRide, showsSeries } from './ride-changes';

// Keys as features write them: each ends with what it shows of rides.
const DETAIL = (id: number) => ['a', 'detail', id, showsRide(id, ['aboard', 'details'], 'ride')];
const PASSENGERS = (id: number) => ['a', 'passengers', id, showsRide(id, ['aboard'], 'passengers')];
const PAYEE = (id: number) => ['b', id, showsRide(id, ['organiser'])];
const SERIES = (id: number) => ['c', id, showsSeries(id, ['aboard'])];
const LIST = ['a', 'list', showsAnyRide(['aboard'])];
const OTHER = ['d', 'unrelated'];

function cache(rides: Ride[]) {
  const client = createQueryClient();
  for (const ride of rides) {
    client.setQueryData(DETAIL(ride.id), ride);
    client.setQueryData(PASSENGERS(ride.id), [makePassenger(1, { rideId: ride.id })]);
    client.setQueryData(PAYEE(ride.id), { payee: 'x' });
  }
  client.setQueryData(SERIES(5), { id: 5 });
  client.setQueryData(LIST, []);
  client.setQueryData(OTHER, 1);
  return client;
}

const stale = (client: ReturnType<typeof cache>) =>
  client
    .getQueryCache()
    .getAll()
    .filter((query) => query.isStale())
    .map((query) => query.queryKey.filter((part) => typeof part !== 'object').join(' '));

describe('rideChanged', () => {
  it('marks stale what shows the changed fact of that ride, its series and the lists, and nothing else', () => {
    const client = cache([makeRide({ id: 1, seriesId: 5 }), makeRide({ id: 2 })]);
    rideChanged(client, { rides: [1], changed: ['aboard'] });
    expect(stale(client).sort()).toEqual(['a detail 1', 'a list', 'a passengers 1', 'c 5']);
  });

  it('writes the ride the answer holds instead of reading it again, and spares what the caller set', () => {
    const client = cache([makeRide({ id: 1 })]);
    const answer = makeRide({ id: 1, currentPassengers: 3 });
    rideChanged(client, { rides: [1], changed: ['aboard'], ride: answer }, [PASSENGERS(1)]);
    expect(client.getQueryData(DETAIL(1))).toEqual(answer);
    expect(stale(client)).toEqual(['a list']);
  });

  it('places one entry in the passenger list; an entry not in it has the list read again', () => {
    const client = cache([makeRide({ id: 1 })]);
    const entry = makePassenger(1, { rideId: 1, paymentStatus: 'claimed' });
    rideChanged(client, { rides: [1], changed: [], passenger: entry });
    expect(client.getQueryData<Passenger[]>(PASSENGERS(1))).toEqual([entry]);
    expect(stale(client)).toEqual([]);

    rideChanged(client, { rides: [1], changed: [], passenger: makePassenger(9, { rideId: 1 }) });
    expect(stale(client)).toEqual(['a passengers 1']);
  });

  it("reaches every ride's queries for a change to many ('all')", () => {
    const client = cache([makeRide({ id: 1 }), makeRide({ id: 2 })]);
    rideChanged(client, { rides: 'all', changed: ['organiser'] });
    expect(stale(client).sort()).toEqual(['b 1', 'b 2']);
  });
});
