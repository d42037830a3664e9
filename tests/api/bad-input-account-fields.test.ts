// Bad input anywhere gets a 4xx with a JSON {message} a person can read, never a 5xx, and a refused
// request changes nothing (issue 2, "Bad input"). This file: control characters and over-long
// strings in account fields. The fixture is tests/support/bad-input.ts.
import { describe, expect, it } from 'vitest';

import { CURRENT_POLICIES } from '../../supabase/functions/_shared/policies.ts';
import { expectRefusal, NEW_PASSWORD, snapshot } from '../support/accounts.ts';
import { PASSWORD, TestClient, uniqueName } from '../support/api-client.ts';
import { type Caller, useBadInputSuite } from '../support/bad-input.ts';
import { oneBackend, ownerQuery } from '../support/databases.ts';

describe.each(oneBackend)('bad input on %s', (backend) => {
  const suite = useBadInputSuite(backend);
  const { clients } = suite;

  describe('control characters in one-line account fields', () => {
    // One-line fields: names and numbers go into WhatsApp messages and ride cards as they are.
    it.each([
      [
        'a NUL in the name',
        'anonymous',
        'POST',
        () => '/api/register',
        () => ({
          discordUsername: uniqueName('ctl'),
          password: PASSWORD,
          acceptedPolicies: CURRENT_POLICIES,
          name: 'Bob\u0000',
        }),
        'Name cannot contain control characters',
      ],
      [
        'a line break in the name',
        'anonymous',
        'POST',
        () => '/api/register',
        () => ({
          discordUsername: uniqueName('ctl'),
          password: PASSWORD,
          acceptedPolicies: CURRENT_POLICIES,
          name: 'Bob\nTan',
        }),
        'Name cannot contain control characters',
      ],
      [
        'a NUL in the WhatsApp number',
        'anonymous',
        'POST',
        () => '/api/register',
        () => ({
          discordUsername: uniqueName('ctl'),
          password: PASSWORD,
          acceptedPolicies: CURRENT_POLICIES,
          whatsappNumber: '+65 9123\u0000 4567',
        }),
        'WhatsApp number cannot contain control characters',
      ],
      [
        'a tab in the company name',
        'anonymous',
        'POST',
        () => '/api/register',
        () => ({
          discordUsername: uniqueName('ctl'),
          password: PASSWORD,
          acceptedPolicies: CURRENT_POLICIES,
          isVendor: true,
          companyName: 'Border\tCars',
          driverDetails: { name: 'Ali', contact: '+60 12 345 6789', carNumber: 'JQA 1234' },
        }),
        'Company name cannot contain control characters',
      ],
      [
        'an escape in the driver name',
        'anonymous',
        'POST',
        () => '/api/register',
        () => ({
          discordUsername: uniqueName('ctl'),
          password: PASSWORD,
          acceptedPolicies: CURRENT_POLICIES,
          isVendor: true,
          companyName: 'Border Cars',
          driverDetails: { name: 'Ali\u001b', contact: '+60 12 345 6789', carNumber: 'JQA 1234' },
        }),
        'Driver name cannot contain control characters',
      ],
      [
        'a DEL in the Revolut username',
        'joiner',
        'PATCH',
        () => `/api/users/${clients.joiner.user.id}`,
        () => ({ revolutUsername: 'joiner\u007f' }),
        'Revolut username cannot contain control characters',
      ],
      [
        'a carriage return in the Malaysian number',
        'joiner',
        'PATCH',
        () => `/api/users/${clients.joiner.user.id}`,
        () => ({ malaysianNumber: '+60 12\r345 6789' }),
        'Malaysian number cannot contain control characters',
      ],
    ] as Array<[string, Caller, string, () => string, () => Record<string, unknown>, string]>)(
      'refuses %s with 400 and changes nothing',
      async (_label, caller, method, path, body, message) => {
        const before = await snapshot(suite.db);
        expectRefusal(await clients[caller].call(method, path(), body()), 400, message);
        expect(await snapshot(suite.db)).toEqual(before);
      },
    );
  });

  describe('long strings on account fields', () => {
    it.each([
      [
        'POST /api/register',
        'anonymous',
        '/api/register',
        () => ({ discordUsername: 'u'.repeat(41), password: PASSWORD, acceptedPolicies: CURRENT_POLICIES }),
        /at most 40/,
      ],
      [
        'POST /api/register',
        'anonymous',
        '/api/register',
        () => ({ discordUsername: uniqueName('long'), password: 'p'.repeat(73), acceptedPolicies: CURRENT_POLICIES }),
        /at most 72/,
      ],
      [
        'POST /api/register',
        'anonymous',
        '/api/register',
        () => ({
          discordUsername: uniqueName('long'),
          password: PASSWORD,
          acceptedPolicies: CURRENT_POLICIES,
          name: 'n'.repeat(501),
        }),
        /at most 100/,
      ],
      [
        'POST /api/register',
        'anonymous',
        '/api/register',
        () => ({
          discordUsername: uniqueName('long'),
          password: PASSWORD,
          acceptedPolicies: CURRENT_POLICIES,
          revolutUsername: 'r'.repeat(501),
        }),
        /at most 60/,
      ],
      [
        'POST /api/register',
        'anonymous',
        '/api/register',
        () => ({
          discordUsername: uniqueName('long'),
          password: PASSWORD,
          acceptedPolicies: CURRENT_POLICIES,
          whatsappNumber: '9'.repeat(501),
        }),
        /WhatsApp number must be a Singapore number/,
      ],
      [
        'POST /api/login',
        'anonymous',
        '/api/login',
        () => ({ discordUsername: 'admin', password: 'p'.repeat(501) }),
        /at most 72/,
      ],
      [
        'POST /api/complete-password-reset',
        'anonymous',
        '/api/complete-password-reset',
        () => ({ discordUsername: 'admin', code: 'C'.repeat(501), newPassword: NEW_PASSWORD }),
        /at most 40/,
      ],
      [
        'POST /api/reset-password',
        'changer',
        '/api/reset-password',
        () => ({ currentPassword: PASSWORD, newPassword: 'n'.repeat(501) }),
        /at most 72/,
      ],
      [
        'POST /api/admin/reset-user-password',
        'admin',
        '/api/admin/reset-user-password',
        () => ({ discordUsername: 'u'.repeat(501), newPassword: NEW_PASSWORD }),
        /at most 40/,
      ],
    ] as Array<[string, Caller, string, () => Record<string, unknown>, RegExp]>)(
      '%s refuses an over-long field with 400 (%#)',
      async (_label, caller, path, body, message) => {
        const before = await snapshot(suite.db);
        expectRefusal(await clients[caller].post(path, body()), 400, message);
        expect(await snapshot(suite.db)).toEqual(before);
      },
    );

    it("left the admin's login and the changer's password as they were", async () => {
      const answer = await new TestClient(suite.app).post('/api/login', {
        discordUsername: 'admin',
        password: PASSWORD,
      });
      expect(answer.status).toBe(200);
      const [row] = await ownerQuery<{ password_hash: string }>(
        suite.db,
        'select password_hash from private.credentials where user_id = $1',
        [clients.changer.user.id],
      );
      expect(row!.password_hash).toBe(suite.changerHash);
    });
  });
});
