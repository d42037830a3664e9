// The last things a person notices on a phone (375 × 812, touch): the whole ride card opens the
// ride while Join and the card's buttons keep their own targets, the passport reminder never sits
// above "This ride is full", a wrapping address leaves its pin whole, a member without a name
// is called the same on every screen, and the bottom bar keeps everything one thumb's tap away
// without covering what the page has at its bottom (issue 37 §6).
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startApp } from './support/app-host.ts';
import {
  e2eAvailability,
  expectAccessible,
  launchChromium,
  newAppContext,
  stubOutsideWorld,
  VIEWPORTS,
} from './support/browser.ts';
import { createRideViaApi, expectPath, expectToast, registerViaApi, username } from './support/journey-kit.ts';

const availability = e2eAvailability();

// SPEC's 44 px touch target, as laid out.
async function expectTouchSize(target: Locator) {
  const box = (await target.boundingBox())!;
  expect(box.height).toBeGreaterThanOrEqual(44);
  expect(box.width).toBeGreaterThanOrEqual(44);
}

// Every icon inside `scope` as laid out, against the size it is drawn at (its style's width,
// components/icons.tsx): a shrunk icon is narrower than that.
async function iconSizes(scope: Locator) {
  return scope.locator('[data-icon][aria-hidden="true"]').evaluateAll((icons) =>
    icons.map((icon) => {
      const box = icon.getBoundingClientRect();
      return {
        drawn: Number.parseFloat((icon as HTMLElement).style.width),
        width: Math.round(box.width),
        height: Math.round(box.height),
      };
    }),
  );
}

// A finger on the middle of `target`, wherever the tap lands: Playwright's own tap refuses an
// element covered by another, and on a card the title link's ::after covers the body on purpose.
async function tapMiddle(page: Page, target: Locator) {
  const box = (await target.boundingBox())!;
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
}

// A passenger's id on a ride, by their name.
async function passengerId(context: BrowserContext, rideId: number, name: string): Promise<number> {
  const passengers: Array<{ id: number; user: { name: string | null } }> = await (
    await context.request.get(`/api/rides/${rideId}/passengers`)
  ).json();
  return passengers.find((passenger) => passenger.user.name === name)!.id;
}

// The top of an element, for reading the order things are laid out in.
const top = async (target: Locator) => (await target.boundingBox())!.y;

const PHONE_HEIGHT = VIEWPORTS.phone.height;
// Where a thumb reaches on a phone held in one hand: the screen's bottom 100 px.
const THUMB_REACH_PX = 100;

// Whether a finger on the middle of `target` lands on it (true), or on what is drawn over it
// there (its start, to read in the failure).
async function uncovered(target: Locator): Promise<true | string> {
  return target.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    if (hit !== null && (hit === element || element.contains(hit))) return true;
    return `covered at ${Math.round(box.y + box.height / 2)} px by ${hit?.outerHTML.slice(0, 200) ?? 'nothing'}`;
  });
}

// The bar's items as read out, the current page's in brackets.
async function barItems(bar: Locator): Promise<string[]> {
  return bar.locator(':scope > ul > li > *').evaluateAll((items) =>
    items.map((item) => {
      // The words a screen reader says: what is hidden from it (the badge's digits) left out.
      const spoken = item.cloneNode(true) as Element;
      for (const hidden of spoken.querySelectorAll('[aria-hidden="true"]')) hidden.remove();
      const name = item.getAttribute('aria-label') ?? (spoken.textContent ?? '').replace(/\s+/g, ' ').trim();
      return item.getAttribute('aria-current') === 'page' ? `[${name}]` : name;
    }),
  );
}

describe.skipIf(!availability.run)('phone polish: card target, reminder, icons, names', () => {
  let app: Awaited<ReturnType<typeof startApp>>;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    app = await startApp();
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  async function phone(): Promise<BrowserContext> {
    const context = await newAppContext(browser, 'phone', app.url);
    contexts.push(context);
    return context;
  }

  async function member(prefix: string, extra: Record<string, unknown> = {}) {
    const context = await phone();
    const name = username(prefix);
    await registerViaApi(context, name, extra);
    return { context, name };
  }

  async function openHomeCard(page: Page, rideId: number): Promise<Locator> {
    await page.goto('/home');
    const card = page.locator(`#ride-${rideId}`);
    await card.waitFor();
    await card.scrollIntoViewIfNeeded();
    return card;
  }

  // The phone's bottom bar, by its English name.
  function bottomBar(page: Page): Locator {
    return page.getByRole('navigation', { name: 'Quick links' });
  }

  it('a tap anywhere on the card opens the ride; Join and the card buttons keep their own targets', async () => {
    const organiser = await member('o');
    const ride = await createRideViaApi(organiser.context, { direction: 'SG->FC', maxPassengers: 4 });
    const visitor = await phone();
    const page = await visitor.newPage();

    let card = await openHomeCard(page, ride.id);
    const title = card.getByRole('link', { name: 'Singapore to Forest City' });
    const join = card.getByRole('link', { name: 'Join' });
    await expectTouchSize(title);
    await expectTouchSize(join);
    await expectAccessible(page, 'home with stretched-link cards');

    // The body of the card, away from the title: the seats line, and an empty corner.
    await tapMiddle(page, card.getByText('1 / 4 passengers'));
    await expectPath(page, new RegExp(`^/rides/${ride.id}$`));
    await page.goBack();
    card = page.locator(`#ride-${ride.id}`);
    await card.waitFor();
    const box = (await card.boundingBox())!;
    await page.touchscreen.tap(box.x + box.width - 12, box.y + box.height - 12);
    await expectPath(page, new RegExp(`^/rides/${ride.id}$`));
    await page.goBack();

    // Join opens the join page, not the ride (a visitor is sent to log in first, keeping it).
    await page.locator(`#ride-${ride.id}`).getByRole('link', { name: 'Join' }).tap();
    await expectPath(page, /^\/(auth|rides\/\d+\/join)$/);
    expect(new URL(page.url()).pathname).not.toBe(`/rides/${ride.id}`);

    // The organiser's own card on My Rides: Share copies and stays, Edit edits.
    const own = await organiser.context.newPage();
    await own.goto('/home?tab=mine');
    await own.getByRole('tab', { name: 'My Rides' }).tap();
    const mine = own.locator(`#ride-${ride.id}`);
    await mine.waitFor();
    const share = mine.getByRole('button', { name: 'Share' });
    await expectTouchSize(share);
    await share.tap();
    await expectToast(own, 'Trip summary copied to clipboard!');
    expect(new URL(own.url()).pathname).toBe('/home');
    await mine.getByRole('link', { name: 'Edit' }).tap();
    await expectPath(own, new RegExp(`^/rides/edit/${ride.id}$`));
  });

  it('keyboard: the title link takes the focus, with a visible ring', async () => {
    const organiser = await member('k');
    const ride = await createRideViaApi(organiser.context, { direction: 'FC->SG' });
    const page = await (await phone()).newPage();
    const card = await openHomeCard(page, ride.id);
    const title = card.getByRole('link', { name: 'Forest City to Singapore' });
    // Focus the element before the title, then Tab onto it as a keyboard would.
    await title.evaluate((link) => {
      const all = [
        ...document.querySelectorAll<HTMLElement>(
          'a[href], button:not([disabled]), input, select, [tabindex]:not([tabindex="-1"])',
        ),
      ];
      all[all.indexOf(link as HTMLElement) - 1]?.focus();
    });
    await page.keyboard.press('Tab');
    await expect.poll(() => title.evaluate((link) => link === document.activeElement)).toBe(true);
    const ring = await title.evaluate((link) => getComputedStyle(link).outlineStyle);
    expect(ring).not.toBe('none');
    await page.keyboard.press('Enter');
    await expectPath(page, new RegExp(`^/rides/${ride.id}$`));
  });

  it('the passport reminder is not shown above "This ride is full", and sits below the party size', async () => {
    const organiser = await member('o');
    const full = await createRideViaApi(organiser.context, { direction: 'SG->FC', maxPassengers: 2 });
    const rider = await member('r');
    const joined = await rider.context.request.post(`/api/rides/${full.id}/join`, {
      data: { dropoffLocation: 'Bedok Mall', passengerCount: 1 },
    });
    expect(joined.status()).toBe(201);

    const late = await member('l');
    const page = await late.context.newPage();
    await page.goto(`/rides/${full.id}/join`);
    const fullHeading = page.getByRole('heading', { name: 'This ride is full' });
    await fullHeading.waitFor();
    expect(await page.getByText(/Bring your passport/).count()).toBe(0);
    await expectAccessible(page, 'join page, full ride');

    // A ride with room: party size first, then the reminder; a party too big is told above it.
    const open = await createRideViaApi(organiser.context, { direction: 'SG->FC', maxPassengers: 3 });
    await page.goto(`/rides/${open.id}/join`);
    const party = page.getByLabel('Number of passengers (including you)');
    await party.waitFor();
    const reminder = page.getByRole('note').filter({ hasText: 'Bring your passport' });
    await reminder.waitFor();
    expect(await top(reminder)).toBeGreaterThan(await top(party));
    await party.fill('5');
    await page.getByRole('button', { name: 'Join Ride' }).tap();
    const tooMany = page.getByText('Number must be less than or equal to 2');
    await tooMany.waitFor();
    expect(await top(tooMany)).toBeLessThan(await top(reminder));
    // The toast that says it too: once it shows, axe waits for its fade-in to end (a toast half
    // faded in is, for that moment, text of too little contrast).
    await expectToast(page, 'Only 2 spots remaining');
    await expectAccessible(page, 'join page, party too big');
  });

  it('a long address wraps beside a pin that keeps its size, on the card and the detail page', async () => {
    const organiser = await member('o');
    const address = 'Block 123 Tampines Street 11, beside the bus interchange, taxi stand at exit B, Singapore 521123';
    const ride = await createRideViaApi(organiser.context, { direction: 'SG->FC', pickupLocation: address });
    const page = await (await phone()).newPage();

    const card = await openHomeCard(page, ride.id);
    const line = card.getByText(`From: ${address}`);
    // Wrapped: several lines high.
    expect((await line.boundingBox())!.height).toBeGreaterThan(40);
    const row = card.locator('li').filter({ hasText: 'From:' });
    const [pin] = await iconSizes(row);
    expect(pin).toEqual({ drawn: 20, width: 20, height: 20 });
    for (const icon of await iconSizes(card)) expect(icon.width).toBe(icon.drawn);
    // Nothing sticks out of the card.
    const cardBox = (await card.boundingBox())!;
    const lineBox = (await line.boundingBox())!;
    expect(lineBox.x + lineBox.width).toBeLessThanOrEqual(cardBox.x + cardBox.width);

    await page.goto(`/rides/${ride.id}`);
    await page.getByText(address).first().waitFor();
    const main = page.locator('main');
    const icons = await iconSizes(main);
    expect(icons.length).toBeGreaterThan(0);
    for (const icon of icons) expect(icon.width).toBe(icon.drawn);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });

  it('the whole drop-off row drags under a finger that rests on it; a quick swipe scrolls instead', async () => {
    const olivia = await member('o', { name: 'Olivia' });
    const ride = await createRideViaApi(olivia.context, { direction: 'FC->SG', maxPassengers: 6 });
    for (const [name, stop] of [
      ['Ann', 'Bedok'],
      ['Ben', 'Clementi'],
      ['Cat', 'Yishun'],
    ]) {
      const rider = await member(name.toLowerCase(), { name });
      const answer = await rider.context.request.post(`/api/rides/${ride.id}/join`, {
        data: { dropoffLocation: stop, passengerCount: 1 },
      });
      expect(answer.status()).toBe(201);
    }
    // A phone's browser: SortableJS drags touch its own way there (Chrome on Android), not with
    // the desktop's drag and drop.
    const android = await browser.newContext({
      baseURL: app.url,
      viewport: VIEWPORTS.phone,
      isMobile: true,
      hasTouch: true,
      userAgent:
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36',
      locale: 'en-SG',
      timezoneId: 'Asia/Singapore',
    });
    contexts.push(android);
    await stubOutsideWorld(android);
    await android.addCookies(await olivia.context.cookies());
    const page = await android.newPage();
    await page.goto('/home?tab=mine');
    const list = page.getByTestId(`sequence-list-${ride.id}`);
    // The rows as shown (not the floating copy SortableJS drags under the finger).
    const names = () =>
      list
        .locator('li:not(.sortable-fallback)')
        .evaluateAll((rows) => rows.map((row) => row.querySelector('p')?.textContent?.trim()));
    await expect.poll(names, { timeout: 10_000 }).toEqual(['Ann', 'Ben', 'Cat']);
    const patches: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PATCH') patches.push(new URL(request.url()).pathname);
    });

    // Touch as the phone's screen reports it (Playwright only taps).
    const cdp = await android.newCDPSession(page);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x: number, y: number) =>
      cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y }] });
    const catStop = (await list.locator('li').nth(2).getByText('Yishun').boundingBox())!;
    const x = catStop.x + catStop.width / 2;
    const y = catStop.y + catStop.height / 2;

    // A swipe straight away scrolls the page and picks nothing up.
    const scrollY = () => page.evaluate(() => window.scrollY);
    const before = await scrollY();
    await touch('touchStart', x, y);
    for (let step = 1; step <= 5; step += 1) await touch('touchMove', x, y - step * 20);
    await touch('touchEnd', x, y - 100);
    // Until the fling has stopped.
    let last = -1;
    await expect
      .poll(
        async () => {
          const now = await scrollY();
          const settled = now === last;
          last = now;
          await page.waitForTimeout(150);
          return settled;
        },
        { timeout: 5_000 },
      )
      .toBe(true);
    expect(last).toBeGreaterThan(before);
    expect(await names()).toEqual(['Ann', 'Ben', 'Cat']);
    expect(await list.locator('.sortable-chosen').count()).toBe(0);

    // Resting on the stop's text (not the number), then over the first stop, then let go there.
    const again = (await list.locator('li').nth(2).getByText('Yishun').boundingBox())!;
    const first = (await list.locator('li').first().boundingBox())!;
    await touch('touchStart', again.x + again.width / 2, again.y + again.height / 2);
    await page.waitForTimeout(400);
    for (let step = 1; step <= 10; step += 1) {
      const progress = step / 10;
      await touch(
        'touchMove',
        again.x + again.width / 2,
        again.y + again.height / 2 + (first.y + 4 - again.y - again.height / 2) * progress,
      );
      await page.waitForTimeout(30);
    }
    // SortableJS looks under the finger every 50 ms: rest there until it has moved Cat up (one
    // row at a time, so on a busy machine for longer than the poll's default second). A finger
    // near the top edge also scrolls the page, moving the list under it: the finger follows the
    // first row where it is now, or it would be let go above the list (which moves nothing).
    const firstRowTop = async () => {
      const box = (await list.locator('li').first().boundingBox())!;
      return { x: box.x + box.width / 2, y: box.y + 4 };
    };
    await expect
      .poll(
        async () => {
          const at = await firstRowTop();
          await touch('touchMove', at.x + 1, at.y);
          await page.waitForTimeout(60);
          return names();
        },
        { timeout: 10_000 },
      )
      .toEqual(['Cat', 'Ann', 'Ben']);
    const dropAt = await firstRowTop();
    // The move's answer first: beside a busy api lane it took longer than the toast's own wait.
    const saved = page.waitForResponse(
      (response) => response.request().method() === 'PATCH' && response.url().endsWith('/sequence'),
      { timeout: 30_000 },
    );
    await touch('touchEnd', dropAt.x, dropAt.y);
    expect((await saved).status()).toBe(200);
    await expectToast(page, 'Passenger sequence updated');
    expect(patches).toEqual([
      `/api/rides/${ride.id}/passengers/${await passengerId(olivia.context, ride.id, 'Cat')}/sequence`,
    ]);
    await expect.poll(names).toEqual(['Cat', 'Ann', 'Ben']);
  });

  it('a member without a name is called by their username on the passengers tab, the drop-off order and as an organiser', async () => {
    const olivia = await member('o', { name: 'Olivia' });
    const ride = await createRideViaApi(olivia.context, { direction: 'FC->SG', maxPassengers: 4 });
    const carol = await member('carol', { name: '' });
    const answer = await carol.context.request.post(`/api/rides/${ride.id}/join`, {
      data: { dropoffLocation: 'Bedok', passengerCount: 1 },
    });
    expect(answer.status()).toBe(201);
    const carolsRide = await createRideViaApi(carol.context, { direction: 'SG->FC' });

    const page = await olivia.context.newPage();
    // The passengers tab.
    await page.goto(`/rides/${ride.id}`);
    await page.getByRole('tab', { name: 'Passengers' }).tap();
    const passengers = page.getByRole('list', { name: 'Passengers' });
    await passengers.waitFor();
    expect(await passengers.locator(':scope > li p').first().textContent()).toBe(carol.name);
    expect(await page.getByText(/^(Passenger|Member|Unknown Organizer)$/).count()).toBe(0);

    // The organiser's drop-off order on My Rides.
    await page.goto('/home?tab=mine');
    await page.getByRole('tab', { name: 'My Rides' }).tap();
    const order = page.getByTestId(`sequence-list-${ride.id}`);
    await order.waitFor();
    expect(await order.locator('li p').first().textContent()).toBe(carol.name);

    // Carol as an organiser: the join page and the ride's own page name her the same way.
    await page.goto(`/rides/${carolsRide.id}/join`);
    await page.getByText(`Organized by ${carol.name}`).waitFor();
    await page.goto(`/rides/${carolsRide.id}`);
    await page.getByText(carol.name, { exact: true }).first().waitFor();

    // The home card reads a list item (ADR 0009), which carries the organiser's name alone, the
    // same for visitors and members: with no name there, it says 'Member #<id>', never 'Passenger'
    // or 'Unknown Organizer'.
    const card = await openHomeCard(page, carolsRide.id);
    const organiserLine = card.getByText(/^Organized by/);
    expect(await organiserLine.textContent()).toMatch(new RegExp(`^Organized by (${carol.name}|Member #\\d+)$`));
    expect(await card.getByText(/Unknown Organizer|Passenger/).count()).toBe(0);
  });

  it('the bottom bar sits within thumb reach, and each item is one tap away: My Rides and the inbox too', async () => {
    const organiser = await member('bar');
    const ride = await createRideViaApi(organiser.context);
    // A passenger joins: the organiser has one unread notification.
    const passenger = await member('p');
    const joined = await passenger.context.request.post(`/api/rides/${ride.id}/join`, {
      data: { passengerCount: 1, dropoffLocation: 'Bedok' },
    });
    expect(joined.status(), await joined.text()).toBe(201);

    const page = await organiser.context.newPage();
    await page.goto(`/rides/${ride.id}`);
    const bar = bottomBar(page);
    await bar.getByRole('link', { name: 'Inbox 1 unread' }).waitFor();
    const box = (await bar.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(PHONE_HEIGHT - THUMB_REACH_PX);
    expect(box.y + box.height).toBeLessThanOrEqual(PHONE_HEIGHT);
    await expect
      .poll(() => barItems(bar), { timeout: 5_000 })
      .toEqual(['Home', 'My Rides', 'Create', 'Inbox 1 unread', 'More']);
    for (const item of await bar.locator(':scope > ul > li > *').all()) await expectTouchSize(item);
    await expectAccessible(page, 'the ride page with the bottom bar');
    // It stays put while the page scrolls.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    expect((await bar.boundingBox())!.y).toBe(box.y);

    // The inbox, in one tap from a ride.
    await bar.getByRole('link', { name: /^Inbox/ }).tap();
    await expectPath(page, /^\/inbox$/);
    await page.getByRole('heading', { name: 'Notifications', level: 1 }).waitFor();
    await expect.poll(() => barItems(bar)).toEqual(['Home', 'My Rides', 'Create', '[Inbox]', 'More']);

    // My Rides, in one tap from the inbox: Home on its My Rides tab, the organiser's ride on it.
    await bar.getByRole('link', { name: 'My Rides' }).tap();
    await expectPath(page, /^\/home$/);
    expect(new URL(page.url()).search).toBe('?tab=mine');
    await page.getByRole('tab', { name: 'My Rides', selected: true }).waitFor();
    await page.locator(`#ride-${ride.id}`).waitFor();
    await expect
      .poll(() => barItems(bar), { timeout: 5_000 })
      .toEqual(['Home', '[My Rides]', 'Create', 'Inbox', 'More']);

    await bar.getByRole('link', { name: 'Create' }).tap();
    await expectPath(page, /^\/rides\/create$/);
    await page.getByRole('heading', { name: 'Create a New Ride', level: 1 }).waitFor();
    await expect
      .poll(() => barItems(bar), { timeout: 5_000 })
      .toEqual(['Home', 'My Rides', '[Create]', 'Inbox', 'More']);

    await bar.getByRole('link', { name: 'Home' }).tap();
    await expectPath(page, /^\/home$/);
    expect(new URL(page.url()).search).toBe('');
    await page.getByRole('tab', { name: 'All Rides', selected: true }).waitFor();
    await expect
      .poll(() => barItems(bar), { timeout: 5_000 })
      .toEqual(['[Home]', 'My Rides', 'Create', 'Inbox', 'More']);

    // More opens the menu over the bar, within the thumb's reach, listing what the bar has no
    // room for: the bus guide among them.
    const more = bar.getByRole('button', { name: 'More' });
    await more.tap();
    expect(await more.getAttribute('aria-expanded')).toBe('true');
    const menu = page.locator(`[id="${await more.getAttribute('aria-controls')}"]`);
    for (const name of ['My Rides', 'Inbox', 'Travel Guide', 'Bus Guide', 'Create Ride', 'Profile'])
      await menu.getByRole('link', { name, exact: true }).waitFor();
    await menu.getByRole('button', { name: 'Logout' }).waitFor();
    expect((await menu.boundingBox())!.y + (await menu.boundingBox())!.height).toBeLessThanOrEqual(box.y + 1);
    await expectAccessible(page, "the bottom bar's menu");
    await menu.getByRole('link', { name: 'Bus Guide' }).tap();
    await expectPath(page, /^\/bus-guide$/);
    await page.getByRole('heading', { name: 'Bus Guide', level: 1 }).waitFor();
    expect(await more.getAttribute('aria-expanded')).toBe('false');
    expect(await menu.count()).toBe(0);
  });

  it('gives a visitor Home, the guides and Log in, whose labels fit at 375 px in Malay and Chinese', async () => {
    const page = await (await phone()).newPage();
    await page.goto('/home');
    const bar = bottomBar(page);
    await bar.waitFor();
    expect((await bar.boundingBox())!.y).toBeGreaterThanOrEqual(PHONE_HEIGHT - THUMB_REACH_PX);
    await expect
      .poll(() => barItems(bar), { timeout: 5_000 })
      .toEqual(['[Home]', 'Guide', 'Bus guide', 'Log in', 'More']);
    await bar.getByRole('link', { name: 'Guide', exact: true }).tap();
    await expectPath(page, /^\/guide$/);
    await page.getByRole('heading', { name: 'Travel Guide', level: 1 }).waitFor();
    await expect
      .poll(() => barItems(bar), { timeout: 5_000 })
      .toEqual(['Home', '[Guide]', 'Bus guide', 'Log in', 'More']);
    await expectAccessible(page, "the visitor's bottom bar");
    await bar.getByRole('link', { name: 'Bus guide' }).tap();
    await expectPath(page, /^\/bus-guide$/);
    await bar.getByRole('link', { name: 'Log in' }).tap();
    await expectPath(page, /^\/auth$/);
    await expect
      .poll(() => barItems(bar), { timeout: 5_000 })
      .toEqual(['Home', 'Guide', 'Bus guide', '[Log in]', 'More']);

    // Each label on one line inside its fifth of the screen, for a visitor, a member and a
    // vendor (whose Dashboard takes Create's place).
    const vendor = {
      isVendor: true,
      companyName: 'Johor Cars Sdn Bhd',
      driverDetails: { name: 'Ali', contact: '+60 12 345 6789', carNumber: 'JQA 1234' },
    };
    const overflowing = async (context: BrowserContext, language: string, shown: string) => {
      await context.addInitScript((chosen) => localStorage.setItem('fc-language', chosen), language);
      const translated = await context.newPage();
      await translated.goto('/home');
      // Its name is translated too.
      const items = translated.locator('nav.bottom-bar > ul > li > *');
      await items.filter({ hasText: shown }).waitFor();
      return items.evaluateAll((elements) =>
        elements
          .filter((element) => element.scrollWidth > element.clientWidth || element.clientWidth > 375 / 5)
          .map((element) => element.textContent),
      );
    };
    for (const [language, home] of [
      ['ms', 'Utama'],
      ['zh', '首页'],
    ] as const) {
      expect(await overflowing(await phone(), language, home), `${language}, visitor`).toEqual([]);
      expect(await overflowing((await member(`${language}m`)).context, language, home), `${language}, member`).toEqual(
        [],
      );
      expect(
        await overflowing((await member(`${language}v`, vendor)).context, language, home),
        `${language}, vendor`,
      ).toEqual([]);
    }
  });

  it("nothing hides under the bar: the ride chat's message box, a toast, the page's last line", async () => {
    const organiser = await member('chat');
    const ride = await createRideViaApi(organiser.context);
    // A chat longer than the screen: its message box stays at the bottom while it is read up.
    for (let index = 1; index <= 15; index += 1) {
      const answer = await organiser.context.request.post(`/api/rides/${ride.id}/messages`, {
        data: { body: `Note ${index}` },
      });
      expect(answer.status(), await answer.text()).toBe(201);
    }
    const page = await organiser.context.newPage();
    await page.goto(`/rides/${ride.id}`);
    await page.getByRole('tab', { name: 'Chat', exact: true }).tap();
    const messages = page.getByRole('list', { name: 'Messages' });
    await messages.getByText('Note 15').waitFor();
    const bar = bottomBar(page);
    const barTop = (await bar.boundingBox())!.y;
    const box = page.getByRole('textbox', { name: 'Message' });
    const send = page.getByRole('button', { name: 'Send' });
    // A draft written, the focus elsewhere: Send is enabled, and the bar is back.
    await box.fill('On my way');
    await box.blur();
    await bar.waitFor();
    for (const scroll of ['top', 'middle'] as const) {
      await page.evaluate(
        (where) => window.scrollTo(0, where === 'top' ? 0 : document.documentElement.scrollHeight / 2),
        scroll,
      );
      const boxBounds = (await box.boundingBox())!;
      expect(boxBounds.y + boxBounds.height, `the message box, scrolled to the ${scroll}`).toBeLessThanOrEqual(barTop);
      expect(await uncovered(box)).toBe(true);
      expect(await uncovered(send)).toBe(true);
    }
    // Typing, the bar steps aside for the keyboard.
    await box.tap();
    await expect.poll(() => bar.isVisible()).toBe(false);
    expect(await uncovered(send)).toBe(true);
    await send.tap();
    await messages.getByText('On my way').waitFor();
    await bar.waitFor();

    // A toast, on My Rides: under the header, over neither the bar nor the page's buttons.
    await bar.getByRole('link', { name: 'My Rides' }).tap();
    const card = page.locator(`#ride-${ride.id}`);
    await card.getByRole('button', { name: 'Share' }).tap();
    await expectToast(page, 'Trip summary copied to clipboard!');
    const toast = page.getByText('Trip summary copied to clipboard!').first();
    // Once it has slid in from above the screen.
    await expect.poll(() => uncovered(toast)).toBe(true);
    const toastBox = (await toast.boundingBox())!;
    expect(toastBox.y).toBeGreaterThanOrEqual(0);
    expect(toastBox.y + toastBox.height).toBeLessThanOrEqual(barTop);

    // The page's last line, scrolled to the end, sits above the bar.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const rules = page.getByRole('contentinfo').getByRole('link', { name: 'Community rules' });
    expect((await rules.boundingBox())!.y + (await rules.boundingBox())!.height).toBeLessThanOrEqual(barTop);
    expect(await uncovered(rules)).toBe(true);
    await rules.tap();
    await expectPath(page, /^\/rules$/);
  });
});
