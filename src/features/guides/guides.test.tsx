import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { I18nProvider } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { i18n } from '../../lib/i18n/i18n';
import { createQueryClient } from '../../lib/query-client';
import { BUS_SCHEDULES, scheduleImageSize } from './bus-schedule';
import { BusGuidePage } from './components/bus-guide-page';
import { GuidePage } from './components/guide-page';
import { renderScheduleSvg } from './schedule-svg';

function renderPage(page: ReactElement, path: string) {
  return render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={[path]}>{page}</MemoryRouter>
      </QueryClientProvider>
    </I18nProvider>,
  );
}

// Headings must not skip a level, and each page has exactly one h1.
function expectHeadingOrder(container: HTMLElement) {
  const levels = Array.from(container.querySelectorAll('h1, h2, h3, h4, h5, h6')).map((h) => Number(h.tagName[1]));
  expect(levels.filter((level) => level === 1)).toHaveLength(1);
  expect(levels[0]).toBe(1);
  levels.forEach((level, index) => {
    if (index > 0) expect(level - levels[index - 1]).toBeLessThanOrEqual(1);
  });
}

beforeEach(() => {
  // As at the checkpoint with no signal: nothing on these pages may need the network.
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

// The app composes the rides feature's drivers list in; here a stand-in marks where it goes.
const driversSlot = (
  <section aria-labelledby="drivers-slot">
    <h2 id="drivers-slot">Community-recommended drivers</h2>
  </section>
);

describe('GuidePage', () => {
  it('has one h1 and shows the passport and immigration-time alerts', () => {
    const { container } = renderPage(<GuidePage recommendedDrivers={driversSlot} />, '/guide');
    expect(screen.getByRole('heading', { level: 1, name: 'Travel Guide' })).toBeInTheDocument();
    const notes = screen.getAllByRole('note');
    expect(notes.some((n) => /at least 6 months validity/.test(n.textContent ?? ''))).toBe(true);
    expect(notes.some((n) => /allow 45-60 minutes/.test(n.textContent ?? ''))).toBe(true);
    expectHeadingOrder(container);
  });

  it('switches between the two tabs by click and by arrow key', async () => {
    const user = userEvent.setup();
    renderPage(<GuidePage recommendedDrivers={driversSlot} />, '/guide');
    const car = screen.getByRole('tab', { name: 'Chartered Car' });
    const bus = screen.getByRole('tab', { name: 'Public Bus Options' });
    expect(screen.getByRole('tablist')).toContainElement(car);

    for (const tab of [car, bus]) {
      const panel = document.getElementById(tab.getAttribute('aria-controls') ?? '');
      expect(panel).toHaveAttribute('role', 'tabpanel');
      expect(panel).toHaveAttribute('aria-labelledby', tab.id);
    }

    expect(car).toHaveAttribute('aria-selected', 'true');
    expect(bus).toHaveAttribute('aria-selected', 'false');
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName('Chartered Car');
    expect(screen.getByRole('heading', { name: 'Community-recommended drivers' })).toBeVisible();

    await user.click(bus);
    expect(bus).toHaveAttribute('aria-selected', 'true');
    expect(car).toHaveAttribute('aria-selected', 'false');
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName('Public Bus Options');
    expect(screen.queryByRole('heading', { name: 'Community-recommended drivers' })).not.toBeInTheDocument();

    await user.keyboard('{ArrowRight}');
    expect(car).toHaveAttribute('aria-selected', 'true');
    expect(car).toHaveFocus();
    expect(car).toHaveAttribute('tabindex', '0');
    expect(bus).toHaveAttribute('tabindex', '-1');
  });

  it('explains how chartered cars work and what they cost', () => {
    renderPage(<GuidePage recommendedDrivers={driversSlot} />, '/guide');
    const panel = screen.getByRole('tabpanel', { name: 'Chartered Car' });
    expect(within(panel).getByText(/organiser books the car/)).toBeInTheDocument();
    expect(within(panel).getByText(/splits the fare/)).toBeInTheDocument();
    expect(within(panel).getByText('$80 SGD per car, plus $5 SGD for each additional stop.')).toBeInTheDocument();
    // The worked example is the rides' one share rule (_shared/price.ts): (80 + 5) ÷ 4.
    expect(within(panel).getByText(/\(\$80 SGD \+ \$5 SGD\) ÷ 4 = \$21\.25 SGD each/)).toBeInTheDocument();
  });

  it('gives the payment options for the car and for the bus', async () => {
    const user = userEvent.setup();
    renderPage(<GuidePage recommendedDrivers={driversSlot} />, '/guide');
    const car = screen.getByRole('tabpanel', { name: 'Chartered Car' });
    const payment = within(car)
      .getByRole('heading', { name: /Payment information/ })
      .closest('section')!;
    // Issue 37: PayNow, Singapore's fee-free bank transfer, is the one preferred; Revolut follows.
    expect(payment).toHaveTextContent(/PayNow \(preferred\):\s*Singapore's fee-free bank transfer/);
    expect(payment).toHaveTextContent(/Revolut:\s*also fee-free between members/);
    expect(payment).not.toHaveTextContent(/Revolut \(preferred\)/);
    expect(payment).toHaveTextContent(/Stablecoin \(USDT or USDC\):\s*accepted on two chains/);
    expect(payment).toHaveTextContent(/Cash:\s*in SGD or RM/);

    await user.click(screen.getByRole('tab', { name: 'Public Bus Options' }));
    const bus = screen.getByRole('tabpanel', { name: 'Public Bus Options' });
    expect(bus).toHaveTextContent('About RM 5');
    expect(bus).toHaveTextContent('Runs hourly');
    const busPayment = within(bus)
      .getByRole('heading', { name: /Paying for the bus/ })
      .closest('section')!;
    expect(busPayment).toHaveTextContent("Touch 'n Go card");
    expect(busPayment).toHaveTextContent('Contactless bank card');
    expect(busPayment).toHaveTextContent('Cash (untested)');
    expect(within(bus).getByRole('link', { name: /Bus Guide/ })).toHaveAttribute('href', '/bus-guide');
  });
});

describe('BusGuidePage', () => {
  it('has one h1 and ordered steps for both directions through both checkpoints', () => {
    const { container } = renderPage(<BusGuidePage />, '/bus-guide');
    expect(screen.getByRole('heading', { level: 1, name: 'Bus Guide' })).toBeInTheDocument();
    expectHeadingOrder(container);

    const section = (name: string) => screen.getByRole('region', { name });
    const sgToFc = within(section('Singapore to Forest City')).getByRole('list');
    const fcToSg = within(section('Forest City to Singapore')).getByRole('list');
    expect(sgToFc.tagName).toBe('OL');
    expect(fcToSg.tagName).toBe('OL');

    const order = (list: HTMLElement, first: RegExp, second: RegExp) => {
      const steps = within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent ?? '');
      const a = steps.findIndex((s) => first.test(s));
      const b = steps.findIndex((s) => second.test(s));
      expect(a).toBeGreaterThanOrEqual(0);
      expect(b).toBeGreaterThan(a);
    };
    order(sgToFc, /Tuas Second Link checkpoint/, /Sultan Abu Bakar CIQ/);
    order(sgToFc, /Sultan Abu Bakar CIQ/, /Forest City stop/);
    order(fcToSg, /Sultan Abu Bakar CIQ/, /Tuas Second Link checkpoint/);
  });

  it('warns that the bus is hourly and gives the fare', () => {
    renderPage(<BusGuidePage />, '/bus-guide');
    const warning = screen.getAllByRole('note').find((n) => /only once an hour/.test(n.textContent ?? ''));
    expect(warning).toHaveClass('alert-warning');
    expect(warning).toHaveTextContent('Missing it costs you an hour');
    expect(screen.getByText(/Cost: about RM 5/)).toBeInTheDocument();
  });

  it('links the operator and both immigration sites in a new tab', () => {
    renderPage(<BusGuidePage />, '/bus-guide');
    const expected: Array<[RegExp, string]> = [
      [/Causeway Link \(bus operator\)/, 'https://www.causewaylink.com.my'],
      [/Immigration & Checkpoints Authority/, 'https://www.ica.gov.sg'],
      [/Immigration Department of Malaysia/, 'https://www.imi.gov.my'],
    ];
    for (const [name, href] of expected) {
      const link = screen.getByRole('link', { name });
      expect(link).toHaveAttribute('href', href);
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noreferrer');
      expect(link).toHaveAccessibleName(expect.stringMatching(/opens in a new tab/));
    }
  });

  it('shows each schedule image with alt text, fixed size and lazy loading, beside a table of the same times', () => {
    renderPage(<BusGuidePage />, '/bus-guide');
    expect(screen.getAllByRole('img')).toHaveLength(BUS_SCHEDULES.length);
    for (const schedule of BUS_SCHEDULES) {
      const region = screen.getByRole('region', { name: `${schedule.from} to ${schedule.to}` });
      const image = within(region).getByRole('img');
      expect(image).toHaveAttribute('src', schedule.imageSrc);
      expect(image.getAttribute('alt')).toMatch(
        new RegExp(`${schedule.from} to ${schedule.to}.*one an hour.*Indicative`),
      );
      const { width, height } = scheduleImageSize(schedule);
      expect(image).toHaveAttribute('width', String(width));
      expect(image).toHaveAttribute('height', String(height));
      expect(image).toHaveAttribute('loading', 'lazy');

      const table = within(region).getByRole('table', {
        name: new RegExp(`${schedule.from} to ${schedule.to} departures`),
      });
      const cells = within(table)
        .getAllByRole('cell')
        .map((cell) => cell.textContent ?? '');
      const listed = cells.flatMap((text) => text.split(', '));
      expect(listed).toEqual(schedule.departures);
    }
  });
});

describe('schedule images', () => {
  for (const schedule of BUS_SCHEDULES) {
    it(`public${schedule.imageSrc} is the committed output of the generator for the same data`, () => {
      // path joins, not new URL(): under jsdom the global URL is jsdom's and mangles file: URLs.
      const file = join(dirname(fileURLToPath(import.meta.url)), '../../../public', schedule.imageSrc);
      const svg = readFileSync(file, 'utf8');
      // If this fails, run: node --import tsx scripts/make-bus-schedules.ts
      expect(svg).toBe(renderScheduleSvg(schedule));
      expect(Buffer.byteLength(svg)).toBeLessThan(5_000);

      const doc = new DOMParser().parseFromString(svg, 'image/svg+xml');
      expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
      expect(doc.documentElement.getAttribute('xmlns')).toBe('http://www.w3.org/2000/svg');
      expect(doc.querySelector('title')?.textContent).toContain(`${schedule.from} → ${schedule.to}`);
      const texts = Array.from(doc.querySelectorAll('text')).map((t) => t.textContent);
      expect(texts).toContain("Indicative — check the operator's timetable");
      for (const time of schedule.departures) expect(texts).toContain(time);
    });
  }
});
