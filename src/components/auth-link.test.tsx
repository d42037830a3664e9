import { screen } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';

import { returnPath } from '../lib/return-path';
import { renderWithProviders } from '../testing/render';
import { AuthLink } from './auth-link';

// What /auth would go back to once the visitor is signed in (router.tsx's GuestOnly).
function WhereBack() {
  return <p data-testid="back-to">{returnPath(useLocation().state)}</p>;
}

function renderAt(route: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/auth" element={<WhereBack />} />
      <Route path="*" element={<AuthLink>Login or Register</AuthLink>} />
    </Routes>,
    { route, user: null },
  );
}

describe('AuthLink', () => {
  it('opens /auth knowing the page it came from, query and hash included', async () => {
    const { user } = renderAt('/rides/12?tab=passengers#join');
    await user.click(screen.getByRole('link', { name: 'Login or Register' }));
    expect(screen.getByTestId('current-path')).toHaveTextContent(/^\/auth$/);
    expect(screen.getByTestId('back-to')).toHaveTextContent('/rides/12?tab=passengers#join');
  });

  it('keeps the home list the visitor left (tab and filters)', async () => {
    const { user } = renderAt('/home?direction=FC-%3ESG');
    await user.click(screen.getByRole('link', { name: 'Login or Register' }));
    expect(screen.getByTestId('back-to')).toHaveTextContent('/home?direction=FC-%3ESG');
  });
});
