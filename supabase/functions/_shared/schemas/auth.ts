import { z } from 'zod';
import { NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../limits.ts';
import {
  invisibleCharacterMessage,
  isVisibleText,
  malaysianNumberField,
  optionalText,
  requiredText,
  whatsappNumberField,
} from './fields.ts';

// Usernames are compared and stored in NFKC form: 'ａｄｍｉｎ' (fullwidth) is 'admin', so it cannot
// pose as another member (the database keeps that form: migration 20261124000220).
export const discordUsernameField = z
  .string({ error: 'Discord username is required' })
  .normalize('NFKC')
  .trim()
  .min(1, 'Discord username is required')
  .max(40, 'Discord username must be at most 40 characters')
  .regex(/^\S+$/, 'Discord username cannot contain spaces')
  .regex(/^[^\u0000-\u001f\u007f-\u009f]*$/, 'Discord username cannot contain control characters')
  .refine(isVisibleText, invisibleCharacterMessage('Discord username'));

// Scripts that one language writes together count as one: Japanese mixes kanji with both kana,
// Chinese kanji with bopomofo, Korean hanja with hangul.
const SCRIPTS = [
  'Latin', 'Greek', 'Cyrillic', 'Armenian', 'Georgian', 'Hebrew', 'Arabic', 'Syriac', 'Thaana',
  'Devanagari', 'Bengali', 'Gurmukhi', 'Gujarati', 'Oriya', 'Tamil', 'Telugu', 'Kannada',
  'Malayalam', 'Sinhala', 'Thai', 'Lao', 'Tibetan', 'Myanmar', 'Khmer', 'Ethiopic', 'Mongolian',
  'Han', 'Hiragana', 'Katakana', 'Bopomofo', 'Hangul',
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
  .refine((name) => [...name].length >= 2, 'Discord username must be at least 2 characters')
  .refine(
    (name) => /^(?:\p{L}\p{M}{0,3}|[0-9_.-])*$/u.test(name),
    'Discord username can only contain letters, digits, _ . and -',
  )
  .refine(usesOneScript, 'Discord username cannot mix alphabets (such as Latin and Cyrillic letters)');

export function newPasswordField(
  requiredMessage: string,
  tooShortMessage: string,
) {
  return z
    .string({ error: requiredMessage })
    .min(1, requiredMessage)
    .min(PASSWORD_MIN_LENGTH, tooShortMessage)
    .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`)
    // bcrypt reads only the first 72 bytes: with accents or emoji, 72 characters can be more,
    // and the rest would be silently ignored.
    .refine(
      (password) => new TextEncoder().encode(password).length <= PASSWORD_MAX_LENGTH,
      `Password must be at most ${PASSWORD_MAX_LENGTH} characters (accented letters and emoji count as 2 to 4)`,
    );
}

export const loginSchema = z.object({
  discordUsername: discordUsernameField,
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`),
});
export type LoginInput = z.infer<typeof loginSchema>;

const driverDetailsSchema = z.object(
  {
    name: optionalText('Driver name', NAME_MAX_LENGTH),
    contact: optionalText('Driver contact', 60),
    carNumber: optionalText('Car number', 20),
  },
  { error: 'Driver details must give the driver name, driver contact and car number' },
);

export const registerSchema = z
  .object({
    discordUsername: newDiscordUsername,
    password: newPasswordField('Password is required', 'Password must be at least 8 characters long'),
    name: optionalText('Name', NAME_MAX_LENGTH),
    whatsappNumber: whatsappNumberField,
    malaysianNumber: malaysianNumberField,
    revolutUsername: optionalText('Revolut username', 60),
    isVendor: z.boolean({ error: 'isVendor must be true or false' }).optional().default(false),
    companyName: optionalText('Company name', 120),
    driverDetails: driverDetailsSchema.nullable().optional(),
  })
  .superRefine((value, ctx) => {
    if (!value.isVendor) return;
    const required: Array<[unknown, string[], string]> = [
      [value.companyName, ['companyName'], 'Company name is required for vendors'],
      [value.driverDetails?.name, ['driverDetails', 'name'], 'Driver name is required for vendors'],
      [value.driverDetails?.contact, ['driverDetails', 'contact'], 'Driver contact is required for vendors'],
      [value.driverDetails?.carNumber, ['driverDetails', 'carNumber'], 'Car number is required for vendors'],
    ];
    for (const [field, path, message] of required) {
      if (!field) ctx.addIssue({ code: 'custom', path, message });
    }
  });
export type RegisterInput = z.infer<typeof registerSchema>;

export const changePasswordSchema = z.object({
  currentPassword: z
    .string({ error: 'Please enter your current password' })
    .min(1, 'Please enter your current password')
    .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`),
  newPassword: newPasswordField(
    'Please enter a new password',
    'New password must be at least 8 characters long',
  ),
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

export const requestPasswordResetSchema = z.object({
  discordUsername: discordUsernameField,
});

export const adminResetPasswordSchema = z.object({
  discordUsername: z
    .string({ error: "Please enter the user's Discord username" })
    .normalize('NFKC')
    .trim()
    .min(1, "Please enter the user's Discord username")
    .max(40, 'Discord username must be at most 40 characters'),
  newPassword: newPasswordField(
    'Please enter a new password',
    'New password must be at least 8 characters long',
  ),
});

export const adminResetCodeSchema = adminResetPasswordSchema.pick({ discordUsername: true });

export const completePasswordResetSchema = z.object({
  discordUsername: discordUsernameField,
  code: requiredText('Reset code', 40, 'Reset code is required'),
  newPassword: newPasswordField(
    'Please enter a new password',
    'New password must be at least 8 characters long',
  ),
});

export const profileSchema = z.object({
  name: optionalText('Name', NAME_MAX_LENGTH),
  whatsappNumber: whatsappNumberField,
  malaysianNumber: malaysianNumberField,
  revolutUsername: optionalText('Revolut username', 60),
});
export type ProfileInput = z.infer<typeof profileSchema>;
