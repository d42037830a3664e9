import { I18nProvider } from '@lingui/react';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { formatPhoneNumber } from '../lib/format';
import { i18n } from '../lib/i18n/i18n';
import { ContactButtons, telLink, whatsappLink } from './contact-buttons';

describe('contact links', () => {
  it('dial numbers stored in E.164 as they are', () => {
    expect(whatsappLink('+6591234567')).toBe('https://wa.me/6591234567');
    expect(whatsappLink('+60123456789', 'Hi there')).toBe('https://wa.me/60123456789?text=Hi%20there');
    expect(telLink('+60123456789')).toBe('tel:+60123456789');
  });

  it('dial the right country for numbers stored before they were normalised', () => {
    expect(whatsappLink('9123 4567')).toBe('https://wa.me/6591234567');
    expect(whatsappLink('+65 9123 4567')).toBe('https://wa.me/6591234567');
    expect(whatsappLink('012-345 6789')).toBe('https://wa.me/60123456789');
    expect(telLink('012-345 6789')).toBe('tel:+60123456789');
    expect(telLink('+60 11 2222 3333')).toBe('tel:+601122223333');
    // Unreadable: its digits, as before.
    expect(whatsappLink('1234 567')).toBe('https://wa.me/1234567');
    expect(telLink('1234 567')).toBe('tel:1234567');
  });

  it('show numbers the way people write them', () => {
    expect(formatPhoneNumber('+6591234567')).toBe('+65 9123 4567');
    expect(formatPhoneNumber('+60123456789')).toBe('+60 12-345 6789');
    expect(formatPhoneNumber('+601123456789')).toBe('+60 11-2345 6789');
    expect(formatPhoneNumber('+60323456789')).toBe('+60 3-2345 6789');
    expect(formatPhoneNumber('+447700900123')).toBe('+447700900123');
    // Stored before numbers were normalised: read, then shown the same way.
    expect(formatPhoneNumber('012-345 6789')).toBe('+60 12-345 6789');
    expect(formatPhoneNumber('9123 4567')).toBe('+65 9123 4567');
    expect(formatPhoneNumber('ask at the counter')).toBe('ask at the counter');
    // A missing number takes the screen's own fallback.
    expect(formatPhoneNumber(null, '–')).toBe('–');
    expect(formatPhoneNumber(undefined, '')).toBe('');
    expect(formatPhoneNumber('', null)).toBeNull();
    expect(formatPhoneNumber('9123 4567', '–')).toBe('+65 9123 4567');
  });

  it('renders WhatsApp and call buttons for stored numbers', () => {
    render(
      <I18nProvider i18n={i18n}>
        <ContactButtons
          personName="Siti"
          channels={['whatsapp', 'malaysian']}
          contact={{ whatsappNumber: '+6591234567', malaysianNumber: '+60123456789' }}
        />
      </I18nProvider>,
    );
    expect(screen.getByRole('link', { name: 'WhatsApp Siti' })).toHaveAttribute('href', 'https://wa.me/6591234567');
    const call = screen.getByRole('link', { name: '+60 12-345 6789: call Siti' });
    expect(call).toHaveAttribute('href', 'tel:+60123456789');
    expect(call).toHaveTextContent('+60 12-345 6789');
  });

  it('shows no +60 button for a member without a Malaysian number, and still says when WhatsApp is missing', () => {
    render(
      <I18nProvider i18n={i18n}>
        <ContactButtons
          personName="Siti"
          channels={['whatsapp', 'malaysian', 'discord']}
          contact={{ discordUsername: 'siti' }}
        />
      </I18nProvider>,
    );
    expect(screen.queryByText('+60')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Malaysian number/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'WhatsApp: Siti gave no WhatsApp' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Discord: copy the username of Siti' })).toBeInTheDocument();
  });
});
