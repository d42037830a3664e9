import { useEffect, useRef } from 'react';
import Sortable, { type SortableEvent } from 'sortablejs';

interface Options {
  disabled: boolean;
  // Controls inside an item that stay tappable and never start a drag (the whole item drags).
  filter: string;
  // Called once a drag ends on a new place in the same list; React then renders the new order.
  onMove: (event: SortableEvent & { oldIndex: number; newIndex: number }) => void;
}

// On a touchscreen a drag starts after the finger rests this long on an item: a swipe that
// starts on the list still scrolls the page, as every item can be picked up anywhere.
// (A mouse drags at once.)
const TOUCH_HOLD_MS = 150;
// How far a resting finger may wander before the hold counts as a swipe (px).
const TOUCH_WANDER_PX = 8;

// SortableJS moves the dragged element in the DOM itself. React owns that list, so the element
// goes back where React put it and the move is reported instead: the rows re-render in the new
// order from state, and React's view of the DOM stays true.
// `list` is the element itself (from a callback ref), so the list appearing after loading is seen.
export function useSortableList(list: HTMLElement | null, { disabled, filter, onMove }: Options) {
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
      // The whole item is the handle; the filtered controls keep their click.
      filter,
      preventOnFilter: false,
      delay: TOUCH_HOLD_MS,
      delayOnTouchOnly: true,
      touchStartThreshold: TOUCH_WANDER_PX,
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
  }, [list, filter]);

  useEffect(() => {
    disabledRef.current = disabled;
    sortableRef.current?.option('disabled', disabled);
  }, [disabled]);
}
