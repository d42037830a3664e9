import { MemberTools } from '../../features/member-blocks/components/member-tools';
import { ReportButton } from '../../features/moderation/components/report-button';
import { RideRequestPage } from '../../features/ride-requests/components/ride-request-page';

// A ride request's page with the moderation feature's Report button and Block beside the requester.
export function RideRequestPageRoute() {
  return (
    <RideRequestPage
      report={(target) => <ReportButton target={target} />}
      member={({ userId, name }) => <MemberTools userId={userId} name={name} />}
    />
  );
}
