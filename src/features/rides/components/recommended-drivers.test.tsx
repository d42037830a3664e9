import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { whatsappLink } from '../../../components/contact-buttons';
import { jsonResponse, renderWithProviders, stubFetch } from '../../../testing/render';
import { RecommendedDriversList } from './recommended-drivers';

// What the api lists (supabase/seed.sql holds the same two drivers).
const DRIVERS = [
  { id: 1, name: 'Uncle Lim', whatsappNumber: '+6580000075', malaysianNumber: '+60120000075', vehicleType: 'Toyota Alphard (6 seats)', notes: 'S$75 per trip, plus S$5 for each additional stop.', basePriceSgd: 75 },
  { id: 2, name: 'Mr Kumar', whatsappNumber: '+6580000080', malaysianNumber: null, vehicleType: 'Toyota HiAce (10 seats)', notes: null, basePriceSgd: null },
];

function answerDrivers() {
  return stubFetch((url) => (url.endsWith('/api/driver-contacts') ? jsonResponse(DRIVERS) : jsonResponse({}, 404)));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('RecommendedDriversList', () => {
  it('lists the drivers the api answers with prices, WhatsApp and Malaysian phone links', async () => {
    const fetchMock = answerDrivers();
    renderWithProviders(<RecommendedDriversList />);
    expect(fetchMock).toHaveBeenCalledWith(expect.stringContaining('/api/driver-contacts'), expect.anything());
    const lim = (await screen.findByRole('heading', { level: 3, name: 'Uncle Lim' })).closest('li')!;
    expect(within(lim).getByText('S$75 per trip')).toBeInTheDocument();
    expect(within(lim).getByText(DRIVERS[0].notes!)).toBeInTheDocument();
    const whatsapp = within(lim).getByRole('link', { name: /WhatsApp Uncle Lim/ });
    expect(whatsapp.getAttribute('href')).toMatch(new RegExp(`^${whatsappLink(DRIVERS[0].whatsappNumber)}\\?text=`));
    expect(whatsapp).toHaveAttribute('target', '_blank');
    expect(whatsapp).toHaveAttribute('rel', 'noreferrer');
    expect(within(lim).getByRole('link', { name: /call Uncle Lim/ })).toHaveAttribute('href', 'tel:+60120000075');

    const kumar = screen.getByRole('heading', { level: 3, name: 'Mr Kumar' }).closest('li')!;
    expect(within(kumar).getByText('Ask the driver for a price')).toBeInTheDocument();
    expect(within(kumar).queryByRole('link', { name: /call/ })).toBeNull();
  });

  it('says why no driver is listed when the list was never loaded', async () => {
    // Offline with nothing saved: the request fails.
    stubFetch();
    renderWithProviders(<RecommendedDriversList />);
    expect(await screen.findByText(/Driver contacts could not be loaded/)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 3 })).toBeNull();
  });
});
