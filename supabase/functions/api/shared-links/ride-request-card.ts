// What a chat app's preview of a shared ride request link says (issue 24 §1, §3): who needs which
// way, on which day and window (Singapore time, in English: crawlers send no language), and how
// many are asking. The image is the ride's fixed one for that direction (ride-card.ts).
import type { RideRequest } from '../../_shared/schemas/ride-requests.ts';
import type { PageCard } from './page-head.ts';
import { DIRECTION_IMAGES, IMAGE_SIZE } from './ride-card.ts';

const day = new Intl.DateTimeFormat('en-SG', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  timeZone: 'Asia/Singapore',
});
const time = new Intl.DateTimeFormat('en-SG', {
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
  timeZone: 'Asia/Singapore',
});

type RequestCardFields = Pick<
  RideRequest,
  'direction' | 'windowStart' | 'windowEnd' | 'people' | 'parties' | 'area' | 'requesterName'
>;

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function rideRequestCard(request: RequestCardFields, origin: string, path: string): PageCard {
  const image = DIRECTION_IMAGES[request.direction];
  const start = new Date(request.windowStart);
  const window = `${day.format(start)}, ${time.format(start)} – ${time.format(new Date(request.windowEnd))}`;
  const parts = [
    `${count(request.people, 'person', 'people')}, ${count(request.parties, 'party', 'parties')} looking for a ride`,
    `from ${request.area}`,
  ];
  if (request.requesterName) parts.push(`asked by ${request.requesterName}`);
  return {
    title: `Looking for a ride: ${image.words}, ${window}`,
    description: `${parts.join(' · ')}. Singapore time. Say "Me too" or start a ride on FC RideShare.`,
    url: `${origin}${path}`,
    image: { url: `${origin}${image.path}`, ...IMAGE_SIZE, alt: `A ride request from ${image.words}` },
  };
}
