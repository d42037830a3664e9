import { Trans } from '@lingui/react/macro';
import { ADDITIONAL_STOP_COST_SGD, DEFAULT_RIDE_COST_SGD } from '@shared/limits.ts';
import { nowEach } from '@shared/price.ts';
import type { ReactNode } from 'react';

import { MoneyIcon, UsersIcon } from '../../../components/icons';
import { formatSgd } from '../../../lib/format';

const EXAMPLE_PASSENGERS = 4;

// The worked example, by the rule every ride screen uses: a default car with one extra stop.
const GUIDE_EXAMPLE = { cost: DEFAULT_RIDE_COST_SGD, additionalStops: 1, currentPassengers: EXAMPLE_PASSENGERS };

function HowItWorks() {
  const carCost = formatSgd(DEFAULT_RIDE_COST_SGD, 0);
  const stopCost = formatSgd(ADDITIONAL_STOP_COST_SGD, 0);
  const passengers = EXAMPLE_PASSENGERS;
  const share = formatSgd(nowEach(GUIDE_EXAMPLE));
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
            {carCost} per car, plus {stopCost} for each additional stop.
          </Trans>
        </p>
        <p>
          <Trans>
            For example, {passengers} passengers with one extra stop pay ({carCost} + {stopCost}) ÷ {passengers} ={' '}
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
            <strong>PayNow (preferred):</strong> Singapore's fee-free bank transfer, from any Singapore banking app.
            When the organiser's WhatsApp number is a Singapore mobile, the ride's payment card shows their PayNow QR
            with the amount and reference.
          </Trans>
        </li>
        <li>
          <Trans>
            <strong>Revolut:</strong> also fee-free between members. Add your Revolut username to your profile so the
            organiser can find you.
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
