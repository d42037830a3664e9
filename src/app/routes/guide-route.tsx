import { GuidePage } from '../../features/guides/components/guide-page';
import { RecommendedDriversList } from '../../features/drivers/components/recommended-drivers';

export function GuideRoute() {
  return <GuidePage recommendedDrivers={<RecommendedDriversList />} />;
}
