import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

import { authKeys, awaitsVendorApproval, type User, useUser } from '../../../lib/auth';
import { formatPhoneNumber } from '../../../lib/format';

// Anyone can register as a vendor, so the dashboard (open rides, "Assign to me") opens only once
// the admin has approved the account. Until then the vendor reads where they stand and what
// happens next. Members who are not vendors pass through: the dashboard tells them it is not
// for them.
export function VendorApprovalGate({ children }: { children: ReactNode }) {
  const { data: user } = useUser();
  if (!user || !awaitsVendorApproval(user)) return <>{children}</>;
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-4">
      <h1 className="text-2xl font-bold">
        <Trans>Vendor Dashboard</Trans>
      </h1>
      <VendorApprovalCard user={user} />
    </div>
  );
}

// Home for a vendor still waiting (issue 37 §4): right after registering, and every visit until
// the admin decides, the same card instead of the passenger list with its Join buttons, which
// are not for them.
export function VendorWaitingHome() {
  const { data: user } = useUser();
  if (!user) return null;
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-4">
      <VendorApprovalCard user={user} asPage />
      <Link to="/guide" className="btn btn-ghost min-h-11 self-start">
        <Trans>Read the Travel Guide meanwhile</Trans>
      </Link>
    </div>
  );
}

// asPage: the card is the page (Home), so its title is the page's heading.
function VendorApprovalCard({ user, asPage = false }: { user: User; asPage?: boolean }) {
  const { t } = useLingui();
  const { isFetching } = useUser();
  const queryClient = useQueryClient();
  const Title = asPage ? 'h1' : 'h2';
  const revoked = user.vendorStatus === 'revoked';
  const details = user.driverDetails;
  const companyName = user.companyName ? <span translate="no">{user.companyName}</span> : t`your company`;
  return (
    <section
      aria-labelledby="vendor-approval-title"
      className={`card border bg-base-100 p-4 ${revoked ? 'border-error' : 'border-warning'}`}
    >
      <Title id="vendor-approval-title" className={`mb-2 font-semibold ${asPage ? 'text-2xl' : 'text-lg'}`}>
        {revoked ? <Trans>Vendor account not approved</Trans> : <Trans>Waiting for approval</Trans>}
      </Title>
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
              <Trans>Once approved, the Vendor Dashboard shows the open rides and you can assign yourself.</Trans>
            </li>
          </ol>
          <p className="mb-3">
            <Trans>
              This usually takes one to two days. You get a notification as soon as the admin approves your account.
            </Trans>
          </p>
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
  );
}
