import { Trans } from '@lingui/react/macro';
import type { Ride } from '@shared/types/ride.ts';

import { ContactButtons } from '../../../components/contact-buttons';
import { formatDateTime } from '../../../lib/format';
import { useRecommendedDrivers } from './recommended-drivers';

// The border pack: who is driving, readable offline from the saved copy or the built-in list.
export function BookedDriverCard({ ride }: { ride: Ride }) {
  const driver = useRecommendedDrivers().find((candidate) => candidate.id === ride.driverContactId);
  if (!driver) return null;
  const driverName = driver.name;
  const vehicle = driver.vehicleType;
  const pickup = formatDateTime(ride.date);
  return (
    <section aria-labelledby="driver-title" className="card border border-info bg-base-100 p-4">
      <h2 id="driver-title" className="mb-1 text-lg font-semibold">
        <Trans>Your driver</Trans>
      </h2>
      <p className="mb-3">
        <Trans>
          <span translate="no">{driverName}</span> · <span translate="no">{vehicle}</span> · pickup {pickup}
        </Trans>
      </p>
      <ContactButtons personName={driver.name} contact={driver} channels={['whatsapp', 'malaysian']} />
    </section>
  );
}
