import { type StillComing, stillComingAnswerSchema } from '@shared/schemas/still-coming.ts';
import type { Passenger, Ride } from '@shared/types/ride.ts';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { makePassenger, makeRide } from '../../testing/fixtures';
import { parsedBody } from '../../testing/handlers/respond';
import { renderWithProviders, testUser } from '../../testing/render';
import { recordRequests } from '../../testing/requests';
import { server } from '../../testing/server';
import { RideDetailPageRoute } from './ride-detail-page-route';

const ORGANISER = testUser({ id: 10, discordUsername: 'olivia', name: 'Olivia' });
const MEI = testUser({ id: 101, discordUsername: 'mei', name: 'Mei' });

const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

const PASSENGERS: Passenger[] = [
  makePassenger(1, { userId: 101, dropoffLocation: 'Tampines MRT' }),
  makePassenger(2, { userId: 102, dropoffLocation: 'Bedok MRT' }),
  makePassenger(3, { userId: 103, dropoffLocation: 'Simei MRT' }),
];

// Tomorrow morning's ride: the question went out at 1 pm the day before.
const RIDE: Ride = makeRide({ id: 1, creatorId: ORGANISER.id, date: inHours(18), currentPassengers: 4 });

// The question as app.still_coming_json answers it, kept as the api would between calls.
function questionServer(viewer: { id: number }, ride: Ride) {
  const organiser = viewer.id === ORGANISER.id;
  const question: StillComing = {
    rideId: 1,
    mine: organiser ? null : { askedAt: inHours(-2), answer: null },
    isOrganiser: organiser,
    remindedAt: null,
    canRemind: organiser,
    passengers: organiser
      ? [
          { userId: 101, name: 'Mei', askedAt: inHours(-2), answer: 'yes' },
          { userId: 102, name: 'Raj', askedAt: inHours(-2), answer: 'no' },
          { userId: 103, name: 'Siti', askedAt: inHours(-2), answer: null },
        ]
      : null,
  };
  server.use(
    http.get('*/api/rides/1', () => HttpResponse.json(ride)),
    http.get('*/api/rides/1/passengers', () => HttpResponse.json(PASSENGERS)),
    http.get('*/api/rides/1/still-coming', () => HttpResponse.json(question)),
    http.post('*/api/rides/1/still-coming', async ({ request }) => {
      const body = await parsedBody(request, stillComingAnswerSchema);
      if ('refused' in body) return body.refused;
      question.mine = { askedAt: question.mine!.askedAt, answer: body.data.answer };
      return HttpResponse.json(question);
    }),
    http.post('*/api/rides/1/still-coming/remind', () => {
      question.canRemind = false;
      question.remindedAt = new Date().toISOString();
      return HttpResponse.json(question);
    }),
  );
}

function renderRide(user: ReturnType<typeof testUser>, ride: Ride = RIDE) {
  questionServer(user, ride);
  const sent = recordRequests();
  const rendered = renderWithProviders(<RideDetailPageRoute />, { route: '/rides/1', path: '/rides/:id', user });
  const calls = (method: string, path: string) =>
    sent.filter((request) => request.method === method && request.path === path);
  return { ...rendered, calls, sent };
}

const card = () => screen.findByRole('region', { name: 'Still coming tomorrow?' }, { timeout: 5000 });

describe('Still coming tomorrow? on the ride page', () => {
  it('lets an asked passenger answer Yes, and then shows no prompt', async () => {
    const { user, sent } = renderRide(MEI);
    await user.click(await within(await card()).findByRole('button', { name: "Yes, I'm coming" }));
    expect(await screen.findByText('Thanks, see you tomorrow')).toBeInTheDocument();
    const answers = sent.filter((request) => request.method === 'POST' && request.path === '/api/rides/1/still-coming');
    expect(answers.map((request) => request.body)).toEqual([{ answer: 'yes' }]);
    expect(screen.queryByRole('region', { name: 'Still coming tomorrow?' })).not.toBeInTheDocument();
  });

  it('asks before No, and sends it only once confirmed', async () => {
    const { user, calls, sent } = renderRide(MEI);
    await user.click(await within(await card()).findByRole('button', { name: "No, I can't" }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave this ride?' });
    expect(dialog).toHaveTextContent('Your seat goes back to the ride, and the waitlist fills it.');
    expect(calls('POST', '/api/rides/1/still-coming')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Leave' }));
    expect(await screen.findByText('You left the ride')).toBeInTheDocument();
    const answers = sent.filter((request) => request.method === 'POST' && request.path === '/api/rides/1/still-coming');
    expect(answers.map((request) => request.body)).toEqual([{ answer: 'no' }]);
  });

  it('shows the organiser who confirmed, who said no and who is silent, and reminds once', async () => {
    const { user, calls } = renderRide(ORGANISER);
    const region = await card();
    expect(within(region).getByRole('group', { name: 'Confirmed' })).toHaveTextContent('Mei');
    expect(within(region).getByRole('group', { name: 'Said no, and left' })).toHaveTextContent('Raj');
    expect(within(region).getByRole('group', { name: 'No answer yet' })).toHaveTextContent('Siti');
    await user.click(within(region).getByRole('button', { name: 'Remind the others' }));
    expect(await within(region).findByText('You reminded the others.')).toBeInTheDocument();
    expect(within(region).queryByRole('button', { name: 'Remind the others' })).not.toBeInTheDocument();
    expect(calls('POST', '/api/rides/1/still-coming/remind')).toHaveLength(1);
  });

  it('is not asked for days before the ride', async () => {
    const { calls } = renderRide(MEI, { ...RIDE, date: inHours(72) });
    await screen.findByRole('tab', { name: 'Details' });
    expect(screen.queryByRole('region', { name: 'Still coming tomorrow?' })).not.toBeInTheDocument();
    expect(calls('GET', '/api/rides/1/still-coming')).toHaveLength(0);
  });
});
