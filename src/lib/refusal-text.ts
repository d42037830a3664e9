// What the server refused, and what a form field got wrong, in the member's language. The
// server sends a stable code and the values its text names (supabase/functions/_shared/
// refusals.ts; an 'invalid_input' names the rule of validation.ts, its values and the field);
// the text is said here from them with Lingui. Nothing is read back out of the English: a code
// this build does not know (a newer server's, a generic one) is shown as the server's message,
// which the server has already said in the member's language where it could.
import type { MessageDescriptor, MessageValues } from '@shared/message-template.ts';
import { refusalMessage, validationRuleMessage } from '@shared/refusal-message.ts';
import type { RefusalParams, Say } from '@shared/refusals.ts';
import { validationParamsOf } from '@shared/validation.ts';

import { i18n } from './i18n/i18n';

const say: Say = (descriptor: MessageDescriptor, values: MessageValues) =>
  i18n._({ id: descriptor.id, message: descriptor.message, values });

// A shared schema's message, as the PWA's own parse gave it to a form field: the rule and
// values validation.ts made it with. A text zod wrote itself stays as it is.
export function validationText(message: string): string {
  const params = validationParamsOf(message);
  return (params && validationRuleMessage(params, say)) ?? message;
}

// The server's refusal: its code and params, and its message for a code this build cannot say.
export function refusalText(code: string | undefined, params: RefusalParams, message: string): string {
  return refusalMessage(code, params, say) ?? message;
}
