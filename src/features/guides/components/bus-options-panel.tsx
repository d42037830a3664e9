import { Trans } from '@lingui/react/macro';
import { Link } from 'react-router-dom';

import { BUS_FARE_RM } from '../bus-schedule';

const fare = BUS_FARE_RM;

export function BusOptionsPanel() {
  return (
    <>
      <section aria-labelledby="bus-summary" className="flex flex-col gap-3">
        <h2 id="bus-summary" className="text-xl font-semibold">
          <Trans>Cross-border public bus</Trans>
        </h2>
        <p>
          <Trans>
            The cheapest way across: a public bus over the Second Link. You get off at both checkpoints to clear
            immigration, then board again.
          </Trans>
        </p>
        <ul className="grid gap-3 sm:grid-cols-2">
          <li className="rounded-box bg-base-200 p-4">
            <span className="block text-sm">
              <Trans>Cost</Trans>
            </span>
            <span className="text-lg font-bold">
              <Trans>About RM {fare}</Trans>
            </span>
          </li>
          <li className="rounded-box bg-base-200 p-4">
            <span className="block text-sm">
              <Trans>Frequency</Trans>
            </span>
            <span className="text-lg font-bold">
              <Trans>Runs hourly</Trans>
            </span>
          </li>
        </ul>
        <p>
          <Trans>
            Missing a bus means waiting for the next one, up to an hour later, so plan your checkpoint time around it.
          </Trans>
        </p>
      </section>

      <section aria-labelledby="bus-payment" className="flex flex-col gap-3">
        <h2 id="bus-payment" className="text-xl font-semibold">
          <Trans>Paying for the bus</Trans>
        </h2>
        <ul className="list-disc space-y-2 pl-6">
          <li>
            <Trans>
              <strong>Touch &apos;n Go card:</strong> the Malaysian transit card.
            </Trans>
          </li>
          <li>
            <Trans>
              <strong>Contactless bank card:</strong> tap a debit or credit card that supports contactless payment.
            </Trans>
          </li>
          <li>
            <Trans>
              <strong>Cash (untested):</strong> no member has confirmed it yet, so carry a card as well.
            </Trans>
          </li>
        </ul>
      </section>

      <Link to="/bus-guide" className="btn btn-primary min-h-11 self-start">
        <Trans>Open the step-by-step Bus Guide</Trans>
      </Link>
    </>
  );
}
