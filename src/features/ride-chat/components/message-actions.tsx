import { type ReactNode, useEffect, useRef, useState } from 'react';

// A message's actions (Report, Block, Pin, Delete) behind one "⋯" button, so a one-line message
// takes one line (issue 37 §1). What it holds is built the first time it opens and then kept,
// so a Report or Block dialog opened from it stays open while the member answers it; a tap
// elsewhere, or Escape, closes the menu.
export function MessageActions({ label, children }: { label: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [built, setBuilt] = useState(false);
  const menu = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: PointerEvent) => {
      if (!menu.current?.contains(event.target as Node)) setOpen(false);
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      // A dialog opened from the menu takes its own Escape.
      if (event.key === 'Escape' && !menu.current?.querySelector('dialog[open]')) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('pointerdown', closeOutside);
      document.removeEventListener('keydown', closeOnEscape);
    };
  }, [open]);

  return (
    <div ref={menu} className="relative">
      <button
        type="button"
        className="btn btn-ghost btn-sm min-h-11 min-w-11 px-2"
        aria-label={label}
        aria-expanded={open}
        onClick={() => {
          setBuilt(true);
          setOpen((was) => !was);
        }}
      >
        <span aria-hidden="true">⋯</span>
      </button>
      {built ? (
        <div
          className={`absolute z-20 mt-1 flex min-w-44 flex-col items-stretch gap-1 rounded-box bg-base-100 p-2 shadow-lg ${
            open ? '' : 'hidden'
          } end-0`}
        >
          {children}
        </div>
      ) : null}
    </div>
  );
}
