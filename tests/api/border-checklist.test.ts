// The border checklist (issue 14 §2): everyone reads the items in order, each with the
// directions it applies to; only the admin adds, edits and deletes them, through the api and,
// by RLS, at SQL level too; links are https only. Each item carries its texts in Chinese and
// Malay (`translations`), which the admin edits like the rest.
import { beforeAll, describe, expect, it } from 'vitest';

import { type Queryable, setCaller } from '../../supabase/functions/api/lib/database.ts';
import { type Member, registerMember } from '../support/api-client.ts';
import { oneBackend, ownerQuery } from '../support/databases.ts';
import { useSuite } from '../support/suite.ts';

const MDAC = 'https://imigresen-online.imi.gov.my/mdac/main';
const SGAC = 'https://eservices.ica.gov.sg/sgarrivalcard/';

describe.each(oneBackend)('border checklist on %s', (backend) => {
  const suite = useSuite(backend, { admin: true });
  let member: Member;

  beforeAll(async () => {
    member = await registerMember(suite.app, 'rider');
  });

  async function rowCount(): Promise<number> {
    const [row] = await ownerQuery<{ n: number }>(
      suite.db,
      'select count(*)::int as n from public.border_checklist_items',
    );
    return row!.n;
  }

  describe('reading', () => {
    it('is public and seeded with the guide facts, in position order', async () => {
      const answer = await suite.anonymous.get('/api/border-checklist');
      expect(answer.status).toBe(200);
      const items = answer.body as any[];
      expect(items.map((item) => item.kind)).toEqual(['passport', 'static', 'static', 'static', 'stops', 'driver']);
      const positions = items.map((item) => item.position);
      expect(positions).toEqual([...positions].sort((a, b) => a - b));
      expect(items[0].title).toMatch(/6 months/);
      expect(items[0].directions).toEqual(['SG->FC', 'FC->SG']);
      expect(items.find((item) => /45-60 minutes/.test(item.title))).toBeTruthy();
      const mdac = items.find((item) => item.linkUrl === MDAC);
      expect(mdac).toMatchObject({ title: 'Malaysia Digital Arrival Card', directions: ['SG->FC'] });
      expect(items.find((item) => item.linkUrl === SGAC)).toMatchObject({ directions: ['FC->SG'] });
      expect(items[0].updatedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
      // JSON GETs carry an ETag.
      expect(answer.headers.get('etag')).toBeTruthy();
    });

    it('serves every seeded item in Chinese and Malay too, beside the English', async () => {
      const items = (await suite.anonymous.get('/api/border-checklist')).body as any[];
      for (const item of items) {
        for (const language of ['zh', 'ms']) {
          const texts = item.translations[language];
          expect(texts.title, `${item.title} in ${language}`).toEqual(expect.any(String));
          expect(texts.title).not.toBe(item.title);
          expect(texts.details).toEqual(expect.any(String));
          if (item.linkLabel) expect(texts.linkLabel).toEqual(expect.any(String));
          else expect(texts.linkLabel).toBeUndefined();
        }
      }
      expect(items[0].translations.zh.title).toMatch(/护照/);
      expect(items[0].translations.ms.title).toMatch(/Pasport/);
      const mdac = items.find((item) => item.linkUrl === MDAC);
      expect(mdac.translations.ms.title).toMatch(/Kad Ketibaan Digital Malaysia/);
      // The English is unchanged.
      expect(mdac.linkLabel).toBe('Malaysia Digital Arrival Card (official site)');
    });

    it('filters by direction: each side names only its own arrival card', async () => {
      const toFc = await member.get('/api/border-checklist?direction=SG-%3EFC');
      const toSg = await member.get('/api/border-checklist?direction=FC-%3ESG');
      expect(toFc.status).toBe(200);
      expect(toSg.status).toBe(200);
      const links = (items: any[]) => items.map((item) => item.linkUrl).filter(Boolean);
      expect(links(toFc.body)).toEqual([MDAC]);
      expect(links(toSg.body)).toEqual([SGAC]);
      expect(toFc.body.every((item: any) => item.directions.includes('SG->FC'))).toBe(true);
      expect(toSg.body).toHaveLength(5);
    });

    it('refuses an unknown direction with 400', async () => {
      const answer = await suite.anonymous.get('/api/border-checklist?direction=SG-KL');
      expect(answer.status).toBe(400);
      expect(answer.body.message).toMatch(/Direction/);
    });
  });

  describe('admin editing', () => {
    it('adds, edits and deletes an item', async () => {
      const created = await suite.admin.post('/api/admin/border-checklist', {
        title: 'Touch n Go card topped up',
        details: 'For the toll and the car park.',
        linkUrl: 'https://www.touchngo.com.my/',
        linkLabel: 'Touch n Go',
        directions: ['FC->SG', 'SG->FC'],
        position: 45,
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const item = created.body.item;
      expect(item).toMatchObject({
        title: 'Touch n Go card topped up',
        kind: 'static',
        directions: ['SG->FC', 'FC->SG'],
      });

      const list = (await suite.anonymous.get('/api/border-checklist')).body as any[];
      // Position 45 sits between the checkpoint time (40) and the stops (50).
      expect(list.map((entry) => entry.id).indexOf(item.id)).toBe(4);

      const before = item.updatedAt;
      const edited = await suite.admin.patch(`/api/admin/border-checklist/${item.id}`, {
        directions: ['FC->SG'],
        linkUrl: null,
        linkLabel: null,
      });
      expect(edited.status).toBe(200);
      expect(edited.body.item).toMatchObject({ directions: ['FC->SG'], linkUrl: null, linkLabel: null });
      expect(edited.body.item.title).toBe('Touch n Go card topped up');
      expect(edited.body.item.updatedAt >= before).toBe(true);
      const toFc = (await suite.anonymous.get('/api/border-checklist?direction=SG-%3EFC')).body as any[];
      expect(toFc.some((entry) => entry.id === item.id)).toBe(false);

      const deleted = await suite.admin.delete(`/api/admin/border-checklist/${item.id}`);
      expect(deleted.status).toBe(200);
      expect((await suite.admin.delete(`/api/admin/border-checklist/${item.id}`)).status).toBe(404);
      expect((await suite.admin.patch(`/api/admin/border-checklist/${item.id}`, { title: 'Gone' })).status).toBe(404);
      expect(await rowCount()).toBe(6);
    });

    it('adds and edits the translations, language by language', async () => {
      const created = await suite.admin.post('/api/admin/border-checklist', {
        title: 'Cash in ringgit',
        details: 'For the toll.',
        linkUrl: 'https://www.bnm.gov.my/',
        linkLabel: 'Bank Negara',
        translations: {
          zh: { title: '备好令吉现金', details: '  ' },
          ms: { title: 'Wang tunai ringgit', linkLabel: 'Bank Negara Malaysia' },
        },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const id = created.body.item.id;
      // A blank text is left out: the English shows for it.
      expect(created.body.item.translations).toEqual({
        zh: { title: '备好令吉现金' },
        ms: { title: 'Wang tunai ringgit', linkLabel: 'Bank Negara Malaysia' },
      });

      // A language sent replaces its texts; the other keeps its own.
      const zh = await suite.admin.patch(`/api/admin/border-checklist/${id}`, {
        translations: { zh: { title: '令吉现金', details: '用于缴付过路费。' } },
      });
      expect(zh.status, JSON.stringify(zh.body)).toBe(200);
      expect(zh.body.item.translations).toEqual({
        zh: { title: '令吉现金', details: '用于缴付过路费。' },
        ms: { title: 'Wang tunai ringgit', linkLabel: 'Bank Negara Malaysia' },
      });
      expect(zh.body.item.title).toBe('Cash in ringgit');

      // Null, or nothing but blanks, removes a language.
      const noMs = await suite.admin.patch(`/api/admin/border-checklist/${id}`, { translations: { ms: null } });
      expect(noMs.body.item.translations).toEqual({ zh: { title: '令吉现金', details: '用于缴付过路费。' } });
      const none = await suite.admin.patch(`/api/admin/border-checklist/${id}`, {
        translations: { zh: { title: ' ' } },
      });
      expect(none.body.item.translations).toEqual({});
      const listed = ((await suite.anonymous.get('/api/border-checklist')).body as any[]).find(
        (entry) => entry.id === id,
      );
      expect(listed.translations).toEqual({});
      // An item added without any has none.
      const plain = await suite.admin.post('/api/admin/border-checklist', { title: 'Plain' });
      expect(plain.body.item.translations).toEqual({});

      for (const bad of [
        { fr: { title: 'Passeport' } },
        { zh: { colour: '红' } },
        { zh: { title: 'x'.repeat(121) } },
        { ms: { details: 'x'.repeat(1001) } },
        { zh: { title: 7 } },
        { zh: { title: '护\u200b照' } },
        { zh: 'passport' },
        'passport',
      ]) {
        const answer = await suite.admin.patch(`/api/admin/border-checklist/${id}`, { translations: bad });
        expect(answer.status, JSON.stringify(bad)).toBe(400);
        expect(answer.body.message, JSON.stringify(bad)).toEqual(expect.any(String));
      }
      expect(
        (await suite.admin.patch(`/api/admin/border-checklist/${id}`, { translations: { fr: {} } })).body.message,
      ).toMatch(/Unknown field: fr/);

      expect((await suite.admin.delete(`/api/admin/border-checklist/${id}`)).status).toBe(200);
      expect((await suite.admin.delete(`/api/admin/border-checklist/${plain.body.item.id}`)).status).toBe(200);
      expect(await rowCount()).toBe(6);
    });

    it('refuses members (403) and visitors (401) and changes nothing', async () => {
      const [seeded] = (await suite.anonymous.get('/api/border-checklist')).body as any[];
      const calls: Array<[string, string, unknown]> = [
        ['POST', '/api/admin/border-checklist', { title: 'Sneaky' }],
        ['PATCH', `/api/admin/border-checklist/${seeded.id}`, { title: 'Sneaky' }],
        ['PATCH', `/api/admin/border-checklist/${seeded.id}`, { translations: { zh: { title: 'Sneaky' } } }],
        ['POST', '/api/admin/border-checklist', { title: 'Sneaky', translations: { ms: { title: 'Sneaky' } } }],
        ['DELETE', `/api/admin/border-checklist/${seeded.id}`, undefined],
      ];
      for (const [method, path, body] of calls) {
        expect((await member.call(method, path, body)).status, `${method} as a member`).toBe(403);
        expect((await suite.anonymous.call(method, path, body)).status, `${method} as a visitor`).toBe(401);
      }
      expect(await rowCount()).toBe(6);
      const [after] = (await suite.anonymous.get('/api/border-checklist')).body as any[];
      expect(after.title).toBe(seeded.title);
      expect(after.translations).toEqual(seeded.translations);
    });

    it('refuses bad input with 400 and a message', async () => {
      const [seeded] = (await suite.anonymous.get('/api/border-checklist')).body as any[];
      const bad: Array<[string, unknown, RegExp]> = [
        ['plain http link', { title: 'x', linkUrl: 'http://example.com' }, /https/],
        ['javascript link', { title: 'x', linkUrl: 'javascript:alert(1)' }, /https/],
        ['link with credentials', { title: 'x', linkUrl: 'https://user:pw@example.com' }, /https/],
        ['link with a space', { title: 'x', linkUrl: 'https://exa mple.com' }, /https/],
        ['no title', { details: 'x' }, /Title/],
        ['blank title', { title: '   ' }, /Title/],
        ['long title', { title: 'x'.repeat(121) }, /Title/],
        ['unknown direction', { title: 'x', directions: ['SG->KL'] }, /Direction/],
        ['no direction', { title: 'x', directions: [] }, /direction/],
        ['direction twice', { title: 'x', directions: ['SG->FC', 'SG->FC'] }, /once/],
        ['directions not a list', { title: 'x', directions: 'SG->FC' }, /Directions/],
        ['unknown kind', { title: 'x', kind: 'visa' }, /Kind/],
        ['fractional position', { title: 'x', position: 1.5 }, /Position/],
        ['negative position', { title: 'x', position: -1 }, /Position/],
        ['label without link', { title: 'x', linkLabel: 'Official site' }, /link/],
        ['unknown field', { title: 'x', colour: 'red' }, /Unknown field/],
        ['invisible characters', { title: 'Pass\u200bport' }, /invisible/],
      ];
      for (const [label, body, message] of bad) {
        const answer = await suite.admin.post('/api/admin/border-checklist', body);
        expect(answer.status, label).toBe(400);
        expect(answer.body.message, label).toMatch(message);
      }
      expect((await suite.admin.post('/api/admin/border-checklist', '[1]')).status).toBe(400);
      expect((await suite.admin.post('/api/admin/border-checklist', '{oops')).status).toBe(400);
      expect((await suite.admin.patch(`/api/admin/border-checklist/${seeded.id}`, {})).status).toBe(400);
      expect(
        (await suite.admin.patch(`/api/admin/border-checklist/${seeded.id}`, { linkUrl: 'ftp://x.org' })).status,
      ).toBe(400);
      // The table's own check catches a label left on an item whose link goes.
      const mdac = ((await suite.anonymous.get('/api/border-checklist')).body as any[]).find(
        (item) => item.linkUrl === MDAC,
      );
      expect((await suite.admin.patch(`/api/admin/border-checklist/${mdac.id}`, { linkUrl: null })).status).toBe(400);
      expect((await suite.admin.patch('/api/admin/border-checklist/abc', { title: 'x' })).status).toBe(400);
      expect((await suite.admin.delete('/api/admin/border-checklist/0')).status).toBe(400);
      expect(await rowCount()).toBe(6);
    });
  });

  describe('row-level security for the api roles', () => {
    // As the api runs a request: the caller set by the owner, then the role switched; always
    // rolled back.
    async function as<T>(
      role: 'anon' | 'authenticated',
      userId: number | null,
      isAdmin: boolean,
      work: (tx: Queryable) => Promise<T>,
    ) {
      const rollback = new Error('rollback');
      let result: T | undefined;
      try {
        await suite.db.database.transaction(async (tx) => {
          await setCaller(tx, userId === null ? null : { userId, isAdmin });
          await tx.query(`set local role ${role}`);
          result = await work(tx);
          throw rollback;
        });
      } catch (error) {
        if (error !== rollback) throw error;
      }
      return result as T;
    }

    it('lets anon and members read', async () => {
      const anon = await as('anon', null, false, (tx) => tx.query('select id from public.border_checklist_items'));
      const authed = await as('authenticated', member.user.id, false, (tx) =>
        tx.query('select id from public.border_checklist_items'),
      );
      expect(anon).toHaveLength(6);
      expect(authed).toHaveLength(6);
    });

    it('denies a member insert, update and delete', async () => {
      await expect(
        as('authenticated', member.user.id, false, (tx) =>
          tx.query("insert into public.border_checklist_items (title) values ('Sneaky')"),
        ),
      ).rejects.toThrow(/row-level security/i);
      const updated = await as('authenticated', member.user.id, false, (tx) =>
        tx.query("update public.border_checklist_items set title = 'Sneaky' returning id"),
      );
      expect(updated).toHaveLength(0);
      const translated = await as('authenticated', member.user.id, false, (tx) =>
        tx.query(`update public.border_checklist_items set translations = '{"zh": {"title": "Sneaky"}}' returning id`),
      );
      expect(translated).toHaveLength(0);
      const deleted = await as('authenticated', member.user.id, false, (tx) =>
        tx.query('delete from public.border_checklist_items returning id'),
      );
      expect(deleted).toHaveLength(0);
    });

    it('denies anon any write', async () => {
      for (const statement of [
        "insert into public.border_checklist_items (title) values ('Sneaky')",
        "update public.border_checklist_items set title = 'Sneaky'",
        'delete from public.border_checklist_items',
      ]) {
        await expect(
          as('anon', null, false, (tx) => tx.query(statement)),
          statement,
        ).rejects.toThrow(/permission denied/i);
      }
    });

    it('lets the admin write, but never id or updated_at', async () => {
      const inserted = await as('authenticated', suite.admin.user.id, true, (tx) =>
        tx.query<{ id: number }>(
          "insert into public.border_checklist_items (title) values ('From the admin') returning id",
        ),
      );
      expect(inserted).toHaveLength(1);
      await expect(
        as('authenticated', suite.admin.user.id, true, (tx) =>
          tx.query("update public.border_checklist_items set updated_at = now() - interval '1 year'"),
        ),
      ).rejects.toThrow(/permission denied/i);
      // The admin edits the translations at SQL level too (the Table Editor's way)...
      const translated = await as('authenticated', suite.admin.user.id, true, (tx) =>
        tx.query<{ translations: any }>(
          `update public.border_checklist_items set translations = '{"ms": {"title": "Pasport"}}'
            where kind = 'passport' returning translations`,
        ),
      );
      expect(translated).toEqual([{ translations: { ms: { title: 'Pasport' } } }]);
      // ...in the shape the PWA reads, or not at all.
      for (const shape of [
        '{"fr": {"title": "Passeport"}}',
        '{"zh": {"colour": "红"}}',
        '{"zh": {"title": "  "}}',
        '{"zh": {"title": 7}}',
        '{"zh": "护照"}',
        '["zh"]',
        `{"ms": {"title": "${'x'.repeat(121)}"}}`,
        '{"zh": {"title": "护\u200b照"}}',
      ]) {
        await expect(
          as('authenticated', suite.admin.user.id, true, (tx) =>
            tx.query(
              `update public.border_checklist_items set translations = $1::text::jsonb where kind = 'passport'`,
              [shape],
            ),
          ),
          shape,
        ).rejects.toThrow(/check constraint/i);
      }
      // The table refuses what the api would: a plain-http link.
      await expect(
        as('authenticated', suite.admin.user.id, true, (tx) =>
          tx.query("update public.border_checklist_items set link_url = 'http://example.com' where kind = 'passport'"),
        ),
      ).rejects.toThrow(/check constraint/i);
      expect(await rowCount()).toBe(6);
    });
  });
});
