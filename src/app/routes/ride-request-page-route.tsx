import { ReportButton } from '../../features/moderation/components/report-button';
import { RideRequestPage } from '../../features/rides/components/ride-request-page';

// A ride request's page with the moderation feature's Report button.
export function RideRequestPageRoute() {
  return <RideRequestPage report={(target) => <ReportButton target={target} />} />;
}
