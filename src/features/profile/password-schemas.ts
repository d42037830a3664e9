import { changePasswordSchema, deleteAccountSchema } from '@shared/schemas/auth.ts';
import type { z } from 'zod';

import { confirmMatches, confirmPasswordField, passwordsMatch } from '../../lib/password-confirmation';

export const changePasswordFormSchema = changePasswordSchema
  .extend({ confirmPassword: confirmPasswordField })
  .refine(passwordsMatch, confirmMatches);
export type ChangePasswordFormValues = z.input<typeof changePasswordFormSchema>;

// Deleting the account asks for the password only.
export const deleteAccountFormSchema = deleteAccountSchema.pick({ currentPassword: true });
export type DeleteAccountFormValues = z.input<typeof deleteAccountFormSchema>;
