// Registering an account (SPEC §5 "Register form", §7): the user it answers and the session it
// opens, what it stores (a bcrypt hash, the token's SHA-256), what it refuses, and the race for one
// name in different cases. Logging in and out is auth-sessions.test.ts.
import { describe, expect, it } from 'vitest';

import { CURRENT_POLICIES } from '../../supabase/functions/_shared/policies.ts';
import {
  clientWithCookie,
  countRows,
  expectRefusal,
  login,
  loginStatus,
  registerNamed,
  tokenFromCookie,
} from '../support/accounts.ts';
import { createTestApp, PASSWORD, TestClient, uniqueName } from '../support/api-client.ts';
import { backends, ownerQuery } from '../support/databases.ts';
import { useSuite } from '../support/suite.ts';

const vendorExtra = {
  isVendor: true,
  companyName: 'Border Cars Pte Ltd',
  driverDetails: { name: 'Ali', contact: '+60 12 345 6789', carNumber: 'JQA 1234' },
};

describe.each(backends)('accounts on %s', (backend) => {
  const suite = useSuite(backend, { guarded: true, admin: true });

  describe('POST /api/register', () => {
    it('registers a member: 201, the user under SPEC names, a working session, no password', async () => {
      const name = uniqueName('mei');
      const client = new TestClient(suite.app);
      const answer = await client.post('/api/register', {
        discordUsername: name,
        password: PASSWORD,
        acceptedPolicies: CURRENT_POLICIES,
        name: 'Mei Ling',
        whatsappNumber: '+65 9123 4567',
        malaysianNumber: '+60 12 345 6789',
        revolutUsername: 'meiling',
      });
      expect(answer.status).toBe(201);
      expect(answer.body).toEqual({
        id: expect.any(Number),
        discordUsername: name,
        name: 'Mei Ling',
        whatsappNumber: '+6591234567',
        malaysianNumber: '+60123456789',
        revolutUsername: 'meiling',
        isVendor: false,
        companyName: null,
        driverDetails: null,
        createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        vendorStatus: null,
        isAdmin: false,
        // Not chosen yet: the PWA keeps following the device's language.
        language: null,
        // Everyone on their rides sees their numbers until they choose otherwise (issue 25).
        phoneVisibility: 'ride_members',
        acceptedPolicies: CURRENT_POLICIES,
      });
      expect(JSON.stringify(answer.body)).not.toMatch(/password|token/i);
      expect(answer.headers.get('set-cookie')).toMatch(/^fc_session=[A-Za-z0-9_-]{43};/);
      const me = await client.get('/api/auth/me');
      expect(me.status).toBe(200);
      expect(me.body.id).toBe(answer.body.id);
      expect(me.body.discordUsername).toBe(name);
    });

    it('registers a vendor with company name and driver details', async () => {
      const client = new TestClient(suite.app);
      const answer = await client.post('/api/register', {
        discordUsername: uniqueName('vendor'),
        password: PASSWORD,
        acceptedPolicies: CURRENT_POLICIES,
        ...vendorExtra,
      });
      expect(answer.status).toBe(201);
      expect(answer.body).toMatchObject({
        isVendor: true,
        companyName: 'Border Cars Pte Ltd',
        driverDetails: { name: 'Ali', contact: '+60 12 345 6789', carNumber: 'JQA 1234' },
        isAdmin: false,
      });
      expect((await client.get('/api/auth/me')).body.isVendor).toBe(true);
    });

    it('keeps no vendor fields for a member who sends them', async () => {
      const answer = await new TestClient(suite.app).post('/api/register', {
        discordUsername: uniqueName('member'),
        password: PASSWORD,
        acceptedPolicies: CURRENT_POLICIES,
        isVendor: false,
        companyName: 'Sneaky Co',
        driverDetails: { name: 'X', contact: '1', carNumber: 'Y' },
      });
      expect(answer.status).toBe(201);
      expect(answer.body).toMatchObject({ isVendor: false, companyName: null, driverDetails: null });
    });

    const refusals: Array<[string, (name: string) => Record<string, unknown>, string | RegExp]> = [
      ['no username', () => ({ password: PASSWORD }), 'Discord username is required'],
      ['a blank username', () => ({ discordUsername: '   ', password: PASSWORD }), 'Discord username is required'],
      [
        'a username that is not text',
        () => ({ discordUsername: 42, password: PASSWORD }),
        'Discord username is required',
      ],
      ['no password', (name) => ({ discordUsername: name }), 'Password is required'],
      ['an empty password', (name) => ({ discordUsername: name, password: '' }), 'Password is required'],
      [
        'a 7-character password',
        (name) => ({ discordUsername: name, password: 'seven77' }),
        'Password must be at least 8 characters long',
      ],
      [
        'a vendor without company',
        (name) => ({ discordUsername: name, password: PASSWORD, ...vendorExtra, companyName: undefined }),
        'Company name is required for vendors',
      ],
      [
        'a vendor with a blank company',
        (name) => ({ discordUsername: name, password: PASSWORD, ...vendorExtra, companyName: '  ' }),
        'Company name is required for vendors',
      ],
      [
        'a vendor without driver details',
        (name) => ({ discordUsername: name, password: PASSWORD, ...vendorExtra, driverDetails: undefined }),
        'Driver name is required for vendors',
      ],
      [
        'a vendor without driver name',
        (name) => ({
          discordUsername: name,
          password: PASSWORD,
          ...vendorExtra,
          driverDetails: { contact: '+60 12 345 6789', carNumber: 'JQA 1234' },
        }),
        'Driver name is required for vendors',
      ],
      [
        'a vendor without driver contact',
        (name) => ({
          discordUsername: name,
          password: PASSWORD,
          ...vendorExtra,
          driverDetails: { name: 'Ali', carNumber: 'JQA 1234' },
        }),
        'Driver contact is required for vendors',
      ],
      [
        'a vendor without car number',
        (name) => ({
          discordUsername: name,
          password: PASSWORD,
          ...vendorExtra,
          driverDetails: { name: 'Ali', contact: '+60 12 345 6789' },
        }),
        'Car number is required for vendors',
      ],
      [
        'a vendor with a blank car number',
        (name) => ({
          discordUsername: name,
          password: PASSWORD,
          ...vendorExtra,
          driverDetails: { name: 'Ali', contact: '+60 12 345 6789', carNumber: ' ' },
        }),
        'Car number is required for vendors',
      ],
      [
        'a username with a space',
        () => ({ discordUsername: 'two words', password: PASSWORD }),
        'Discord username cannot contain spaces',
      ],
      [
        'a 1-character username',
        () => ({ discordUsername: 'q', password: PASSWORD }),
        'Discord username must be at least 2 characters',
      ],
      [
        'a 41-character username',
        () => ({ discordUsername: 'u'.repeat(41), password: PASSWORD }),
        'Discord username must be at most 40 characters',
      ],
      [
        'a WhatsApp number that is not a number',
        (name) => ({ discordUsername: name, password: PASSWORD, whatsappNumber: 'call me maybe' }),
        /WhatsApp number/,
      ],
      [
        'vendor driver details that are text',
        (name) => ({ discordUsername: name, password: PASSWORD, ...vendorExtra, driverDetails: 'Ali, JQA 1234' }),
        /^Driver details must give/,
      ],
      [
        'a username with a control character',
        (name) => ({ discordUsername: `${name}\u0000`, password: PASSWORD }),
        'Discord username cannot contain control characters',
      ],
      [
        'isVendor that is not a boolean',
        (name) => ({ discordUsername: name, password: PASSWORD, isVendor: 'yes' }),
        'isVendor must be true or false',
      ],
      // bcrypt reads 72 bytes: a longer password would be silently cut, so it is refused.
      [
        'a password over 72 bytes of UTF-8',
        (name) => ({ discordUsername: name, password: 'é'.repeat(40) }),
        /at most 72/,
      ],
    ];

    it.each(refusals)('refuses %s with its message and creates nothing', async (_label, body, message) => {
      const name = uniqueName('refused');
      const usersBefore = await countRows(suite.db, 'public.users');
      const answer = await new TestClient(suite.app).post('/api/register', {
        acceptedPolicies: CURRENT_POLICIES,
        ...body(name),
      });
      expectRefusal(answer, 400, message);
      expect(answer.headers.get('set-cookie')).toBeNull();
      expect(await countRows(suite.db, 'public.users')).toBe(usersBefore);
      expect(
        await countRows(
          suite.db,
          'private.sessions s join public.users u on u.id = s.user_id',
          'u.discord_username = $1',
          [name],
        ),
      ).toBe(0);
    });

    it('accepts a password of exactly 8 characters', async () => {
      const name = uniqueName('eight');
      const answer = await new TestClient(suite.app).post('/api/register', {
        discordUsername: name,
        password: 'exactly8',
        acceptedPolicies: CURRENT_POLICIES,
      });
      expect(answer.status).toBe(201);
      expect(await loginStatus(suite.app, name, 'exactly8')).toBe(200);
    });

    it('refuses a username taken in another case with 409 and leaves the first account alone', async () => {
      const name = uniqueName('Taken');
      const first = await registerNamed(suite.app, name, { name: 'First' });
      const answer = await new TestClient(suite.app).post('/api/register', {
        discordUsername: name.toLowerCase(),
        password: 'someone-elses-password',
        acceptedPolicies: CURRENT_POLICIES,
        name: 'Second',
      });
      expectRefusal(answer, 409, 'Discord username already exists');
      expect(answer.headers.get('set-cookie')).toBeNull();
      expect(await countRows(suite.db, 'public.users', 'lower(discord_username) = lower($1)', [name])).toBe(1);
      expect(await loginStatus(suite.app, name, 'someone-elses-password')).toBe(401);
      const again = await login(suite.app, name.toUpperCase());
      expect(again.answer.status).toBe(200);
      expect(again.answer.body).toMatchObject({ id: first.user.id, name: 'First' });
    });

    it('lets exactly one of several racing registrations of one name (in different cases) win', async () => {
      const name = uniqueName('race');
      const answers = await Promise.all(
        [name, name.toUpperCase(), name.toLowerCase(), `${name[0]!.toUpperCase()}${name.slice(1)}`].map((variant) =>
          new TestClient(suite.app).post('/api/register', {
            discordUsername: variant,
            password: PASSWORD,
            acceptedPolicies: CURRENT_POLICIES,
          }),
        ),
      );
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses).toEqual([201, 409, 409, 409]);
      for (const answer of answers.filter((a) => a.status === 409)) expectRefusal(answer, 409);
      expect(await countRows(suite.db, 'public.users', 'lower(discord_username) = lower($1)', [name])).toBe(1);
    });

    it('turns blank optional contacts and name into null', async () => {
      const answer = await new TestClient(suite.app).post('/api/register', {
        discordUsername: uniqueName('blank'),
        password: PASSWORD,
        acceptedPolicies: CURRENT_POLICIES,
        name: '',
        whatsappNumber: '',
        malaysianNumber: '   ',
        revolutUsername: '',
      });
      expect(answer.status).toBe(201);
      expect(answer.body).toMatchObject({
        name: null,
        whatsappNumber: null,
        malaysianNumber: null,
        revolutUsername: null,
      });
      const [row] = await ownerQuery<Record<string, unknown>>(
        suite.db,
        'select name, whatsapp_number, malaysian_number, revolut_username from public.users where id = $1',
        [answer.body.id],
      );
      expect(row).toEqual({ name: null, whatsapp_number: null, malaysian_number: null, revolut_username: null });
    });

    it('trims the username and the contacts', async () => {
      const name = uniqueName('trim');
      const answer = await new TestClient(suite.app).post('/api/register', {
        discordUsername: `  ${name}  `,
        password: PASSWORD,
        acceptedPolicies: CURRENT_POLICIES,
        whatsappNumber: ' +65 8000 0000 ',
      });
      expect(answer.status).toBe(201);
      expect(answer.body.discordUsername).toBe(name);
      expect(answer.body.whatsappNumber).toBe('+6580000000');
    });

    it('stores only a bcrypt hash (cost ≥ 10) and the SHA-256 of the session token', async () => {
      // As the hosts build the app: no passwordCost (the suites' cheaper one is for speed only).
      const client = await registerNamed(
        createTestApp(suite.db.database, { passwordCost: undefined }),
        uniqueName('stored'),
      );
      const [credential] = await ownerQuery<{ password_hash: string }>(
        suite.db,
        'select password_hash from private.credentials where user_id = $1',
        [client.user.id],
      );
      expect(credential!.password_hash).toMatch(/^\$2[aby]\$(1[0-9]|[2-3][0-9])\$/);
      expect(credential!.password_hash).not.toContain(PASSWORD);
      const token = tokenFromCookie(client.cookie);
      const sessions = await ownerQuery<{ token_hash: string }>(
        suite.db,
        'select token_hash from private.sessions where user_id = $1',
        [client.user.id],
      );
      expect(sessions).toHaveLength(1);
      expect(sessions[0]!.token_hash).not.toContain(token);
      const [expected] = await ownerQuery<{ hash: string }>(
        suite.db,
        `select encode(sha256(convert_to($1, 'UTF8')), 'hex') as hash`,
        [token],
      );
      expect(sessions[0]!.token_hash).toBe(expected!.hash);
    });

    it('replaces the session a client presented when it registers another account', async () => {
      const first = await registerNamed(suite.app, uniqueName('first'));
      const oldCookie = first.cookie;
      const second = await first.post('/api/register', {
        discordUsername: uniqueName('second'),
        password: PASSWORD,
        acceptedPolicies: CURRENT_POLICIES,
      });
      expect(second.status).toBe(201);
      expect(first.cookie).not.toBe(oldCookie);
      expect((await first.get('/api/auth/me')).body.id).toBe(second.body.id);
      expect((await clientWithCookie(suite.app, oldCookie).get('/api/auth/me')).status).toBe(401);
    });
  });
});
