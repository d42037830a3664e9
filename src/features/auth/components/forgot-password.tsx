import { Trans, useLingui } from '@lingui/react/macro';
import { completePasswordResetSchema, requestPasswordResetSchema } from '@shared/schemas/auth.ts';
import type { z } from 'zod';

import { Form, SubmitButton, TextField } from '../../../components/form';
import { toastFailure, toastSuccess } from '../../../lib/toast';
import { useCompletePasswordReset } from '../api/complete-password-reset';
import { useRequestPasswordReset } from '../api/request-password-reset';

type RequestValues = z.input<typeof requestPasswordResetSchema>;
type CompleteValues = z.input<typeof completePasswordResetSchema>;

export function ForgotPassword({ onBack }: { onBack: () => void }) {
  const { t } = useLingui();
  const request = useRequestPasswordReset();
  const complete = useCompletePasswordReset();

  return (
    <div className="flex flex-col gap-6">
      <div className="alert alert-info" role="note">
        <p>
          <Trans>
            Forgot your password? Contact the administrator on Discord to have it reset, or create a new account with a
            different Discord username.
          </Trans>
        </p>
      </div>

      <section aria-labelledby="request-reset-title" className="flex flex-col gap-3">
        <h2 id="request-reset-title" className="text-lg font-semibold">
          <Trans>Ask the admin for a reset</Trans>
        </h2>
        <Form<RequestValues>
          schema={requestPasswordResetSchema}
          ariaLabel={t`Request a password reset`}
          onSubmit={(values) =>
            request.mutate(values as { discordUsername: string }, {
              onSuccess: (answer) => toastSuccess(t`Password Reset Request`, answer.message),
              onError: toastFailure(t`Password reset request failed`),
            })
          }
        >
          {() => (
            <>
              <TextField<RequestValues>
                name="discordUsername"
                label={t`Your Discord username`}
                autoComplete="username"
              />
              <SubmitButton pending={request.isPending} idleText={t`Send request`} pendingText={t`Sending...`} />
            </>
          )}
        </Form>
      </section>

      <section aria-labelledby="reset-code-title" className="flex flex-col gap-3">
        <h2 id="reset-code-title" className="text-lg font-semibold">
          <Trans>Have a reset code from the admin?</Trans>
        </h2>
        <Form<CompleteValues>
          schema={completePasswordResetSchema}
          ariaLabel={t`Reset password with a code`}
          onSubmit={(values) =>
            complete.mutate(values as Required<CompleteValues>, {
              onSuccess: (answer) => {
                toastSuccess(t`Success`, answer.message);
                onBack();
              },
              onError: toastFailure(t`Password reset failed`),
            })
          }
        >
          {() => (
            <>
              <TextField<CompleteValues> name="discordUsername" label={t`Discord username`} autoComplete="username" />
              <TextField<CompleteValues> name="code" label={t`Reset code`} placeholder="ABCD-EFGH-JKLM" />
              <TextField<CompleteValues>
                name="newPassword"
                label={t`New password`}
                type="password"
                autoComplete="new-password"
              />
              <SubmitButton pending={complete.isPending} idleText={t`Set new password`} pendingText={t`Saving...`} />
            </>
          )}
        </Form>
      </section>

      <button type="button" className="btn btn-outline min-h-11" onClick={onBack}>
        <Trans>Back to login</Trans>
      </button>
    </div>
  );
}
