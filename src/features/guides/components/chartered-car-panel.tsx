import { ADDITIONAL_STOP_COST_SGD, DEFAULT_RIDE_COST_SGD } from '@shared/limits.ts';
import type { ReactNode } from 'react';
import { MoneyIcon, UsersIcon } from '../../../components/icons';

const EXAMPLE_PASSENGERS = 4;

function HowItWorks() {
  const exampleShare = ((DEFAULT_RIDE_COST_SGD + ADDITIONAL_STOP_COST_SGD) / EXAMPLE_PASSENGERS).toFixed(2);
  return (
    <section aria-labelledby="how-charter-works" className="flex flex-col gap-3">
      <h2 id="how-charter-works" className="flex items-center gap-2 text-xl font-semibold">
        <UsersIcon /> How chartered cars work here
      </h2>
      <ol className="list-decimal space-y-2 pl-6">
        <li>An organiser creates a ride on FC RideShare with the direction, date, time and seats.</li>
        <li>Other members join it as passengers.</li>
        <li>
          The organiser books the car with a driver, shares the pickup time and booking details, and sets up a group
          chat.
        </li>
        <li>Everyone splits the fare; the organiser collects the shares and pays the driver.</li>
      </ol>
      <div className="rounded-box bg-base-200 p-4">
        <p className="font-semibold">
          S${DEFAULT_RIDE_COST_SGD} per car, plus S${ADDITIONAL_STOP_COST_SGD} for each additional stop.
        </p>
        <p>
          {`For example, ${EXAMPLE_PASSENGERS} passengers with one extra stop pay (S$${DEFAULT_RIDE_COST_SGD} + S$${ADDITIONAL_STOP_COST_SGD}) ÷ ${EXAMPLE_PASSENGERS} = S$${exampleShare} each.`}
        </p>
      </div>
    </section>
  );
}

function Payment() {
  return (
    <section aria-labelledby="charter-payment" className="flex flex-col gap-3">
      <h2 id="charter-payment" className="flex items-center gap-2 text-xl font-semibold">
        <MoneyIcon /> Payment information
      </h2>
      <ul className="list-disc space-y-2 pl-6">
        <li>
          <strong>Revolut (preferred):</strong> a fee-free payment app; transfers between members cost nothing. Add your
          Revolut username to your profile so the organiser can find you.
        </li>
        <li>
          <strong>Stablecoin (USDT or USDC):</strong> accepted on two chains. Ask the recipient which chain and address
          to use before sending, since a transfer on the wrong chain can be lost.
        </li>
        <li>
          <strong>Cash:</strong> in SGD or RM.
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
