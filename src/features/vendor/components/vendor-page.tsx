import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';

import { Spinner } from '../../../components/spinner';
import { useUser } from '../../../lib/auth';
import { formatPhoneNumber } from '../../../lib/format';
import { toastFailure, toastSuccess } from '../../../lib/toast';
import { useAssignRide } from '../api/assign-ride';
import { useRide } from '../../rides/api/get-ride';
import { RIDE_PAGE_SIZE, type RideListParams, useRidePage } from '../../rides/api/get-ride-page';
import { isPast } from '../../../lib/ride-rules';
import { RideCard } from '../../rides/components/ride-card';
import { RideList } from '../../rides/components/ride-list';

type Tab = 'mine' | 'available';

// Both lists are cut by the server (ADR 0009): the vendor's assignments, upcoming first and
// then past ones, and the open rides still to come, soonest first.
const ASSIGNED: RideListParams = {
  scope: 'assigned',
  time: 'all',
  direction: null,
  sort: 'earliest',
  limit: RIDE_PAGE_SIZE,
};
const AVAILABLE: RideListParams = {
  scope: 'available',
  time: 'upcoming',
  direction: null,
  sort: 'earliest',
  limit: RIDE_PAGE_SIZE,
};

// /vendor?rideId=N (a card's 'Assign to me') shows ride N in Available Rides, which may be
// pages away. The ride's own detail says where it would be (open, upcoming, its date): pages
// are read until it shows, or the list has passed its date or ended; a ride that is no longer
// available costs no page at all.
function useFindHighlighted(highlightId: number | null, available: ReturnType<typeof useRidePage>, active: boolean) {
  const target = useRide(active && highlightId ? highlightId : 0);
  const found = Boolean(highlightId && available.data?.some((ride) => ride.id === highlightId));
  const ride = target.data;
  const last = available.data?.at(-1);
  const mayBeFurther =
    active &&
    !found &&
    ride !== undefined &&
    ride.status === 'open' &&
    !isPast(ride) &&
    last !== undefined &&
    Date.parse(last.date) <= Date.parse(ride.date);
  const { hasNextPage, isFetching, isFetchNextPageError, fetchNextPage } = available;

  useEffect(() => {
    if (mayBeFurther && hasNextPage && !isFetching && !isFetchNextPageError)
      void fetchNextPage({ cancelRefetch: false });
  }, [mayBeFurther, hasNextPage, isFetching, isFetchNextPageError, fetchNextPage]);
}

export function VendorPage() {
  const { t } = useLingui();
  const { data: user } = useUser();
  const isVendor = Boolean(user?.isVendor);
  const [searchParams] = useSearchParams();
  const highlightId = Number(searchParams.get('rideId')) || null;
  const [tab, setTab] = useState<Tab>(highlightId ? 'available' : 'mine');
  // Only the tab on screen is read.
  const mine = useRidePage(ASSIGNED, isVendor && tab === 'mine');
  const available = useRidePage(AVAILABLE, isVendor && tab === 'available');
  const assign = useAssignRide();
  const list = tab === 'mine' ? mine : available;
  useFindHighlighted(highlightId, available, isVendor && tab === 'available');

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

  const onAssign = (rideId: number) =>
    assign.mutate(rideId, {
      onSuccess: () => toastSuccess(t`Ride assigned successfully`),
      onError: toastFailure(t`Error`),
    });

  const details = user?.driverDetails;
  const driverName = details?.name ?? '–';
  const contact = formatPhoneNumber(details?.contact, '–');
  const car = details?.carNumber ?? '–';
  const loadError = list.error?.message;

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
        {list.isPending ? (
          <Spinner label={t`Loading rides…`} />
        ) : !list.data ? (
          <div role="alert" className="alert alert-error">
            <Trans>Could not load rides: {loadError}</Trans>
          </div>
        ) : list.data.length === 0 ? (
          <p className="py-8 text-center">
            {tab === 'mine' ? <Trans>No assigned rides yet.</Trans> : <Trans>No available rides at the moment.</Trans>}
          </p>
        ) : (
          <RideList
            rides={list.data}
            paging={list}
            withActions
            renderRide={(ride) => (
              <RideCard
                ride={ride}
                currentUserId={user?.id ?? null}
                isVendor
                showAssignLink={false}
                highlighted={ride.id === highlightId}
                actions={
                  tab === 'available' ? (
                    <button
                      type="button"
                      className="btn btn-primary btn-sm min-h-11"
                      disabled={assign.isPending}
                      onClick={() => onAssign(ride.id)}
                    >
                      <Trans>Assign to me</Trans>
                    </button>
                  ) : (
                    <Link to={`/rides/${ride.id}`} className="btn btn-outline btn-sm min-h-11">
                      <Trans>View Details</Trans>
                    </Link>
                  )
                }
              />
            )}
          />
        )}
      </div>
    </div>
  );
}
