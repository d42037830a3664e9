// Phone numbers in E.164: the shared normaliser (supabase/functions/_shared/phone.ts), what
// register and profile store, and the migration that normalised the numbers stored before
// (supabase/migrations/20261123000200_phone_numbers_e164.sql), which must follow the same rules.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { MIGRATIONS_DIR } from '../../server/migrate.ts';
import { dialableNumber, toE164, toMalaysianE164 } from '../../supabase/functions/_shared/phone.ts';
import { CURRENT_POLICIES } from '../../supabase/functions/_shared/policies.ts';
import { MALAYSIAN_NUMBER_FORMAT, WHATSAPP_NUMBER_FORMAT } from '../../supabase/functions/_shared/schemas/fields.ts';
import { expectRefusal, registerNamed } from '../support/accounts.ts';
import { PASSWORD, TestClient, uniqueName } from '../support/api-client.ts';
import { oneBackend, ownerQuery } from '../support/databases.ts';
import { useSuite } from '../support/suite.ts';

const MIGRATION = join(MIGRATIONS_DIR, '20261123000200_phone_numbers_e164.sql');

// [typed, E.164]: read the same by the api and by the migration.
const READABLE: Array<[string, string]> = [
  ['91234567', '+6591234567'],
  ['9123 4567', '+6591234567'],
  ['+65 9123-4567', '+6591234567'],
  ['+65 9123 4567', '+6591234567'],
  ['6591234567', '+6591234567'],
  ['65 9123 4567', '+6591234567'],
  ['(+65) 6123.4567', '+6561234567'],
  ['8123-4567', '+6581234567'],
  ['65123456', '+6565123456'],
  ['+60 12 345 6789', '+60123456789'],
  ['012-345 6789', '+60123456789'],
  ['012 3456789', '+60123456789'],
  ['011-2345 6789', '+601123456789'],
  ['60123456789', '+60123456789'],
  ['601123456789', '+601123456789'],
  ['+60 012-345 6789', '+60123456789'],
  ['+60 3-2345 6789', '+60323456789'],
  ['+44 7700 900123', '+447700900123'],
  ['+1 (415) 555-0100', '+14155550100'],
  [' +62 812 3456 7890 ', '+6281234567890'],
];

// Refused by the api; left as they are by the migration.
const UNREADABLE = [
  'call me',
  '12',
  '1234567',
  '71234567',
  '912345678',
  '+65 1234 5678',
  '+65 9123 456',
  '+65 9123 45678',
  '+60 12 345',
  '+60 12 3456 78901',
  '+0 123 4567',
  '+1234567890123456',
  '0065 9123 4567',
  '02-345 6789',
  '01-234',
  '+65 9123 4567 ext 2',
  '9123/4567',
  '++6591234567',
  '65+91234567',
];

describe('the shared phone number normaliser', () => {
  it.each(READABLE)('reads %j as %s', (typed, e164) => {
    expect(toE164(typed)).toBe(e164);
  });

  it.each(UNREADABLE)('refuses %j', (typed) => {
    expect(toE164(typed)).toBeNull();
  });

  it('takes only Malaysian numbers as a Malaysian number', () => {
    expect(toMalaysianE164('012-345 6789')).toBe('+60123456789');
    expect(toMalaysianE164('011-2345 6789')).toBe('+601123456789');
    expect(toMalaysianE164('+60 12 345 6789')).toBe('+60123456789');
    expect(toMalaysianE164('60123456789')).toBe('+60123456789');
    for (const other of ['9123 4567', '+65 9123 4567', '6591234567', '+44 7700 900123', 'call me']) {
      expect(toMalaysianE164(other)).toBeNull();
    }
  });

  it('gives the number to dial for any stored value, old ones included', () => {
    expect(dialableNumber('+6591234567')).toBe('+6591234567');
    expect(dialableNumber('9123 4567')).toBe('+6591234567');
    expect(dialableNumber('012-345 6789')).toBe('+60123456789');
    expect(dialableNumber('+60 12 345 6789')).toBe('+60123456789');
    // Unreadable: its digits, as the links always did, keeping a leading +.
    expect(dialableNumber('1234567')).toBe('1234567');
    expect(dialableNumber('+65 1234 5678')).toBe('+6512345678');
  });
});

describe.each(oneBackend)('phone numbers on %s', (backend) => {
  const suite = useSuite(backend, { guarded: true, admin: true });

  async function storedNumbers(id: number) {
    const [row] = await ownerQuery<{ whatsapp_number: string | null; malaysian_number: string | null }>(
      suite.db,
      'select whatsapp_number, malaysian_number from public.users where id = $1',
      [id],
    );
    return row;
  }

  describe('POST /api/register', () => {
    it.each([
      ['91234567', '+6591234567'],
      ['9123 4567', '+6591234567'],
      ['+65 9123-4567', '+6591234567'],
      ['6591234567', '+6591234567'],
      ['+44 7700 900123', '+447700900123'],
      ['012-345 6789', '+60123456789'],
    ])('stores the WhatsApp number %j as %s', async (typed, e164) => {
      const member = await registerNamed(suite.app, uniqueName('wa'), { whatsappNumber: typed });
      expect(member.user.whatsappNumber).toBe(e164);
      expect((await storedNumbers(member.user.id))!.whatsapp_number).toBe(e164);
    });

    it.each([
      ['012-345 6789', '+60123456789'],
      ['011-2345 6789', '+601123456789'],
      ['+60 12 345 6789', '+60123456789'],
      ['60123456789', '+60123456789'],
    ])('stores the Malaysian number %j as %s', async (typed, e164) => {
      const member = await registerNamed(suite.app, uniqueName('my'), { malaysianNumber: typed });
      expect(member.user.malaysianNumber).toBe(e164);
      expect((await storedNumbers(member.user.id))!.malaysian_number).toBe(e164);
    });

    it.each([
      ['whatsappNumber', 'call me', WHATSAPP_NUMBER_FORMAT],
      ['whatsappNumber', '1234 567', WHATSAPP_NUMBER_FORMAT],
      ['whatsappNumber', '+65 1234 5678', WHATSAPP_NUMBER_FORMAT],
      ['malaysianNumber', '9123 4567', MALAYSIAN_NUMBER_FORMAT],
      ['malaysianNumber', '+65 9123 4567', MALAYSIAN_NUMBER_FORMAT],
      ['malaysianNumber', '03-2345 6789x', MALAYSIAN_NUMBER_FORMAT],
    ])('refuses %s = %j with 400 naming the format, and creates no account', async (field, typed, message) => {
      const discordUsername = uniqueName('bad');
      const answer = await new TestClient(suite.app).post('/api/register', {
        discordUsername,
        password: PASSWORD,
        acceptedPolicies: CURRENT_POLICIES,
        [field]: typed,
      });
      expectRefusal(answer, 400, message);
      const [row] = await ownerQuery<{ n: number }>(
        suite.db,
        'select count(*)::integer as n from public.users where lower(discord_username) = lower($1)',
        [discordUsername],
      );
      expect(row!.n).toBe(0);
    });
  });

  describe('PATCH /api/users/{id}', () => {
    it.each([
      ['whatsappNumber', '9123 4567', '+6591234567'],
      ['whatsappNumber', '+65 9123-4567', '+6591234567'],
      ['whatsappNumber', '6591234567', '+6591234567'],
      ['malaysianNumber', '012-345 6789', '+60123456789'],
      ['malaysianNumber', '011-2345 6789', '+601123456789'],
    ])('stores %s %j as %s', async (field, typed, e164) => {
      const member = await registerNamed(suite.app, uniqueName('pf'));
      const answer = await member.patch(`/api/users/${member.user.id}`, { [field]: typed });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body[field]).toBe(e164);
      const stored = await storedNumbers(member.user.id);
      expect(field === 'whatsappNumber' ? stored!.whatsapp_number : stored!.malaysian_number).toBe(e164);
    });

    it('refuses junk with 400 naming the format, and changes nothing', async () => {
      const member = await registerNamed(suite.app, uniqueName('pf'), {
        whatsappNumber: '8123 4567',
        malaysianNumber: '012-345 6789',
      });
      for (const [field, typed, message] of [
        ['whatsappNumber', 'ring me', WHATSAPP_NUMBER_FORMAT],
        ['whatsappNumber', '912345', WHATSAPP_NUMBER_FORMAT],
        ['malaysianNumber', '+65 8123 4567', MALAYSIAN_NUMBER_FORMAT],
        ['malaysianNumber', '12-345', MALAYSIAN_NUMBER_FORMAT],
      ]) {
        expectRefusal(
          await member.patch(`/api/users/${member.user.id}`, { name: 'Changed', [field]: typed }),
          400,
          message,
        );
      }
      expect(await storedNumbers(member.user.id)).toEqual({
        whatsapp_number: '+6581234567',
        malaysian_number: '+60123456789',
      });
      expect((await member.get('/api/auth/me')).body.name).toBeNull();
    });
  });

  describe('in the database', () => {
    it('holds members to E.164 once the migration has run on a clean database', async () => {
      const constraints = await ownerQuery<{ conname: string; convalidated: boolean }>(
        suite.db,
        `select conname, convalidated from pg_constraint
          where conrelid = 'public.users'::regclass and conname like 'users_%_number_e164' order by conname`,
      );
      expect(constraints).toEqual([
        { conname: 'users_malaysian_number_e164', convalidated: true },
        { conname: 'users_whatsapp_number_e164', convalidated: true },
      ]);
      const member = await registerNamed(suite.app, uniqueName('db'));
      for (const [column, value] of [
        ['whatsapp_number', '9123 4567'],
        ['malaysian_number', '+6591234567'],
      ]) {
        await expect(
          ownerQuery(suite.db, `update public.users set ${column} = $2 where id = $1`, [member.user.id, value]),
        ).rejects.toMatchObject({ code: '23514' });
      }
    });

    // Last in this suite: it drops the checks and runs the migration again over old rows.
    it('normalises the numbers stored before where they read, and leaves the others as they are', async () => {
      await ownerQuery(
        suite.db,
        'alter table public.users drop constraint users_whatsapp_number_e164, drop constraint users_malaysian_number_e164',
      );
      const members: Array<{ id: number; whatsapp: string; malaysian: string | null }> = [];
      for (const [index, whatsapp] of [...READABLE.map(([typed]) => typed.trim()), ...UNREADABLE].entries()) {
        // The Malaysian column: the same values, each a row's, so that a Singapore one stays.
        const malaysian = index % 2 === 0 ? whatsapp : null;
        const [row] = await ownerQuery<{ id: number }>(
          suite.db,
          `insert into public.users (discord_username, whatsapp_number, malaysian_number)
           values ($1, $2, $3) returning id`,
          [uniqueName('old'), whatsapp, malaysian],
        );
        members.push({ id: row!.id, whatsapp, malaysian });
      }
      const [driver] = await ownerQuery<{ id: number }>(
        suite.db,
        `insert into public.driver_contacts (name, whatsapp_number, malaysian_number, vehicle_type)
         values ('Old Driver', '8000 0099', '012-000 0099', 'MPV') returning id`,
      );

      await suite.db.database.transaction((tx) => tx.exec(readFileSync(MIGRATION, 'utf8')));

      for (const member of members) {
        const stored = await storedNumbers(member.id);
        expect(stored!.whatsapp_number, member.whatsapp).toBe(toE164(member.whatsapp) ?? member.whatsapp);
        expect(stored!.malaysian_number, String(member.malaysian)).toBe(
          member.malaysian === null ? null : (toMalaysianE164(member.malaysian) ?? member.malaysian),
        );
      }
      const [contact] = await ownerQuery(
        suite.db,
        'select whatsapp_number, malaysian_number from public.driver_contacts where id = $1',
        [driver!.id],
      );
      expect(contact).toEqual({ whatsapp_number: '+6580000099', malaysian_number: '+60120000099' });
      // Odd old rows are left: the checks are added, but not validated.
      const constraints = await ownerQuery<{ conname: string; convalidated: boolean }>(
        suite.db,
        `select conname, convalidated from pg_constraint
          where conrelid = 'public.users'::regclass and conname like 'users_%_number_e164' order by conname`,
      );
      expect(constraints).toEqual([
        { conname: 'users_malaysian_number_e164', convalidated: false },
        { conname: 'users_whatsapp_number_e164', convalidated: false },
      ]);
    });

    it('asks a member whose old number did not read to correct it when they save', async () => {
      const member = await registerNamed(suite.app, uniqueName('odd'));
      await ownerQuery(suite.db, 'alter table public.users drop constraint users_whatsapp_number_e164');
      await ownerQuery(suite.db, "update public.users set whatsapp_number = '1234 5678' where id = $1", [
        member.user.id,
      ]);
      await ownerQuery(
        suite.db,
        "alter table public.users add constraint users_whatsapp_number_e164 check (whatsapp_number ~ '^\\+[1-9][0-9]{6,14}$') not valid",
      );

      expectRefusal(
        await member.patch(`/api/users/${member.user.id}`, { name: 'Just The Name' }),
        400,
        WHATSAPP_NUMBER_FORMAT,
      );
      const fixed = await member.patch(`/api/users/${member.user.id}`, {
        name: 'Just The Name',
        whatsappNumber: '9123 4567',
      });
      expect(fixed.status, JSON.stringify(fixed.body)).toBe(200);
      expect(fixed.body).toMatchObject({ name: 'Just The Name', whatsappNumber: '+6591234567' });
    });
  });
});
