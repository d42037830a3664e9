// GET /rides/{id} on the Node host (issue 24 §3, ADR 0020): the ride's card in the shell's
// <head>, the ride itself as the PWA's first data, and the Details card's first lines painted
// before any script (ride-snapshot.ts).
import { EMBEDDED_RIDE_ELEMENT_ID } from '../../_shared/embedded-data.ts';
import type { Ride } from '../../_shared/types/ride.ts';
import { readRide } from '../queries/rides.ts';
import { withPageHead } from './page-head.ts';
import { rideCard } from './ride-card.ts';
import { rideSnapshot } from './ride-snapshot.ts';
import type { SharedLink } from './shared-link-page.ts';

export const rideLink: SharedLink<Ride> = {
  name: 'ride',
  read: (db, id) => readRide(db, false, id),
  page: (ride, shell, origin, path, visitor) =>
    withPageHead(
      shell,
      rideCard(ride, origin, path),
      { id: EMBEDDED_RIDE_ELEMENT_ID, value: ride },
      rideSnapshot(ride, visitor),
    ),
};
