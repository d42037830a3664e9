import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';

import { makeRide } from '../../testing/fixtures';
import { renderWithProviders, testUser } from '../../testing/render';
import { server } from '../../testing/server';
import { HomeRoute } from './home-route';
import { RideDetailPageRoute } from './ride-detail-page-route';

vi.mock('../../components/location-map', () => ({ default: () => <div data-testid="map" /> }));

// Issue 39 §1, ADR 0048: an answer that is not what its route's schema says is told to the member
// as "Something went wrong" with the request's id (the api's x-request-id) in the page's own
// error display, never drawn half or as a blank page.
describe('an answer that does not match its contract', () => {
  let consoleError: MockInstance;
  beforeEach(() => {
    // api-client logs the schema's issues for whoever looks; not this test's subject.
    consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => consoleError.mockRestore());

  it('on the ride page: "Something went wrong" with the request id, and no half-drawn ride', async () => {
    const { status: _status, creatorId: _creatorId, ...broken } = makeRide({ id: 1, pickupLocation: 'Jurong East' });
    server.use(
      http.get('*/api/rides/1', () =>
        HttpResponse.json({ ...broken, status: 'flying' }, { headers: { 'x-request-id': 'req-ride0001' } }),
      ),
    );
    renderWithProviders(<RideDetailPageRoute />, { route: '/rides/1', path: '/rides/:id', user: testUser({ id: 7 }) });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Something went wrong (request req-ride0001)');
    // Nothing of the ride itself is drawn from the answer the app could not read.
    expect(screen.queryByText(/Jurong East/)).not.toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Details' })).not.toBeInTheDocument();
    expect(consoleError).toHaveBeenCalledWith(
      'GET /api/rides/1: the answer does not match its contract (request req-ride0001)',
      expect.anything(),
    );
  });

  it("on /home, where the list's schema comes with the request: the same message, not an empty list", async () => {
    server.use(
      http.get('*/api/rides/page', () =>
        HttpResponse.json(
          { rides: [{ id: 'one' }], nextCursor: null },
          { headers: { 'x-request-id': 'req-home0001' } },
        ),
      ),
    );
    renderWithProviders(<HomeRoute />, { route: '/home', user: testUser({ id: 7 }) });
    expect(await screen.findByText(/Something went wrong \(request req-home0001\)/)).toBeInTheDocument();
    expect(screen.queryByText(/No rides/)).not.toBeInTheDocument();
  });
});
