// After a drag the list is renumbered from 1 locally, before the server answers (SPEC §4).
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= items.length || to >= items.length) return [...items];
  const next = [...items];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved);
  return next;
}

export function renumber<T extends object>(items: readonly T[]): Array<T & { position: number }> {
  return items.map((item, index) => ({ ...item, position: index + 1 }));
}

export interface Point {
  x: number;
  y: number;
}

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

// Where the pointer let go, from SortableJS's end event, which carries the DOM event that ended
// the drag as originalEvent (not in @types/sortablejs): drop (mouse), pointerup (pen) or touchend
// (the finger lifted). null when that event carries no position.
export function dropPoint(end: Event): Point | null {
  const event = (end as Event & { originalEvent?: Partial<MouseEvent> & { changedTouches?: TouchList } }).originalEvent;
  const source = event?.changedTouches?.[0] ?? event;
  if (typeof source?.clientX !== 'number' || typeof source.clientY !== 'number') return null;
  return { x: source.clientX, y: source.clientY };
}

// SPEC §4: dropping outside the list does nothing. Without a known position the drop counts as
// inside, as SortableJS reported it.
export function droppedOutside(list: Box, point: Point | null): boolean {
  if (!point) return false;
  return point.x < list.left || point.x > list.right || point.y < list.top || point.y > list.bottom;
}
