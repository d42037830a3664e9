// What a chat app's preview of a shared ride link says (issue 24 §3, ADR 0020): the ride as a
// visitor sees it, in English and Singapore time (crawlers send no language). The per-person
// figures are the one share rule's "now" and "if full" parts (ADR 0016), as the ride's card says.
import { formatSgdText } from '../../_shared/money.ts';
import { ifFullEach, nowEach } from '../../_shared/price.ts';
import type { Direction, Ride } from '../../_shared/types/ride.ts';
import type { PageCard } from './page-head.ts';

// Fixed images, drawn once by scripts/make-og-images.ts (ADR 0020 says why not per ride).
export const IMAGE_SIZE = { width: 1200, height: 630 };
export const DIRECTION_IMAGES: Record<Direction, { path: string; words: string }> = {
  'SG->FC': { path: '/og/ride-sg-to-fc.png', words: 'Singapore to Forest City' },
  'FC->SG': { path: '/og/ride-fc-to-sg.png', words: 'Forest City to Singapore' },
};
const GENERIC_IMAGE = '/og/fc-rideshare.png';
const GENERIC_TITLE = 'FC RideShare';
const GENERIC_DESCRIPTION =
  'Share chartered cars between Singapore and Forest City: find a ride, join with your party, split the fare.';

const when = new Intl.DateTimeFormat('en-SG', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
  timeZone: 'Asia/Singapore',
});

type RideCardFields = Pick<
  Ride,
  'direction' | 'date' | 'maxPassengers' | 'currentPassengers' | 'cost' | 'additionalStops' | 'organizerName'
>;

function seatsText(ride: RideCardFields): string {
  const left = Math.max(0, ride.maxPassengers - ride.currentPassengers);
  if (left === 0) return 'Full';
  return `${left} ${left === 1 ? 'seat' : 'seats'} left`;
}

export function rideCard(ride: RideCardFields, origin: string, path: string): PageCard {
  const image = DIRECTION_IMAGES[ride.direction];
  const title = `${image.words}, ${when.format(new Date(ride.date))}`;
  const parts = [
    `${seatsText(ride)} of ${ride.maxPassengers}`,
    `${formatSgdText(nowEach(ride))} each now (${formatSgdText(ifFullEach(ride))} if full), stops included`,
  ];
  if (ride.organizerName) parts.push(`organised by ${ride.organizerName}`);
  return {
    title,
    description: `${parts.join(' · ')}. Singapore time. Join on FC RideShare.`,
    url: `${origin}${path}`,
    image: { url: `${origin}${image.path}`, ...IMAGE_SIZE, alt: `A ride from ${image.words}` },
  };
}

export function genericCard(origin: string, path: string): PageCard {
  return {
    title: GENERIC_TITLE,
    description: GENERIC_DESCRIPTION,
    url: `${origin}${path}`,
    image: {
      url: `${origin}${GENERIC_IMAGE}`,
      ...IMAGE_SIZE,
      alt: 'FC RideShare: rides between Singapore and Forest City',
    },
  };
}
