import { TellMeWhenButton } from '../../features/ride-alerts/components/tell-me-when-button';
import { HomePage } from '../../features/rides/components/home-page';

export function HomeRoute() {
  return <HomePage rideAlert={(direction, time) => <TellMeWhenButton direction={direction} time={time} />} />;
}
