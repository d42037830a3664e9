// One truth per fact, on every screen (issue 21 §4), on a phone (375 × 812, touch): one stop
// number for a passenger wherever it shows, the pay controls where the passenger is told to pay,
// the drop-off order from the ride itself, the SG->FC pickup order and times (issue 37 §3), a member's badge right from the first paint, contacts
// in their human form with no dead '+60', and Back to the same card deep in a filtered list.
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';

import { e2eAvailability, expectAccessible } from './support/browser.ts';
import { createRideViaApi, expectPath, expectToast, registerViaApi, username } from './support/journey-kit.ts';
import { usePhones } from './support/phone-app.ts';

const availability = e2eAvailability();

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

async function join(context: BrowserContext, rideId: number, dropoffLocation: string) {
  const answer = await context.request.post(`/api/rides/${rideId}/join`, {
    data: { dropoffLocation, passengerCount: 1 },
  });
  expect(answer.status()).toBe(201);
}

describe('one truth per fact on a phone', () => {
  if (!availability.run) {
    it(`cannot run here: ${availability.reason}`, () => {
      expect(availability.run).toBe(false);
    });
    return;
  }

  const phones = usePhones();
  let organiser: BrowserContext;
  let rider: BrowserContext;
  // An FC->SG ride with the organiser's stop and the rider's, and the organiser's Revolut and
  // Singapore mobile to pay to.
  let fcToSg: { id: number };

  beforeAll(async () => {
    organiser = await phones.phone();
    await registerViaApi(organiser, username('olivia'), { name: 'Olivia', revolutUsername: 'oliviapays' });
    fcToSg = await createRideViaApi(organiser, {
      direction: 'FC->SG',
      date: new Date(Date.now() + 2 * DAY).toISOString(),
      dropoffLocations: [{ location: 'Tampines Mall', passengerCount: 1 }],
    });
    rider = await phones.phone();
    // WhatsApp only: no Malaysian number.
    await registerViaApi(rider, username('rita'), { name: 'Rita' });
    await join(rider, fcToSg.id, 'Bedok Mall');
  });

  it("gives the rider one stop number: the Passengers tab's badge is her place in the border checklist", async () => {
    const ride = await createRideViaApi(organiser, {
      direction: 'FC->SG',
      date: new Date(Date.now() + 3 * DAY).toISOString(),
      dropoffLocations: [{ location: 'Pasir Ris MRT', passengerCount: 1 }],
    });
    await join(rider, ride.id, 'Bedok North');
    expect((await organiser.request.post(`/api/rides/${ride.id}/lockSequence`)).status()).toBe(200);

    const page = await rider.newPage();
    await page.goto(`/rides/${ride.id}`);
    const checklist = page.getByRole('region', { name: 'Border checklist' });
    const ownStop = checklist.locator('li:not(:has(li))', { hasText: 'Bedok North (your stop)' });
    await ownStop.waitFor();
    const checklistPlace = await ownStop.evaluate((item) => [...item.parentElement!.children].indexOf(item) + 1);
    expect(checklistPlace).toBe(2);

    await page.getByRole('tab', { name: 'Passengers' }).tap();
    const entry = page.getByRole('list', { name: 'Passengers' }).getByRole('listitem').filter({ hasText: 'Rita' });
    await entry.getByText(/^Stop #\d+$/).waitFor();
    expect(await entry.getByText(/^Stop #\d+$/).textContent()).toBe(`Stop #${checklistPlace}`);
    await page.close();
  });

  it("puts the share, Pay with PayNow / Revolut and I've paid on the You've Joined card", async () => {
    const page = await rider.newPage();
    await page.goto(`/rides/${fcToSg.id}`);
    const joined = page.getByRole('region', { name: "You've Joined" });
    await joined.waitFor();
    await joined.getByTestId('own-share').waitFor();
    expect(await joined.getByTestId('own-share').textContent()).toMatch(/\$\d+\.\d{2}/);
    expect(await joined.getByRole('link', { name: /Pay with Revolut/ }).getAttribute('href')).toBe(
      'https://revolut.me/oliviapays',
    );
    // One tap: the QR.
    await joined.getByRole('button', { name: 'Pay with PayNow' }).tap();
    await joined.getByRole('img', { name: /PayNow QR code/ }).waitFor();
    await joined.getByRole('button', { name: "I've paid" }).tap();
    await expectToast(page, 'Payment sent');
    await joined.getByText('Says paid', { exact: true }).waitFor();
    // Taken back, so the other cases see the ride as it was.
    await joined.getByRole('button', { name: "I haven't paid yet" }).tap();
    await joined.getByRole('button', { name: "I've paid" }).waitFor();
    await page.close();
  });

  it('lets the organiser order and lock the drop-offs from the ride page, numbered as everywhere', async () => {
    const page = await organiser.newPage();
    await page.goto(`/rides/${fcToSg.id}`);
    await page.getByRole('button', { name: 'Set the drop-off order' }).tap();
    const panel = page.getByRole('region', { name: 'Drop-off Sequence' });
    await panel.getByText('Bedok Mall').waitFor();
    // The organiser's own stop first, then Rita's.
    expect(await panel.getByTestId('organiser-stop').innerText()).toMatch(/^1\s+Your drop-off\s+Tampines Mall$/);
    expect(await panel.locator('li[data-passenger-id] .badge').allInnerTexts()).toEqual(['2']);
    await panel.getByRole('button', { name: 'Lock Sequence' }).tap();
    await page.getByRole('dialog').getByRole('button', { name: 'Lock', exact: true }).tap();
    await expectToast(page, 'Sequence locked successfully');
    await panel.getByRole('button', { name: 'Unlock' }).waitFor();
    // SG->FC pickups have no order to set: no numbers on them, and nothing to order.
    const pickups = await createRideViaApi(organiser, {
      direction: 'SG->FC',
      date: new Date(Date.now() + 4 * DAY).toISOString(),
    });
    await join(rider, pickups.id, 'Tampines East');
    await page.goto(`/rides/${pickups.id}`);
    await page.getByRole('tab', { name: 'Passengers' }).tap();
    await page.getByRole('list', { name: 'Passengers' }).getByText('Rita').waitFor();
    expect(await page.getByText(/^Stop #\d+$/).count()).toBe(0);
    await page.getByRole('tab', { name: 'Details' }).tap();
    await page.locator('#ride-title').waitFor();
    expect(await page.getByRole('button', { name: 'Set the drop-off order' }).count()).toBe(0);
    await page.close();
  });

  // Issue 37 §3 (ADR 0040): going to Forest City, the organiser orders the pickups and gives each
  // a time; the passenger reads her place and time on the ride page, numbered as everywhere.
  it('lets the organiser order and time the SG->FC pickups; the rider reads "Pickup 2 of 3 · about 8:20 am"', async () => {
    const ride = await createRideViaApi(organiser, {
      direction: 'SG->FC',
      date: new Date(Date.now() + 5 * DAY).toISOString(),
      pickupLocation: 'Pasir Ris MRT',
    });
    const sam = await phones.phone();
    await registerViaApi(sam, username('sam'), { name: 'Sam' });
    await join(sam, ride.id, 'Simei MRT');
    await join(rider, ride.id, 'Tampines East');

    const page = await organiser.newPage();
    await page.goto(`/rides/${ride.id}`);
    await page.getByRole('button', { name: 'Set the pickup order' }).tap();
    const panel = page.getByRole('region', { name: 'Pickup order' });
    await panel.getByText('Tampines East').waitFor();
    expect(await panel.getByTestId('organiser-stop').innerText()).toMatch(/^1\s+Your pickup\s+Pasir Ris MRT/);
    // Rita joined after Sam: she is picked up first after the organiser.
    await panel.getByRole('button', { name: 'Move Rita up' }).tap();
    await expectToast(page, 'Pickup order updated');
    await expect
      .poll(() => panel.locator('li[data-passenger-id] p.font-medium').allInnerTexts())
      .toEqual(['Rita', 'Sam']);
    for (const [name, time] of [
      ['Rita', '08:20'],
      ['Sam', '08:35'],
    ] as const) {
      const field = panel.getByLabel(`Pickup time for ${name}`);
      // As a phone's time picker sets it: the field keeps the focus, and the time is saved.
      await field.fill(time);
      await expectToast(page, 'Pickup time saved');
      await expect
        .poll(
          async () =>
            (await panel.locator(`#${await field.getAttribute('id')}-saved`).innerText()).replace(/\s+/g, ' '),
          { timeout: 10_000 },
        )
        .toMatch(/^about \d/);
    }
    const target = await panel.getByLabel('Pickup time for Rita').boundingBox();
    expect(target!.height).toBeGreaterThanOrEqual(44);
    await expectAccessible(page, 'pickup order panel');
    await panel.getByRole('button', { name: 'Lock pickup order' }).tap();
    await page.getByRole('dialog').getByRole('button', { name: 'Lock', exact: true }).tap();
    await expectToast(page, 'Pickup order locked');
    await panel.getByRole('button', { name: 'Unlock' }).waitFor();
    await page.close();

    const riderPage = await rider.newPage();
    await riderPage.goto(`/rides/${ride.id}`);
    const own = riderPage.getByTestId('own-pickup');
    await own.waitFor();
    expect((await own.locator('dd').innerText()).replace(/\s+/g, ' ')).toBe('Pickup 2 of 3 · about 8:20 am');
    await expectAccessible(riderPage, 'ride page with the pickup order set');
    // The same number in the Passengers tab.
    await riderPage.getByRole('tab', { name: 'Passengers' }).tap();
    const entry = riderPage.getByRole('list', { name: 'Passengers' }).getByRole('listitem').filter({ hasText: 'Rita' });
    await entry.getByText('Stop #2', { exact: true }).waitFor();
    await riderPage.close();
  });

  it('never shows Join on a joined ride during a cold visit: no badge until known, then Joined', async () => {
    const soon = await createRideViaApi(organiser, { date: new Date(Date.now() + 2 * HOUR).toISOString() });
    const member = await phones.phone();
    await registerViaApi(member, username('cold'));
    await join(member, soon.id, 'Pasir Ris Central');
    // Every text the card's badge ever had, from the first paint on.
    await member.addInitScript((id: number) => {
      const seen: string[] = [];
      (window as unknown as { __badges: string[] }).__badges = seen;
      const record = () => {
        const badge = document.querySelector(`#ride-${id} .badge`);
        const text = badge?.textContent?.trim() ?? '(none)';
        if (seen.at(-1) !== text) seen.push(text);
      };
      new MutationObserver(record).observe(document, { childList: true, subtree: true, characterData: true });
    }, soon.id);
    const page = await member.newPage();
    await page.goto('/home');
    await page.locator(`#ride-${soon.id}`).getByText('Joined', { exact: true }).waitFor();
    const seen = await page.evaluate(() => (window as unknown as { __badges: string[] }).__badges);
    expect(seen).toContain('Joined');
    expect(seen).not.toContain('Join');
  });

  it("shows no dead '+60' and every number in its human form", async () => {
    const page = await rider.newPage();
    await page.goto(`/rides/${fcToSg.id}`);
    const organiserCard = page.getByRole('region', { name: 'Organizer' });
    await organiserCard.getByRole('link', { name: /WhatsApp/ }).waitFor();
    expect(await organiserCard.getByText('+60').count()).toBe(0);
    expect(await organiserCard.getByRole('button', { name: /Malaysian number|\+60/ }).count()).toBe(0);

    // Her own number, as she would write it, where she keeps it.
    await page.goto('/profile');
    const whatsapp = page.getByLabel('WhatsApp number');
    await expect.poll(() => whatsapp.inputValue()).toBe('+65 9123 4567');
    await whatsapp.fill('8000 0075');
    await page.getByText('Saved as +65 8000 0075.', { exact: false }).waitFor();
    const raw = await page.evaluate(() => {
      const texts = [document.body.innerText, ...[...document.querySelectorAll('input')].map((input) => input.value)];
      return texts.join('\n').match(/\+\d{9,15}\b/g) ?? [];
    });
    expect(raw).toEqual([]);
    await page.close();
  });

  it('returns to the same card at the same place after Back, deep in a filtered list', async () => {
    // 50 FC->SG rides a day apart (more than two pages of 20), from five organisers (a member
    // keeps at most 10 upcoming rides).
    for (let owner = 0; owner < 5; owner += 1) {
      const context = await phones.phone();
      await registerViaApi(context, username('many'));
      for (let index = 0; index < 10; index += 1) {
        const day = 10 + owner * 10 + index;
        await createRideViaApi(context, { direction: 'FC->SG', date: new Date(Date.now() + day * DAY).toISOString() });
      }
    }
    const page = await (await phones.phone()).newPage();
    await page.goto('/home?direction=FC-%3ESG');
    const cards = page.locator('article[id^="ride-"]');
    await cards.nth(19).waitFor();
    await expect
      .poll(
        async () => {
          await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
          return cards.count();
        },
        { timeout: 20_000 },
      )
      .toBeGreaterThanOrEqual(45);
    // Left deep in the list with the gap between two cards at a third of the screen (where the
    // page notes the card the member was on), on a phone four times slower than this machine.
    const targetId = (await cards.nth(40).getAttribute('id'))!;
    const card = page.locator(`#${targetId}`);
    await scrollCardTo(page, targetId, Math.round(812 / 3) + 8);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(5000);
    await expectBackToSamePlace(page, card);
  });

  // Issue 35 §6: at the very end of the list the page cannot scroll further, so the card the
  // member left is wherever the end put it; Back must bring the same end back, not a page that
  // is still shorter than it was.
  it.each(['a visitor', 'a member'])(
    'returns to the end of the list after Back from its last card, as %s',
    async (who) => {
      const context = await phones.phone();
      if (who === 'a member') await registerViaApi(context, username('endy'));
      const page = await context.newPage();
      await page.goto('/home?direction=FC-%3ESG');
      const cards = page.locator('article[id^="ride-"]');
      await cards.nth(19).waitFor();
      const more = page.getByRole('button', { name: 'Show more rides' });
      await expect
        .poll(
          async () => {
            await page.mouse.wheel(0, 3000);
            return (await cards.count()) >= 50 && (await more.count()) === 0;
          },
          { timeout: 30_000 },
        )
        .toBe(true);
      const last = cards.last();
      const lastId = (await last.getAttribute('id'))!;
      // The end as a finger leaves it: wheeled down until it moves no more.
      let previous = -1;
      for (let step = 0; step < 40 && (await page.evaluate(() => window.scrollY)) !== previous; step += 1) {
        previous = await page.evaluate(() => window.scrollY);
        await page.mouse.wheel(0, 600);
        await nextFrames(page);
      }
      await expectBackToSamePlace(page, page.locator(`#${lastId}`));
    },
  );
});

// Brings a card to `top` px from the top of the screen the way a finger does, in steps, so the
// cards around it are laid out as the member passes them.
async function scrollCardTo(page: Page, id: string, top: number) {
  for (let step = 0; step < 40; step += 1) {
    const off = await page.evaluate(({ id, top }) => document.getElementById(id)!.getBoundingClientRect().top - top, {
      id,
      top,
    });
    if (Math.abs(off) < 2) break;
    await page.mouse.wheel(0, Math.max(-600, Math.min(600, off)));
    await nextFrames(page);
  }
}

function nextFrames(page: Page) {
  return page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

// Opens the card's ride and comes Back on a phone four times slower than this machine: the same
// card at the same place on screen, and it stays there once the phone is quick again.
async function expectBackToSamePlace(page: Page, card: Locator) {
  const before = (await card.boundingBox())!.y;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });

  await card.getByRole('link', { name: /Forest City to Singapore/ }).tap();
  await expectPath(page, /^\/rides\/\d+$/);
  await page.locator('#ride-title').waitFor();
  await page.goBack();
  await expectPath(page, /^\/home$/);
  await expect
    .poll(async () => Math.abs(((await card.boundingBox())?.y ?? Number.POSITIVE_INFINITY) - before), {
      timeout: 10_000,
    })
    .toBeLessThan(4);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await page.waitForTimeout(1_000);
  expect(Math.abs((await card.boundingBox())!.y - before)).toBeLessThan(4);
}
