import { changePasswordSchema } from '@shared/schemas/auth.ts';
import type { z } from 'zod';

import { confirmMatches, confirmPasswordField, passwordsMatch } from '../../lib/password-confirmation';

export const changePasswordFormSchema = changePasswordSchema
  .extend({ confirmPassword: confirmPasswordField })
  .refine(passwordsMatch, confirmMatches);
export type ChangePasswordFormValues = z.input<typeof changePasswordFormSchema>;
