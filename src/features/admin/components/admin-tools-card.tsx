import { Trans, useLingui } from '@lingui/react/macro';
import { adminResetCodeSchema } from '@shared/schemas/auth.ts';
import { useState } from 'react';

import { Form, SubmitButton, TextField } from '../../../components/form';
import { NewPasswordFields } from '../../../components/new-password-fields';
import { toastFailure, toastSuccess } from '../../../lib/toast';
import { useAdminResetPassword } from '../api/admin-reset-password';
import { type PasswordResetCode, useCreatePasswordResetCode } from '../api/create-password-reset-code';
import { adminResetFormSchema, type AdminResetFormValues } from '../reset-form-schema';
import { IssuedResetCode } from './issued-reset-code';
import { ResetRequestsList } from './reset-requests-list';
import { VendorApplicationsList } from './vendor-applications-list';

const EMPTY: AdminResetFormValues = { discordUsername: '', newPassword: '', confirmPassword: '' };

export function AdminToolsCard() {
  const { t } = useLingui();
  const reset = useAdminResetPassword();
  const issueCode = useCreatePasswordResetCode();
  const [issued, setIssued] = useState<(PasswordResetCode & { discordUsername: string }) | null>(null);
  // Remounting the form is how it forgets the password it just set.
  const [formKey, setFormKey] = useState(0);

  const onSubmit = (values: AdminResetFormValues) =>
    reset.mutate(
      { discordUsername: values.discordUsername, newPassword: values.newPassword },
      {
        onSuccess: (answer) => {
          toastSuccess(t`Success`, answer.message);
          setFormKey((key) => key + 1);
        },
        onError: toastFailure(t`Admin password reset failed`),
      },
    );

  return (
    <section aria-labelledby="admin-tools-title" className="card border border-warning bg-base-200">
      <div className="card-body gap-4 p-4 sm:p-6">
        <h2 id="admin-tools-title" className="card-title">
          <Trans>Admin tools</Trans>
        </h2>
        <p className="text-sm opacity-80">
          <Trans>
            Give a member a one-time code so they can choose a new password themselves under "Forgot password?", or set
            a new password for them. Below: the vendors waiting for your approval.
          </Trans>
        </p>
        <Form<AdminResetFormValues>
          key={formKey}
          schema={adminResetFormSchema}
          ariaLabel={t`Reset a member's password`}
          defaultValues={EMPTY}
          onSubmit={onSubmit}
        >
          {(form) => {
            // Only the username matters for a code, so only that field is checked.
            const onIssueCode = async () => {
              if (!(await form.trigger('discordUsername'))) return;
              const parsed = adminResetCodeSchema.safeParse({ discordUsername: form.getValues('discordUsername') });
              if (!parsed.success) return;
              issueCode.mutate(parsed.data, {
                onSuccess: (answer) => {
                  setIssued({ ...answer, discordUsername: parsed.data.discordUsername });
                  toastSuccess(t`Success`, answer.message);
                },
                onError: toastFailure(t`Admin password reset failed`),
              });
            };
            return (
              <>
                <ResetRequestsList
                  onPick={(discordUsername) => {
                    form.setValue('discordUsername', discordUsername, { shouldValidate: true, shouldDirty: true });
                    form.setFocus('discordUsername');
                  }}
                />
                <TextField<AdminResetFormValues>
                  name="discordUsername"
                  label={t`Member's Discord username`}
                  autoComplete="off"
                />
                {/* Above the password fields on purpose: a blur error appearing under an empty
                    password field would push this button away mid-click. */}
                <button
                  type="button"
                  className="btn btn-outline min-h-11 w-full"
                  onClick={() => void onIssueCode()}
                  disabled={issueCode.isPending}
                >
                  {issueCode.isPending ? <span className="spinner spinner-sm" aria-hidden="true" /> : null}
                  {issueCode.isPending ? t`Issuing code...` : t`Issue one-time reset code`}
                </button>
                {issued ? <IssuedResetCode issued={issued} onDismiss={() => setIssued(null)} /> : null}
                <div className="divider my-0">
                  <Trans>or set a new password</Trans>
                </div>
                <NewPasswordFields />
                <SubmitButton pending={reset.isPending} idleText={t`Reset Password`} pendingText={t`Resetting...`} />
              </>
            );
          }}
        </Form>
        <div className="divider my-0" />
        <VendorApplicationsList />
      </div>
    </section>
  );
}
