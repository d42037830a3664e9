import { VendorRides } from '../../features/rides/components/vendor-rides';
import { AssignButton } from '../../features/vendor/components/assign-button';
import { VendorPage } from '../../features/vendor/components/vendor-page';

// The vendor dashboard (/vendor): the vendor feature's page with the rides feature's lists, and
// the vendor's "Assign to me" on each available ride.
export function VendorPageRoute() {
  return (
    <VendorPage
      rides={(tab, highlightId) => (
        <VendorRides tab={tab} highlightId={highlightId} assign={(ride) => <AssignButton rideId={ride.id} />} />
      )}
    />
  );
}
