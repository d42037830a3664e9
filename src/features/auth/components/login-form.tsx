import { Trans, useLingui } from '@lingui/react/macro';
import { type LoginInput, loginSchema } from '@shared/schemas/auth.ts';

import { Form, SubmitButton, TextField } from '../../../components/form';
import { ApiError } from '../../../lib/api-client';
import { errorMessage, toastError } from '../../../lib/toast';
import { useLogin } from '../api/login';

export function LoginForm({ onForgotPassword }: { onForgotPassword: () => void }) {
  const { t } = useLingui();
  const login = useLogin();
  const onSubmit = (values: LoginInput) =>
    login.mutate(values, {
      onError: (error) => toastError(t`Login failed`, errorMessage(error) || t`Invalid Discord username or password`),
    });

  // A suspended account (issue 26) is told so where it tries, not only in a passing toast.
  const suspended =
    login.error instanceof ApiError && login.error.code?.startsWith('account_suspended')
      ? login.error.message.replace(/^\d+: /, '')
      : null;

  return (
    <Form<LoginInput> schema={loginSchema} onSubmit={onSubmit} ariaLabel={t`Login`}>
      {() => (
        <>
          {suspended ? (
            <div role="alert" className="alert alert-error">
              {suspended}
            </div>
          ) : null}
          <TextField<LoginInput> name="discordUsername" label={t`Discord username`} autoComplete="username" />
          <TextField<LoginInput> name="password" label={t`Password`} type="password" autoComplete="current-password" />
          <SubmitButton pending={login.isPending} idleText={t`Login`} pendingText={t`Logging in...`} />
          <button type="button" className="btn btn-link min-h-11" onClick={onForgotPassword}>
            <Trans>Forgot password?</Trans>
          </button>
        </>
      )}
    </Form>
  );
}
