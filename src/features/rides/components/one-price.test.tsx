import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';

import { makeRide } from '../../../testing/fixtures';
import { renderWithProviders, testUser } from '../../../testing/render';
import { server } from '../../../testing/server';
import { CostBreakdown } from './cost-breakdown';
import { JoinPage } from './join-page';
import { RideCard } from './ride-card';

vi.mock('../../../components/location-map', () => ({ default: () => <div data-testid="map" /> }));

// One ride, the one price rule's two figures (ADR 0016): the total 80 + 2 stops × 5 = 90 over
// the 3 aboard (30.00) and over the 5 seats (18.00), both to the cent.
const RIDE = makeRide({
  id: 1,
  date: '2999-06-16T01:30:00.000Z',
  cost: 80,
  currentPassengers: 3,
  maxPassengers: 5,
  additionalStops: 2,
});
const PRICE_TEXTS = [
  'now: $30.00 SGD each (3 aboard, stops included)',
  'if full: $18.00 SGD each',
  '+$10 SGD for 2 additional stops',
];

function priceTextsIn(container: HTMLElement): string[] {
  return PRICE_TEXTS.filter((text) => within(container).queryByText(text) !== null);
}

describe('one price for one ride', () => {
  it('is worded the same on the card, the detail cost breakdown and the join page', async () => {
    server.use(http.get('*/api/rides/1', () => HttpResponse.json(RIDE)));
    const user = testUser();

    const cardView = renderWithProviders(<RideCard ride={RIDE} currentUserId={user.id} />, { user });
    expect(priceTextsIn(cardView.container)).toEqual(PRICE_TEXTS);
    cardView.unmount();

    const detailView = renderWithProviders(<CostBreakdown ride={RIDE} />, { user });
    expect(priceTextsIn(detailView.container)).toEqual(PRICE_TEXTS);
    expect(within(detailView.container).getByText('$90.00 SGD')).toBeInTheDocument();
    detailView.unmount();

    const joinView = renderWithProviders(<JoinPage />, { route: '/rides/1/join', path: '/rides/:id/join', user });
    await screen.findByRole('form', { name: 'Join ride' });
    expect(priceTextsIn(joinView.container)).toEqual(PRICE_TEXTS);
    // With the member's party of one aboard: 90 over 4.
    expect(screen.getByTestId('with-you')).toHaveTextContent('with you: $22.50 SGD each (4 aboard)');
    // No other per-person wording is left anywhere.
    expect(screen.queryByText(/per person|when full/i)).not.toBeInTheDocument();
  });
});
