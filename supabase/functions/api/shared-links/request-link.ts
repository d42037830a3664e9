// GET /requests/{id} on the Node host (issue 24 §1, §3): a ride request's card in the shell's
// <head>, as for a ride. A request that is closed or over gets the generic card: what a chat
// shows must not invite anyone to a need that is gone.
import type { RideRequest } from '../../_shared/schemas/ride-requests.ts';
import { readRideRequest } from '../queries/ride-requests.ts';
import { withPageHead } from './page-head.ts';
import { rideRequestCard } from './ride-request-card.ts';
import type { SharedLink } from './shared-link-page.ts';

export const requestLink: SharedLink<RideRequest> = {
  name: 'ride request',
  read: (db, id) => readRideRequest(db, id),
  page: (request, shell, origin, path) =>
    request.status === 'open' ? withPageHead(shell, rideRequestCard(request, origin, path)) : undefined,
};
