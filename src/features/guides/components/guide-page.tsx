import { type ReactNode, useState } from 'react';
import { AlertIcon } from '../../../components/icons';
import { BusOptionsPanel } from './bus-options-panel';
import { CharteredCarPanel } from './chartered-car-panel';
import { GuideTabs } from './guide-tabs';
import { useDocumentTitle } from '../../../lib/use-document-title';

type TabId = 'car' | 'bus';

// Static content, so the page reads the same from the service worker's precache at a
// checkpoint with no signal; the drivers list (passed in by the app) reads from the saved
// query cache there.
export function GuidePage({ recommendedDrivers }: { recommendedDrivers: ReactNode }) {
  useDocumentTitle('Travel Guide');
  const [tab, setTab] = useState<TabId>('car');

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <h1 className="text-2xl font-bold">Travel Guide</h1>
      <p>How members get between Singapore and Forest City: a shared chartered car, or the public bus.</p>

      <div className="flex flex-col gap-3">
        <div className="alert alert-warning" role="note">
          <AlertIcon />
          <p>
            <strong>Passport:</strong> it needs at least 6 months validity left on the day you cross.
          </p>
        </div>
        <div className="alert alert-info" role="note">
          <AlertIcon />
          <p>
            <strong>Immigration:</strong> allow 45-60 minutes for clearing both checkpoints.
          </p>
        </div>
      </div>

      <GuideTabs
        label="Ways to travel"
        selected={tab}
        onSelect={setTab}
        tabs={[
          { id: 'car', label: 'Chartered Car', panel: <CharteredCarPanel recommendedDrivers={recommendedDrivers} /> },
          { id: 'bus', label: 'Public Bus Options', panel: <BusOptionsPanel /> },
        ]}
      />
    </div>
  );
}
