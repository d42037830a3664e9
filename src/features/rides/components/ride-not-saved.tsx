import { Trans } from '@lingui/react/macro';
import { Link } from 'react-router-dom';

// Offline (or the server out of reach) on a ride this phone holds no copy of: say so, and what
// to do, instead of a bare error. The member's own rides are kept ahead (ADR 0017); this is for
// a shared link or someone else's ride never opened here.
export function RideNotSaved({ onRetry }: { onRetry: () => void }) {
  return (
    <section className="flex flex-col items-center gap-4 py-12 text-center" aria-labelledby="ride-not-saved-title">
      <h1 id="ride-not-saved-title" className="text-2xl font-bold">
        <Trans>This ride is not saved on this phone</Trans>
      </h1>
      <p className="max-w-prose">
        <Trans>
          It was not opened here while there was a connection, so there is no copy to show offline. Connect to the
          internet and try again.
        </Trans>
      </p>
      <div className="flex flex-wrap justify-center gap-2">
        <button type="button" className="btn btn-primary min-h-11" onClick={onRetry}>
          <Trans>Try again</Trans>
        </button>
        <Link to="/home" className="btn btn-outline min-h-11">
          <Trans>Back to Home</Trans>
        </Link>
      </div>
    </section>
  );
}
