import { msg } from '@lingui/core/macro';
import { z } from 'zod';

import { i18n } from './i18n/i18n';

// Shared by the member's own password change and the admin's reset: one wording, one check.
const PASSWORDS_DO_NOT_MATCH = msg`New passwords do not match`;
// Read when the form checks, in the current language.
const doNotMatch = () => i18n._(PASSWORDS_DO_NOT_MATCH);

// The confirmation lives only in the form: the API never sees it.
export const confirmPasswordField = z.string({ error: doNotMatch });
export const confirmMatches = { error: doNotMatch, path: ['confirmPassword'] };
export const passwordsMatch = (values: { newPassword: string; confirmPassword: string }) =>
  values.newPassword === values.confirmPassword;
