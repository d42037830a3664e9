import { Trans, useLingui } from '@lingui/react/macro';

import { errorMessage, toastError } from '../../../lib/toast';
import { useDownloadMyData } from '../api/download-my-data';

// What the app keeps about the member, theirs to take (issue 26 §2).
export function YourDataCard() {
  const { t } = useLingui();
  const download = useDownloadMyData();

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
              onError: (error) => toastError(t`Could not download your data`, errorMessage(error)),
            })
          }
        >
          {download.isPending ? <Trans>Preparing your file…</Trans> : <Trans>Download my data</Trans>}
        </button>
      </div>
    </section>
  );
}
