import { adminResetPasswordSchema } from '@shared/schemas/auth.ts';
import type { z } from 'zod';

import { confirmMatches, confirmPasswordField, passwordsMatch } from '../../lib/password-confirmation';

export const adminResetFormSchema = adminResetPasswordSchema
  .extend({ confirmPassword: confirmPasswordField })
  .refine(passwordsMatch, confirmMatches);
export type AdminResetFormValues = z.input<typeof adminResetFormSchema>;
