// Where to meet going to Singapore (issue 37 §3): an FC->SG ride may name a meeting point in
// Forest City. It is kept as the ride's pickup and answered as meetingPoint on the ride, the
// list, the series' dates and the calendar file, while pickupLocation stays 'Forest City' for
// SPEC's clients. A ride to Forest City has none.
import { describe, expect, it } from 'vitest';

import { createRide, registerMember, rideBody } from '../support/api-client.ts';
import { backends } from '../support/databases.ts';
import { useSuite } from '../support/suite.ts';

const FC_TO_SG = {
  direction: 'FC->SG',
  pickupLocation: 'Forest City',
  dropoffLocations: [{ location: 'Jurong East MRT', passengerCount: 1 }],
};

describe.each(backends)('the meeting point in Forest City on %s', (backend) => {
  const suite = useSuite(backend);

  it('is answered on the ride and the list, with pickupLocation still Forest City', async () => {
    const organiser = await registerMember(suite.app, 'meet');
    const ride = await createRide(organiser, { ...FC_TO_SG, meetingPoint: '  Phase 1 lobby, Block 6 ' });
    expect(ride).toMatchObject({ pickupLocation: 'Forest City', meetingPoint: 'Phase 1 lobby, Block 6' });
    const visitorRead = await suite.anonymous.get(`/api/rides/${ride.id}`);
    expect(visitorRead.body).toMatchObject({ pickupLocation: 'Forest City', meetingPoint: 'Phase 1 lobby, Block 6' });
    const page = await suite.anonymous.get('/api/rides/page?scope=all&time=upcoming&limit=50');
    const listed = page.body.rides.find((item: { id: number }) => item.id === ride.id);
    expect(listed).toMatchObject({ pickupLocation: 'Forest City', meetingPoint: 'Phase 1 lobby, Block 6' });

    // An edit that leaves it out (as SPEC's clients send) clears it; one that names it keeps it.
    const edited = await organiser.patch(`/api/rides/${ride.id}`, {
      ...FC_TO_SG,
      date: ride.date,
      maxPassengers: ride.maxPassengers,
      organizerPassengerCount: 1,
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.meetingPoint).toBeNull();
  });

  it('is none without one, and none on a ride to Forest City, whatever is sent', async () => {
    const organiser = await registerMember(suite.app, 'nomeet');
    expect((await createRide(organiser, FC_TO_SG)).meetingPoint).toBeNull();
    const toFc = await createRide(organiser, { pickupLocation: 'Pasir Ris MRT', meetingPoint: 'Lobby' });
    expect(toFc).toMatchObject({ pickupLocation: 'Pasir Ris MRT', meetingPoint: null });
  });

  it('refuses a meeting point that is not text or too long (400), and takes an empty one as none', async () => {
    const organiser = await registerMember(suite.app, 'badmeet');
    for (const meetingPoint of [42, 'x'.repeat(501)]) {
      const answer = await organiser.post('/api/rides', { ...rideBody(FC_TO_SG), meetingPoint });
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
    }
    expect((await createRide(organiser, { ...FC_TO_SG, meetingPoint: '   ' })).meetingPoint).toBeNull();
  });

  it('is where the calendar file says the car leaves from', async () => {
    const organiser = await registerMember(suite.app, 'calmeet');
    const ride = await createRide(organiser, { ...FC_TO_SG, meetingPoint: 'Phase 2 guardhouse' });
    const answer = await organiser.get(`/api/rides/${ride.id}/calendar.ics`);
    expect(answer.status).toBe(200);
    const text = (answer.body as string).replace(/\r\n[ \t]/g, '');
    expect(text).toMatch(/^LOCATION:Forest City: Phase 2 guardhouse\r?$/m);
  });
});
