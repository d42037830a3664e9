import { adminResetPasswordSchema, changePasswordSchema } from '@shared/schemas/auth.ts';
import { z } from 'zod';

export const PASSWORDS_DO_NOT_MATCH = 'New passwords do not match';

// The confirmation lives only in the form: the API never sees it.
const confirmPasswordField = z.string({ error: PASSWORDS_DO_NOT_MATCH });
const confirmMatches = { message: PASSWORDS_DO_NOT_MATCH, path: ['confirmPassword'] };

export const changePasswordFormSchema = changePasswordSchema
  .extend({ confirmPassword: confirmPasswordField })
  .refine((values) => values.newPassword === values.confirmPassword, confirmMatches);
export type ChangePasswordFormValues = z.input<typeof changePasswordFormSchema>;

export const adminResetFormSchema = adminResetPasswordSchema
  .extend({ confirmPassword: confirmPasswordField })
  .refine((values) => values.newPassword === values.confirmPassword, confirmMatches);
export type AdminResetFormValues = z.input<typeof adminResetFormSchema>;
