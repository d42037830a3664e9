import { type LoginInput, loginSchema } from '@shared/schemas/auth.ts';
import { Form, SubmitButton, TextField } from '../../../components/form';
import { errorMessage, toastError } from '../../../lib/toast';
import { useLogin } from '../api/login';

export function LoginForm({ onForgotPassword }: { onForgotPassword: () => void }) {
  const login = useLogin();
  const onSubmit = (values: LoginInput) =>
    login.mutate(values, {
      onError: (error) => toastError('Login failed', errorMessage(error) || 'Invalid Discord username or password'),
    });

  return (
    <Form<LoginInput> schema={loginSchema} onSubmit={onSubmit} ariaLabel="Login">
      {() => (
        <>
          <TextField<LoginInput> name="discordUsername" label="Discord username" autoComplete="username" />
          <TextField<LoginInput> name="password" label="Password" type="password" autoComplete="current-password" />
          <SubmitButton pending={login.isPending} idleText="Login" pendingText="Logging in..." />
          <button type="button" className="btn btn-link min-h-11" onClick={onForgotPassword}>
            Forgot password?
          </button>
        </>
      )}
    </Form>
  );
}
