import { z } from 'zod';

import { ID_MAX } from '../ids.ts';
import { PASSENGERS_MAX, PASSENGERS_MIN } from '../limits.ts';
import { toE164, toMalaysianE164 } from '../phone.ts';
import { VALIDATION, validationMessage } from '../validation.ts';

// Field builders whose messages name the field, so an API refusal reads as a sentence. The texts
// are ../validation.ts's, where the PWA finds their translations.

// Postgres text cannot hold NUL, and the other control characters (C0, DEL, C1) garble the ride
// cards and the WhatsApp messages built from these fields, so they are refused rather than stored.
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/;
// Locations come from multi-line text areas: line breaks (\n, \r\n) and tabs are real content there.
const CONTROL_CHARACTER_BUT_LAYOUT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

// Characters that show nothing yet change what a text says or how it reads: zero-width spaces,
// bidi marks, embeddings, overrides and isolates (which reverse what follows), the soft hyphen,
// fillers, invisible operators, variation selectors, BOM: every format character and
// default-ignorable code point, but what emoji need (U+200D joiner, U+FE0E/FE0F presentation, tag
// characters for subdivision flags); plus the line and paragraph separators. Written out rather
// than as Unicode properties so that every runtime (browsers, Node, Deno) refuses the same set,
// and the database (private.has_hidden_characters, migration 20261124000220) with them.
// (The combining ones stand outside the class: inside, they would read as combining with the
// character before them.)
export const INVISIBLE_CHARACTER =
  /[\u00ad\u0600-\u0605\u061c\u06dd\u070f\u0890\u0891\u08e2\u115f\u200b\u200c\u200e\u200f\u2028-\u202e\u2060-\u206f\u3164\ufeff\uffa0\ufff0-\ufffb\u{110bd}\u{110cd}\u{13430}-\u{1343f}\u{1bca0}-\u{1bca3}\u{e0000}-\u{e001f}\u{e0080}-\u{e0fff}]|\u034f|\u1160|\u17b4|\u17b5|\u180b|\u180c|\u180d|\u180e|\u180f|[\ufe00-\ufe0d]|[\u{1d173}-\u{1d17a}]/u;

export function controlCharacterMessage(label: string): string {
  return validationMessage('control_characters', { label });
}

export function invisibleCharacterMessage(label: string): string {
  return validationMessage('invisible_characters', { label });
}

export function isVisibleText(value: string): boolean {
  return !INVISIBLE_CHARACTER.test(value);
}

export function requiredText(label: string, max: number, requiredMessage = validationMessage('required', { label })) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(max, validationMessage('too_long', { label, max }))
    .refine((value) => !CONTROL_CHARACTER_BUT_LAYOUT.test(value), controlCharacterMessage(label))
    .refine(isVisibleText, invisibleCharacterMessage(label));
}

// Optional text: blank becomes null (SPEC §5: empty contact values become null).
export function optionalText(label: string, max: number) {
  return z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    z
      .string({ error: validationMessage('not_text', { label }) })
      .trim()
      .max(max, validationMessage('too_long', { label, max }))
      .refine((value) => !CONTROL_CHARACTER.test(value), controlCharacterMessage(label))
      .refine(isVisibleText, invisibleCharacterMessage(label))
      .nullable()
      .optional(),
  );
}

// Phone numbers are stored in E.164 (see ../phone.ts): the schema's output is the normalised
// number, and that is what the api writes.
export const WHATSAPP_NUMBER_FORMAT = VALIDATION.whatsapp_number_format.message;
export const MALAYSIAN_NUMBER_FORMAT = VALIDATION.malaysian_number_format.message;

function optionalPhone(label: string, normalise: (input: string) => string | null, formatMessage: string) {
  return z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    z
      .string({ error: validationMessage('not_text', { label }) })
      .trim()
      // Checked before the format so the refusal names the real problem.
      .refine((value) => !CONTROL_CHARACTER.test(value), controlCharacterMessage(label))
      .refine(isVisibleText, invisibleCharacterMessage(label))
      .transform((value, ctx) => {
        const number = normalise(value);
        if (number === null) {
          ctx.addIssue({ code: 'custom', message: formatMessage });
          return z.NEVER;
        }
        return number;
      })
      .nullable()
      .optional(),
  );
}

// Any country (members live on both sides of the border); Singapore and Malaysian local forms too.
export const whatsappNumberField = optionalPhone('WhatsApp number', toE164, WHATSAPP_NUMBER_FORMAT);
// Malaysia only (+60): SPEC §1 "a Malaysian number in +60 format".
export const malaysianNumberField = optionalPhone('Malaysian number', toMalaysianE164, MALAYSIAN_NUMBER_FORMAT);

export function passengerCount(
  label: string,
  minMessage = validationMessage('too_small', { label, min: PASSENGERS_MIN }),
) {
  return z
    .number({ error: validationMessage('not_a_number', { label }) })
    .int(validationMessage('not_whole', { label }))
    .min(PASSENGERS_MIN, minMessage)
    .max(PASSENGERS_MAX, validationMessage('too_big', { label, max: PASSENGERS_MAX }));
}

// An id in a JSON body (a ride, a driver): a whole number from 1 to int4's top, refused in
// words that name the field.
export function idField(label: string) {
  return z
    .number({ error: validationMessage('not_a_number', { label }) })
    .int(validationMessage('not_whole', { label }))
    .positive(validationMessage('not_positive', { label }))
    .max(ID_MAX, validationMessage('too_large_number', { label }));
}

// Route ids arrive as strings; anything but a plain positive 32-bit integer is refused.
export const idParam = z
  .string()
  .regex(/^[0-9]{1,10}$/, VALIDATION.invalid_id.message)
  .transform(Number)
  .refine((id) => id >= 1 && id <= ID_MAX, VALIDATION.invalid_id.message);

// The ids of a route's path, as its contract declares them (api/lib/contract.ts); the handler
// reads each with api/lib/validate.ts readId, which refuses a bad one with its own code.
export const rideIdParams = z.object({ id: idParam });
export const ridePassengerIdParams = z.object({ id: idParam, passengerId: idParam });
// A route whose one id is {id} (a member, a report, a checklist item); one that names a member
// as {userId}; a message of a ride's conversation.
export const idParams = z.object({ id: idParam });
export const memberIdParams = z.object({ userId: idParam });
export const rideMessageIdParams = z.object({ id: idParam, messageId: idParam });
