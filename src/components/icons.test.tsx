import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import sprite from '../assets/icons.svg?raw';
import { CarIcon, ICON_NAMES, LoginIcon, PinIcon } from './icons';

describe('the icon sprite', () => {
  it('holds one 24 px row per icon, in the order the icons are named', () => {
    const rows = [...sprite.matchAll(/<g id="([^"]+)"(?: transform="translate\(0 (\d+)\)")?>/g)].map((match) => ({
      name: match[1],
      top: Number(match[2] ?? 0),
    }));
    expect(rows.map((row) => row.name)).toEqual([...ICON_NAMES]);
    expect(rows.map((row) => row.top)).toEqual(ICON_NAMES.map((_, index) => index * 24));
    expect(sprite).toContain(`viewBox="0 0 24 ${ICON_NAMES.length * 24}"`);
  });

  it('shows each icon through its own row, at the size asked for', () => {
    const { container } = render(
      <>
        <CarIcon />
        <PinIcon size={28} />
        <LoginIcon />
      </>,
    );
    const icons = [...container.querySelectorAll<HTMLElement>('[data-icon]')];
    const last = ICON_NAMES.length - 1;
    expect(icons.map((icon) => [icon.dataset.icon, icon.style.maskPosition, icon.style.width])).toEqual([
      ['car', '0 0%', '20px'],
      ['pin', `0 ${(ICON_NAMES.indexOf('pin') / last) * 100}%`, '28px'],
      ['login', '0 100%', '20px'],
    ]);
    expect(new Set(icons.map((icon) => icon.style.maskSize))).toEqual(new Set([`100% ${ICON_NAMES.length * 100}%`]));
  });
});
