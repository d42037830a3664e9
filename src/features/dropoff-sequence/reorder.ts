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
