import { z } from 'zod';

import { DIRECTIONS } from '../limits.ts';
import { VALIDATION, validationMessage } from '../validation.ts';
import { optionalText, requiredText } from './fields.ts';

// The border checklist (issue 14 §2, migration 20261201000700_border_checklist.sql): rows the
// admin edits; `kind` names the items the PWA fills in from the ride and the device. The texts
// are English; `translations` holds them in the app's other languages (migration
// 20261201001000_border_checklist_languages.sql), each text optional: the PWA falls back to the
// English text by text.
export const BORDER_CHECKLIST_LANGUAGES = ['zh', 'ms'] as const;
export type BorderChecklistLanguage = (typeof BORDER_CHECKLIST_LANGUAGES)[number];

export const BORDER_CHECKLIST_KINDS = ['static', 'passport', 'stops', 'driver'] as const;
export type BorderChecklistKind = (typeof BORDER_CHECKLIST_KINDS)[number];

export const CHECKLIST_TITLE_MAX_LENGTH = 120;
export const CHECKLIST_DETAILS_MAX_LENGTH = 1000;
export const CHECKLIST_LINK_MAX_LENGTH = 500;
export const CHECKLIST_LINK_LABEL_MAX_LENGTH = 120;
export const CHECKLIST_POSITION_MAX = 100000;

export const LINK_HTTPS_ONLY = VALIDATION.link_https.message;

// The database's own check is the same shape (a host right after https://, no spaces), so
// what passes here is what the table accepts.
function isHttpsLink(value: string): boolean {
  if (!/^https:\/\/[^\s/?#]+\S*$/.test(value)) return false;
  try {
    const url = new URL(value);
    // Credentials in a link shown to every rider are a phishing shape, never a real need.
    return url.protocol === 'https:' && url.hostname !== '' && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

const linkUrl = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
  z
    .string({ error: LINK_HTTPS_ONLY })
    .trim()
    .max(CHECKLIST_LINK_MAX_LENGTH, validationMessage('too_long', { label: 'Link', max: CHECKLIST_LINK_MAX_LENGTH }))
    .refine(isHttpsLink, LINK_HTTPS_ONLY)
    .nullable()
    .optional(),
);

const directions = z
  .array(z.enum(DIRECTIONS, { error: VALIDATION.directions_choice.message }), {
    error: VALIDATION.directions_list.message,
  })
  .min(1, VALIDATION.pick_direction.message)
  .max(DIRECTIONS.length, VALIDATION.directions_choice.message)
  .refine((list) => new Set(list).size === list.length, VALIDATION.direction_once.message)
  // Stored in the one order, so two equal lists look equal.
  .transform((list) => DIRECTIONS.filter((direction) => list.includes(direction)));

const position = z
  .number({ error: validationMessage('not_whole', { label: 'Position' }) })
  .int(validationMessage('not_whole', { label: 'Position' }))
  .min(0, validationMessage('not_negative', { label: 'Position' }))
  .max(CHECKLIST_POSITION_MAX, validationMessage('too_big', { label: 'Position', max: CHECKLIST_POSITION_MAX }));

const kind = z.enum(BORDER_CHECKLIST_KINDS, { error: VALIDATION.kind_choice.message });

const fields = {
  position,
  title: requiredText('Title', CHECKLIST_TITLE_MAX_LENGTH),
  details: optionalText('Details', CHECKLIST_DETAILS_MAX_LENGTH),
  linkUrl,
  linkLabel: optionalText('Link label', CHECKLIST_LINK_LABEL_MAX_LENGTH),
  directions,
  kind,
};

function unknownField(issue: { code?: string; keys?: string[] }): string | undefined {
  return issue.code === 'unrecognized_keys'
    ? validationMessage('unknown_field', { names: (issue.keys ?? []).join(', ') })
    : undefined;
}

type Texts = { title?: string | null; details?: string | null; linkLabel?: string | null };
export type BorderChecklistTextsInput = { title?: string; details?: string; linkLabel?: string };

// Blank or null texts are left out (the English shows); a language left with none is null.
function keptTexts(texts: Texts | null): BorderChecklistTextsInput | null {
  if (!texts) return null;
  const kept: BorderChecklistTextsInput = {};
  if (texts.title) kept.title = texts.title;
  if (texts.details) kept.details = texts.details;
  if (texts.linkLabel) kept.linkLabel = texts.linkLabel;
  return Object.keys(kept).length > 0 ? kept : null;
}

// One language's texts, with the English fields' limits and checks.
const languageTexts = z
  .strictObject(
    {
      title: optionalText('Title', CHECKLIST_TITLE_MAX_LENGTH),
      details: optionalText('Details', CHECKLIST_DETAILS_MAX_LENGTH),
      linkLabel: optionalText('Link label', CHECKLIST_LINK_LABEL_MAX_LENGTH),
    },
    { error: unknownField },
  )
  .nullable()
  .optional()
  .transform((texts) => (texts === undefined ? undefined : keptTexts(texts)));

// { zh?: texts | null, ms?: texts | null }: the languages sent, each with its texts or null
// (none). The api stores it merged into the item's: a language sent replaces that language's
// texts, null removes them (the English shows), a language not sent keeps its own.
const translations = z
  .strictObject({ zh: languageTexts, ms: languageTexts }, { error: unknownField })
  .transform((input) => {
    const sent: Partial<Record<BorderChecklistLanguage, BorderChecklistTextsInput | null>> = {};
    for (const language of BORDER_CHECKLIST_LANGUAGES) {
      if (input[language] !== undefined) sent[language] = input[language];
    }
    return sent;
  });

const LABEL_NEEDS_LINK = VALIDATION.label_needs_link.message;

// POST /api/admin/border-checklist
export const createBorderChecklistItemSchema = z
  .strictObject(
    {
      ...fields,
      position: position.default(0),
      directions: directions.default([...DIRECTIONS]),
      kind: kind.default('static'),
      translations: translations.optional(),
    },
    { error: unknownField },
  )
  .refine((input) => !input.linkLabel || Boolean(input.linkUrl), LABEL_NEEDS_LINK);
export type CreateBorderChecklistItemInput = z.infer<typeof createBorderChecklistItemSchema>;

// PATCH /api/admin/border-checklist/:id: the fields sent change, the others stay.
export const updateBorderChecklistItemSchema = z
  .strictObject(
    {
      position: position.optional(),
      title: fields.title.optional(),
      details: fields.details,
      linkUrl: fields.linkUrl,
      linkLabel: fields.linkLabel,
      directions: directions.optional(),
      kind: kind.optional(),
      translations: translations.optional(),
    },
    { error: unknownField },
  )
  .refine((input) => Object.values(input).some((value) => value !== undefined), VALIDATION.nothing_to_change.message)
  .refine((input) => !input.linkLabel || input.linkUrl !== null, LABEL_NEEDS_LINK);
export type UpdateBorderChecklistItemInput = z.infer<typeof updateBorderChecklistItemSchema>;

// GET /api/border-checklist?direction=
export const borderChecklistQuerySchema = z.object({
  direction: z.enum(DIRECTIONS, { error: VALIDATION.direction_either.message }).optional(),
});

// One language's texts as the api answers them (any may be missing).
export const borderChecklistTextsSchema = z.object({
  title: z.string().optional(),
  details: z.string().optional(),
  linkLabel: z.string().optional(),
});
export type BorderChecklistTexts = z.infer<typeof borderChecklistTextsSchema>;

// One item as the api answers it; the PWA parses with this. `translations` is optional: a copy
// saved on a phone before it existed has none.
export const borderChecklistItemSchema = z.object({
  id: z.number().int(),
  position: z.number().int(),
  title: z.string(),
  details: z.string().nullable(),
  linkUrl: z.string().nullable(),
  linkLabel: z.string().nullable(),
  directions: z.array(z.enum(DIRECTIONS)),
  kind: z.enum(BORDER_CHECKLIST_KINDS),
  translations: z
    .object({ zh: borderChecklistTextsSchema.optional(), ms: borderChecklistTextsSchema.optional() })
    .optional(),
  updatedAt: z.string(),
});
export type BorderChecklistItem = z.infer<typeof borderChecklistItemSchema>;
export const borderChecklistSchema = z.array(borderChecklistItemSchema);
