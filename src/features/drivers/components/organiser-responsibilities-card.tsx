import { Trans, useLingui } from '@lingui/react/macro';

import { RecommendedDriverButtons } from './recommended-drivers';

export function OrganiserResponsibilitiesCard() {
  const { t } = useLingui();
  return (
    <section aria-labelledby="responsibilities-title" className="card border border-warning bg-base-100 p-4">
      <h2 id="responsibilities-title" className="mb-2 text-lg font-semibold">
        <Trans>Organizer Responsibilities</Trans>
      </h2>
      <ol className="mb-3 list-decimal space-y-1 pl-5">
        <li>
          <Trans>Book the chartered car once people have joined.</Trans>
        </li>
        <li>
          <Trans>Update your passengers with the booking details.</Trans>
        </li>
        <li>
          <Trans>Share the pickup time with everyone.</Trans>
        </li>
        <li>
          <Trans>Collect payments from your passengers.</Trans>
        </li>
        <li>
          <Trans>Create a group chat for the trip.</Trans>{' '}
          <Trans>Or use this ride&apos;s Chat tab: everyone aboard is in it already.</Trans>
        </li>
      </ol>
      <p className="mb-2 font-medium">
        <Trans>Recommended drivers</Trans>
      </p>
      <RecommendedDriverButtons message={t`Hi, I'd like to book a chartered car between Singapore and Forest City.`} />
    </section>
  );
}
