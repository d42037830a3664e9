import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';

import { refusal } from '../../_shared/refusals.ts';
import {
  type BorderChecklistItem,
  borderChecklistQuerySchema,
  borderChecklistSchema,
  createBorderChecklistItemSchema,
  type UpdateBorderChecklistItemInput,
  updateBorderChecklistItemSchema,
} from '../../_shared/schemas/border-checklist.ts';
import { checklistItemSavedSchema } from '../../_shared/schemas/border-checklist-response.ts';
import { idParams } from '../../_shared/schemas/fields.ts';
import { messageAnswerSchema } from '../../_shared/schemas/message-response.ts';
import { contractRoutes, json, jsonBody, mount, refused } from '../lib/contract.ts';
import type { RequestDb } from '../lib/database.ts';
import { type AppEnv, requireCaller } from '../lib/env.ts';
import { HttpError, invalidInput } from '../lib/http-error.ts';
import { readBody, readId } from '../lib/validate.ts';
import { isoTimestamp } from '../queries/sql.ts';

// The border checklist (issue 14 §2, migration 20261201000700_border_checklist.sql). Everyone
// reads it; the admin edits it. Each item carries its texts in the other languages
// (`translations`, migration 20261201001000_border_checklist_languages.sql): all of them, so
// the PWA's one saved copy serves whichever language the rider reads. RLS lets only the admin write, whatever this file checks: the
// admin check here is for a clear 403 before any SQL runs.
export const borderChecklistRoutes = contractRoutes();

const tags = ['Border checklist'];

const ITEM_JSON = `json_build_object(
    'id', i.id,
    'position', i.position,
    'title', i.title,
    'details', i.details,
    'linkUrl', i.link_url,
    'linkLabel', i.link_label,
    'directions', to_json(i.directions::text[]),
    'kind', i.kind,
    'translations', i.translations,
    'updatedAt', ${isoTimestamp('i.updated_at')}
  )`;

// Directions travel as JSON text: the same on every driver, arrays included.
const DIRECTIONS_PARAM = (n: number) =>
  `array(select jsonb_array_elements_text($${n}::text::jsonb))::public.ride_direction[]`;

function requireAdmin(c: Context<AppEnv>): void {
  const caller = requireCaller(c);
  if (!caller.isAdmin) throw new HttpError(403, refusal('checklist_admin_only'));
}

// An item this request has just written, so it is there.
async function readItem(db: RequestDb, id: number): Promise<BorderChecklistItem> {
  const row = await db.one<{ item: BorderChecklistItem }>(
    `select ${ITEM_JSON} as item from public.border_checklist_items i where i.id = $1::integer`,
    [id],
  );
  return row!.item;
}

// Items in position order; `?direction=` keeps those for one direction. The PWA reads them all
// once, so one cached copy serves both directions offline.
const getChecklist = createRoute({
  method: 'get',
  path: '/border-checklist',
  tags,
  summary: 'What to have ready at the border, in position order (public)',
  request: { query: borderChecklistQuerySchema },
  responses: {
    200: json('The items, each with its texts in every language', borderChecklistSchema),
    ...refused({ 400: ['invalid_input'] }),
  },
});
mount(borderChecklistRoutes, getChecklist, async (c) => {
  const query = borderChecklistQuerySchema.safeParse({ direction: c.req.query('direction') });
  if (!query.success) throw invalidInput(query.error.issues[0]!.message, query.error.issues[0]!.path);
  const row = await c.get('db').one<{ items: BorderChecklistItem[] }>(
    `select coalesce(json_agg(${ITEM_JSON} order by i.position, i.id), '[]'::json) as items
       from public.border_checklist_items i
      where $1::text is null or $1::text::public.ride_direction = any(i.directions)`,
    [query.data.direction ?? null],
  );
  return c.json(row!.items, 200);
});

const createItem = createRoute({
  method: 'post',
  path: '/admin/border-checklist',
  tags,
  summary: 'The admin adds an item to the border checklist',
  request: { body: jsonBody(createBorderChecklistItemSchema) },
  responses: {
    201: json('The item as saved', checklistItemSavedSchema),
    ...refused({
      400: ['invalid_json', 'body_not_object', 'invalid_input'],
      401: ['login_required'],
      403: ['checklist_admin_only'],
    }),
  },
});
mount(borderChecklistRoutes, createItem, async (c) => {
  requireAdmin(c);
  const input = await readBody(c, createBorderChecklistItemSchema);
  const db = c.get('db');
  const [created] = await db.query<{ id: number }>(
    `insert into public.border_checklist_items
       (position, title, details, link_url, link_label, directions, kind, translations)
     values ($1::integer, $2::text, $3::text, $4::text, $5::text, ${DIRECTIONS_PARAM(6)}, $7::text,
             jsonb_strip_nulls($8::text::jsonb))
     returning id`,
    [
      input.position,
      input.title,
      input.details ?? null,
      input.linkUrl ?? null,
      input.linkLabel ?? null,
      JSON.stringify(input.directions),
      input.kind,
      JSON.stringify(input.translations ?? {}),
    ],
  );
  return c.json({ message: 'Checklist item added', item: await readItem(db, created!.id) }, 201);
});

// Only the columns sent change; the SET list is made from this fixed map, never from the input's keys.
const COLUMNS: Record<keyof UpdateBorderChecklistItemInput, (n: number) => string> = {
  position: (n) => `position = $${n}::integer`,
  title: (n) => `title = $${n}::text`,
  details: (n) => `details = $${n}::text`,
  linkUrl: (n) => `link_url = $${n}::text`,
  linkLabel: (n) => `link_label = $${n}::text`,
  directions: (n) => `directions = ${DIRECTIONS_PARAM(n)}`,
  kind: (n) => `kind = $${n}::text`,
  // Merged by language: a language sent replaces its texts, null removes them, the others stay.
  translations: (n) => `translations = jsonb_strip_nulls(translations || $${n}::text::jsonb)`,
};

const updateItem = createRoute({
  method: 'patch',
  path: '/admin/border-checklist/{id}',
  tags,
  summary: 'The admin changes an item: only the fields sent change',
  request: { params: idParams, body: jsonBody(updateBorderChecklistItemSchema) },
  responses: {
    200: json('The item as saved', checklistItemSavedSchema),
    ...refused({
      // invalid_value: the table's own check, a label left on an item whose link goes.
      400: ['invalid_id', 'invalid_json', 'body_not_object', 'invalid_input', 'invalid_value'],
      401: ['login_required'],
      403: ['checklist_admin_only'],
      404: ['checklist_item_not_found'],
    }),
  },
});
mount(borderChecklistRoutes, updateItem, async (c) => {
  requireAdmin(c);
  const id = readId(c, 'id', 'checklist item');
  const input = await readBody(c, updateBorderChecklistItemSchema);
  const sets: string[] = [];
  const params: unknown[] = [id];
  for (const key of Object.keys(COLUMNS) as Array<keyof UpdateBorderChecklistItemInput>) {
    const value = input[key];
    if (value === undefined) continue;
    params.push(key === 'directions' || key === 'translations' ? JSON.stringify(value) : value);
    sets.push(COLUMNS[key](params.length));
  }
  const db = c.get('db');
  const updated = await db.query(
    `update public.border_checklist_items set ${sets.join(', ')} where id = $1::integer returning id`,
    params,
  );
  if (updated.length === 0) throw new HttpError(404, refusal('checklist_item_not_found'));
  return c.json({ message: 'Checklist item saved', item: await readItem(db, id) }, 200);
});

const deleteItem = createRoute({
  method: 'delete',
  path: '/admin/border-checklist/{id}',
  tags,
  summary: 'The admin removes an item',
  request: { params: idParams },
  responses: {
    200: json('Removed', messageAnswerSchema),
    ...refused({
      400: ['invalid_id'],
      401: ['login_required'],
      403: ['checklist_admin_only'],
      404: ['checklist_item_not_found'],
    }),
  },
});
mount(borderChecklistRoutes, deleteItem, async (c) => {
  requireAdmin(c);
  const id = readId(c, 'id', 'checklist item');
  const deleted = await c
    .get('db')
    .query('delete from public.border_checklist_items where id = $1::integer returning id', [id]);
  if (deleted.length === 0) throw new HttpError(404, refusal('checklist_item_not_found'));
  return c.json({ message: 'Checklist item deleted' }, 200);
});
