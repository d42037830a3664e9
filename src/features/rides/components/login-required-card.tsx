import { Trans } from '@lingui/react/macro';

import { AuthLink } from '../../../components/auth-link';

export function LoginRequiredCard() {
  return (
    <section aria-labelledby="login-required-title" className="card border border-base-300 bg-base-200 p-4">
      <h2 id="login-required-title" className="mb-2 text-lg font-semibold">
        <Trans>Login Required</Trans>
      </h2>
      <p className="mb-3">
        <Trans>Log in to join this ride, see the passengers and contact the organizer.</Trans>
      </p>
      <AuthLink className="btn btn-primary min-h-11 self-start">
        <Trans>Login or Register</Trans>
      </AuthLink>
    </section>
  );
}
