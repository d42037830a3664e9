import { useLingui } from '@lingui/react/macro';

import { TextField } from './form';

interface NewPasswordValues {
  newPassword: string;
  confirmPassword: string;
}

// The new password and its confirmation, worded and hinted alike wherever a password is set (the
// member's own change, the admin's reset); the match is checked by lib/password-confirmation.ts.
// Inside a <Form> whose values have newPassword and confirmPassword.
export function NewPasswordFields() {
  const { t } = useLingui();
  return (
    <>
      <TextField<NewPasswordValues>
        name="newPassword"
        label={t`New password`}
        type="password"
        autoComplete="new-password"
        hint={t`At least 8 characters.`}
      />
      <TextField<NewPasswordValues>
        name="confirmPassword"
        label={t`Confirm new password`}
        type="password"
        autoComplete="new-password"
      />
    </>
  );
}
