import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';

import { useUser } from '../../../lib/auth';
import { formatPhoneNumber } from '../../../lib/format';

type Tab = 'mine' | 'available';

// The vendor dashboard: the vendor's company, driver and car, and two lists of rides, theirs and
// the open ones to take. The lists are the rides feature's, handed in by src/app (`rides`): the
// tab on screen, and the ride a card's 'Assign to me' link named (/vendor?rideId=N).
export function VendorPage({ rides }: { rides: (tab: Tab, highlightId: number | null) => ReactNode }) {
  const { t } = useLingui();
  const { data: user } = useUser();
  const isVendor = Boolean(user?.isVendor);
  const [searchParams] = useSearchParams();
  const highlightId = Number(searchParams.get('rideId')) || null;
  const [tab, setTab] = useState<Tab>(highlightId ? 'available' : 'mine');

  if (!isVendor) {
    return (
      <section className="mx-auto flex max-w-xl flex-col gap-3 py-8 text-center">
        <h1 className="text-2xl font-bold">
          <Trans>Vendor Dashboard</Trans>
        </h1>
        <p>
          <Trans>
            The vendor dashboard is for registered drivers and transport companies. Your account is a member account.
          </Trans>
        </p>
        <Link to="/home" className="btn btn-primary min-h-11 self-center">
          <Trans>Back to Home</Trans>
        </Link>
      </section>
    );
  }

  const details = user?.driverDetails;
  const driverName = details?.name ?? '–';
  const contact = formatPhoneNumber(details?.contact, '–');
  const car = details?.carNumber ?? '–';

  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">
        <Trans>Vendor Dashboard</Trans>
      </h1>
      <section aria-labelledby="vendor-details-title" className="card bg-base-200 p-4">
        <h2 id="vendor-details-title" className="font-semibold" translate={user?.companyName ? 'no' : undefined}>
          {user?.companyName ?? t`Your company`}
        </h2>
        <p className="text-sm">
          <Trans>
            Driver: <span translate="no">{driverName}</span> · Contact:{' '}
            <span translate="no" className="whitespace-nowrap">
              {contact}
            </span>{' '}
            · Car: <span translate="no">{car}</span>
          </Trans>
        </p>
      </section>
      <div role="tablist" aria-label={t`Vendor rides`} className="tabs tabs-box">
        {(
          [
            ['mine', t`My Rides`],
            ['available', t`Available Rides`],
          ] as const
        ).map(([id, label]) => (
          <button
            key={id}
            type="button"
            role="tab"
            id={`tab-${id}`}
            aria-selected={tab === id}
            aria-controls="panel-vendor"
            className={`tab min-h-11 flex-1 ${tab === id ? 'tab-active' : ''}`}
            onClick={() => setTab(id)}
          >
            {label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="panel-vendor" aria-labelledby={`tab-${tab}`}>
        {rides(tab, highlightId)}
      </div>
    </div>
  );
}
