import { ADDITIONAL_STOP_COST_SGD, DEFAULT_RIDE_COST_SGD } from '@shared/limits.ts';
import { whatsappLink } from '../../../components/contact-buttons';
import { ChatIcon, MoneyIcon, PhoneIcon, UsersIcon } from '../../../components/icons';
import { DriversUnavailable, useRecommendedDrivers } from '../../../components/recommended-drivers';

// SPEC §9: the default price of a ride (one car, whoever is in it).
const CAR_COST_SGD = DEFAULT_RIDE_COST_SGD;
const EXAMPLE_PASSENGERS = 4;

const DRIVER_MESSAGE = 'Hi, I found you on FC RideShare. I would like to book a car between Singapore and Forest City.';

function HowItWorks() {
  const exampleShare = ((CAR_COST_SGD + ADDITIONAL_STOP_COST_SGD) / EXAMPLE_PASSENGERS).toFixed(2);
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
          S${CAR_COST_SGD} per car, plus S${ADDITIONAL_STOP_COST_SGD} for each additional stop.
        </p>
        <p>
          {`For example, ${EXAMPLE_PASSENGERS} passengers with one extra stop pay (S$${CAR_COST_SGD} + S$${ADDITIONAL_STOP_COST_SGD}) ÷ ${EXAMPLE_PASSENGERS} = S$${exampleShare} each.`}
        </p>
      </div>
    </section>
  );
}

function RecommendedDrivers() {
  const drivers = useRecommendedDrivers();
  return (
    <section aria-labelledby="recommended-drivers" className="flex flex-col gap-3">
      <h2 id="recommended-drivers" className="text-xl font-semibold">
        Community-recommended drivers
      </h2>
      <p>Drivers members have travelled with. Agree the price and pickup time with them directly.</p>
      <DriversUnavailable />
      <ul className="grid gap-4 md:grid-cols-2">
        {drivers.map((driver) => (
          <li key={driver.id} className="card bg-base-200 p-4">
            <h3 className="text-lg font-semibold">{driver.name}</h3>
            <p>{driver.vehicleType}</p>
            <p className="mt-2 text-lg font-bold">
              {driver.basePriceSgd != null ? `S$${driver.basePriceSgd} per trip` : 'Ask the driver for a price'}
            </p>
            {driver.notes ? <p>{driver.notes}</p> : null}
            <div className="mt-3 flex flex-wrap gap-2">
              <a
                className="btn btn-success min-h-11"
                href={whatsappLink(driver.whatsappNumber, DRIVER_MESSAGE)}
                target="_blank"
                rel="noreferrer"
                aria-label={`WhatsApp ${driver.name} (opens in a new tab)`}
              >
                <ChatIcon /> WhatsApp
              </a>
              {driver.malaysianNumber ? (
                <a
                  className="btn btn-outline min-h-11"
                  href={`tel:${driver.malaysianNumber.replace(/\s/g, '')}`}
                  aria-label={`Call ${driver.name} on ${driver.malaysianNumber}`}
                >
                  <PhoneIcon /> {driver.malaysianNumber}
                </a>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
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

export function CharteredCarPanel() {
  return (
    <>
      <HowItWorks />
      <RecommendedDrivers />
      <Payment />
    </>
  );
}
