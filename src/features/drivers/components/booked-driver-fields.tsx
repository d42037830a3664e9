import { Trans, useLingui } from '@lingui/react/macro';
import { useFormContext } from 'react-hook-form';

import { driverTerms, RecommendedDriverButtons, useRecommendedDrivers } from './recommended-drivers';

// The fields of a ride form this feature owns: the form keeps the driver's id and the car's cost.
interface DriverFieldValues {
  driverContactId?: number | null;
  cost: number;
}

// In the ride form (src/app hands it in): the organiser books the car, the recommended drivers
// to call, and the one they booked, whose price becomes the car's cost (still editable).
export function BookedDriverFields() {
  const { t } = useLingui();
  const drivers = useRecommendedDrivers();
  const form = useFormContext<DriverFieldValues>();
  const booked = drivers.find((driver) => driver.id === form.watch('driverContactId'));
  const bookedName = booked?.name;
  const bookedPrice = booked ? driverTerms(booked).price : '';
  return (
    <>
      {/* A plain box, not daisyUI's alert grid, which squeezed this text beside its icon column. */}
      <div className="flex flex-col gap-2 rounded-box border border-warning bg-warning/10 p-4" role="note">
        <p className="font-semibold">
          <Trans>As the organizer you book the car</Trans>
        </p>
        <p>
          <Trans>
            After people join, you must book the actual chartered car, share the booking details and pickup time with
            your passengers, collect payments and create a group chat. Recommended drivers:
          </Trans>
        </p>
        <RecommendedDriverButtons
          message={t`Hi, I'd like to book a chartered car between Singapore and Forest City.`}
        />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor="booked-driver" className="font-medium">
          <Trans>Driver you booked (optional)</Trans>
        </label>
        <select
          id="booked-driver"
          className="select w-full min-h-11"
          {...form.register('driverContactId', {
            setValueAs: (value: unknown) => (value === '' || value == null ? null : Number(value)),
            // The booked driver's price becomes the car's cost; the organiser may still edit it.
            onChange: (event: { target: { value: string } }) => {
              const price = drivers.find((driver) => String(driver.id) === event.target.value)?.basePriceSgd;
              if (price != null) form.setValue('cost', price, { shouldValidate: true });
            },
          })}
        >
          <option value="">{t`Not booked yet`}</option>
          {drivers.map((driver) => (
            <option key={driver.id} value={driver.id} translate="no">
              {driver.name} · {driver.vehicleType}
            </option>
          ))}
        </select>
        {booked ? (
          <p className="text-sm" data-testid="booked-driver-price">
            <Trans>
              <span translate="no">{bookedName}</span>: {bookedPrice}. The car cost below starts at this price.
            </Trans>
          </p>
        ) : null}
        <p className="text-sm opacity-80">
          <Trans>Your passengers see this driver's contact on the ride page, offline too.</Trans>
        </p>
      </div>
    </>
  );
}
