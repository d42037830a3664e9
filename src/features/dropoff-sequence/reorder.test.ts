import { describe, expect, it } from 'vitest';
import { moveItem, renumber } from './reorder';

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
