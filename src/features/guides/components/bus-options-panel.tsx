import { Link } from 'react-router-dom';
import { BUS_FARE_RM } from '../bus-schedule';

export function BusOptionsPanel() {
  return (
    <>
      <section aria-labelledby="bus-summary" className="flex flex-col gap-3">
        <h2 id="bus-summary" className="text-xl font-semibold">
          Cross-border public bus
        </h2>
        <p>
          The cheapest way across: a public bus over the Second Link. You get off at both checkpoints to clear
          immigration, then board again.
        </p>
        <ul className="grid gap-3 sm:grid-cols-2">
          <li className="rounded-box bg-base-200 p-4">
            <span className="block text-sm">Cost</span>
            <span className="text-lg font-bold">About RM {BUS_FARE_RM}</span>
          </li>
          <li className="rounded-box bg-base-200 p-4">
            <span className="block text-sm">Frequency</span>
            <span className="text-lg font-bold">Runs hourly</span>
          </li>
        </ul>
        <p>Missing a bus means waiting for the next one, up to an hour later, so plan your checkpoint time around it.</p>
      </section>

      <section aria-labelledby="bus-payment" className="flex flex-col gap-3">
        <h2 id="bus-payment" className="text-xl font-semibold">
          Paying for the bus
        </h2>
        <ul className="list-disc space-y-2 pl-6">
          <li>
            <strong>Touch &apos;n Go card:</strong> the Malaysian transit card.
          </li>
          <li>
            <strong>Contactless bank card:</strong> tap a debit or credit card that supports contactless payment.
          </li>
          <li>
            <strong>Cash (untested):</strong> no member has confirmed it yet, so carry a card as well.
          </li>
        </ul>
      </section>

      <Link to="/bus-guide" className="btn btn-primary min-h-11 self-start">
        Open the step-by-step Bus Guide
      </Link>
    </>
  );
}
