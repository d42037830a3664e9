import { describe, expect, it } from 'vitest';

import { droppedOutside, dropPoint, moveItem, renumber } from './reorder';

interface Row {
  id: number;
  name: string;
  position?: number;
}

// Positions as the server last sent them, deliberately not 1..n, so renumbering is visible.
const rows = (): Row[] => [
  { id: 11, name: 'Bedok', position: 4 },
  { id: 12, name: 'Tampines', position: 7 },
  { id: 13, name: 'Pasir Ris', position: 9 },
  { id: 14, name: 'Changi', position: 12 },
];
const ids = (items: readonly Row[]) => items.map((row) => row.id);

describe('moveItem (SPEC §4)', () => {
  it('moves an entry down and the ones in between up', () => {
    expect(ids(moveItem(rows(), 0, 2))).toEqual([12, 13, 11, 14]);
  });

  it('moves an entry up and the ones in between down', () => {
    expect(ids(moveItem(rows(), 3, 1))).toEqual([11, 14, 12, 13]);
  });

  it('moves to either end', () => {
    expect(ids(moveItem(rows(), 2, 0))).toEqual([13, 11, 12, 14]);
    expect(ids(moveItem(rows(), 0, 3))).toEqual([12, 13, 14, 11]);
  });

  it.each([
    ['the same index', 1, 1],
    ['a negative source', -1, 2],
    ['a negative target', 2, -1],
    ['a source past the end', 4, 0],
    ['a target past the end', 0, 4],
  ])('leaves the order as it was for %s', (_label, from, to) => {
    const items = rows();
    const moved = moveItem(items, from, to);
    expect(ids(moved)).toEqual([11, 12, 13, 14]);
    // Still a copy: the caller may put it in state without aliasing the old list.
    expect(moved).not.toBe(items);
  });

  it('does not mutate the list it was given', () => {
    const items = rows();
    const before = structuredClone(items);
    moveItem(items, 0, 3);
    expect(items).toEqual(before);
  });

  it('handles an empty list', () => {
    expect(moveItem([], 0, 0)).toEqual([]);
  });
});

describe('renumber', () => {
  it('numbers the entries from 1 in their current order, whatever they held before', () => {
    expect(renumber(rows()).map((row) => row.position)).toEqual([1, 2, 3, 4]);
  });

  it('numbers from 1 after a move, so the moved entry takes its new place', () => {
    const renumbered = renumber(moveItem(rows(), 3, 0));
    expect(renumbered.map((row) => [row.id, row.position])).toEqual([
      [14, 1],
      [11, 2],
      [12, 3],
      [13, 4],
    ]);
  });

  it('keeps the other fields and does not mutate the input', () => {
    const items = rows();
    const before = structuredClone(items);
    const renumbered = renumber(items);
    expect(renumbered[1]).toEqual({ id: 12, name: 'Tampines', position: 2 });
    expect(renumbered[1]).not.toBe(items[1]);
    expect(items).toEqual(before);
  });
});

// SortableJS's end event, carrying the DOM event that ended the drag.
const ended = (originalEvent?: object) => Object.assign(new Event('end'), { originalEvent }) as Event;

describe('dropPoint', () => {
  it('reads where a mouse or pen let go', () => {
    expect(dropPoint(ended(new MouseEvent('drop', { clientX: 40, clientY: 75 })))).toEqual({ x: 40, y: 75 });
  });

  it('reads the finger lifted from a touch screen', () => {
    expect(dropPoint(ended({ type: 'touchend', changedTouches: [{ clientX: 12, clientY: 300 }] }))).toEqual({
      x: 12,
      y: 300,
    });
  });

  it('knows no position when the event carries none', () => {
    expect(dropPoint(ended())).toBeNull();
    expect(dropPoint(ended({ type: 'touchcancel', changedTouches: [] }))).toBeNull();
  });
});

describe('droppedOutside (SPEC §4: dropping outside the list does nothing)', () => {
  const list = { left: 10, top: 100, right: 310, bottom: 250 };

  it.each([
    ['above', { x: 100, y: 99 }],
    ['below', { x: 100, y: 251 }],
    ['to the left', { x: 9, y: 150 }],
    ['to the right', { x: 311, y: 150 }],
  ])('is outside %s the list', (_where, point) => {
    expect(droppedOutside(list, point)).toBe(true);
  });

  it.each([
    ['in the middle', { x: 160, y: 175 }],
    ['on its top edge', { x: 10, y: 100 }],
    ['on its bottom edge', { x: 310, y: 250 }],
  ])('is inside %s', (_where, point) => {
    expect(droppedOutside(list, point)).toBe(false);
  });

  it('trusts SortableJS when the drop has no position', () => {
    expect(droppedOutside(list, null)).toBe(false);
  });
});
