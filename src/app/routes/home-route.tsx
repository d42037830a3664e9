import { TellMeWhenButton } from '../../features/ride-alerts/components/tell-me-when-button';
import { HomePage } from '../../features/rides/components/home-page';
import { LazySequencePanel } from '../../features/rides/components/lazy-sequence-panel';

export function HomeRoute() {
  return (
    <HomePage
      sequencePanel={(ride) => <LazySequencePanel ride={ride} />}
      rideAlert={(direction, time) => <TellMeWhenButton direction={direction} time={time} />}
    />
  );
}
