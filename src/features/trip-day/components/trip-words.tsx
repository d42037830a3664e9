import { Trans as TransId } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import type { TripPassenger } from '@shared/schemas/trip-day-response.ts';
import { carStepMessage } from '@shared/trip-text.ts';
import type { Direction } from '@shared/types/ride.ts';

import type { CarRouteStep } from '../car-route';

// "The car is at Pasir Ris MRT": the words the chat line, the inbox and Web Push use
// (_shared/trip-text.ts), in the member's language; the stop as the ride spells it.
export function CarStepNews({ direction, step }: { direction: Direction; step: CarRouteStep }) {
  const message = carStepMessage(direction, step.step, step.stop);
  const values = step.stop === null ? undefined : { stop: <span translate="no">{step.stop}</span> };
  return <TransId id={message.id} message={message.message} values={values} />;
}

// What the button that sets the step says: "At the Singapore checkpoint".
export function CarStepLabel({ direction, step }: { direction: Direction; step: CarRouteStep }) {
  const stop = <span translate="no">{step.stop ?? ''}</span>;
  switch (step.step) {
    case 'on_the_way':
      return <Trans>On the way</Trans>;
    case 'at_stop':
      return <Trans>At {stop}</Trans>;
    case 'at_checkpoint':
      return direction === 'FC->SG' ? (
        <Trans>At the Malaysia checkpoint</Trans>
      ) : (
        <Trans>At the Singapore checkpoint</Trans>
      );
    case 'through_sg':
      return <Trans>Through Singapore</Trans>;
    case 'through_my':
      return <Trans>Through Malaysia</Trans>;
    case 'arrived':
      return <Trans>Arrived</Trans>;
  }
}

// A passenger's state at a glance, for the organiser's and the driver's list.
export function PassengerState({ passenger }: { passenger: Pick<TripPassenger, 'step' | 'lateMinutes'> }) {
  const minutes = passenger.lateMinutes ?? 15;
  switch (passenger.step) {
    case 'at_stop':
      return <Trans>at stop</Trans>;
    case 'late':
      return minutes >= 15 ? <Trans>late 15+ min</Trans> : <Trans>late {minutes} min</Trans>;
    case 'picked_up':
      return <Trans>picked up</Trans>;
    default:
      return <Trans>no news</Trans>;
  }
}
