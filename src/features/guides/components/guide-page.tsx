import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useState } from 'react';

import { AlertIcon } from '../../../components/icons';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { BusOptionsPanel } from './bus-options-panel';
import { CharteredCarPanel } from './chartered-car-panel';
import { GuideTabs } from './guide-tabs';

type TabId = 'car' | 'bus';

// Static content, so the page reads the same from the service worker's precache at a
// checkpoint with no signal; the drivers list (passed in by the app) reads from the saved
// query cache there.
export function GuidePage({ recommendedDrivers }: { recommendedDrivers: ReactNode }) {
  const { t } = useLingui();
  useDocumentTitle(t`Travel Guide`);
  const [tab, setTab] = useState<TabId>('car');

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <h1 className="text-2xl font-bold">
        <Trans>Travel Guide</Trans>
      </h1>
      <p>
        <Trans>How members get between Singapore and Forest City: a shared chartered car, or the public bus.</Trans>
      </p>

      <div className="flex flex-col gap-3">
        <div className="alert alert-warning" role="note">
          <AlertIcon />
          <p>
            <Trans>
              <strong>Passport:</strong> it needs at least 6 months validity left on the day you cross.
            </Trans>
          </p>
        </div>
        <div className="alert alert-info" role="note">
          <AlertIcon />
          <p>
            <Trans>
              <strong>Immigration:</strong> allow 45-60 minutes for clearing both checkpoints.
            </Trans>
          </p>
        </div>
      </div>

      <GuideTabs
        label={t`Ways to travel`}
        selected={tab}
        onSelect={setTab}
        tabs={[
          { id: 'car', label: t`Chartered Car`, panel: <CharteredCarPanel recommendedDrivers={recommendedDrivers} /> },
          { id: 'bus', label: t`Public Bus Options`, panel: <BusOptionsPanel /> },
        ]}
      />
    </div>
  );
}
