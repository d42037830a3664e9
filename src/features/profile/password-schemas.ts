import { msg } from '@lingui/core/macro';
import { adminResetPasswordSchema, changePasswordSchema } from '@shared/schemas/auth.ts';
import { z } from 'zod';
import { i18n } from '../../lib/i18n/i18n';

export const PASSWORDS_DO_NOT_MATCH = msg`New passwords do not match`;
// Read when the form checks, in the current language.
const doNotMatch = () => i18n._(PASSWORDS_DO_NOT_MATCH);

// The confirmation lives only in the form: the API never sees it.
const confirmPasswordField = z.string({ error: doNotMatch });
const confirmMatches = { error: doNotMatch, path: ['confirmPassword'] };

export const changePasswordFormSchema = changePasswordSchema
  .extend({ confirmPassword: confirmPasswordField })
  .refine((values) => values.newPassword === values.confirmPassword, confirmMatches);
export type ChangePasswordFormValues = z.input<typeof changePasswordFormSchema>;

export const adminResetFormSchema = adminResetPasswordSchema
  .extend({ confirmPassword: confirmPasswordField })
  .refine((values) => values.newPassword === values.confirmPassword, confirmMatches);
export type AdminResetFormValues = z.input<typeof adminResetFormSchema>;
