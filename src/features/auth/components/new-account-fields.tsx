import { useLingui } from '@lingui/react/macro';
import type { NewAccountInput } from '@shared/schemas/auth.ts';

import { TextField } from '../../../components/form';

// The username and password a new account is made with, inside any form whose schema checks
// them with newAccountSchema: the register form, and the ride page's register-and-join form.
export function NewAccountFields() {
  const { t } = useLingui();
  return (
    <>
      <TextField<NewAccountInput> name="discordUsername" label={t`Discord username`} autoComplete="username" />
      <TextField<NewAccountInput>
        name="password"
        label={t`Password`}
        type="password"
        autoComplete="new-password"
        hint={t`At least 8 characters.`}
      />
    </>
  );
}
