import { Spinner } from '../../../components/spinner';
import { formatDateTime } from '../../../lib/format';
import { usePasswordResetRequests } from '../api/get-password-reset-requests';

export function ResetRequestsList({ onPick }: { onPick: (discordUsername: string) => void }) {
  const requests = usePasswordResetRequests();

  let body;
  if (requests.isPending) {
    body = <Spinner label="Loading password reset requests…" className="py-4" />;
  } else if (requests.isError) {
    body = (
      <div role="alert" className="alert alert-error flex-col items-start">
        <p>Could not load password reset requests: {requests.error.message}</p>
        <button
          type="button"
          className="btn btn-sm min-h-11"
          onClick={() => void requests.refetch()}
          disabled={requests.isFetching}
        >
          Try again
        </button>
      </div>
    );
  } else if (requests.data.length === 0) {
    body = <p className="opacity-80">No open password reset requests.</p>;
  } else {
    body = (
      <ul className="flex flex-col gap-2">
        {requests.data.map((request) => (
          <li key={request.id} className="flex items-center justify-between gap-3 rounded-box bg-base-100 p-3">
            <div className="min-w-0">
              <p className="truncate font-medium">{request.name || request.discordUsername}</p>
              {/* The username may break anywhere; the date only between its parts, never mid-year. */}
              <p className="text-sm opacity-80">
                <span className="break-all">@{request.discordUsername}</span> · asked{' '}
                <time dateTime={request.createdAt} className="whitespace-nowrap">
                  {formatDateTime(request.createdAt)}
                </time>
              </p>
            </div>
            {/* The name starts with the visible word, so voice control ("click Use") still finds it. */}
            <button
              type="button"
              className="btn btn-outline btn-sm min-h-11 shrink-0"
              aria-label={`Use ${request.discordUsername}`}
              onClick={() => onPick(request.discordUsername)}
            >
              Use
            </button>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section aria-labelledby="reset-requests-title" aria-busy={requests.isFetching} className="flex flex-col gap-2">
      <h3 id="reset-requests-title" className="font-semibold">
        Open password reset requests
      </h3>
      {body}
    </section>
  );
}
