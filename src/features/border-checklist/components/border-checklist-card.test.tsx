import type { BorderChecklistItem } from '@shared/schemas/border-checklist.ts';
import { act, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { i18n } from '../../../lib/i18n/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { makePassenger, makeRide } from '../../../testing/fixtures';
import { renderWithProviders, testUser } from '../../../testing/render';
import { recordRequests } from '../../../testing/requests';
import { server } from '../../../testing/server';
import { passportExpiryKey, ticksKey } from '../device-store';
import { borderChecklistKeys } from '../query-keys';
import { BorderChecklistCard, type BorderChecklistCardProps } from './border-checklist-card';

const BOTH = ['SG->FC', 'FC->SG'] as BorderChecklistItem['directions'];
const MDAC = 'https://imigresen-online.imi.gov.my/mdac/main';
const SGAC = 'https://eservices.ica.gov.sg/sgarrivalcard/';

function item(id: number, overrides: Partial<BorderChecklistItem>): BorderChecklistItem {
  return {
    id,
    position: id * 10,
    title: `Item ${id}`,
    details: null,
    linkUrl: null,
    linkLabel: null,
    directions: BOTH,
    kind: 'static',
    updatedAt: '2026-11-23T00:00:00.000Z',
    ...overrides,
  };
}

// As the migration seeds them.
const ITEMS: BorderChecklistItem[] = [
  item(1, { title: 'Passport valid for at least 6 months', kind: 'passport' }),
  item(2, {
    title: 'Malaysia Digital Arrival Card',
    linkUrl: MDAC,
    linkLabel: 'Malaysia Digital Arrival Card (official site)',
    directions: ['SG->FC'],
    translations: {
      zh: { title: '马来西亚数码入境卡（MDAC）', linkLabel: '马来西亚数码入境卡（官方网站）' },
      ms: { title: 'Kad Ketibaan Digital Malaysia (MDAC)' },
    },
  }),
  item(3, {
    title: 'SG Arrival Card',
    linkUrl: SGAC,
    linkLabel: 'SG Arrival Card (ICA official site)',
    directions: ['FC->SG'],
  }),
  item(4, {
    title: 'Allow 45-60 minutes at the checkpoint',
    details: 'Clearing immigration takes 45-60 minutes.',
    translations: { zh: { details: '过关需要 45-60 分钟。' } },
  }),
  item(5, { title: 'Stop order and pickup time', kind: 'stops' }),
  item(6, { title: "Driver's car plate and contact", kind: 'driver' }),
];

const ALICE = testUser({ id: 7 });
// 31 Aug 2030 16:30 UTC: 1 Sep 2030, 00:30 in Singapore.
const MIDNIGHT_RIDE = '2030-08-31T16:30:00.000Z';

function serveChecklist(items: BorderChecklistItem[] = ITEMS) {
  server.use(http.get('*/api/border-checklist', () => HttpResponse.json(items)));
  return recordRequests();
}

function renderCard(props: Partial<BorderChecklistCardProps> = {}, queryClient = createQueryClient()) {
  const full: BorderChecklistCardProps = {
    ride: makeRide({ id: 1, date: MIDNIGHT_RIDE }),
    memberId: ALICE.id,
    passengers: [],
    driver: null,
    ...props,
  };
  return renderWithProviders(<BorderChecklistCard key={`${full.memberId}:${full.ride.id}`} {...full} />, {
    user: ALICE,
    queryClient,
  });
}

describe('BorderChecklistCard', () => {
  beforeEach(() => window.localStorage.clear());
  afterEach(() => window.localStorage.clear());

  it('lists the items for the ride direction, each a labelled checkbox, with the official link', async () => {
    serveChecklist();
    renderCard({ ride: makeRide({ id: 1, date: MIDNIGHT_RIDE, direction: 'SG->FC' }) });
    const card = await screen.findByRole('region', { name: 'Border checklist' });
    await within(card).findByRole('checkbox', { name: 'Passport valid for at least 6 months' });
    expect(within(card).getAllByRole('checkbox')).toHaveLength(5);
    expect(within(card).getByRole('checkbox', { name: 'Malaysia Digital Arrival Card' })).not.toBeChecked();
    expect(within(card).queryByRole('checkbox', { name: 'SG Arrival Card' })).not.toBeInTheDocument();
    const link = within(card).getByRole('link', { name: 'Malaysia Digital Arrival Card (official site)' });
    expect(link).toHaveAttribute('href', MDAC);
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(
      within(card).getByRole('checkbox', { name: 'Allow 45-60 minutes at the checkpoint' }),
    ).toHaveAccessibleDescription('Clearing immigration takes 45-60 minutes.');
  });

  it('shows the SG Arrival Card, not the Malaysian one, towards Singapore', async () => {
    serveChecklist();
    renderCard({ ride: makeRide({ id: 1, date: MIDNIGHT_RIDE, direction: 'FC->SG', pickupLocation: 'Forest City' }) });
    expect(await screen.findByRole('checkbox', { name: 'SG Arrival Card' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'SG Arrival Card (ICA official site)' })).toHaveAttribute('href', SGAC);
    expect(screen.queryByRole('checkbox', { name: 'Malaysia Digital Arrival Card' })).not.toBeInTheDocument();
  });

  it('never links anything but https', async () => {
    serveChecklist([item(9, { title: 'Odd row', linkUrl: 'javascript:alert(1)', linkLabel: 'Click me' })]);
    renderCard();
    await screen.findByRole('checkbox', { name: 'Odd row' });
    expect(screen.queryByRole('link', { name: 'Click me' })).not.toBeInTheDocument();
  });

  it('keeps ticks on the device per member and per ride, and sends nothing', async () => {
    const sent = serveChecklist();
    const first = renderCard();
    await first.user.click(await screen.findByRole('checkbox', { name: 'Malaysia Digital Arrival Card' }));
    await first.user.click(screen.getByRole('checkbox', { name: 'Allow 45-60 minutes at the checkpoint' }));
    expect(screen.getByText(/2 of 5 ready/)).toBeInTheDocument();
    expect(JSON.parse(window.localStorage.getItem(ticksKey(7, 1)) ?? '[]')).toEqual([2, 4]);
    first.unmount();

    // The same member and ride, later: the ticks are back.
    const again = renderCard();
    expect(await screen.findByRole('checkbox', { name: 'Malaysia Digital Arrival Card' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Allow 45-60 minutes at the checkpoint' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Passport valid for at least 6 months' })).not.toBeChecked();
    // Untick one: only that one goes.
    await again.user.click(screen.getByRole('checkbox', { name: 'Malaysia Digital Arrival Card' }));
    expect(JSON.parse(window.localStorage.getItem(ticksKey(7, 1)) ?? '[]')).toEqual([4]);
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.every((request) => request.method === 'GET')).toBe(true);
  });

  it('starts another ride, or another member on this phone, unticked', async () => {
    serveChecklist();
    window.localStorage.setItem(ticksKey(7, 1), JSON.stringify([2, 4]));
    const otherRide = renderCard({ ride: makeRide({ id: 2, date: MIDNIGHT_RIDE }) });
    expect(await screen.findByRole('checkbox', { name: 'Malaysia Digital Arrival Card' })).not.toBeChecked();
    otherRide.unmount();
    renderCard({ memberId: 8 });
    expect(await screen.findByRole('checkbox', { name: 'Malaysia Digital Arrival Card' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Allow 45-60 minutes at the checkpoint' })).not.toBeChecked();
  });

  it('warns when the passport expires less than 6 months after the ride day in Singapore', async () => {
    const sent = serveChecklist();
    const { user } = renderCard();
    const expiry = await screen.findByLabelText('Passport expiry');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    // The ride is on 1 Sep 2030 in Singapore (31 Aug in UTC): valid until 1 Mar 2031 needed.
    await user.type(expiry, '2031-02-28');
    const warning = await screen.findByRole('alert');
    expect(warning).toHaveTextContent(/less than 6 months after this ride/);
    expect(warning).toHaveTextContent(/1 March 2031/);

    await user.clear(expiry);
    await user.type(expiry, '2031-03-01');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByText('Valid for at least 6 months after this ride.')).toBeInTheDocument();

    // On this device only, one per member; never in a request.
    expect(window.localStorage.getItem(passportExpiryKey(7))).toBe('2031-03-01');
    expect(sent.length).toBeGreaterThan(0);
    for (const request of sent) {
      expect(`${request.path} ${JSON.stringify(request.body ?? '')}`).not.toMatch(/2031/);
      expect(request.method).toBe('GET');
    }
  });

  it('reads the saved expiry for the member, on any of their rides', async () => {
    serveChecklist();
    window.localStorage.setItem(passportExpiryKey(7), '2030-12-01');
    renderCard({ ride: makeRide({ id: 3, date: '2030-06-16T01:30:00.000Z' }) });
    expect(await screen.findByLabelText('Passport expiry')).toHaveValue('2030-12-01');
    // 16 Jun 2030 + 6 months = 16 Dec 2030.
    expect(await screen.findByRole('alert')).toHaveTextContent(/16 December 2030/);
  });

  it('shows the pickup time and the stop order, marking the member’s own stop', async () => {
    serveChecklist();
    renderCard({
      ride: makeRide({
        id: 1,
        date: MIDNIGHT_RIDE,
        direction: 'FC->SG',
        pickupLocation: 'Forest City',
        dropoffLocations: [{ location: 'Jurong East MRT', passengerCount: 1 }],
        sequenceLocked: true,
      }),
      passengers: [
        makePassenger(1, { userId: 7, dropoffLocation: 'Tampines Mall', dropoffSequence: 3 }),
        makePassenger(2, { dropoffLocation: 'Clementi MRT', dropoffSequence: 2 }),
      ],
    });
    await screen.findByRole('checkbox', { name: 'Stop order and pickup time' });
    expect(screen.getByText(/Sun, 1 Sept 2030|Sun, 1 Sep 2030/)).toBeInTheDocument();
    expect(screen.getByText('Drop-offs in order:')).toBeInTheDocument();
    const stops = screen.getAllByRole('listitem').filter((entry) => entry.tagName === 'LI' && entry.closest('ol'));
    expect(stops.map((entry) => entry.textContent)).toEqual([
      'Jurong East MRT',
      'Clementi MRT',
      'Tampines Mall (your stop)',
    ]);
    expect(screen.queryByText(/may still change/)).not.toBeInTheDocument();
  });

  it('numbers an SG->FC ride’s pickups once their order is locked, with the member’s own time (ADR 0040)', async () => {
    serveChecklist();
    renderCard({
      ride: makeRide({ id: 1, date: MIDNIGHT_RIDE, sequenceLocked: true }),
      passengers: [
        makePassenger(1, { dropoffLocation: 'Clementi MRT', dropoffSequence: 1, pickupTime: '00:40' }),
        makePassenger(2, { userId: 7, dropoffLocation: 'Tampines Mall', dropoffSequence: 2, pickupTime: '00:55' }),
      ],
    });
    await screen.findByRole('checkbox', { name: 'Stop order and pickup time' });
    expect(screen.getByText('Pickups in order:')).toBeInTheDocument();
    const stops = screen.getAllByRole('listitem').filter((entry) => entry.tagName === 'LI' && entry.closest('ol'));
    expect(stops.map((entry) => [entry.getAttribute('value'), entry.textContent])).toEqual([
      ['1', 'Pasir Ris MRT'],
      ['2', 'Clementi MRT'],
      ['3', 'Tampines Mall (your stop, about 12:55 am)'],
    ]);
  });

  it('lists an SG->FC ride’s pickups without numbers or times while nobody has set their order', async () => {
    serveChecklist();
    renderCard({
      ride: makeRide({ id: 1, date: MIDNIGHT_RIDE }),
      passengers: [makePassenger(2, { userId: 7, dropoffLocation: 'Tampines Mall', pickupTime: '00:55' })],
    });
    await screen.findByRole('checkbox', { name: 'Stop order and pickup time' });
    expect(screen.getByText('Pickups:')).toBeInTheDocument();
    expect(screen.getByText('Tampines Mall').closest('ul')).not.toBeNull();
    expect(screen.getByText('Tampines Mall').closest('li')).toHaveTextContent(/^Tampines Mall \(your stop\)$/);
  });

  it('shows the driver once known, and says when not yet', async () => {
    serveChecklist();
    const none = renderCard();
    expect(await screen.findByText(/Not known yet/)).toBeInTheDocument();
    none.unmount();
    renderCard({ driver: { name: 'Ali', plate: 'JQA 1234', contact: '+60 12 345 6789' } });
    expect(await screen.findByText('JQA 1234')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '+60 12-345 6789' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^tel:/),
    );
  });

  it('works from the saved copy with no signal', async () => {
    server.use(http.get('*/api/border-checklist', () => HttpResponse.error()));
    const queryClient = createQueryClient();
    queryClient.setQueryData(borderChecklistKeys.items(), ITEMS);
    renderCard({}, queryClient);
    expect(await screen.findByRole('checkbox', { name: 'Malaysia Digital Arrival Card' })).toBeInTheDocument();
  });

  it('shows each text in the reader’s language, the English where there is none', async () => {
    act(() => i18n.loadAndActivate({ locale: 'zh', messages: {} }));
    try {
      serveChecklist();
      renderCard({ ride: makeRide({ id: 1, date: MIDNIGHT_RIDE, direction: 'SG->FC' }) });
      const mdac = await screen.findByRole('checkbox', { name: '马来西亚数码入境卡（MDAC）' });
      expect(screen.queryByRole('checkbox', { name: 'Malaysia Digital Arrival Card' })).not.toBeInTheDocument();
      expect(screen.getByRole('link', { name: '马来西亚数码入境卡（官方网站）' })).toHaveAttribute('href', MDAC);
      // Ticks are the item's, whatever the language.
      expect(mdac).not.toBeChecked();
      // A title not translated stays English; a translated detail shows under it.
      expect(
        screen.getByRole('checkbox', { name: 'Allow 45-60 minutes at the checkpoint' }),
      ).toHaveAccessibleDescription('过关需要 45-60 分钟。');
      expect(screen.getByRole('checkbox', { name: 'Passport valid for at least 6 months' })).toBeInTheDocument();
    } finally {
      act(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));
    }
  });

  it('falls back to the English link label when only the title is translated', async () => {
    act(() => i18n.loadAndActivate({ locale: 'ms', messages: {} }));
    try {
      serveChecklist();
      renderCard();
      expect(await screen.findByRole('checkbox', { name: 'Kad Ketibaan Digital Malaysia (MDAC)' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Malaysia Digital Arrival Card (official site)' })).toHaveAttribute(
        'href',
        MDAC,
      );
    } finally {
      act(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));
    }
  });

  it('shows the English of a copy saved before items had translations', async () => {
    act(() => i18n.loadAndActivate({ locale: 'zh', messages: {} }));
    try {
      server.use(http.get('*/api/border-checklist', () => HttpResponse.error()));
      const queryClient = createQueryClient();
      queryClient.setQueryData(
        borderChecklistKeys.items(),
        ITEMS.map(({ translations: _none, ...rest }) => rest),
      );
      renderCard({}, queryClient);
      expect(await screen.findByRole('checkbox', { name: 'Malaysia Digital Arrival Card' })).toBeInTheDocument();
    } finally {
      act(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));
    }
  });

  it('says when the checklist could not be loaded', async () => {
    server.use(
      http.get('*/api/border-checklist', () =>
        HttpResponse.json({ message: 'Something went wrong on our side. Please try again.' }, { status: 500 }),
      ),
    );
    renderCard();
    expect(await screen.findByRole('alert')).toHaveTextContent(/Could not load the checklist/);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
