// PATCH /api/users/{id}: your own profile only; the username never changes (SPEC §3, §5, §7).
import { describe, expect, it } from 'vitest';

import { REFUSAL_CATALOGUES } from '../../supabase/functions/_shared/refusal-catalogues.ts';
import { expectRefusal, raw, registerNamed } from '../support/accounts.ts';
import { TestClient, uniqueName } from '../support/api-client.ts';
import { oneBackend, ownerQuery } from '../support/databases.ts';
import { useSuite } from '../support/suite.ts';

const fullProfile = {
  name: 'Siti Rahman',
  whatsappNumber: '+65 9123 4567',
  malaysianNumber: '+60 12 345 6789',
  revolutUsername: 'sitir',
};
// What the api stores and answers for fullProfile: the numbers in E.164.
const storedProfile = { ...fullProfile, whatsappNumber: '+6591234567', malaysianNumber: '+60123456789' };

describe.each(oneBackend)('profile on %s', (backend) => {
  const suite = useSuite(backend, { guarded: true, admin: true });

  async function storedRow(id: number) {
    const [row] = await ownerQuery<Record<string, unknown>>(
      suite.db,
      `select discord_username, name, whatsapp_number, malaysian_number, revolut_username, is_vendor,
              company_name, driver_details
         from public.users where id = $1`,
      [id],
    );
    return row;
  }

  function newMember(extra: Record<string, unknown> = fullProfile) {
    return registerNamed(suite.app, uniqueName('profile'), extra);
  }

  it('updates your own profile and answers the whole user', async () => {
    const member = await newMember();
    const answer = await member.patch(`/api/users/${member.user.id}`, {
      name: 'Siti R.',
      whatsappNumber: '+65 8000 1111',
      malaysianNumber: '+60 11 2222 3333',
      revolutUsername: 'siti-new',
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      ...member.user,
      name: 'Siti R.',
      whatsappNumber: '+6580001111',
      malaysianNumber: '+601122223333',
      revolutUsername: 'siti-new',
    });
    const me = await member.get('/api/auth/me');
    expect(me.body).toEqual(answer.body);
    expect(await storedRow(member.user.id)).toMatchObject({ name: 'Siti R.', revolut_username: 'siti-new' });
  });

  it('keeps the fields not sent', async () => {
    const member = await newMember();
    const answer = await member.patch(`/api/users/${member.user.id}`, { name: 'Only The Name' });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ ...storedProfile, name: 'Only The Name' });
    const empty = await member.patch(`/api/users/${member.user.id}`, {});
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({ ...storedProfile, name: 'Only The Name' });
  });

  it('turns blank values into null, and clears with null', async () => {
    const member = await newMember();
    const answer = await member.patch(`/api/users/${member.user.id}`, {
      name: '   ',
      whatsappNumber: '',
      malaysianNumber: null,
      revolutUsername: ' ',
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      name: null,
      whatsappNumber: null,
      malaysianNumber: null,
      revolutUsername: null,
    });
    expect(await storedRow(member.user.id)).toMatchObject({
      name: null,
      whatsapp_number: null,
      malaysian_number: null,
      revolut_username: null,
    });
  });

  it('keeps the language the member chose, shows it only in their own answers, and clears it with null', async () => {
    const member = await newMember();
    expect(member.user.language).toBeNull();
    const chosen = await member.patch(`/api/users/${member.user.id}`, { language: 'zh' });
    expect(chosen.status).toBe(200);
    expect(chosen.body).toMatchObject({ ...storedProfile, language: 'zh' });
    expect((await member.get('/api/auth/me')).body.language).toBe('zh');
    const [row] = await ownerQuery<{ language: string | null }>(
      suite.db,
      'select language from public.users where id = $1::integer',
      [member.user.id],
    );
    expect(row!.language).toBe('zh');
    // Other fields sent alone leave it as it is.
    expect((await member.patch(`/api/users/${member.user.id}`, { name: 'Still zh' })).body.language).toBe('zh');

    // Refused in the language the member keeps (ADR 0047), with the same code and params.
    for (const language of ['fr', 'ZH', '', 5]) {
      const refused = await member.patch(`/api/users/${member.user.id}`, { language });
      expectRefusal(refused, 400, REFUSAL_CATALOGUES.zh['validation.language_choice']);
      expect(refused.body.code).toBe('invalid_input');
      expect(refused.body.params).toEqual({ rule: 'language_choice', field: 'language' });
    }
    const cleared = await member.patch(`/api/users/${member.user.id}`, { language: null });
    expect(cleared.body.language).toBeNull();
  });

  it('trims what it keeps', async () => {
    const member = await newMember();
    const answer = await member.patch(`/api/users/${member.user.id}`, {
      name: '  Padded  ',
      whatsappNumber: ' +65 9999 0000 ',
    });
    expect(answer.body).toMatchObject({ name: 'Padded', whatsappNumber: '+6599990000' });
  });

  it('refuses a change of Discord username with 400 and applies nothing from that request', async () => {
    const member = await newMember();
    const before = await storedRow(member.user.id);
    for (const discordUsername of [uniqueName('renamed'), member.user.discordUsername, null, '']) {
      const answer = await member.patch(`/api/users/${member.user.id}`, { discordUsername, name: 'Should Not Stick' });
      expectRefusal(answer, 400, /Discord username cannot be changed/);
    }
    expect(await storedRow(member.user.id)).toEqual(before);
    expect((await member.get('/api/auth/me')).body.discordUsername).toBe(member.user.discordUsername);
  });

  it('ignores fields a profile does not have: no becoming a vendor, no new id', async () => {
    const member = await newMember();
    const answer = await member.patch(`/api/users/${member.user.id}`, {
      name: 'Still Me',
      isVendor: true,
      companyName: 'My Own Taxi Co',
      driverDetails: { name: 'Me', contact: '1', carNumber: 'X' },
      id: 999,
      isAdmin: true,
      password: 'new-password-here',
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      id: member.user.id,
      name: 'Still Me',
      isVendor: false,
      companyName: null,
      driverDetails: null,
      isAdmin: false,
    });
    expect(await storedRow(member.user.id)).toMatchObject({
      is_vendor: false,
      company_name: null,
      driver_details: null,
    });
    const logins = await new TestClient(suite.app).post('/api/login', {
      discordUsername: member.user.discordUsername,
      password: 'new-password-here',
    });
    expect(logins.status).toBe(401);
  });

  it('lets a vendor edit their contacts and keeps their vendor details', async () => {
    const vendor = await registerNamed(suite.app, uniqueName('vendor'), {
      isVendor: true,
      companyName: 'Border Cars Pte Ltd',
      driverDetails: { name: 'Ali', contact: '+60 12 345 6789', carNumber: 'JQA 1234' },
    });
    const answer = await vendor.patch(`/api/users/${vendor.user.id}`, { whatsappNumber: '+65 6000 0000' });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      whatsappNumber: '+6560000000',
      isVendor: true,
      companyName: 'Border Cars Pte Ltd',
      driverDetails: { name: 'Ali', contact: '+60 12 345 6789', carNumber: 'JQA 1234' },
    });
  });

  it('refuses an anonymous caller with 401', async () => {
    const member = await newMember();
    const before = await storedRow(member.user.id);
    const answer = await new TestClient(suite.app).patch(`/api/users/${member.user.id}`, { name: 'Anonymous Edit' });
    expectRefusal(answer, 401);
    expect(await storedRow(member.user.id)).toEqual(before);
  });

  it("refuses another member's profile with 403, the admin's included, and changes nothing", async () => {
    const owner = await newMember();
    const intruder = await newMember();
    const before = await storedRow(owner.user.id);
    for (const caller of [intruder, suite.admin]) {
      const answer = await caller.patch(`/api/users/${owner.user.id}`, {
        name: 'Hijacked',
        whatsappNumber: '+65 1111 1111',
      });
      expectRefusal(answer, 403);
    }
    expect(await storedRow(owner.user.id)).toEqual(before);
    expect((await intruder.get('/api/auth/me')).body.name).toBe(fullProfile.name);
  });

  it('refuses an id that is not a user with 403 or 400, never 5xx', async () => {
    const member = await newMember();
    expectRefusal(await member.patch('/api/users/2147483647', { name: 'x' }), 403);
    for (const id of ['abc', '0', '-1', '99999999999', '1e3', '1.5', '%20']) {
      expectRefusal(await member.patch(`/api/users/${id}`, { name: 'x' }), 400, /invalid user id/i);
    }
  });

  it.each([
    ['whatsappNumber', 'call me', /WhatsApp number must be a Singapore number such as \+65 9123 4567/],
    ['whatsappNumber', '+65 abc defg', /WhatsApp number must be a Singapore number such as \+65 9123 4567/],
    ['whatsappNumber', '12', /WhatsApp number must be a Singapore number such as \+65 9123 4567/],
    ['malaysianNumber', '<script>', /Malaysian number must be a \+60 number such as \+60 12 345 6789/],
    ['whatsappNumber', 6591234567, /WhatsApp number must be text/],
    ['name', 'n'.repeat(101), /Name must be at most 100 characters/],
    ['name', { first: 'a' }, /Name must be text/],
    ['revolutUsername', 'r'.repeat(61), /Revolut username must be at most 60 characters/],
    ['revolutUsername', ['a'], /Revolut username must be text/],
  ])('refuses %s = %j with a readable 400 and changes nothing', async (field, value, message) => {
    const member = await newMember();
    const before = await storedRow(member.user.id);
    const answer = await member.patch(`/api/users/${member.user.id}`, {
      [field]: value,
      name: field === 'name' ? value : 'Changed',
    });
    expectRefusal(answer, 400, message);
    expect(await storedRow(member.user.id)).toEqual(before);
  });

  it('refuses a profile edit from another site', async () => {
    const member = await newMember();
    const before = await storedRow(member.user.id);
    const answer = await raw(suite.app, 'PATCH', `/api/users/${member.user.id}`, {
      headers: { origin: 'https://evil.example', cookie: member.cookie! },
      body: { name: 'Cross Site' },
    });
    expectRefusal(answer, 403);
    expect(await storedRow(member.user.id)).toEqual(before);
  });

  it('shows the new name on the rides the member organises', async () => {
    const member = await newMember();
    const ride = await member.post('/api/rides', {
      direction: 'SG->FC',
      date: new Date(Date.now() + 3 * 86_400_000).toISOString(),
      maxPassengers: 4,
      pickupLocation: 'Jurong East MRT',
      dropoffLocations: [{ location: 'Jurong East MRT', passengerCount: 1 }],
      organizerPassengerCount: 1,
    });
    expect(ride.status).toBe(201);
    await member.patch(`/api/users/${member.user.id}`, { name: 'Renamed Organiser' });
    const read = await member.get(`/api/rides/${ride.body.id}`);
    expect(read.body.creatorName ?? read.body.creator?.name).toBe('Renamed Organiser');
  });
});
