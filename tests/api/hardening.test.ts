// Fixes from the code review: each case failed before its fix.
import { describe, expect, it } from 'vitest';

import { CURRENT_POLICIES } from '../../supabase/functions/_shared/policies.ts';
import { hashResetCode, newResetCode } from '../../supabase/functions/api/lib/reset-codes.ts';
import { createRide, PASSWORD, registerMember, TestClient } from '../support/api-client.ts';
import { oneBackend, ownerQuery } from '../support/databases.ts';
import { useSuite } from '../support/suite.ts';
import { makeRidePast } from './ride-test-kit.ts';

describe.each(oneBackend)('hardening on %s', (backend) => {
  const suite = useSuite(backend);

  it('a passenger cannot leave a ride that has already departed (SPEC §4)', async () => {
    const organiser = await registerMember(suite.app, 'org');
    const ride = await createRide(organiser);
    const passenger = await registerMember(suite.app, 'pax');
    const joined = await passenger.post(`/api/rides/${ride.id}/join`, { dropoffLocation: 'Bedok', passengerCount: 2 });
    expect(joined.status).toBe(201);
    await makeRidePast(suite.db, ride.id);

    const leave = await passenger.delete(`/api/rides/${ride.id}/passengers/${joined.body.passengerId}`);
    expect(leave.status).toBe(409);
    expect(leave.body.message).toBe('Passengers cannot be removed from a past ride');
    const [row] = await ownerQuery(suite.db, 'select current_passengers from public.rides where id = $1::integer', [
      ride.id,
    ]);
    expect(row.current_passengers).toBe(3);
  });

  it('a reset code handed out before a password change no longer works after it', async () => {
    const member = await registerMember(suite.app, 'coder');
    const code = newResetCode();
    await ownerQuery(
      suite.db,
      "insert into private.password_reset_codes (code_hash, user_id, expires_at) values ($1::text, $2::integer, now() + interval '1 hour')",
      [await hashResetCode(code), member.user.id],
    );

    const changed = await member.post('/api/reset-password', {
      currentPassword: PASSWORD,
      newPassword: 'another-password-1',
    });
    expect(changed.status).toBe(200);
    const redeem = await new TestClient(suite.app).post('/api/complete-password-reset', {
      discordUsername: member.user.discordUsername,
      code,
      newPassword: 'attacker-password-1',
    });
    expect(redeem.status).toBe(400);
    const login = await new TestClient(suite.app).post('/api/login', {
      discordUsername: member.user.discordUsername,
      password: 'another-password-1',
    });
    expect(login.status).toBe(200);
  });

  it('counts a username of one emoji as one character, with the form message', async () => {
    const answer = await new TestClient(suite.app).post('/api/register', {
      discordUsername: '😀',
      password: PASSWORD,
      acceptedPolicies: CURRENT_POLICIES,
    });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe('Discord username must be at least 2 characters');
  });
});
