import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { RideCard } from './ride-card';
import { Spinner } from '../../../components/spinner';
import { useUser } from '../../../lib/auth';
import { isPast } from '../ride-rules';
import { useRides } from '../api/get-rides';
import { errorMessage, toastError, toastSuccess } from '../../../lib/toast';
import { useAssignRide } from '../api/assign-ride';
import { useVendorRides } from '../api/get-vendor-rides';

type Tab = 'mine' | 'available';

export function VendorPage() {
  const { data: user } = useUser();
  const isVendor = Boolean(user?.isVendor);
  const [searchParams] = useSearchParams();
  const highlightId = Number(searchParams.get('rideId')) || null;
  const [tab, setTab] = useState<Tab>(highlightId ? 'available' : 'mine');
  const mine = useVendorRides(isVendor);
  const all = useRides();
  const assign = useAssignRide();

  const available = (all.data ?? []).filter((ride) => ride.status === 'open' && !isPast(ride));
  const pending = tab === 'mine' ? mine.isPending : all.isPending;
  const error = tab === 'mine' ? mine.error : all.error;

  useEffect(() => {
    if (!highlightId || pending) return;
    document.getElementById(`ride-${highlightId}`)?.scrollIntoView({ behavior: 'smooth', block: 'center' });
  }, [highlightId, pending, tab]);

  if (!isVendor) {
    return (
      <section className="mx-auto flex max-w-xl flex-col gap-3 py-8 text-center">
        <h1 className="text-2xl font-bold">Vendor Dashboard</h1>
        <p>The vendor dashboard is for registered drivers and transport companies. Your account is a member account.</p>
        <Link to="/home" className="btn btn-primary min-h-11 self-center">
          Back to Home
        </Link>
      </section>
    );
  }

  const onAssign = (rideId: number) =>
    assign.mutate(rideId, {
      onSuccess: () => toastSuccess('Ride assigned successfully'),
      onError: (failure) => toastError('Error', errorMessage(failure)),
    });

  const rides = tab === 'mine' ? (mine.data ?? []) : available;
  const details = user?.driverDetails;

  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">Vendor Dashboard</h1>
      <section aria-labelledby="vendor-details-title" className="card bg-base-200 p-4">
        <h2 id="vendor-details-title" className="font-semibold">
          {user?.companyName ?? 'Your company'}
        </h2>
        <p className="text-sm">
          Driver: {details?.name ?? '–'} · Contact: {details?.contact ?? '–'} · Car: {details?.carNumber ?? '–'}
        </p>
      </section>
      <div role="tablist" aria-label="Vendor rides" className="tabs tabs-box">
        {(
          [
            ['mine', 'My Rides'],
            ['available', 'Available Rides'],
          ] as const
        ).map(([id, label]) => (
          <button key={id} type="button" role="tab" id={`tab-${id}`} aria-selected={tab === id} aria-controls="panel-vendor" className={`tab min-h-11 flex-1 ${tab === id ? 'tab-active' : ''}`} onClick={() => setTab(id)}>
            {label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="panel-vendor" aria-labelledby={`tab-${tab}`}>
        {pending ? (
          <Spinner label="Loading rides…" />
        ) : error && rides.length === 0 ? (
          <div role="alert" className="alert alert-error">
            Could not load rides: {error.message}
          </div>
        ) : rides.length === 0 ? (
          <p className="py-8 text-center">{tab === 'mine' ? 'No assigned rides yet.' : 'No available rides at the moment.'}</p>
        ) : (
          <div className="grid gap-4 md:grid-cols-2">
            {rides.map((ride) => (
              <RideCard
                key={ride.id}
                ride={ride}
                currentUserId={user?.id ?? null}
                isVendor
                showAssignLink={false}
                highlighted={ride.id === highlightId}
                actions={
                  tab === 'available' ? (
                    <button type="button" className="btn btn-primary btn-sm min-h-11" disabled={assign.isPending} onClick={() => onAssign(ride.id)}>
                      Assign to me
                    </button>
                  ) : (
                    <Link to={`/rides/${ride.id}`} className="btn btn-outline btn-sm min-h-11">
                      View Details
                    </Link>
                  )
                }
              />
            ))}
          </div>
        )}
      </div>
    </div>
  );
}
