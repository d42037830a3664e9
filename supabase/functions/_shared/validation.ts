import { fillTemplate, type MessageDescriptor, type MessageValues } from './message-template.ts';

// The texts of the shared zod schemas (schemas/*.ts), in English, as Lingui message descriptors
// (read by the extractor from the /*i18n*/ objects; no macros: this file runs in Deno and Node
// too). The schemas build their messages from here, so the api's refusals (SPEC §8, code
// 'invalid_input') read exactly as before. Each message made here is remembered with its key
// and values (validationParamsOf): the api sends them as the refusal's params
// ({ rule: 'too_long', label: 'Name', max: 80, field: 'name' }), and the PWA's forms
// (src/components/form.tsx) and toasts say the rule in the member's language from them.
//
// Most texts name their field: '{label} is required'. The labels are in FIELD_LABELS, which
// the PWA translates too; a label not there (a technical name such as driverContactId) stays as
// it is. tests/api/validation-registry.test.ts checks that every text of the schemas is here.
// zod's own default texts (a field with no message of ours) are not: the PWA shows them as
// they come.

export const VALIDATION = {
  // Any field
  required: /*i18n*/ { id: 'validation.required', message: '{label} is required', comment: '{label} is a field name' },
  not_text: /*i18n*/ { id: 'validation.not_text', message: '{label} must be text', comment: '{label} is a field name' },
  too_long: /*i18n*/ {
    id: 'validation.too_long',
    message: '{label} must be at most {max} characters',
    comment: '{label} is a field name; {max} a number',
  },
  too_short: /*i18n*/ {
    id: 'validation.too_short',
    message: '{label} must be at least {min} characters',
    comment: '{label} is a field name; {min} a number',
  },
  too_short_long: /*i18n*/ {
    id: 'validation.too_short_long',
    message: '{label} must be at least {min} characters long',
    comment: '{label} is a field name; {min} a number',
  },
  too_long_plain: /*i18n*/ {
    id: 'validation.too_long_plain',
    message: '{label} is too long',
    comment: '{label} is a field name',
  },
  control_characters: /*i18n*/ {
    id: 'validation.control_characters',
    message: '{label} cannot contain control characters',
    comment: '{label} is a field name',
  },
  invisible_characters: /*i18n*/ {
    id: 'validation.invisible_characters',
    message: '{label} cannot contain invisible characters (such as zero-width spaces or text-direction marks)',
    comment: '{label} is a field name',
  },
  not_a_number: /*i18n*/ {
    id: 'validation.not_a_number',
    message: '{label} must be a number',
    comment: '{label} is a field name',
  },
  not_whole: /*i18n*/ {
    id: 'validation.not_whole',
    message: '{label} must be a whole number',
    comment: '{label} is a field name',
  },
  too_small: /*i18n*/ {
    id: 'validation.too_small',
    message: '{label} must be at least {min}',
    comment: '{label} is a field name; {min} a number',
  },
  too_big: /*i18n*/ {
    id: 'validation.too_big',
    message: '{label} must be at most {max}',
    comment: '{label} is a field name; {max} a number',
  },
  not_positive: /*i18n*/ {
    id: 'validation.not_positive',
    message: '{label} must be positive',
    comment: '{label} is a field name',
  },
  not_negative: /*i18n*/ {
    id: 'validation.not_negative',
    message: '{label} must be 0 or more',
    comment: '{label} is a field name',
  },
  too_large_number: /*i18n*/ {
    id: 'validation.too_large_number',
    message: '{label} is too large',
    comment: '{label} is a field name',
  },
  not_boolean: /*i18n*/ {
    id: 'validation.not_boolean',
    message: '{label} must be true or false',
    comment: '{label} is a field name',
  },
  not_a_list: /*i18n*/ {
    id: 'validation.not_a_list',
    message: '{label} must be a list',
    comment: '{label} is a field name',
  },
  one_of: /*i18n*/ {
    id: 'validation.one_of',
    message: '{label} must be one of {choices}',
    comment: '{label} is a parameter name; {choices} the values it takes',
  },
  range: /*i18n*/ {
    id: 'validation.range',
    message: '{label} must be a whole number from 1 to {max}',
    comment: '{label} is a parameter name; {max} a number',
  },
  invalid_id: /*i18n*/ { id: 'validation.invalid_id', message: 'Invalid id' },
  unknown_parameter: /*i18n*/ {
    id: 'validation.unknown_parameter',
    message: 'Unknown parameter: {names}',
    comment: '{names} are names of query parameters',
  },
  unknown_field: /*i18n*/ {
    id: 'validation.unknown_field',
    message: 'Unknown field: {names}',
    comment: '{names} are names of fields',
  },

  // Phone numbers
  whatsapp_number_format: /*i18n*/ {
    id: 'validation.whatsapp_number_format',
    message:
      'WhatsApp number must be a Singapore number such as +65 9123 4567 (or its 8 digits), or an international number starting with + and the country code',
  },
  malaysian_number_format: /*i18n*/ {
    id: 'validation.malaysian_number_format',
    message: 'Malaysian number must be a +60 number such as +60 12 345 6789 (or 012-345 6789)',
  },

  // Accounts
  username_no_spaces: /*i18n*/ {
    id: 'validation.username_no_spaces',
    message: 'Discord username cannot contain spaces',
  },
  username_characters: /*i18n*/ {
    id: 'validation.username_characters',
    message: 'Discord username can only contain letters, digits, _ . and -',
  },
  username_one_alphabet: /*i18n*/ {
    id: 'validation.username_one_alphabet',
    message: 'Discord username cannot mix alphabets (such as Latin and Cyrillic letters)',
  },
  password_too_many_bytes: /*i18n*/ {
    id: 'validation.password_too_many_bytes',
    message: 'Password must be at most {max} characters (accented letters and emoji count as 2 to 4)',
    comment: '{max} is a number',
  },
  enter_current_password: /*i18n*/ {
    id: 'validation.enter_current_password',
    message: 'Please enter your current password',
  },
  enter_new_password: /*i18n*/ { id: 'validation.enter_new_password', message: 'Please enter a new password' },
  enter_username: /*i18n*/ { id: 'validation.enter_username', message: "Please enter the user's Discord username" },
  driver_details: /*i18n*/ {
    id: 'validation.driver_details',
    message: 'Driver details must give the driver name, driver contact and car number',
  },
  required_for_vendors: /*i18n*/ {
    id: 'validation.required_for_vendors',
    message: '{label} is required for vendors',
    comment: '{label} is a field name',
  },
  language_choice: /*i18n*/ { id: 'validation.language_choice', message: 'Language must be en, zh or ms' },
  licence_note_required: /*i18n*/ {
    id: 'validation.licence_note_required',
    message: 'Licence note is required: say what you checked (company, cross-border vehicle permit / plate, contact)',
  },

  // Rides
  direction_choice: /*i18n*/ { id: 'validation.direction_choice', message: "Direction must be 'SG->FC' or 'FC->SG'" },
  invalid_date: /*i18n*/ { id: 'validation.invalid_date', message: 'Invalid date provided' },
  specify_location: /*i18n*/ { id: 'validation.specify_location', message: 'Please specify your location' },
  too_many_dropoffs: /*i18n*/ {
    id: 'validation.too_many_dropoffs',
    message: 'At most {max} drop-off locations',
    comment: '{max} is a number',
  },
  organizer_exceeds_max: /*i18n*/ {
    id: 'validation.organizer_exceeds_max',
    message: 'Passengers at your location cannot exceed the maximum passengers',
  },
  at_least_one_passenger: /*i18n*/ {
    id: 'validation.at_least_one_passenger',
    message: 'Must have at least 1 passenger',
  },
  invalid_cursor: /*i18n*/ {
    id: 'validation.invalid_cursor',
    message: 'cursor is not valid: pass the nextCursor of the previous page as it was given',
  },

  // Notifications and push
  ids_list: /*i18n*/ { id: 'validation.ids_list', message: 'ids must be a list of notification ids' },
  ids_whole: /*i18n*/ { id: 'validation.ids_whole', message: 'ids must be whole numbers' },
  ids_notification: /*i18n*/ { id: 'validation.ids_notification', message: 'ids must be notification ids' },
  ids_at_least_one: /*i18n*/ { id: 'validation.ids_at_least_one', message: 'ids must name at least one notification' },
  ids_at_most: /*i18n*/ {
    id: 'validation.ids_at_most',
    message: 'At most {max} ids at once',
    comment: '{max} is a number',
  },
  before_id: /*i18n*/ { id: 'validation.before_id', message: 'before must be a notification id' },
  all_true: /*i18n*/ { id: 'validation.all_true', message: 'all must be true' },
  ids_or_all: /*i18n*/ {
    id: 'validation.ids_or_all',
    message: 'Send {ids} or {all}',
    comment: '{ids} and {all} are JSON bodies, kept as they are',
  },
  base64url: /*i18n*/ {
    id: 'validation.base64url',
    message: '{label} must be base64url',
    comment: '{label} is a field name',
  },
  unknown_notification_kind: /*i18n*/ {
    id: 'validation.unknown_notification_kind',
    message: 'Unknown notification kind',
  },
  too_many_kinds: /*i18n*/ { id: 'validation.too_many_kinds', message: 'Too many notification kinds' },
  subscription_keys: /*i18n*/ { id: 'validation.subscription_keys', message: 'Subscription keys are required' },

  // Border checklist
  link_https: /*i18n*/ { id: 'validation.link_https', message: 'Link must be an https:// address' },
  directions_choice: /*i18n*/ {
    id: 'validation.directions_choice',
    message: 'Directions must be SG->FC and/or FC->SG',
  },
  directions_list: /*i18n*/ {
    id: 'validation.directions_list',
    message: 'Directions must be a list: ["SG->FC"], ["FC->SG"] or both',
  },
  pick_direction: /*i18n*/ { id: 'validation.pick_direction', message: 'Pick at least one direction' },
  direction_once: /*i18n*/ { id: 'validation.direction_once', message: 'Each direction may be named once' },
  kind_choice: /*i18n*/ { id: 'validation.kind_choice', message: 'Kind must be static, passport, stops or driver' },
  direction_either: /*i18n*/ { id: 'validation.direction_either', message: 'Direction must be SG->FC or FC->SG' },
  nothing_to_change: /*i18n*/ { id: 'validation.nothing_to_change', message: 'Nothing to change' },
  label_needs_link: /*i18n*/ { id: 'validation.label_needs_link', message: 'A link label needs a link' },

  // Ride alerts
  alert_day: /*i18n*/ {
    id: 'validation.alert_day',
    message: '{label} must be a day such as 2026-12-05',
    comment: '{label} is a field name; keep 2026-12-05 as it is',
  },
  alert_time: /*i18n*/ {
    id: 'validation.alert_time',
    message: '{label} must be a time such as 17:00',
    comment: '{label} is a field name; keep 17:00 as it is',
  },
  alert_weekdays: /*i18n*/ {
    id: 'validation.alert_weekdays',
    message: 'Weekdays must be a list of numbers from 1 (Monday) to 7 (Sunday)',
  },
  alert_days: /*i18n*/ { id: 'validation.alert_days', message: 'Choose a date range or at least one weekday' },
  alert_range_order: /*i18n*/ {
    id: 'validation.alert_range_order',
    message: 'The last day must not be before the first day',
  },
  alert_range_length: /*i18n*/ { id: 'validation.alert_range_length', message: 'A date range can span a year at most' },
  alert_window_order: /*i18n*/ { id: 'validation.alert_window_order', message: 'The window must end after it starts' },

  // Privacy notice and community rules
  accept_policies: /*i18n*/ {
    id: 'validation.accept_policies',
    message: 'Please accept the privacy notice and community rules',
  },
  policies_changed: /*i18n*/ {
    id: 'validation.policies_changed',
    message: 'The privacy notice or community rules have changed: reload the page, read them and accept again',
  },
} as const satisfies Record<string, MessageDescriptor>;

export type ValidationKey = keyof typeof VALIDATION;

// The names the messages above give fields, translated where they are shown. Technical names
// (driverContactId, returnOf, ids, limit...) are left out on purpose: only api clients see them.
export const FIELD_LABELS = {
  name: /*i18n*/ { id: 'field.name', message: 'Name' },
  discordUsername: /*i18n*/ { id: 'field.discord_username', message: 'Discord username' },
  password: /*i18n*/ { id: 'field.password', message: 'Password' },
  newPassword: /*i18n*/ { id: 'field.new_password', message: 'New password' },
  resetCode: /*i18n*/ { id: 'field.reset_code', message: 'Reset code' },
  whatsappNumber: /*i18n*/ { id: 'field.whatsapp_number', message: 'WhatsApp number' },
  malaysianNumber: /*i18n*/ { id: 'field.malaysian_number', message: 'Malaysian number' },
  revolutUsername: /*i18n*/ { id: 'field.revolut_username', message: 'Revolut username' },
  companyName: /*i18n*/ { id: 'field.company_name', message: 'Company name' },
  driverName: /*i18n*/ { id: 'field.driver_name', message: 'Driver name' },
  driverContact: /*i18n*/ { id: 'field.driver_contact', message: 'Driver contact' },
  carNumber: /*i18n*/ { id: 'field.car_number', message: 'Car number' },
  location: /*i18n*/ { id: 'field.location', message: 'Location' },
  dropoffLocation: /*i18n*/ { id: 'field.dropoff_location', message: 'Drop-off location' },
  meetingPoint: /*i18n*/ { id: 'field.meeting_point', message: 'Meeting point in Forest City' },
  dropoffPassengerCount: /*i18n*/ { id: 'field.dropoff_passenger_count', message: 'Drop-off passenger count' },
  maxPassengers: /*i18n*/ { id: 'field.max_passengers', message: 'Maximum passengers' },
  cost: /*i18n*/ { id: 'field.cost', message: 'Car cost' },
  organizerPassengerCount: /*i18n*/ { id: 'field.organiser_passenger_count', message: 'Passengers at your location' },
  passengerCount: /*i18n*/ { id: 'field.passenger_count', message: 'Passenger count' },
  licenceNote: /*i18n*/ { id: 'field.licence_note', message: 'Licence note' },
  title: /*i18n*/ { id: 'field.title', message: 'Title' },
  details: /*i18n*/ { id: 'field.details', message: 'Details' },
  link: /*i18n*/ { id: 'field.link', message: 'Link' },
  linkLabel: /*i18n*/ { id: 'field.link_label', message: 'Link label' },
  position: /*i18n*/ { id: 'field.position', message: 'Position' },
  pickupTime: /*i18n*/ { id: 'field.pickup_time', message: 'Pickup time' },
  pushEndpoint: /*i18n*/ { id: 'field.push_endpoint', message: 'Push endpoint' },
  area: /*i18n*/ { id: 'field.area', message: 'Area' },
  note: /*i18n*/ { id: 'field.note', message: 'Note' },
  firstDay: /*i18n*/ { id: 'field.first_day', message: 'First day' },
  lastDay: /*i18n*/ { id: 'field.last_day', message: 'Last day' },
  windowStart: /*i18n*/ { id: 'field.window_start', message: 'From' },
  windowEnd: /*i18n*/ { id: 'field.window_end', message: 'Until' },
  message: /*i18n*/ { id: 'field.message', message: 'Message' },
  reason: /*i18n*/ { id: 'field.reason', message: 'Reason' },
  days: /*i18n*/ { id: 'field.days', message: 'Days' },
  phoneVisibility: /*i18n*/ { id: 'field.phone_visibility', message: 'Phone visibility' },
  // Issue 27: the weekdays a weekly series repeats on.
  repeatOn: /*i18n*/ { id: 'field.repeat_on', message: 'Repeat on' },
} as const satisfies Record<string, MessageDescriptor>;

// The key and values of every message validationMessage made, by its text, and the fixed texts
// by theirs: an exact lookup of what this module wrote, never a parse of a sentence. A text
// zod wrote itself (a field with no message of ours) is in neither. Most messages are made once,
// as the schemas are built; a few name what a request sent (unknown_parameter's names), so past
// MADE_MAX the newest are kept in a short list instead, and memory stays bounded.
type Made = { rule: ValidationKey; values: MessageValues };
const MADE_MAX = 5000;
const RECENT_MAX = 200;
const MADE = new Map<string, Made>();
const RECENT = new Map<string, Made>();

function remember(message: string, made: Made): void {
  if (MADE.has(message) || MADE.size < MADE_MAX) {
    MADE.set(message, made);
    return;
  }
  RECENT.delete(message);
  RECENT.set(message, made);
  if (RECENT.size > RECENT_MAX) RECENT.delete(RECENT.keys().next().value!);
}
const FIXED = new Map<string, ValidationKey>(
  (Object.entries(VALIDATION) as [ValidationKey, MessageDescriptor][])
    .filter(([, descriptor]) => !descriptor.message.includes('{'))
    .map(([key, descriptor]) => [descriptor.message, key]),
);

// A schema's message: the English text of `key` with its values ({label}, {max}...).
export function validationMessage(key: ValidationKey, values: MessageValues = {}): string {
  const message = fillTemplate(VALIDATION[key].message, values);
  remember(message, { rule: key, values });
  return message;
}

export function isValidationKey(key: unknown): key is ValidationKey {
  return typeof key === 'string' && Object.hasOwn(VALIDATION, key);
}

// The rule and values of a message this module made ({ rule: 'required', label: 'Name' }), or
// null for one it did not (zod's own texts).
export function validationParamsOf(message: string): ({ rule: ValidationKey } & MessageValues) | null {
  const made = MADE.get(message) ?? RECENT.get(message);
  if (made) return { ...made.values, rule: made.rule };
  const fixed = FIXED.get(message);
  return fixed ? { rule: fixed } : null;
}

// The FIELD_LABELS entry of an English label (a label is a name, looked up whole), or null.
export function findFieldLabel(label: string): (typeof FIELD_LABELS)[keyof typeof FIELD_LABELS] | null {
  return Object.values(FIELD_LABELS).find((entry) => entry.message === label) ?? null;
}
