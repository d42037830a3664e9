import { HomePage } from '../../features/rides/components/home-page';
import { LazySequencePanel } from '../../features/rides/components/lazy-sequence-panel';

export function HomeRoute() {
  return <HomePage sequencePanel={(ride) => <LazySequencePanel ride={ride} />} />;
}
