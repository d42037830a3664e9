import { RecommendedDriversList } from '../../features/drivers/components/recommended-drivers';
import { GuidePage } from '../../features/guides/components/guide-page';

export function GuideRoute() {
  return <GuidePage recommendedDrivers={<RecommendedDriversList />} />;
}
