// A refusal said from its code and params, in whatever language `say` speaks: the PWA's Lingui
// catalogue (src/lib/refusal-text.ts), the api's server catalogues (api/lib/refusal-language.ts).
// The text is the code's in refusals.ts, or for 'invalid_input' the rule's in validation.ts;
// {wait} is said in words, a field's {label} in the language's own word for it.
import { type MessageDescriptor, type MessageValues, placeholdersOf } from './message-template.ts';
import { isKnownRefusalCode, type RefusalParams, REFUSALS, type Say, waitText } from './refusals.ts';
import { findFieldLabel, isValidationKey, VALIDATION } from './validation.ts';

function fill(descriptor: MessageDescriptor, params: RefusalParams, say: Say): string | null {
  const values: MessageValues = {};
  for (const name of placeholdersOf(descriptor.message)) {
    const value = params[name];
    if (typeof value !== 'string' && typeof value !== 'number') return null;
    if (name === 'wait') {
      if (typeof value !== 'number') return null;
      values.wait = waitText(value, say);
    } else if (name === 'label' && typeof value === 'string') {
      const entry = findFieldLabel(value);
      values.label = entry ? say(entry, {}) : value;
    } else {
      values[name] = value;
    }
  }
  return say(descriptor, values);
}

// A validation rule's text ({ rule: 'too_long', label: 'Name', max: 80 }), or null.
export function validationRuleMessage(params: RefusalParams, say: Say): string | null {
  return isValidationKey(params.rule) ? fill(VALIDATION[params.rule], params, say) : null;
}

// The refusal's text, or null when it cannot be said from its code and params: a generic or
// unknown code, a value its text needs and the params lack. The caller then shows the server's
// message.
export function refusalMessage(code: string | undefined, params: RefusalParams, say: Say): string | null {
  if (code === 'invalid_input') return validationRuleMessage(params, say);
  return isKnownRefusalCode(code) ? fill(REFUSALS[code], params, say) : null;
}
