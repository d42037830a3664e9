import { Trans } from '@lingui/react/macro';

import { AuthLink } from '../../../components/auth-link';

// SPEC §2: what a logged-out visitor sees on a ride. On a ride they can still join, the
// register-and-join form is one step behind it (issue 37): `joinHere` opens it, so the visitor
// is not shown a Login Required card and a form to fill at once. The api's first paint of a
// visitor's link draws the same card (shared-links/ride-snapshot.ts).
export function LoginRequiredCard({ joinHere }: { joinHere?: () => void }) {
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
      {joinHere ? (
        <button type="button" className="btn btn-outline mt-2 min-h-11 self-start" onClick={joinHere}>
          <Trans>New here? Register and join</Trans>
        </button>
      ) : null}
    </section>
  );
}
