// What the server refused, and what a form field got wrong, in the member's language. The
// server sends SPEC §8's English message and a stable code (supabase/functions/_shared/
// refusals.ts); the shared schemas' messages are supabase/functions/_shared/validation.ts's.
// A known code whose English text reads the server's message is shown translated, with the
// values (counts, names, waits) read back out of that message; anything else (an unknown or
// generic code, a text the registry does not have) is shown as the server wrote it.
import { plural } from '@lingui/core/macro';
import { matchTemplate } from '@shared/message-template.ts';
import { isKnownRefusalCode, REFUSALS } from '@shared/refusals.ts';
import { findFieldLabel, findValidationMessage, VALIDATION } from '@shared/validation.ts';

import { currentLanguage, i18n } from './i18n/i18n';

// A throttle's wait, as the database words it (private.wait_text): '1 minute', '5 minutes',
// '3 hours', '4 days'.
function waitText(wait: string): string {
  const match = /^([0-9]+) (minute|minutes|hours|days)$/.exec(wait);
  if (!match) return wait;
  const count = Number(match[1]);
  if (match[2] === 'hours') return plural(count, { one: '# hour', other: '# hours' });
  if (match[2] === 'days') return plural(count, { one: '# day', other: '# days' });
  return plural(count, { one: '# minute', other: '# minutes' });
}

function labelText(label: string): string {
  const entry = findFieldLabel(label);
  return entry ? i18n._(entry) : label;
}

function translatedValues(values: Record<string, string>): Record<string, string> {
  const translated = { ...values };
  if (translated.wait !== undefined) translated.wait = waitText(translated.wait);
  if (translated.label !== undefined) translated.label = labelText(translated.label);
  return translated;
}

// A shared schema's message (a form field's error, or the api's 'invalid_input' refusal).
export function validationText(message: string): string {
  if (currentLanguage() === 'en') return message;
  const found = findValidationMessage(message);
  if (!found) return message;
  const descriptor = VALIDATION[found.key];
  return i18n._({ id: descriptor.id, message: descriptor.message, values: translatedValues(found.values) });
}

// The server's refusal: `message` as it sent it, `code` beside it (or none).
export function refusalText(code: string | undefined, message: string): string {
  if (currentLanguage() === 'en') return message;
  if (code === 'invalid_input') return validationText(message);
  if (!isKnownRefusalCode(code)) return message;
  const descriptor = REFUSALS[code];
  const values = matchTemplate(descriptor.message, message);
  if (!values) return message;
  return i18n._({ id: descriptor.id, message: descriptor.message, values: translatedValues(values) });
}
