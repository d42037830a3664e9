import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';

import { Form, SubmitButton, TextField } from '../../../components/form';
import { NewPasswordFields } from '../../../components/new-password-fields';
import { toastFailure, toastSuccess } from '../../../lib/toast';
import { useChangePassword } from '../api/change-password';
import { changePasswordFormSchema, type ChangePasswordFormValues } from '../password-schemas';

const EMPTY: ChangePasswordFormValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function ChangePasswordCard() {
  const { t } = useLingui();
  const change = useChangePassword();
  // Remounting the form is how it forgets the passwords after a successful change.
  const [formKey, setFormKey] = useState(0);

  const onSubmit = (values: ChangePasswordFormValues) =>
    change.mutate(
      { currentPassword: values.currentPassword, newPassword: values.newPassword },
      {
        onSuccess: () => {
          toastSuccess(t`Password reset successful!`);
          setFormKey((key) => key + 1);
        },
        onError: toastFailure(t`Password reset failed`),
      },
    );

  return (
    <section aria-labelledby="change-password-title" className="card bg-base-200">
      <div className="card-body gap-4 p-4 sm:p-6">
        <h2 id="change-password-title" className="card-title">
          <Trans>Change password</Trans>
        </h2>
        <p className="text-sm opacity-80">
          <Trans>Your other devices will be logged out.</Trans>
        </p>
        <Form<ChangePasswordFormValues>
          key={formKey}
          schema={changePasswordFormSchema}
          ariaLabel={t`Change password`}
          defaultValues={EMPTY}
          onSubmit={onSubmit}
        >
          {() => (
            <>
              <TextField<ChangePasswordFormValues>
                name="currentPassword"
                label={t`Current password`}
                type="password"
                autoComplete="current-password"
              />
              <NewPasswordFields />
              <SubmitButton pending={change.isPending} idleText={t`Change Password`} pendingText={t`Changing...`} />
            </>
          )}
        </Form>
      </div>
    </section>
  );
}
