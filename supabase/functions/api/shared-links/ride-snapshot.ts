// What a visitor's shared ride link paints before any script has run (issue 24 §3, ADR 0020):
// the top of the ride's Details card as the PWA draws it in English, inside #root, with the
// PWA's own classes. React replaces it on its first render; until then a phone on a slow link
// already shows the ride, and the page's largest paint is this heading rather than one that
// waits for the shell's and the page's scripts. The same facts as the card in <head>.
// For someone signed out, also the card a visitor sees under those lines (issue 35 §7): its
// paragraph is the largest text of a visitor's first screen on a phone, so were it the app's
// alone, the page's largest paint would wait for the app.
import type { Ride } from '../../_shared/types/ride.ts';
import { escapeHtml } from './escape-html.ts';
import { DIRECTION_IMAGES } from './ride-card.ts';

type RideSnapshotFields = Pick<Ride, 'id' | 'direction' | 'date' | 'maxPassengers' | 'currentPassengers'>;

// The PWA's English texts and formats (directionLabel, formatDate), so nothing moves or changes
// wording when React takes over; the direction's words are the preview card's.
const day = new Intl.DateTimeFormat('en-SG', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Asia/Singapore',
});

const spotsLeft = (ride: RideSnapshotFields) => Math.max(0, ride.maxPassengers - ride.currentPassengers);
const joinable = (ride: RideSnapshotFields) => spotsLeft(ride) > 0 && new Date(ride.date).getTime() >= Date.now();

function seatsLine(ride: RideSnapshotFields): string {
  const left = spotsLeft(ride);
  const aboard = `${ride.currentPassengers} / ${ride.maxPassengers} passengers`;
  if (!joinable(ride)) return aboard;
  return `${aboard} · ${left} ${left === 1 ? 'spot' : 'spots'} left`;
}

// LoginRequiredCard, word for word and class for class: the app's own paragraph then paints
// no larger than this one, so it is no later largest paint. A tap before the app has started
// comes back to the ride after signing in, as the app's own link does: with no history state to
// carry that, the link says it in its query (return-path.ts fromQuery). On a ride still open to
// join, the card's button to the register-and-join form too (issue 37), live once the app is.
function loginRequiredCard(ride: RideSnapshotFields): string {
  const back = encodeURIComponent(`/rides/${ride.id}`);
  return [
    '<section aria-labelledby="login-required-title" class="card border border-base-300 bg-base-200 p-4">',
    '<h2 id="login-required-title" class="mb-2 text-lg font-semibold">Login Required</h2>',
    '<p class="mb-3">Log in to join this ride, see the passengers and contact the organizer.</p>',
    `<a href="/auth?from=${escapeHtml(back)}" class="btn btn-primary min-h-11 self-start">Login or Register</a>`,
    joinable(ride)
      ? '<button type="button" class="btn btn-outline mt-2 min-h-11 self-start">New here? Register and join</button>'
      : '',
    '</section>',
  ].join('');
}

// The layout's <main> and the ride page's column, then the Details card's first lines, and for
// someone known to be signed out (`visitor`) the card the app shows them next on a phone.
export function rideSnapshot(ride: RideSnapshotFields, visitor = false): string {
  return [
    '<main class="mx-auto min-h-dvh w-full max-w-5xl flex-1 px-4 py-4 sm:py-6" data-snapshot="ride">',
    '<div class="mx-auto flex max-w-3xl flex-col gap-4">',
    '<section class="card border border-base-300 bg-base-100 p-4">',
    `<h1 class="text-2xl font-bold">${escapeHtml(DIRECTION_IMAGES[ride.direction].words)}</h1>`,
    `<p>${escapeHtml(day.format(new Date(ride.date)))}</p>`,
    `<p class="mt-2">${escapeHtml(seatsLine(ride))}</p>`,
    '</section>',
    visitor ? loginRequiredCard(ride) : '',
    '</div></main>',
  ].join('');
}
