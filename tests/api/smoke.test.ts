import { describe, expect, it } from 'vitest';

import { createRide, registerMember } from '../support/api-client.ts';
import { backends } from '../support/databases.ts';
import { useSuite } from '../support/suite.ts';

describe.each(backends)('smoke on %s', (backend) => {
  const suite = useSuite(backend);

  it('registers, creates, joins, reads', async () => {
    const organiser = await registerMember(suite.app, 'org');
    const ride = await createRide(organiser, { direction: 'FC->SG' });
    expect(ride.currentPassengers).toBe(1);
    const member = await registerMember(suite.app, 'pax');
    const joined = await member.post(`/api/rides/${ride.id}/join`, { passengerCount: 2, dropoffLocation: 'Bedok' });
    expect(joined.status).toBe(201);
    expect(joined.body.ride.currentPassengers).toBe(3);
    expect(joined.body.ride.additionalStops).toBe(1);
    const passengers = await organiser.get(`/api/rides/${ride.id}/passengers`);
    expect(passengers.body).toHaveLength(1);
    const me = await member.get('/api/auth/me');
    expect(me.body.discordUsername).toBe(member.user.discordUsername);
  });
});
