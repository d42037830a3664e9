import { z } from 'zod';
import { DIRECTIONS } from '../limits.ts';
import { optionalText, requiredText } from './fields.ts';

// The border checklist (issue 14 §2, migration 20261201000700_border_checklist.sql): rows the
// admin edits; `kind` names the items the PWA fills in from the ride and the device.
export const BORDER_CHECKLIST_KINDS = ['static', 'passport', 'stops', 'driver'] as const;
export type BorderChecklistKind = (typeof BORDER_CHECKLIST_KINDS)[number];

export const CHECKLIST_TITLE_MAX_LENGTH = 120;
export const CHECKLIST_DETAILS_MAX_LENGTH = 1000;
export const CHECKLIST_LINK_MAX_LENGTH = 500;
export const CHECKLIST_LINK_LABEL_MAX_LENGTH = 120;
export const CHECKLIST_POSITION_MAX = 100000;

export const LINK_HTTPS_ONLY = 'Link must be an https:// address';

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
    .max(CHECKLIST_LINK_MAX_LENGTH, `Link must be at most ${CHECKLIST_LINK_MAX_LENGTH} characters`)
    .refine(isHttpsLink, LINK_HTTPS_ONLY)
    .nullable()
    .optional(),
);

const directions = z
  .array(z.enum(DIRECTIONS, { error: 'Directions must be SG->FC and/or FC->SG' }), {
    error: 'Directions must be a list: ["SG->FC"], ["FC->SG"] or both',
  })
  .min(1, 'Pick at least one direction')
  .max(DIRECTIONS.length, 'Directions must be SG->FC and/or FC->SG')
  .refine((list) => new Set(list).size === list.length, 'Each direction may be named once')
  // Stored in the one order, so two equal lists look equal.
  .transform((list) => DIRECTIONS.filter((direction) => list.includes(direction)));

const position = z
  .number({ error: 'Position must be a whole number' })
  .int('Position must be a whole number')
  .min(0, 'Position must be 0 or more')
  .max(CHECKLIST_POSITION_MAX, `Position must be at most ${CHECKLIST_POSITION_MAX}`);

const kind = z.enum(BORDER_CHECKLIST_KINDS, { error: 'Kind must be static, passport, stops or driver' });

const fields = {
  position,
  title: requiredText('Title', CHECKLIST_TITLE_MAX_LENGTH),
  details: optionalText('Details', CHECKLIST_DETAILS_MAX_LENGTH),
  linkUrl,
  linkLabel: optionalText('Link label', CHECKLIST_LINK_LABEL_MAX_LENGTH),
  directions,
  kind,
};

const LABEL_NEEDS_LINK = 'A link label needs a link';

// POST /api/admin/border-checklist
export const createBorderChecklistItemSchema = z
  .strictObject(
    {
      ...fields,
      position: position.default(0),
      directions: directions.default([...DIRECTIONS]),
      kind: kind.default('static'),
    },
    { error: (issue) => (issue.code === 'unrecognized_keys' ? `Unknown field: ${issue.keys.join(', ')}` : undefined) },
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
    },
    { error: (issue) => (issue.code === 'unrecognized_keys' ? `Unknown field: ${issue.keys.join(', ')}` : undefined) },
  )
  .refine((input) => Object.values(input).some((value) => value !== undefined), 'Nothing to change')
  .refine((input) => !input.linkLabel || input.linkUrl !== null, LABEL_NEEDS_LINK);
export type UpdateBorderChecklistItemInput = z.infer<typeof updateBorderChecklistItemSchema>;

// GET /api/border-checklist?direction=
export const borderChecklistQuerySchema = z.object({
  direction: z.enum(DIRECTIONS, { error: 'Direction must be SG->FC or FC->SG' }).optional(),
});

// One item as the api answers it; the PWA parses with this.
export const borderChecklistItemSchema = z.object({
  id: z.number().int(),
  position: z.number().int(),
  title: z.string(),
  details: z.string().nullable(),
  linkUrl: z.string().nullable(),
  linkLabel: z.string().nullable(),
  directions: z.array(z.enum(DIRECTIONS)),
  kind: z.enum(BORDER_CHECKLIST_KINDS),
  updatedAt: z.string(),
});
export type BorderChecklistItem = z.infer<typeof borderChecklistItemSchema>;
export const borderChecklistSchema = z.array(borderChecklistItemSchema);
