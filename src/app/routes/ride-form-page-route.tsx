import { useParams, useSearchParams } from 'react-router-dom';

import { BookedDriverFields } from '../../features/drivers/components/booked-driver-fields';
import { useRideRequest } from '../../features/ride-requests/api/get-ride-request';
import { RideForRequestNote } from '../../features/ride-requests/components/ride-for-request-note';
import { readRequestId, rideDefaultsFromRequest } from '../../features/ride-requests/ride-requests';
import { RideFormPage, type RideFormRequest } from '../../features/rides/components/ride-form-page';

// The ride form (/rides/create, /rides/edit/:id) with the drivers feature's booking note and
// booked-driver field, and, for /rides/create?request=<id>, the ride-requests feature's request
// the ride is started for (issue 24 §1). Named *-page-route so its chunk keeps the
// ride-form-page name the preload checks look for.
export function RideFormPageRoute() {
  const { id } = useParams();
  const [search] = useSearchParams();
  const requestId = id ? null : readRequestId(search);
  const request = useRideRequest(requestId ?? 0);
  const open = request.data?.status === 'open' ? request.data : null;
  const forRequest: RideFormRequest | undefined =
    requestId === null
      ? undefined
      : {
          pending: request.isPending,
          request: open && {
            id: open.id,
            defaults: rideDefaultsFromRequest(open),
            note: <RideForRequestNote request={open} />,
          },
        };
  return <RideFormPage forRequest={forRequest} driverFields={<BookedDriverFields />} />;
}
