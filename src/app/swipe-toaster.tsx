import { type PointerEvent, useRef } from 'react';
import { type Toast, toast, ToastBar, Toaster } from 'react-hot-toast';

const TOAST_DURATION_MS = 5000;
// SPEC §9: swipe right past 50 px dismisses; a dismissed toast leaves the DOM 1,000,000 ms later.
const SWIPE_DISMISS_PX = 50;
const REMOVE_DELAY_MS = 1_000_000;
// The sticky header's height (layout.tsx) and a gap, under the phone's notch.
const TOASTS_BELOW_HEADER = 'calc(env(safe-area-inset-top, 0px) + 4.5rem)';

function SwipeableToast({ item }: { item: Toast }) {
  const startX = useRef<number | null>(null);
  const onPointerDown = (event: PointerEvent) => {
    startX.current = event.clientX;
  };
  const onPointerUp = (event: PointerEvent) => {
    if (startX.current !== null && event.clientX - startX.current > SWIPE_DISMISS_PX) toast.dismiss(item.id);
    startX.current = null;
  };
  return (
    <div
      onPointerDown={onPointerDown}
      onPointerUp={onPointerUp}
      onPointerCancel={() => (startX.current = null)}
      className="touch-pan-y"
    >
      <ToastBar toast={item} />
    </div>
  );
}

export function SwipeToaster() {
  return (
    // At the top, below the sticky header: at the very top a toast covered the header and its
    // menu button for 5 s, at the bottom the primary action a member taps next ("I've paid",
    // Send, Post request; issue 37 §6) and the phone's bottom bar.
    <Toaster
      position="top-center"
      containerStyle={{ top: TOASTS_BELOW_HEADER }}
      toastOptions={{ duration: TOAST_DURATION_MS, removeDelay: REMOVE_DELAY_MS }}
    >
      {(item) => <SwipeableToast item={item} />}
    </Toaster>
  );
}
