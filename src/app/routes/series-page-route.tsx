import { SeriesPage } from '../../features/ride-series/components/series-page';
import { useRide } from '../../features/rides/api/get-ride';

// How many people the organiser brings on a date: read from that date's ride (the rides
// feature's query, which the ride page shares).
const useOrganiserParty = (rideId: number) => useRide(rideId).data?.organizerPassengerCount;

// A weekly series' page (/series/:id), with the rides feature's read of its first date.
export function SeriesPageRoute() {
  return <SeriesPage useOrganiserParty={useOrganiserParty} />;
}
