import { Trans } from '@lingui/react/macro';

// The ride card's and the series page's byline. The name is member data: never translated
// (translate="no"), which the languages e2e relies on.
export function OrganizedBy({ organiser }: { organiser: string }) {
  return (
    <p className="text-sm">
      <Trans>
        Organized by{' '}
        <span className="font-medium" translate="no">
          {organiser}
        </span>
      </Trans>
    </p>
  );
}
