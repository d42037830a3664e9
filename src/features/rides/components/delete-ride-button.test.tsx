import { act, fireEvent, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { makePassenger } from '../../../testing/fixtures';
import { renderWithProviders, testUser } from '../../../testing/render';
import { recordRequests, type SentRequest } from '../../../testing/requests';
import { server } from '../../../testing/server';
import { DeleteRideButton } from './delete-ride-button';

// SPEC §4: the first click shows a warning toast, a second click within 5 seconds deletes,
// and after 5 seconds the confirmation resets.
const CONFIRM_WINDOW_MS = 5000;

function renderButton(
  answer: () => Response = () => HttpResponse.json({ message: 'Ride deleted successfully' }),
  passengers: unknown[] = [],
) {
  server.use(
    http.delete('*/api/rides/12', answer),
    http.get('*/api/rides/12/passengers', () => HttpResponse.json(passengers)),
  );
  const sent = recordRequests();
  renderWithProviders(<DeleteRideButton rideId={12} />, { route: '/rides/edit/12', user: testUser() });
  return sent;
}

const button = () => screen.getByRole('button', { name: /delete/i });
const click = () => act(async () => void fireEvent.click(button()));
// Time passes on the fake clock; whatever it lets run (timers, fetch answers) runs too.
const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const deletes = (sent: SentRequest[]) => sent.filter((request) => request.method === 'DELETE').length;

describe('DeleteRideButton', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('asks for confirmation on the first click, with a warning toast, and deletes nothing', async () => {
    const sent = renderButton();
    expect(button()).toHaveTextContent('Delete Ride');
    await click();
    expect(button()).toHaveTextContent('Click again to delete');
    expect(screen.getByText('Confirm Deletion')).toBeInTheDocument();
    expect(screen.getByText('Click Delete again to confirm. This action cannot be undone.')).toBeInTheDocument();
    expect(deletes(sent)).toBe(0);
  });

  it('says, armed, how many passengers the deletion tells', async () => {
    renderButton(undefined, [makePassenger(1), makePassenger(2), makePassenger(3)]);
    await wait(0);
    expect(screen.queryByText(/will be told/)).not.toBeInTheDocument();
    await click();
    expect(screen.getByText('3 passengers will be told that the ride is cancelled.')).toBeInTheDocument();
    expect(button()).toHaveAccessibleDescription('3 passengers will be told that the ride is cancelled.');
  });

  it('says nobody is told when nobody joined', async () => {
    renderButton(undefined, []);
    await wait(0);
    await click();
    expect(screen.getByText('Nobody has joined yet, so nobody will be told.')).toBeInTheDocument();
  });

  it('deletes on a second click just inside 5 seconds, then goes to My Rides', async () => {
    const sent = renderButton();
    await click();
    await wait(CONFIRM_WINDOW_MS - 1);
    expect(button()).toHaveTextContent('Click again to delete');
    await click();
    await wait(0);
    expect(deletes(sent)).toBe(1);
    expect(screen.getByText('Ride deleted successfully')).toBeInTheDocument();
    expect(screen.getByTestId('current-path')).toHaveTextContent(/^\/home\?tab=mine$/);
  });

  it('resets after 5 seconds: the next click only asks again', async () => {
    const sent = renderButton();
    await click();
    await wait(CONFIRM_WINDOW_MS);
    expect(button()).toHaveTextContent('Delete Ride');

    await click();
    await wait(0);
    expect(deletes(sent)).toBe(0);
    expect(button()).toHaveTextContent('Click again to delete');
    expect(screen.getByText('Confirm Deletion')).toBeInTheDocument();
    expect(screen.getByTestId('current-path')).toHaveTextContent('/rides/edit/12');
  });

  it('gives a fresh 5 seconds each time it is armed again', async () => {
    const sent = renderButton();
    await click();
    await wait(CONFIRM_WINDOW_MS);
    await click();
    // 5 s after the first click, but only 4 s after the second: still armed.
    await wait(CONFIRM_WINDOW_MS - 1000);
    await click();
    await wait(0);
    expect(deletes(sent)).toBe(1);
  });

  it('shows a refusal, stays on the page and must be confirmed again', async () => {
    const sent = renderButton(() => HttpResponse.json({ message: 'Ride not found' }, { status: 404 }));
    await click();
    await click();
    await wait(0);
    expect(deletes(sent)).toBe(1);
    expect(screen.getByText('404: Ride not found')).toBeInTheDocument();
    expect(button()).toHaveTextContent('Delete Ride');
    expect(screen.getByTestId('current-path')).toHaveTextContent('/rides/edit/12');
  });
});
