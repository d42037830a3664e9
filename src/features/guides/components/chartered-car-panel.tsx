import { Trans } from '@lingui/react/macro';
import { ADDITIONAL_STOP_COST_SGD, DEFAULT_RIDE_COST_SGD } from '@shared/limits.ts';
import { nowEach } from '@shared/price.ts';
import type { ReactNode } from 'react';

import { MoneyIcon, UsersIcon } from '../../../components/icons';

const EXAMPLE_PASSENGERS = 4;

// The worked example, by the rule every ride screen uses: a default car with one extra stop.
const GUIDE_EXAMPLE = { cost: DEFAULT_RIDE_COST_SGD, additionalStops: 1, currentPassengers: EXAMPLE_PASSENGERS };

function HowItWorks() {
  const carCost = DEFAULT_RIDE_COST_SGD;
  const stopCost = ADDITIONAL_STOP_COST_SGD;
  const passengers = EXAMPLE_PASSENGERS;
  const share = nowEach(GUIDE_EXAMPLE).toFixed(2);
  return (
    <section aria-labelledby="how-charter-works" className="flex flex-col gap-3">
      <h2 id="how-charter-works" className="flex items-center gap-2 text-xl font-semibold">
        <UsersIcon /> <Trans>How chartered cars work here</Trans>
      </h2>
      <ol className="list-decimal space-y-2 pl-6">
        <li>
          <Trans>An organiser creates a ride on FC RideShare with the direction, date, time and seats.</Trans>
        </li>
        <li>
          <Trans>Other members join it as passengers.</Trans>
        </li>
        <li>
          <Trans>
            The organiser books the car with a driver, shares the pickup time and booking details, and sets up a group
            chat.
          </Trans>
        </li>
        <li>
          <Trans>Everyone splits the fare; the organiser collects the shares and pays the driver.</Trans>
        </li>
      </ol>
      <div className="rounded-box bg-base-200 p-4">
        <p className="font-semibold">
          <Trans>
            S${carCost} per car, plus S${stopCost} for each additional stop.
          </Trans>
        </p>
        <p>
          <Trans>
            For example, {passengers} passengers with one extra stop pay (S${carCost} + S${stopCost}) ÷ {passengers} =
            S$
            {share} each.
          </Trans>
        </p>
      </div>
    </section>
  );
}

function Payment() {
  return (
    <section aria-labelledby="charter-payment" className="flex flex-col gap-3">
      <h2 id="charter-payment" className="flex items-center gap-2 text-xl font-semibold">
        <MoneyIcon /> <Trans>Payment information</Trans>
      </h2>
      <ul className="list-disc space-y-2 pl-6">
        <li>
          <Trans>
            <strong>Revolut (preferred):</strong> a fee-free payment app; transfers between members cost nothing. Add
            your Revolut username to your profile so the organiser can find you.
          </Trans>
        </li>
        <li>
          <Trans>
            <strong>Stablecoin (USDT or USDC):</strong> accepted on two chains. Ask the recipient which chain and
            address to use before sending, since a transfer on the wrong chain can be lost.
          </Trans>
        </li>
        <li>
          <Trans>
            <strong>Cash:</strong> in SGD or RM.
          </Trans>
        </li>
      </ul>
    </section>
  );
}

// The drivers come from the rides feature, composed in by the app's guide route.
export function CharteredCarPanel({ recommendedDrivers }: { recommendedDrivers: ReactNode }) {
  return (
    <>
      <HowItWorks />
      {recommendedDrivers}
      <Payment />
    </>
  );
}
