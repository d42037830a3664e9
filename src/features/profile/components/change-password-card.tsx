import { useState } from 'react';
import { Form, SubmitButton, TextField } from '../../../components/form';
import { errorMessage, toastError, toastSuccess } from '../../../lib/toast';
import { useChangePassword } from '../api/change-password';
import { type ChangePasswordFormValues, changePasswordFormSchema } from '../password-schemas';

const EMPTY: ChangePasswordFormValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function ChangePasswordCard() {
  const change = useChangePassword();
  // Remounting the form is how it forgets the passwords after a successful change.
  const [formKey, setFormKey] = useState(0);

  const onSubmit = (values: ChangePasswordFormValues) =>
    change.mutate(
      { currentPassword: values.currentPassword, newPassword: values.newPassword },
      {
        onSuccess: () => {
          toastSuccess('Password reset successful!');
          setFormKey((key) => key + 1);
        },
        onError: (error) => toastError('Password reset failed', errorMessage(error)),
      },
    );

  return (
    <section aria-labelledby="change-password-title" className="card bg-base-200">
      <div className="card-body gap-4 p-4 sm:p-6">
        <h2 id="change-password-title" className="card-title">
          Change password
        </h2>
        <p className="text-sm opacity-80">Your other devices will be logged out.</p>
        <Form<ChangePasswordFormValues>
          key={formKey}
          schema={changePasswordFormSchema}
          ariaLabel="Change password"
          defaultValues={EMPTY}
          onSubmit={onSubmit}
        >
          {() => (
            <>
              <TextField<ChangePasswordFormValues>
                name="currentPassword"
                label="Current password"
                type="password"
                autoComplete="current-password"
              />
              <TextField<ChangePasswordFormValues>
                name="newPassword"
                label="New password"
                type="password"
                autoComplete="new-password"
                hint="At least 8 characters."
              />
              <TextField<ChangePasswordFormValues>
                name="confirmPassword"
                label="Confirm new password"
                type="password"
                autoComplete="new-password"
              />
              <SubmitButton pending={change.isPending} idleText="Change Password" pendingText="Changing..." />
            </>
          )}
        </Form>
      </div>
    </section>
  );
}
