import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';

import { toastFailure } from '../../../lib/toast';
import { useDownloadMyData } from '../api/download-my-data';
import { DeleteAccountDialog } from './delete-account-dialog';

// What the app keeps about the member, theirs to take, and the way to leave (issue 26 §2). The
// admin's account stays (the server refuses it), so the admin is not offered the way out.
export function YourDataCard({ canDelete = true }: { canDelete?: boolean }) {
  const { t } = useLingui();
  const download = useDownloadMyData();
  const [deleting, setDeleting] = useState(false);

  return (
    <section aria-labelledby="your-data-title" className="card bg-base-200">
      <div className="card-body gap-4 p-4 sm:p-6">
        <h2 id="your-data-title" className="card-title">
          <Trans>Your data</Trans>
        </h2>
        <p className="text-sm opacity-80">
          <Trans>
            One file with everything the app keeps about you: your profile, rides, payments, messages, alerts and
            requests.
          </Trans>
        </p>
        <button
          type="button"
          className="btn btn-outline min-h-11 self-start"
          disabled={download.isPending}
          aria-busy={download.isPending}
          onClick={() =>
            download.mutate(undefined, {
              onError: toastFailure(t`Could not download your data`),
            })
          }
        >
          {download.isPending ? <Trans>Preparing your file…</Trans> : <Trans>Download my data</Trans>}
        </button>
        {canDelete ? (
          <>
            <p className="text-sm opacity-80">
              <Trans>
                Leaving? Deleting your account erases your profile and everything of yours; past rides keep your seat as
                “a former member”.
              </Trans>
            </p>
            <button
              type="button"
              className="btn btn-outline btn-error min-h-11 self-start"
              onClick={() => setDeleting(true)}
            >
              <Trans>Delete my account</Trans>
            </button>
            <DeleteAccountDialog open={deleting} onClose={() => setDeleting(false)} />
          </>
        ) : null}
      </div>
    </section>
  );
}
