// A member with a row in every table that can name them, for the own-data suites (download,
// delete): arranged through the api wherever a member or the admin can do it, and in SQL only for
// what needs a real browser (a push subscription's keys) or time to pass (a ride in the past).
import { expect } from 'vitest';

import { login } from '../support/accounts.ts';
import {
  futureDate,
  type Member,
  PASSWORD,
  registerMember,
  registerVendor,
  rideBody,
  TestClient,
} from '../support/api-client.ts';
import { ownerQuery } from '../support/databases.ts';
import type { Suite } from '../support/suite.ts';
import { makeRidePast } from './ride-test-kit.ts';

export interface Seeded {
  member: Member;
  vendor: Member;
  other: Member;
  // What names the member: each must be gone from every table after they delete their account.
  traces: string[];
  // The reports about the member and about their ride, ride request and message, by others.
  reportsAbout: number[];
  rides: {
    organised: number;
    organisedPast: number;
    joined: number;
    joinedPast: number;
    waitlisted: number;
    vendored: number;
  };
}

let serial = 0;

function singaporeDay(daysAhead: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Singapore' }).format(
    new Date(Date.now() + daysAhead * 86_400_000),
  );
}

async function ok(answer: Promise<{ status: number; body: any }>) {
  const result = await answer;
  expect([200, 201], JSON.stringify(result.body)).toContain(result.status);
  return result.body;
}

export async function seedMemberEverywhere(suite: Suite): Promise<Seeded> {
  serial += 1;
  const tag = `${Date.now().toString(36)}${serial}`;
  // Numbers nobody else in the suite has (the other members register with their own).
  const whatsapp = `+659${String(1000000 + serial * 7919).slice(-7)}`;
  const malaysian = `+6017${String(1000000 + serial * 104729).slice(-7)}`;
  const username = `zephyr${tag}`;
  const name = `Zephyrine Quokka ${tag}`;
  const member = await registerMember(suite.app, 'unused', {
    discordUsername: username,
    name,
    whatsappNumber: whatsapp,
    malaysianNumber: malaysian,
    revolutUsername: `zq${tag}`,
  });
  const other = await registerMember(suite.app, 'other', { whatsappNumber: '+65 8111 2222' });
  const vendor = await registerVendor(suite.app);
  await ok(suite.admin.post(`/api/admin/vendors/${vendor.user.id}/approve`, { licenceNote: 'Seen the permit' }));

  // The member's alert, before the ride it is told of.
  await ok(
    member.post('/api/ride-alerts', {
      direction: 'SG->FC',
      weekdays: [1, 2, 3, 4, 5, 6, 7],
      windowStart: '00:00',
      windowEnd: '24:00',
    }),
  );

  // Rides the member organises: one ahead (another member joins it: the member is told), one past.
  const organised = await ok(member.post('/api/rides', rideBody({ pickupLocation: `Zephyr Lane ${tag}` })));
  const otherSeat = await ok(
    other.post(`/api/rides/${organised.id}/join`, { passengerCount: 1, dropoffLocation: 'Bedok Mall' }),
  );
  // The other member's fare, received by the member (issue 37 §2: a sum paid to them).
  await ok(member.post(`/api/rides/${organised.id}/passengers/${otherSeat.passengerId}/payment`, { paid: true }));
  await ok(member.post(`/api/rides/${organised.id}/messages`, { body: `See you at the lane, ${name}` }));
  const organisedPast = await ok(member.post('/api/rides', rideBody({ date: futureDate(5) })));
  await ok(other.post(`/api/rides/${organisedPast.id}/join`, { passengerCount: 1, dropoffLocation: 'Bedok Mall' }));

  // Rides of others the member joins (the other member is told, with the member's name): one
  // ahead, one past with a payment claimed; a full one they wait for; one a vendor drives.
  const joined = await ok(other.post('/api/rides', rideBody()));
  await ok(member.post(`/api/rides/${joined.id}/join`, { passengerCount: 1, dropoffLocation: 'Tampines Mall' }));
  await ok(member.post(`/api/rides/${joined.id}/messages`, { body: 'I have one suitcase' }));
  await ok(member.post(`/api/rides/${joined.id}/messages/read`, { lastId: 9_000_000 }));
  const joinedPast = await ok(other.post('/api/rides', rideBody({ date: futureDate(6) })));
  const seat = await ok(
    member.post(`/api/rides/${joinedPast.id}/join`, { passengerCount: 1, dropoffLocation: 'Changi Airport' }),
  );
  await ok(vendor.post(`/api/rides/${joinedPast.id}/assign`));
  await ok(member.post(`/api/rides/${joinedPast.id}/payment/claim`, {}));
  const full = await ok(other.post('/api/rides', rideBody({ maxPassengers: 1 })));
  await ok(member.post(`/api/rides/${full.id}/waitlist`, { passengerCount: 1, dropoffLocation: 'Jurong East' }));
  // On the day of two of them (issue 40): the car's step the member set as organiser, and their
  // own step as a passenger.
  for (const ride of [organised.id, joined.id]) {
    await ownerQuery(suite.db, "update public.rides set date = now() + interval '1 hour' where id = $1::integer", [
      ride,
    ]);
  }
  await ok(member.post(`/api/rides/${organised.id}/trip/car-steps`, { step: 'on_the_way' }));
  // The car's position they share as the organiser of a ride with no driver (issue 40 §2).
  await ok(
    member.put(`/api/rides/${organised.id}/trip/position`, {
      latitude: 1.3521,
      longitude: 103.8198,
      accuracy: 20,
      takenAt: new Date().toISOString(),
    }),
  );
  await ok(member.post(`/api/rides/${joined.id}/trip/passenger-steps`, { step: 'at_stop' }));
  // Asked the day before whether they were still coming, and said yes (issue 40 §5).
  await ownerQuery(
    suite.db,
    "insert into public.ride_still_coming (ride_id, user_id, answer, answered_at) values ($1::integer, $2::integer, 'yes', now())",
    [joined.id, member.user.id],
  );
  await makeRidePast(suite.db, organisedPast.id);
  await makeRidePast(suite.db, joinedPast.id);
  // Marked absent from that ride by its organiser, within the 3 days (issue 26 §1).
  await ok(other.post(`/api/rides/${joinedPast.id}/passengers/${seat.passengerId}/no-show`, { noShow: true }));

  // Weekly series (issue 27): one the member organises, and one of the other member's they joined
  // every date of (their stop names them). Each date is then deleted, so the series stay and the
  // counts of rides above do not change.
  const day = singaporeDay(9);
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay() || 7;
  const weekly = { direction: 'SG->FC', date: new Date(`${day}T07:00:00+08:00`).toISOString() };
  const ownSeries = await ok(
    member.post('/api/rides', rideBody({ ...weekly, repeat: { weekdays: [weekday], until: day } })),
  );
  await ok(member.delete(`/api/rides/${ownSeries.id}`));
  const othersSeries = await ok(
    other.post('/api/rides', rideBody({ ...weekly, repeat: { weekdays: [weekday], until: day } })),
  );
  await ok(
    member.post(`/api/series/${othersSeries.seriesId}/join`, { passengerCount: 1, dropoffLocation: `Gate of ${name}` }),
  );
  await ok(other.delete(`/api/rides/${othersSeries.id}`));

  // Ride requests: the member's own, and a "Me too" on another's.
  const ownRequest = await ok(
    member.post('/api/ride-requests', {
      direction: 'FC->SG',
      date: singaporeDay(4),
      startTime: '17:00',
      endTime: '21:00',
      passengerCount: 1,
      area: 'Tampines',
      note: `Call ${name}`,
    }),
  );
  const asked = await ok(
    other.post('/api/ride-requests', {
      direction: 'SG->FC',
      date: singaporeDay(4),
      startTime: '07:00',
      endTime: '09:00',
      passengerCount: 1,
      area: 'Woodlands',
    }),
  );
  await ok(member.post(`/api/ride-requests/${asked.id}/me-too`, { passengerCount: 1, area: 'Woodlands' }));

  // Hand-overs (issue 26 §2): the member offers their ride to the other member, who offers theirs
  // to the member; neither accepts.
  await ok(member.post(`/api/rides/${organised.id}/handover`, { toUserId: other.user.id }));
  await ok(other.post(`/api/rides/${joined.id}/handover`, { toUserId: member.user.id }));

  // Follows, after every ride is posted: the member follows the organiser they rode with, and
  // the other member, who rode with the member, follows them.
  await ok(member.post(`/api/organisers/${other.user.id}/follow`));
  await ok(other.post(`/api/organisers/${member.user.id}/follow`));

  // A member they blocked (issue 26 §1): a vendor, whose rides and requests are none of theirs.
  await ok(member.post(`/api/blocks/${vendor.user.id}`));

  // The password: a reset asked for, a code from the admin, and a wrong guess from elsewhere.
  await ok(new TestClient(suite.app).post('/api/request-password-reset', { discordUsername: username }));
  await ok(suite.admin.post('/api/admin/password-reset-codes', { discordUsername: username }));
  const guess = await login(suite.app, username, `not-${PASSWORD}`, { 'x-test-client': '203.0.113.9' });
  expect(guess.answer.status).toBe(401);

  // Moderation (issue 26 §1): a report the member made (its note signed with their name and
  // number), one about them the admin dismissed, a message of theirs the admin hid (the log keeps
  // its words), and a suspension of theirs that has already ended; the notes and the admin's
  // reasons name them, as people write.
  await ok(
    member.post('/api/reports', {
      targetKind: 'member',
      targetId: other.user.id,
      reason: 'no_show',
      note: `Never came. ${name}, call me on ${whatsapp}`,
    }),
  );
  const aboutMember = await ok(
    other.post('/api/reports', {
      targetKind: 'member',
      targetId: member.user.id,
      reason: 'spam',
      note: `${username} keeps posting links`,
    }),
  );
  await ok(suite.admin.post(`/api/admin/reports/${aboutMember.id}/dismiss`, { reason: `Nothing wrong with ${name}` }));
  const theirWords = await ok(member.post(`/api/rides/${organised.id}/messages`, { body: `Text ${name} first` }));
  const aboutWords = await ok(
    other.post('/api/reports', { targetKind: 'ride_message', targetId: theirWords.id, reason: 'spam' }),
  );
  await ok(suite.admin.post(`/api/admin/reports/${aboutWords.id}/hide`, { reason: 'Off topic' }));
  // The admin's queue shows these as the member's too: their ride and their ride request.
  const aboutRide = await ok(
    other.post('/api/reports', { targetKind: 'ride', targetId: organised.id, reason: 'unsafe' }),
  );
  const aboutRequest = await ok(
    other.post('/api/reports', { targetKind: 'ride_request', targetId: ownRequest.id, reason: 'spam' }),
  );
  await ownerQuery(
    suite.db,
    `insert into public.member_suspensions (user_id, suspended_until, reason, suspended_by)
     values ($1, now() - interval '1 day', $3, $2)`,
    [member.user.id, suite.admin.user.id, `An earlier suspension of ${name}`],
  );

  // A device that gets pushes (a browser would make the keys), saved last: a push
  // the api fails to deliver (nothing listens at example.com) drops the device.
  await ownerQuery(
    suite.db,
    `insert into public.push_subscriptions (user_id, endpoint, p256dh, auth, kinds)
     values ($1, $2, $3, $4, array['passenger_joined'])`,
    [member.user.id, `https://push.example.com/send/${tag}`, 'B'.repeat(87), 'A'.repeat(22)],
  );

  return {
    member,
    vendor,
    other,
    traces: [username, name, whatsapp, malaysian, whatsapp.slice(3), malaysian.slice(3)],
    reportsAbout: [aboutMember.id, aboutWords.id, aboutRide.id, aboutRequest.id],
    rides: {
      organised: organised.id,
      organisedPast: organisedPast.id,
      joined: joined.id,
      joinedPast: joinedPast.id,
      waitlisted: full.id,
      vendored: joinedPast.id,
    },
  };
}
