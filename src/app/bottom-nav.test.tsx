import type { NotificationList } from '@shared/types/notification.ts';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';

import { renderWithProviders, testUser } from '../testing/render';
import { server } from '../testing/server';
import { BottomNav } from './bottom-nav';
import { AppRoutes } from './router';

// The service worker prompt needs vite-plugin-pwa's virtual module, which only the build has.
vi.mock('./update-prompt', () => ({ UpdatePrompt: () => null }));

const BAR = { name: 'Quick links' };

function unreadIs(unread: number) {
  server.use(
    http.get('*/api/notifications', () => HttpResponse.json<NotificationList>({ items: [], unread, nextBefore: null })),
  );
}

function renderBar(route: string, user: ReturnType<typeof testUser> | null, onMore = () => {}) {
  return renderWithProviders(<BottomNav menuId="menu" menuOpen={false} onMore={onMore} menu={null} />, {
    route,
    user,
  });
}

// The items' names, in order, with the one marked as the current page.
function items() {
  const bar = screen.getByRole('navigation', BAR);
  return within(bar)
    .getAllByRole('listitem')
    .map((item) => {
      const target = within(item).queryByRole('link') ?? within(item).getByRole('button');
      const name = target.textContent ?? '';
      return target.getAttribute('aria-current') === 'page' ? `[${name}]` : name;
    });
}

describe('the bottom bar (issue 37 §6)', () => {
  it('gives a member Home, My Rides, Create, Inbox and More, each with an icon, the page they are on marked', async () => {
    renderBar('/home', testUser());
    expect(items()).toEqual(['[Home]', 'My Rides', 'Create', 'Inbox', 'More']);
    const bar = screen.getByRole('navigation', BAR);
    expect(within(bar).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/home');
    expect(within(bar).getByRole('link', { name: 'My Rides' })).toHaveAttribute('href', '/home?tab=mine');
    expect(within(bar).getByRole('link', { name: 'Create' })).toHaveAttribute('href', '/rides/create');
    expect(within(bar).getByRole('link', { name: 'Inbox' })).toHaveAttribute('href', '/inbox');
    for (const item of within(bar).getAllByRole('listitem'))
      expect(item.querySelector('[data-icon][aria-hidden="true"]')).not.toBeNull();
  });

  it.each([
    ['/home?tab=mine', ['Home', '[My Rides]', 'Create', 'Inbox', 'More']],
    ['/home?tab=requests', ['[Home]', 'My Rides', 'Create', 'Inbox', 'More']],
    ['/rides/create', ['Home', 'My Rides', '[Create]', 'Inbox', 'More']],
    ['/inbox', ['Home', 'My Rides', 'Create', '[Inbox]', 'More']],
    ['/rides/12', ['Home', 'My Rides', 'Create', 'Inbox', 'More']],
  ])('on %s marks %j', (route, expected) => {
    renderBar(route, testUser());
    expect(items()).toEqual(expected);
  });

  it('tapping My Rides opens Home on its My Rides tab, and Home opens the ride list again', async () => {
    const { user } = renderBar('/rides/12', testUser());
    await user.click(screen.getByRole('link', { name: 'My Rides' }));
    expect(screen.getByTestId('current-path')).toHaveTextContent('/home?tab=mine');
    expect(items()).toEqual(['Home', '[My Rides]', 'Create', 'Inbox', 'More']);
    await user.click(screen.getByRole('link', { name: 'Home' }));
    expect(screen.getByTestId('current-path')).toHaveTextContent(/^\/home$/);
  });

  it('shows the unread count the bell shows on Inbox, and reads it out', async () => {
    unreadIs(3);
    renderBar('/home', testUser());
    const inbox = await screen.findByRole('link', { name: 'Inbox 3 unread' });
    expect(within(inbox).getByText('3')).toHaveAttribute('aria-hidden', 'true');
  });

  it('caps a long count at 99+ and shows no badge at none', async () => {
    unreadIs(150);
    const { unmount } = renderBar('/home', testUser());
    expect(await screen.findByRole('link', { name: 'Inbox 150 unread' })).toHaveTextContent('99+');
    unmount();
    unreadIs(0);
    renderBar('/home', testUser());
    await waitFor(() => expect(screen.getByRole('link', { name: 'Inbox' })).toHaveTextContent(/^Inbox$/));
  });

  it('gives a vendor their Dashboard where others create a ride', () => {
    renderBar('/vendor', testUser({ isVendor: true, companyName: 'Lim Transport' }));
    expect(items()).toEqual(['Home', 'My Rides', '[Dashboard]', 'Inbox', 'More']);
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/vendor');
  });

  it('gives a visitor Home, the guides and Log in, nothing that needs an account', async () => {
    const { user } = renderBar('/bus-guide', null);
    expect(items()).toEqual(['Home', 'Guide', '[Bus guide]', 'Log in', 'More']);
    expect(screen.getByRole('link', { name: 'Guide' })).toHaveAttribute('href', '/guide');
    expect(screen.queryByRole('link', { name: /Inbox|My Rides|Create/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Log in' }));
    expect(screen.getByTestId('current-path')).toHaveTextContent('/auth');
    expect(items()).toEqual(['Home', 'Guide', 'Bus guide', '[Log in]', 'More']);
  });

  it('steps aside while a field the keyboard opens for has the focus', async () => {
    const { user } = renderWithProviders(
      <>
        <BottomNav menuId="menu" menuOpen={false} onMore={() => {}} menu={null} />
        <textarea aria-label="Message" />
        <input type="checkbox" aria-label="Agree" />
      </>,
      { user: testUser() },
    );
    const root = document.documentElement;
    await user.click(screen.getByRole('textbox', { name: 'Message' }));
    expect(root).toHaveAttribute('data-typing');
    // Back a moment after the focus went elsewhere, not under the tap that moved it.
    await user.click(screen.getByRole('checkbox', { name: 'Agree' }));
    expect(root).toHaveAttribute('data-typing');
    await waitFor(() => expect(root).not.toHaveAttribute('data-typing'));
  });
});

describe("the bottom bar's More", () => {
  it('opens the menu over the bar, with My Rides, the inbox and the bus guide in it', async () => {
    unreadIs(2);
    const { user } = renderWithProviders(<AppRoutes />, { route: '/guide', user: testUser() });
    const bar = screen.getByRole('navigation', BAR);
    const more = within(bar).getByRole('button', { name: 'More' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await user.click(more);
    expect(more).toHaveAttribute('aria-expanded', 'true');
    const menu = document.getElementById(more.getAttribute('aria-controls')!)!;
    expect(bar).toContainElement(menu);
    const links = within(menu)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(links).toEqual(expect.arrayContaining(['My Rides', 'Travel Guide', 'Bus Guide', 'Create Ride', 'Profile']));
    expect(await within(menu).findByRole('link', { name: 'Inbox 2 unread' })).toHaveAttribute('href', '/inbox');
    expect(within(menu).getByRole('combobox', { name: 'Language' })).toBeInTheDocument();

    // Escape closes it; a tap on one of its links goes there and closes it.
    within(menu).getByRole('link', { name: 'Bus Guide' }).focus();
    await user.keyboard('{Escape}');
    expect(more).toHaveAttribute('aria-expanded', 'false');
    expect(more).toHaveFocus();
    expect(document.getElementById(more.getAttribute('aria-controls')!)).toBeNull();
    await user.click(more);
    await user.click(
      within(document.getElementById(more.getAttribute('aria-controls')!)!).getByRole('link', {
        name: 'My Rides',
      }),
    );
    expect(screen.getByTestId('current-path')).toHaveTextContent('/home?tab=mine');
    await waitFor(() => expect(more).toHaveAttribute('aria-expanded', 'false'));
  });

  it("keeps the header's menu button, whose menu lists the same", async () => {
    const { user } = renderWithProviders(<AppRoutes />, { route: '/guide', user: null });
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const header = screen.getByRole('banner');
    const menu = document.getElementById(
      within(header).getByRole('button', { name: 'Close menu' }).getAttribute('aria-controls')!,
    )!;
    expect(header).toContainElement(menu);
    expect(within(menu).getByRole('link', { name: 'Bus Guide' })).toHaveAttribute('href', '/bus-guide');
    expect(within(menu).getByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(within(menu).queryByRole('link', { name: /My Rides|Inbox/ })).not.toBeInTheDocument();
  });
});
