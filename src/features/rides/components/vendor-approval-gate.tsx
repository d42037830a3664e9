import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';

import { authKeys, useUser } from '../../../lib/auth';
import { formatPhoneNumber } from '../../../lib/format';

// Anyone can register as a vendor, so the dashboard (open rides, "Assign to me") opens only once
// the admin has approved the account. Until then the vendor reads where they stand and what
// happens next. Members who are not vendors pass through: the dashboard tells them it is not
// for them.
export function VendorApprovalGate({ children }: { children: ReactNode }) {
  const { t } = useLingui();
  const { data: user, isFetching } = useUser();
  const queryClient = useQueryClient();
  if (!user?.isVendor || user.vendorStatus === 'approved') return <>{children}</>;

  const revoked = user.vendorStatus === 'revoked';
  const details = user.driverDetails;
  const companyName = user.companyName ? <span translate="no">{user.companyName}</span> : t`your company`;
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-4">
      <h1 className="text-2xl font-bold">
        <Trans>Vendor Dashboard</Trans>
      </h1>
      <section
        aria-labelledby="vendor-approval-title"
        className={`card border bg-base-100 p-4 ${revoked ? 'border-error' : 'border-warning'}`}
      >
        <h2 id="vendor-approval-title" className="mb-2 text-lg font-semibold">
          {revoked ? <Trans>Vendor account not approved</Trans> : <Trans>Waiting for approval</Trans>}
        </h2>
        {revoked ? (
          <p className="mb-3">
            <Trans>
              The admin has withdrawn the approval of this vendor account, so it cannot take rides. Rides you had coming
              up are open again for other drivers. Contact the admin if you think this is a mistake.
            </Trans>
          </p>
        ) : (
          <>
            <p className="mb-2">
              <Trans>
                Thanks for registering {companyName}. Before you can take rides, the admin checks who is driving the
                community across the border.
              </Trans>
            </p>
            <p className="mb-1 font-medium">
              <Trans>What happens next</Trans>
            </p>
            <ol className="mb-3 list-decimal space-y-1 pl-5">
              <li>
                <Trans>The admin contacts you on Discord or WhatsApp.</Trans>
              </li>
              <li>
                <Trans>
                  They check your company, your cross-border vehicle permit and plate, and your contact number.
                </Trans>
              </li>
              <li>
                <Trans>Once approved, this page shows the open rides and you can assign yourself.</Trans>
              </li>
            </ol>
          </>
        )}
        <dl className="mb-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="font-medium">
            <Trans>Company</Trans>
          </dt>
          <dd translate="no">{user.companyName ?? '–'}</dd>
          <dt className="font-medium">
            <Trans>Driver</Trans>
          </dt>
          <dd translate="no">{details?.name ?? '–'}</dd>
          <dt className="font-medium">
            <Trans>Contact</Trans>
          </dt>
          <dd translate="no" className="whitespace-nowrap">
            {formatPhoneNumber(details?.contact, '–')}
          </dd>
          <dt className="font-medium">
            <Trans>Car</Trans>
          </dt>
          <dd translate="no">{details?.carNumber ?? '–'}</dd>
        </dl>
        <button
          type="button"
          className="btn btn-outline min-h-11 self-start"
          disabled={isFetching}
          onClick={() => void queryClient.invalidateQueries({ queryKey: authKeys.me })}
        >
          {isFetching ? <Trans>Checking…</Trans> : <Trans>Check again</Trans>}
        </button>
      </section>
    </div>
  );
}
