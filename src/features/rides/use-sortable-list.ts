import Sortable, { type SortableEvent } from 'sortablejs';
import { useEffect, useRef } from 'react';

interface Options {
  disabled: boolean;
  handle: string;
  // Called once a drag ends on a new place in the same list; React then renders the new order.
  onMove: (event: SortableEvent & { oldIndex: number; newIndex: number }) => void;
}

// SortableJS moves the dragged element in the DOM itself. React owns that list, so the element
// goes back where React put it and the move is reported instead: the rows re-render in the new
// order from state, and React's view of the DOM stays true.
// `list` is the element itself (from a callback ref), so the list appearing after loading is seen.
export function useSortableList(list: HTMLElement | null, { disabled, handle, onMove }: Options) {
  const onMoveRef = useRef(onMove);
  useEffect(() => {
    onMoveRef.current = onMove;
  });

  const disabledRef = useRef(disabled);
  const sortableRef = useRef<Sortable | null>(null);
  useEffect(() => {
    if (!list) return;
    const sortable = Sortable.create(list, {
      animation: 150,
      handle,
      onEnd: (event) => {
        const { item, from, oldIndex, newIndex } = event;
        if (oldIndex == null || newIndex == null || oldIndex === newIndex) return;
        from.removeChild(item);
        from.insertBefore(item, from.children[oldIndex] ?? null);
        if (event.to !== from) return;
        onMoveRef.current({ ...event, oldIndex, newIndex } as SortableEvent & { oldIndex: number; newIndex: number });
      },
    });
    sortable.option('disabled', disabledRef.current);
    sortableRef.current = sortable;
    return () => {
      sortable.destroy();
      sortableRef.current = null;
    };
  }, [list, handle]);

  useEffect(() => {
    disabledRef.current = disabled;
    sortableRef.current?.option('disabled', disabled);
  }, [disabled]);
}
