import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { useNavigationType } from 'react-router-dom';
import { describe, expect, it } from 'vitest';

import { renderWithProviders, testUser } from '../../../testing/render';
import { recordRequests } from '../../../testing/requests';
import { server } from '../../../testing/server';
import { CancelRideButton } from './cancel-ride-button';

// How the router got to where it is: REPLACE means Back cannot return to the cancelled ride.
function NavigationType() {
  return <div data-testid="navigation-type">{useNavigationType()}</div>;
}

function renderButton(answer: () => Response = () => HttpResponse.json({ message: 'Ride deleted successfully' })) {
  server.use(http.post('*/api/rides/12/cancel', answer));
  const sent = recordRequests();
  const rendered = renderWithProviders(
    <>
      <CancelRideButton rideId={12} told={2} seriesDate={false} />
      <NavigationType />
    </>,
    { route: '/rides/12', user: testUser() },
  );
  return { ...rendered, sent, cancels: () => sent.filter((request) => request.path === '/api/rides/12/cancel') };
}

describe('CancelRideButton', () => {
  it('asks first, saying who is told, with a labelled reason field', async () => {
    const { user, cancels } = renderButton();
    await user.click(screen.getByRole('button', { name: 'Cancel ride' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel this ride?' });
    expect(dialog).toHaveAccessibleDescription(/2 passengers will be told that the ride is cancelled/);
    expect(screen.getByLabelText('Reason (optional)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Keep the ride' }));
    expect(cancels()).toHaveLength(0);
    expect(screen.getByTestId('current-path')).toHaveTextContent('/rides/12');
  });

  it('refuses a reason over 300 characters and sends nothing', async () => {
    const { user, cancels } = renderButton();
    await user.click(screen.getByRole('button', { name: 'Cancel ride' }));
    await user.click(screen.getByLabelText('Reason (optional)'));
    await user.paste('x'.repeat(301));
    await user.click(screen.getAllByRole('button', { name: 'Cancel ride' }).at(-1)!);
    expect(await screen.findByText('Reason must be at most 300 characters')).toBeInTheDocument();
    expect(cancels()).toHaveLength(0);
  });

  it('cancels with the reason and lands on My Rides in place of the ride', async () => {
    const { user, cancels } = renderButton();
    await user.click(screen.getByRole('button', { name: 'Cancel ride' }));
    await user.type(screen.getByLabelText('Reason (optional)'), 'The driver is ill');
    await user.click(screen.getAllByRole('button', { name: 'Cancel ride' }).at(-1)!);
    await waitFor(() => expect(screen.getByTestId('current-path')).toHaveTextContent('/home?tab=mine'));
    expect(screen.getByTestId('navigation-type')).toHaveTextContent('REPLACE');
    expect(cancels().map((request) => request.body)).toEqual([{ reason: 'The driver is ill' }]);
    expect(screen.getByText('Ride cancelled')).toBeInTheDocument();
  });

  it('stays on the ride and says why when the api refuses', async () => {
    const { user } = renderButton(() =>
      HttpResponse.json({ message: 'You are not authorized to delete this ride' }, { status: 403 }),
    );
    await user.click(screen.getByRole('button', { name: 'Cancel ride' }));
    await user.click(screen.getAllByRole('button', { name: 'Cancel ride' }).at(-1)!);
    expect(await screen.findByText(/not authorized to delete this ride/)).toBeInTheDocument();
    expect(screen.getByTestId('current-path')).toHaveTextContent('/rides/12');
  });
});
