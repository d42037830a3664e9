import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';

import { Spinner } from './spinner';

// Inside a card the state is a line of the card (plain words, no red box); on its own it is a
// spinner or a red alert, so a page and a card each keep the weight they had.
type Shared = { inline?: boolean; className?: string };
type Loading = Shared & { loading: string };
type Failed = Shared & { error: ReactNode; onRetry: () => unknown; retrying?: boolean };

/** What a query shows while nothing has arrived yet, or when it failed with nothing to show. */
export function QueryState(props: Loading | Failed) {
  const { inline = false, className = '' } = props;
  if ('loading' in props) {
    if (!inline) return <Spinner label={props.loading} className={className} />;
    return <p className={`opacity-80 ${className}`}>{props.loading}</p>;
  }
  const box = inline ? 'flex flex-col items-start gap-2' : 'alert alert-error flex-col items-start';
  return (
    <div role="alert" className={`${box} ${className}`}>
      <p>{props.error}</p>
      <button
        type="button"
        className="btn btn-sm min-h-11"
        onClick={() => void props.onRetry()}
        disabled={props.retrying}
      >
        <Trans>Try again</Trans>
      </button>
    </div>
  );
}
