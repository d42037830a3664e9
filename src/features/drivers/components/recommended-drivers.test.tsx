import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';

import { whatsappLink } from '../../../components/contact-buttons';
import { i18n } from '../../../lib/i18n/i18n';
import { renderWithProviders } from '../../../testing/render';
import { pathsOf, recordRequests } from '../../../testing/requests';
import { server } from '../../../testing/server';
import { RecommendedDriverButtons, RecommendedDriversList } from './recommended-drivers';

// What the api lists (supabase/seed.sql holds drivers of the same shape): seats and prices as
// numbers, the notes in English with their translations.
const DRIVERS = [
  {
    id: 1,
    name: 'Uncle Lim',
    whatsappNumber: '+6580000075',
    malaysianNumber: '+60120000075',
    vehicleType: 'Toyota Alphard',
    isActive: true,
    seats: 6,
    notes: 'Waits at the taxi stand.',
    translations: { zh: { notes: '在出租车站等候。' } },
    basePriceSgd: 75,
    stopPriceSgd: 5,
    stopPriceMaxSgd: null,
  },
  {
    id: 2,
    name: 'Mr Kumar',
    whatsappNumber: '+6580000080',
    malaysianNumber: null,
    vehicleType: 'Toyota HiAce',
    isActive: true,
    seats: 10,
    notes: null,
    translations: {},
    basePriceSgd: null,
    stopPriceSgd: 5,
    stopPriceMaxSgd: 10,
  },
];

function answerDrivers() {
  server.use(http.get('*/api/driver-contacts', () => HttpResponse.json(DRIVERS)));
}

afterEach(() => {
  act(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));
});

describe('RecommendedDriversList', () => {
  it('lists the drivers the api answers with prices, WhatsApp and Malaysian phone links', async () => {
    answerDrivers();
    const sent = recordRequests();
    renderWithProviders(<RecommendedDriversList />);
    await waitFor(() => expect(pathsOf(sent)).toContain('/api/driver-contacts'));
    const lim = (await screen.findByRole('heading', { level: 3, name: 'Uncle Lim' })).closest('li')!;
    expect(within(lim).getByText('$75 SGD per trip')).toBeInTheDocument();
    expect(within(lim).getByText('plus $5 SGD for each additional stop')).toBeInTheDocument();
    expect(within(lim).getByText(/6 seats/)).toBeInTheDocument();
    expect(within(lim).getByText(DRIVERS[0].notes!)).toBeInTheDocument();
    const whatsapp = within(lim).getByRole('link', { name: /WhatsApp Uncle Lim/ });
    expect(whatsapp.getAttribute('href')).toMatch(new RegExp(`^${whatsappLink(DRIVERS[0].whatsappNumber)}\\?text=`));
    expect(whatsapp).toHaveAttribute('target', '_blank');
    expect(whatsapp).toHaveAttribute('rel', 'noreferrer');
    expect(within(lim).getByRole('link', { name: /call Uncle Lim/ })).toHaveAttribute('href', 'tel:+60120000075');

    const kumar = screen.getByRole('heading', { level: 3, name: 'Mr Kumar' }).closest('li')!;
    expect(within(kumar).getByText('Ask the driver for a price')).toBeInTheDocument();
    expect(within(kumar).getByText('plus $5 SGD to $10 SGD for each additional stop')).toBeInTheDocument();
    expect(within(kumar).queryByRole('link', { name: /call/ })).toBeNull();
  });

  it('says why no driver is listed when the list was never loaded', async () => {
    // Offline with nothing saved: the request fails.
    server.use(http.get('*/api/driver-contacts', () => HttpResponse.error()));
    renderWithProviders(<RecommendedDriversList />);
    expect(await screen.findByText(/Driver contacts could not be loaded/)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 3 })).toBeNull();
  });

  it("shows the notes in the reader's language, the English where there is no translation", async () => {
    answerDrivers();
    act(() => i18n.loadAndActivate({ locale: 'zh', messages: {} }));
    renderWithProviders(<RecommendedDriversList />);
    const lim = (await screen.findByRole('heading', { level: 3, name: 'Uncle Lim' })).closest('li')!;
    expect(within(lim).getByText('在出租车站等候。')).toBeInTheDocument();
    expect(within(lim).queryByText(DRIVERS[0].notes!)).toBeNull();
  });
});

describe('RecommendedDriverButtons', () => {
  it('gives each contact button the driver’s price, stops and seats', async () => {
    answerDrivers();
    renderWithProviders(<RecommendedDriverButtons message="Hi" />);
    const lim = (await screen.findByRole('link', { name: /Uncle Lim/ })).closest('li')!;
    expect(lim).toHaveTextContent('$75 SGD per trip, plus $5 SGD for each additional stop · 6 seats');
    expect(lim).toHaveTextContent(DRIVERS[0].notes!);
  });
});
