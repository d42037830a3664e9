import { useLingui } from '@lingui/react/macro';
import { type ReactNode, useEffect, useId, useRef } from 'react';

// Asks before a step that cannot simply be taken back. A native <dialog> opened with showModal:
// the page behind is inert, the title names it, the consequence describes it, focus starts on
// the safe choice, and Esc (or Android's back gesture, or a tap outside the box) cancels.
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel,
  destructive = false,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  // The question: the dialog's accessible name.
  title: string;
  // What happens if the member says yes: the dialog's description.
  children: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  destructive?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useLingui();
  const dialog = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      element.showModal();
      cancel.current?.focus();
    } else if (!open && element.open) {
      element.close();
    }
  }, [open]);

  return (
    <dialog
      ref={dialog}
      className="modal modal-bottom sm:modal-middle"
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      // Esc: the browser closes the dialog itself; the owner learns it was cancelled.
      onCancel={onCancel}
      // A tap on the dimmed area around the box (the dialog element itself, not its content).
      onClick={(event) => {
        if (event.target === event.currentTarget) onCancel();
      }}
    >
      <div className="modal-box">
        <h2 id={titleId} className="text-lg font-semibold">
          {title}
        </h2>
        <div id={descriptionId} className="mt-2">
          {children}
        </div>
        <div className="modal-action flex-wrap">
          <button ref={cancel} type="button" className="btn btn-outline min-h-11 min-w-11" onClick={onCancel}>
            {cancelLabel ?? t`Cancel`}
          </button>
          <button
            type="button"
            className={`btn min-h-11 min-w-11 ${destructive ? 'btn-error' : 'btn-primary'}`}
            onClick={onConfirm}
          >
            {confirmLabel}
          </button>
        </div>
      </div>
    </dialog>
  );
}
