import { DEFAULT_MAX_PASSENGERS } from '@shared/limits.ts';
import { useEffect } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { Form, SubmitButton, TextField } from '../../../components/form';
import { RecommendedDriverButtons, useRecommendedDrivers } from './recommended-drivers';
import { Spinner } from '../../../components/spinner';
import { useUser } from '../../../lib/auth';
import { formatDateTime, toSingaporeInputValue } from '../../../lib/format';
import { directionLabel, dropoffEntries } from '../ride-rules';
import { useRide } from '../api/get-ride';
import type { Ride } from '@shared/types/ride.ts';
import { errorMessage, toastError, toastSuccess } from '../../../lib/toast';
import { useSaveRide } from '../api/save-ride';
import { clampOrganizerCount, type RideFormValues, rideFormSchema, toRideSaveBody } from '../ride-form-schema';
import { DeleteRideButton } from './delete-ride-button';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { readReturnOf, returnFormDefaults } from '../return-trip';

function defaultsFrom(ride: Ride | undefined): RideFormValues {
  if (!ride) {
    return { direction: 'SG->FC', maxPassengers: DEFAULT_MAX_PASSENGERS, date: '', organizerPassengerCount: 1, location: '' };
  }
  const organiserStop = dropoffEntries(ride)[0];
  return {
    direction: ride.direction,
    maxPassengers: ride.maxPassengers,
    date: toSingaporeInputValue(ride.date),
    organizerPassengerCount: ride.organizerPassengerCount ?? organiserStop?.passengerCount ?? 1,
    location: ride.direction === 'FC->SG' ? (organiserStop?.location ?? '') : (ride.pickupLocation ?? ''),
    driverContactId: ride.driverContactId ?? null,
  };
}

// Keyed by the route's id: going from one ride (or from edit to create) to another starts
// with fresh form values and tabs instead of the previous screen's.
export function RideFormPage() {
  const { id } = useParams();
  const returnOf = readReturnOf(useSearchParams()[0]);
  return <RideFormPageScreen key={id ?? `new:${returnOf ?? ''}`} />;
}

function RideFormPageScreen() {
  const params = useParams();
  const rideId = params.id ? Number(params.id) : null;
  const isEdit = rideId !== null;
  const { data: user } = useUser();
  const ride = useRide(rideId ?? 0);
  // Issue 14 §3: /rides/create?returnOf=<id> plans the way back of the organiser's ride.
  const [search] = useSearchParams();
  const returnOf = isEdit ? null : readReturnOf(search);
  const outbound = useRide(returnOf ?? 0);
  const planningReturn = returnOf !== null && outbound.data !== undefined && outbound.data.creatorId === user?.id;
  useDocumentTitle(isEdit ? 'Edit Ride' : 'Create Ride');
  const navigate = useNavigate();
  const save = useSaveRide(rideId);
  const drivers = useRecommendedDrivers();

  const notAuthorized = isEdit && ride.data && user && ride.data.creatorId !== user.id;
  useEffect(() => {
    if (notAuthorized) {
      toastError('Error', 'You are not authorized to edit this ride');
      navigate('/home', { replace: true });
    }
  }, [notAuthorized, navigate]);

  if (isEdit && ride.isPending) return <Spinner label="Loading ride…" />;
  if (isEdit && (ride.isError || !ride.data)) {
    return (
      <div role="alert" className="alert alert-error">
        Could not load this ride: {ride.error?.message ?? 'Ride not found'}
      </div>
    );
  }
  if (notAuthorized) return null;
  if (returnOf !== null && outbound.isPending) return <Spinner label="Loading ride…" />;

  const onSubmit = (values: RideFormValues) =>
    save.mutate({ ...toRideSaveBody(values), ...(planningReturn ? { returnOf } : {}) }, {
      onSuccess: (saved) => {
        toastSuccess(isEdit ? 'Ride updated successfully' : 'Ride created successfully');
        navigate(`/rides/${saved.id}`);
      },
      onError: (error) => toastError('Error', errorMessage(error)),
    });

  return (
    <div className="mx-auto flex max-w-xl flex-col gap-6">
      <h1 className="text-2xl font-bold">{isEdit ? 'Edit Ride' : 'Create a New Ride'}</h1>
      {planningReturn ? (
        <p role="note" className="alert alert-info">
          The return of your {directionLabel(outbound.data!.direction)} ride on {formatDateTime(outbound.data!.date)}: pick the date
          and time of the way back. Its passengers are told once you create it.
        </p>
      ) : null}
      <Form<RideFormValues>
        schema={rideFormSchema}
        defaultValues={planningReturn ? returnFormDefaults(outbound.data!) : defaultsFrom(ride.data)}
        onSubmit={onSubmit}
        ariaLabel={isEdit ? 'Edit Ride' : 'Create Ride'}
      >
        {(form) => {
          const direction = form.watch('direction');
          const maxPassengers = form.watch('maxPassengers');
          const clampOrganizer = () =>
            form.setValue('organizerPassengerCount', clampOrganizerCount(form.getValues('organizerPassengerCount'), Number(maxPassengers) || 1), {
              shouldValidate: true,
            });
          return (
            <>
              <fieldset className="flex flex-col gap-2">
                <legend className="mb-1 font-medium">Direction</legend>
                <div className="join w-full">
                  {(['SG->FC', 'FC->SG'] as const).map((value) => (
                    <label key={value} className={`btn join-item min-h-11 flex-1 ${direction === value ? 'btn-primary' : 'btn-outline'}`}>
                      <input type="radio" className="sr-only" value={value} {...form.register('direction')} />
                      {value === 'SG->FC' ? 'Singapore to Forest City' : 'Forest City to Singapore'}
                    </label>
                  ))}
                </div>
              </fieldset>
              <TextField<RideFormValues> name="maxPassengers" label="Maximum total passengers" type="number" min={1} max={10} inputMode="numeric" valueAsNumber hint="Including you and your party, 1 to 10." />
              <TextField<RideFormValues> name="date" label="Date and time (Singapore time)" type="datetime-local" />
              <div onBlur={clampOrganizer}>
                <TextField<RideFormValues>
                  name="organizerPassengerCount"
                  label="Number of passengers at your location"
                  type="number"
                  min={1}
                  max={Number(maxPassengers) || 10}
                  inputMode="numeric"
                  valueAsNumber
                />
              </div>
              <TextField<RideFormValues>
                name="location"
                label={direction === 'FC->SG' ? 'Your Drop-off Location in Singapore' : 'Your Pickup Location in Singapore'}
                placeholder={direction === 'FC->SG' ? 'e.g., Tampines Mall' : 'e.g., Pasir Ris MRT'}
                multiline
                hint="You can enter multiple lines, e.g. a landmark and the exit number."
              />
              {/* A plain box, not daisyUI's alert grid, which squeezed this text beside its icon column. */}
              <div className="flex flex-col gap-2 rounded-box border border-warning bg-warning/10 p-4" role="note">
                <p className="font-semibold">As the organizer you book the car</p>
                <p>
                  After people join, you must book the actual chartered car, share the booking details and pickup time with your
                  passengers, collect payments and create a group chat. Recommended drivers:
                </p>
                <RecommendedDriverButtons message="Hi, I'd like to book a chartered car between Singapore and Forest City." />
              </div>
              <div className="flex flex-col gap-1">
                <label htmlFor="booked-driver" className="font-medium">
                  Driver you booked (optional)
                </label>
                <select
                  id="booked-driver"
                  className="select w-full min-h-11"
                  {...form.register('driverContactId', {
                    setValueAs: (value: unknown) => (value === '' || value == null ? null : Number(value)),
                  })}
                >
                  <option value="">Not booked yet</option>
                  {drivers.map((driver) => (
                    <option key={driver.id} value={driver.id}>
                      {driver.name} · {driver.vehicleType}
                    </option>
                  ))}
                </select>
                <p className="text-sm opacity-80">Your passengers see this driver's contact on the ride page, offline too.</p>
              </div>
              <SubmitButton pending={save.isPending} idleText={isEdit ? 'Update Ride' : 'Create Ride'} pendingText={isEdit ? 'Updating...' : 'Creating...'} />
            </>
          );
        }}
      </Form>
      {isEdit ? <DeleteRideButton rideId={rideId} /> : null}
    </div>
  );
}
