import { useLingui } from '@lingui/react/macro';
import type { NewAccountInput, NewMemberInput } from '@shared/schemas/auth.ts';

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

// The name the organiser and the other passengers read; the username stands in when left empty.
export function NewMemberNameField() {
  const { t } = useLingui();
  return (
    <TextField<NewMemberInput>
      name="name"
      label={t`Your name (optional)`}
      autoComplete="name"
      hint={t`What the organiser and the other passengers see. Left empty, they see your username.`}
    />
  );
}
