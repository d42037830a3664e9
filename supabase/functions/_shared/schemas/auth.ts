import { z } from 'zod';

import { NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../limits.ts';
import { VALIDATION, validationMessage } from '../validation.ts';
import {
  invisibleCharacterMessage,
  isVisibleText,
  malaysianNumberField,
  optionalText,
  requiredText,
  whatsappNumberField,
} from './fields.ts';
import { acceptedPoliciesField } from './policies.ts';

// Usernames are compared and stored in NFKC form: 'ａｄｍｉｎ' (fullwidth) is 'admin', so it cannot
// pose as another member (the database keeps that form: migration 20261124000220).
export const discordUsernameField = z
  .string({ error: validationMessage('required', { label: 'Discord username' }) })
  .normalize('NFKC')
  .trim()
  .min(1, validationMessage('required', { label: 'Discord username' }))
  .max(40, validationMessage('too_long', { label: 'Discord username', max: 40 }))
  .regex(/^\S+$/, VALIDATION.username_no_spaces.message)
  .regex(/^[^\u0000-\u001f\u007f-\u009f]*$/, validationMessage('control_characters', { label: 'Discord username' }))
  .refine(isVisibleText, invisibleCharacterMessage('Discord username'));

// Scripts that one language writes together count as one: Japanese mixes kanji with both kana,
// Chinese kanji with bopomofo, Korean hanja with hangul.
const SCRIPTS = [
  'Latin',
  'Greek',
  'Cyrillic',
  'Armenian',
  'Georgian',
  'Hebrew',
  'Arabic',
  'Syriac',
  'Thaana',
  'Devanagari',
  'Bengali',
  'Gurmukhi',
  'Gujarati',
  'Oriya',
  'Tamil',
  'Telugu',
  'Kannada',
  'Malayalam',
  'Sinhala',
  'Thai',
  'Lao',
  'Tibetan',
  'Myanmar',
  'Khmer',
  'Ethiopic',
  'Mongolian',
  'Han',
  'Hiragana',
  'Katakana',
  'Bopomofo',
  'Hangul',
].map((script) => ({ script, pattern: new RegExp(`^\\p{Script=${script}}$`, 'u') }));
const SCRIPT_FAMILIES = [
  new Set(['Han', 'Hiragana', 'Katakana']),
  new Set(['Han', 'Bopomofo']),
  new Set(['Han', 'Hangul']),
];

function scriptOf(letter: string): string | null {
  // Letters every script uses (such as the kana length mark) belong to none.
  if (/^[\p{Script=Common}\p{Script=Inherited}]$/u.test(letter)) return null;
  return SCRIPTS.find(({ pattern }) => pattern.test(letter))?.script ?? 'other';
}

function usesOneScript(name: string): boolean {
  const scripts = new Set<string>();
  for (const letter of name.match(/\p{L}/gu) ?? []) {
    const script = scriptOf(letter);
    if (script) scripts.add(script);
  }
  return scripts.size <= 1 || SCRIPT_FAMILIES.some((family) => [...scripts].every((script) => family.has(script)));
}

// A new username also needs two characters, as Discord requires, and the characters Discord
// allows: letters of one script (so 'аdmin' with a Cyrillic 'а' cannot pass for 'admin'), digits,
// '_', '.' and '-'. Login accepts what exists.
export const newDiscordUsername = discordUsernameField
  // Characters, not UTF-16 units: the database's check counts '😀' as one.
  .refine((name) => [...name].length >= 2, validationMessage('too_short', { label: 'Discord username', min: 2 }))
  .refine((name) => /^(?:\p{L}\p{M}{0,3}|[0-9_.-])*$/u.test(name), VALIDATION.username_characters.message)
  .refine(usesOneScript, VALIDATION.username_one_alphabet.message);

export function newPasswordField(requiredMessage: string, tooShortMessage: string) {
  return (
    z
      .string({ error: requiredMessage })
      .min(1, requiredMessage)
      .min(PASSWORD_MIN_LENGTH, tooShortMessage)
      .max(PASSWORD_MAX_LENGTH, validationMessage('too_long', { label: 'Password', max: PASSWORD_MAX_LENGTH }))
      // bcrypt reads only the first 72 bytes: with accents or emoji, 72 characters can be more,
      // and the rest would be silently ignored.
      .refine(
        (password) => new TextEncoder().encode(password).length <= PASSWORD_MAX_LENGTH,
        validationMessage('password_too_many_bytes', { max: PASSWORD_MAX_LENGTH }),
      )
  );
}

// A device the member logged in from before (ADR 0018), on the bearer transport: the api's token,
// sent back with every request that checks a password (with cookies it is a cookie instead). A
// value not shaped like one of the api's tokens is no known device.
const deviceTokenField = z
  .string({ error: validationMessage('not_text', { label: 'deviceToken' }) })
  .max(128, validationMessage('too_long', { label: 'deviceToken', max: 128 }))
  .optional();

export const loginSchema = z.object({
  discordUsername: discordUsernameField,
  deviceToken: deviceTokenField,
  password: z
    .string({ error: validationMessage('required', { label: 'Password' }) })
    .min(1, validationMessage('required', { label: 'Password' }))
    .max(PASSWORD_MAX_LENGTH, validationMessage('too_long', { label: 'Password', max: PASSWORD_MAX_LENGTH })),
});
export type LoginInput = z.infer<typeof loginSchema>;

const driverDetailsSchema = z.object(
  {
    name: optionalText('Driver name', NAME_MAX_LENGTH),
    contact: optionalText('Driver contact', 60),
    carNumber: optionalText('Car number', 20),
  },
  { error: VALIDATION.driver_details.message },
);

// What a new account needs at the least: the register form and the ride page's "register and
// join" form (issue 21) check these fields by the same rules, the acceptance of the privacy
// notice and community rules (issue 26 §2) included.
export const newAccountSchema = z.object({
  discordUsername: newDiscordUsername,
  password: newPasswordField(
    validationMessage('required', { label: 'Password' }),
    validationMessage('too_short_long', { label: 'Password', min: PASSWORD_MIN_LENGTH }),
  ),
  acceptedPolicies: acceptedPoliciesField,
});
export type NewAccountInput = z.infer<typeof newAccountSchema>;

// The ride page's register-and-join (issue 37 §6): the account and the name the others read; an
// empty name leaves the username to stand for the member, as the register form does.
export const newMemberSchema = newAccountSchema.extend({ name: optionalText('Name', NAME_MAX_LENGTH) });
export type NewMemberInput = z.infer<typeof newMemberSchema>;

export const registerSchema = z
  .object({
    ...newAccountSchema.shape,
    name: optionalText('Name', NAME_MAX_LENGTH),
    whatsappNumber: whatsappNumberField,
    malaysianNumber: malaysianNumberField,
    revolutUsername: optionalText('Revolut username', 60),
    isVendor: z
      .boolean({ error: validationMessage('not_boolean', { label: 'isVendor' }) })
      .optional()
      .default(false),
    companyName: optionalText('Company name', 120),
    driverDetails: driverDetailsSchema.nullable().optional(),
  })
  .superRefine((value, ctx) => {
    if (!value.isVendor) return;
    const required: Array<[unknown, string[], string]> = [
      [value.companyName, ['companyName'], validationMessage('required_for_vendors', { label: 'Company name' })],
      [
        value.driverDetails?.name,
        ['driverDetails', 'name'],
        validationMessage('required_for_vendors', { label: 'Driver name' }),
      ],
      [
        value.driverDetails?.contact,
        ['driverDetails', 'contact'],
        validationMessage('required_for_vendors', { label: 'Driver contact' }),
      ],
      [
        value.driverDetails?.carNumber,
        ['driverDetails', 'carNumber'],
        validationMessage('required_for_vendors', { label: 'Car number' }),
      ],
    ];
    for (const [field, path, message] of required) {
      if (!field) ctx.addIssue({ code: 'custom', path, message });
    }
  });
export type RegisterInput = z.infer<typeof registerSchema>;

export const changePasswordSchema = z.object({
  deviceToken: deviceTokenField,
  currentPassword: z
    .string({ error: VALIDATION.enter_current_password.message })
    .min(1, VALIDATION.enter_current_password.message)
    .max(PASSWORD_MAX_LENGTH, validationMessage('too_long', { label: 'Password', max: PASSWORD_MAX_LENGTH })),
  newPassword: newPasswordField(
    VALIDATION.enter_new_password.message,
    validationMessage('too_short_long', { label: 'New password', min: PASSWORD_MIN_LENGTH }),
  ),
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

// POST /api/account/delete: the member's password, asked again before their account goes.
export const deleteAccountSchema = changePasswordSchema.pick({ deviceToken: true, currentPassword: true });
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;

export const requestPasswordResetSchema = z.object({
  discordUsername: discordUsernameField,
});

export const adminResetPasswordSchema = z.object({
  discordUsername: z
    .string({ error: VALIDATION.enter_username.message })
    .normalize('NFKC')
    .trim()
    .min(1, VALIDATION.enter_username.message)
    .max(40, validationMessage('too_long', { label: 'Discord username', max: 40 })),
  newPassword: newPasswordField(
    VALIDATION.enter_new_password.message,
    validationMessage('too_short_long', { label: 'New password', min: PASSWORD_MIN_LENGTH }),
  ),
});

export const adminResetCodeSchema = adminResetPasswordSchema.pick({ discordUsername: true });

export const completePasswordResetSchema = z.object({
  deviceToken: deviceTokenField,
  discordUsername: discordUsernameField,
  code: requiredText('Reset code', 40),
  newPassword: newPasswordField(
    VALIDATION.enter_new_password.message,
    validationMessage('too_short_long', { label: 'New password', min: PASSWORD_MIN_LENGTH }),
  ),
});

// The languages a member can read the app in (src/lib/i18n/languages.ts); the profile keeps the
// member's choice across devices (users.language, migration 20261201000900). null: not chosen.
// Who sees a member's phone numbers (users.phone_visibility, issue 25): everyone on their rides,
// the organisers of the rides they join, or nobody (they are reached in the ride's chat).
export const PHONE_VISIBILITIES = ['ride_members', 'organisers', 'nobody'] as const;
export type PhoneVisibility = (typeof PHONE_VISIBILITIES)[number];

export const PROFILE_LANGUAGES = ['en', 'zh', 'ms'] as const;
export type ProfileLanguage = (typeof PROFILE_LANGUAGES)[number];

export const profileSchema = z.object({
  name: optionalText('Name', NAME_MAX_LENGTH),
  whatsappNumber: whatsappNumberField,
  malaysianNumber: malaysianNumberField,
  revolutUsername: optionalText('Revolut username', 60),
  language: z.enum(PROFILE_LANGUAGES, { error: VALIDATION.language_choice.message }).nullable().optional(),
  phoneVisibility: z
    .enum(PHONE_VISIBILITIES, {
      error: validationMessage('one_of', { label: 'Phone visibility', choices: PHONE_VISIBILITIES.join(', ') }),
    })
    .optional(),
});
export type ProfileInput = z.infer<typeof profileSchema>;
