// Icons in the Lucide style, drawn at 24 px and shown at 20 (no icon font to download).
//
// Each is one element painted in the text's colour through the icon's shape (a CSS mask), not an
// inline <svg>: a ride card has four icons, and their SVG elements (four or five each, every one
// styled and laid out by the browser) were a third of the style and layout work of a page of
// cards on a phone. The shapes are one sprite, src/assets/icons.svg, one icon per 24 px row: the
// browser builds a document for every distinct SVG image it paints, during the style pass: the
// guide's seven separate icon images cost it about 100 ms of style work at a 4x slowed CPU.
// Never shrunk: beside text that wraps (a long address in a flex row) a flex item may shrink,
// and the pin became a dot.

// The sprite's rows, top to bottom (a test holds icons.svg to this order).
export const ICON_NAMES = [
  'car',
  'menu',
  'close',
  'calendar',
  'pin',
  'users',
  'money',
  'share',
  'chat',
  'phone',
  'copy',
  'alert',
  'home',
  'ticket',
  'plus',
  'bell',
  'book',
  'bus',
  'login',
] as const;

type IconName = (typeof ICON_NAMES)[number];

interface IconProps {
  // The side in CSS pixels.
  size?: number;
  className?: string;
}

// The sprite is scaled to the icon's width, then shifted up to the icon's row.
const MASK_SIZE = `100% ${ICON_NAMES.length * 100}%`;

function spriteIcon(name: IconName) {
  const maskPosition = `0 ${(ICON_NAMES.indexOf(name) / (ICON_NAMES.length - 1)) * 100}%`;
  return function Icon({ size = 20, className }: IconProps) {
    return (
      <span
        aria-hidden="true"
        data-icon={name}
        className={className ? `icon ${className}` : 'icon'}
        style={{
          width: size,
          height: size,
          maskSize: MASK_SIZE,
          WebkitMaskSize: MASK_SIZE,
          maskPosition,
          WebkitMaskPosition: maskPosition,
        }}
      />
    );
  };
}

export const CarIcon = spriteIcon('car');

export const MenuIcon = spriteIcon('menu');

export const CloseIcon = spriteIcon('close');

export const CalendarIcon = spriteIcon('calendar');

export const PinIcon = spriteIcon('pin');

export const UsersIcon = spriteIcon('users');

export const MoneyIcon = spriteIcon('money');

export const ShareIcon = spriteIcon('share');

export const ChatIcon = spriteIcon('chat');

export const PhoneIcon = spriteIcon('phone');

export const CopyIcon = spriteIcon('copy');

export const AlertIcon = spriteIcon('alert');

export const HomeIcon = spriteIcon('home');

export const TicketIcon = spriteIcon('ticket');

export const PlusIcon = spriteIcon('plus');

export const BellIcon = spriteIcon('bell');

export const BookIcon = spriteIcon('book');

export const BusIcon = spriteIcon('bus');

export const LoginIcon = spriteIcon('login');
