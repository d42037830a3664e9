import { RIDE_PAGE_SIZE, type RideListParams } from './api/get-ride-page';

// The member's own lists, cut by the server (ADR 0009): every ride they organized or joined,
// upcoming ones first, then past ones (SPEC §4). Read by My Rides, and ahead of it for offline
// reading (ADR 0017).
export const ORGANIZED: RideListParams = {
  scope: 'organized',
  time: 'all',
  direction: null,
  sort: 'earliest',
  limit: RIDE_PAGE_SIZE,
};
export const JOINED: RideListParams = { ...ORGANIZED, scope: 'joined' };
// SPEC §4: the drop-off order is set for the organiser's own FC->SG rides; a past ride's order
// no longer matters, so only the rides still to come get a panel.
export const OWN_FC_TO_SG: RideListParams = { ...ORGANIZED, time: 'upcoming', direction: 'FC->SG' };

export const MY_RIDES_LISTS: readonly RideListParams[] = [ORGANIZED, JOINED, OWN_FC_TO_SG];
