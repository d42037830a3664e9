import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';

import { CopyIcon } from '../../../components/icons';
import { copyText } from '../../../lib/clipboard';
import { formatDateTime } from '../../../lib/format';
import type { PasswordResetCode } from '../api/create-password-reset-code';

const COPIED_FEEDBACK_MS = 2000;

export function IssuedResetCode({
  issued,
  onDismiss,
}: {
  issued: PasswordResetCode & { discordUsername: string };
  onDismiss: () => void;
}) {
  const { t } = useLingui();
  const [copied, setCopied] = useState(false);
  const username = issued.discordUsername;
  const expires = formatDateTime(issued.expiresAt);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    const done = await copyText(issued.code, {
      failed: { title: t`Failed to copy`, description: t`Select the code and copy it manually.` },
    });
    if (done) setCopied(true);
  };

  return (
    <div role="status" className="flex flex-col gap-3 rounded-box border-2 border-success bg-success/10 p-4">
      <p className="font-semibold">
        <Trans>
          One-time reset code for <span translate="no">@{username}</span>
        </Trans>
      </p>
      <dl className="flex flex-col gap-1">
        <dt className="text-sm opacity-80">
          <Trans>Reset code</Trans>
        </dt>
        <dd className="select-all break-all font-mono text-2xl font-bold tracking-widest" translate="no">
          {issued.code}
        </dd>
        <dt className="mt-2 text-sm opacity-80">
          <Trans>Expires</Trans>
        </dt>
        <dd>
          <Trans>
            <time dateTime={issued.expiresAt}>{expires}</time> (Singapore time)
          </Trans>
        </dd>
      </dl>
      <p className="text-sm opacity-80">{issued.message}</p>
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn btn-primary min-h-11" onClick={() => void copy()}>
          <CopyIcon /> {copied ? t`Copied!` : t`Copy code`}
        </button>
        <button type="button" className="btn btn-ghost min-h-11" onClick={onDismiss}>
          <Trans>Done</Trans>
        </button>
      </div>
    </div>
  );
}
