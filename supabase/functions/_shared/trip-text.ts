// The words of the day of the trip (issue 40), one place for the ride's chat lines, the inbox and
// Web Push, and the Today card: message descriptors (/*i18n*/, as notification-text.ts has them),
// read in the member's language by the PWA and in English by the push sender.
import type { Direction } from './limits.ts';
import type { NotificationMessage } from './notification-text.ts';
import type { CarStep, PassengerStep } from './trip-steps.ts';

// "The car is at the Singapore checkpoint": what the car's step says it is doing.
export function carStepMessage(direction: Direction | null, step: CarStep, stop: string | null): NotificationMessage {
  switch (step) {
    case 'on_the_way':
      return /*i18n*/ { id: 'trip.car.on-the-way', message: 'The car is on the way' };
    case 'at_stop':
      return /*i18n*/ {
        id: 'trip.car.at-stop',
        message: 'The car is at {stop}',
        values: { stop: stop ?? '' },
        comment: '{stop} is a pickup or drop-off place, as the ride names it',
      };
    case 'at_checkpoint':
      return direction === 'FC->SG'
        ? /*i18n*/ { id: 'trip.car.at-checkpoint-my', message: 'The car is at the Malaysia checkpoint' }
        : /*i18n*/ { id: 'trip.car.at-checkpoint-sg', message: 'The car is at the Singapore checkpoint' };
    case 'through_sg':
      return /*i18n*/ { id: 'trip.car.through-sg', message: 'The car is through Singapore' };
    case 'through_my':
      return /*i18n*/ { id: 'trip.car.through-my', message: 'The car is through Malaysia' };
    case 'arrived':
      return /*i18n*/ { id: 'trip.car.arrived', message: 'The car has arrived' };
  }
}

// "Mei is running 10 minutes late": a passenger's step, told to those aboard.
export function passengerStepMessage(
  name: string,
  step: PassengerStep,
  lateMinutes: number | null,
): NotificationMessage {
  switch (step) {
    case 'at_stop':
      return /*i18n*/ {
        id: 'trip.passenger.at-stop',
        message: '{name} is at their stop',
        values: { name },
        comment: '{name} is a passenger',
      };
    case 'late':
      return (lateMinutes ?? 15) >= 15
        ? /*i18n*/ {
            id: 'trip.passenger.late-more',
            message: '{name} is running 15+ minutes late',
            values: { name },
            comment: '{name} is a passenger',
          }
        : /*i18n*/ {
            id: 'trip.passenger.late',
            message: '{name} is running {minutes} minutes late',
            values: { name, minutes: lateMinutes ?? 5 },
            comment: '{name} is a passenger; {minutes} is 5 or 10',
          };
    case 'picked_up':
      return /*i18n*/ {
        id: 'trip.passenger.picked-up',
        message: '{name} was picked up',
        values: { name },
        comment: '{name} is a passenger',
      };
  }
}
