import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';

import { toastFailure } from '../../../lib/toast';
import { useAcceptPolicies } from '../api/accept-policies';

// Shown to a signed-in member whose accepted versions of the privacy notice or community rules
// are not the current ones (registered before they existed, or before a change): one line and
// one button, on every page until accepted; nothing is blocked meanwhile. Accepting is kept
// (public.policy_acceptances), so it is asked once per new version.
export function PoliciesPrompt() {
  const { t } = useLingui();
  const accept = useAcceptPolicies();
  return (
    <aside
      aria-label={t`Privacy notice and community rules`}
      className="border-b border-base-300 bg-base-200 px-4 py-3"
    >
      <div className="mx-auto flex max-w-5xl flex-wrap items-center gap-x-4 gap-y-2">
        <p className="min-w-0 flex-1 basis-60">
          <Trans>
            Please read and accept the current{' '}
            <Link to="/privacy" className="link">
              privacy notice
            </Link>{' '}
            and{' '}
            <Link to="/rules" className="link">
              community rules
            </Link>
            .
          </Trans>
        </p>
        <button
          type="button"
          className="btn btn-primary btn-sm min-h-11"
          disabled={accept.isPending}
          onClick={() =>
            accept.mutate(undefined, {
              onError: toastFailure(t`Could not save your acceptance`),
            })
          }
        >
          <Trans>I accept</Trans>
        </button>
      </div>
    </aside>
  );
}
