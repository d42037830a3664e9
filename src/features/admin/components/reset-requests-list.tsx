import { Trans, useLingui } from '@lingui/react/macro';

import { QueryState } from '../../../components/query-state';
import { formatDateTime } from '../../../lib/format';
import { usePasswordResetRequests } from '../api/get-password-reset-requests';

export function ResetRequestsList({ onPick }: { onPick: (discordUsername: string) => void }) {
  const { t } = useLingui();
  const requests = usePasswordResetRequests();

  let body;
  if (requests.isPending) {
    body = <QueryState loading={t`Loading password reset requests…`} className="py-4" />;
  } else if (requests.isError) {
    const reason = requests.error.message;
    body = (
      <QueryState
        error={<Trans>Could not load password reset requests: {reason}</Trans>}
        onRetry={requests.refetch}
        retrying={requests.isFetching}
      />
    );
  } else if (requests.data.length === 0) {
    body = (
      <p className="opacity-80">
        <Trans>No open password reset requests.</Trans>
      </p>
    );
  } else {
    body = (
      <ul className="flex flex-col gap-2">
        {requests.data.map((request) => {
          const username = request.discordUsername;
          const askedAt = formatDateTime(request.createdAt);
          return (
            <li key={request.id} className="flex items-center justify-between gap-3 rounded-box bg-base-100 p-3">
              <div className="min-w-0">
                <p className="truncate font-medium" translate="no">
                  {request.name || request.discordUsername}
                </p>
                {/* The username may break anywhere; the date only between its parts, never mid-year. */}
                <p className="text-sm opacity-80">
                  <Trans>
                    <span className="break-all" translate="no">
                      @{username}
                    </span>{' '}
                    · asked{' '}
                    <time dateTime={request.createdAt} className="whitespace-nowrap">
                      {askedAt}
                    </time>
                  </Trans>
                </p>
              </div>
              {/* The name starts with the visible word, so voice control ("click Use") still finds it. */}
              <button
                type="button"
                className="btn btn-outline btn-sm min-h-11 shrink-0"
                aria-label={t`Use ${username}`}
                onClick={() => onPick(request.discordUsername)}
              >
                <Trans>Use</Trans>
              </button>
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <section aria-labelledby="reset-requests-title" aria-busy={requests.isFetching} className="flex flex-col gap-2">
      <h3 id="reset-requests-title" className="font-semibold">
        <Trans>Open password reset requests</Trans>
      </h3>
      {body}
    </section>
  );
}
