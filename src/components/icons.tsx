// Icons in the Lucide style, drawn at 24 px and shown at 20 (no icon font to download).
//
// Each is one element painted in the text's colour through the icon's shape (a CSS mask of the
// SVG), not an inline <svg>: a ride card has four icons, and their SVG elements (four or five
// each, every one styled and laid out by the browser) were a third of the style and layout work
// of a page of cards on a phone. Never shrunk: beside text that wraps (a long address in a flex
// row) a flex item may shrink, and the pin became a dot.

interface IconProps {
  // The side in CSS pixels.
  size?: number;
  className?: string;
}

function maskIcon(name: string, shape: string) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="black" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${shape}</svg>`;
  const image = `url("data:image/svg+xml,${encodeURIComponent(svg)}")`;
  return function Icon({ size = 20, className }: IconProps) {
    return (
      <span
        aria-hidden="true"
        data-icon={name}
        className={className ? `icon ${className}` : 'icon'}
        style={{ width: size, height: size, maskImage: image, WebkitMaskImage: image }}
      />
    );
  };
}

export const CarIcon = maskIcon('car', '<path d="M19 17h2v-5l-2-5H5L3 12v5h2" /><circle cx="7" cy="17" r="2" /><circle cx="17" cy="17" r="2" /><path d="M9 17h6M3 12h18" />');

export const MenuIcon = maskIcon('menu', '<path d="M4 6h16M4 12h16M4 18h16" />');

export const CloseIcon = maskIcon('close', '<path d="M18 6 6 18M6 6l12 12" />');

export const CalendarIcon = maskIcon('calendar', '<rect x="3" y="4" width="18" height="18" rx="2" /><path d="M16 2v4M8 2v4M3 10h18" />');

export const PinIcon = maskIcon('pin', '<path d="M20 10c0 6-8 12-8 12s-8-6-8-12a8 8 0 0 1 16 0Z" /><circle cx="12" cy="10" r="3" />');

export const UsersIcon = maskIcon('users', '<path d="M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2" /><circle cx="9" cy="7" r="4" /><path d="M22 21v-2a4 4 0 0 0-3-3.87M16 3.13a4 4 0 0 1 0 7.75" />');

export const MoneyIcon = maskIcon('money', '<path d="M12 2v20M17 5H9.5a3.5 3.5 0 0 0 0 7h5a3.5 3.5 0 0 1 0 7H6" />');

export const ShareIcon = maskIcon('share', '<circle cx="18" cy="5" r="3" /><circle cx="6" cy="12" r="3" /><circle cx="18" cy="19" r="3" /><path d="m8.6 13.5 6.8 4M15.4 6.5l-6.8 4" />');

export const ChatIcon = maskIcon('chat', '<path d="M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z" />');

export const PhoneIcon = maskIcon('phone', '<path d="M22 16.9v3a2 2 0 0 1-2.2 2 19.8 19.8 0 0 1-8.6-3.1 19.5 19.5 0 0 1-6-6A19.8 19.8 0 0 1 2.1 4.2 2 2 0 0 1 4.1 2h3a2 2 0 0 1 2 1.7c.1.9.4 1.8.7 2.7a2 2 0 0 1-.5 2.1L8 9.8a16 16 0 0 0 6 6l1.3-1.3a2 2 0 0 1 2.1-.4c.9.3 1.8.6 2.7.7a2 2 0 0 1 1.7 2z" />');

export const CopyIcon = maskIcon('copy', '<rect x="9" y="9" width="13" height="13" rx="2" /><path d="M5 15H4a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2h9a2 2 0 0 1 2 2v1" />');

export const AlertIcon = maskIcon('alert', '<path d="m21.7 18-8-14a2 2 0 0 0-3.4 0l-8 14A2 2 0 0 0 4 21h16a2 2 0 0 0 1.7-3Z" /><path d="M12 9v4M12 17h.01" />');
