import toast from 'react-hot-toast';

// SPEC §8: a title, and the message as description. One id for all: at most one visible.
const TOAST_ID = 'app-toast';

function ToastText({ title, description }: { title: string; description?: string }) {
  return (
    <div>
      <p className="font-semibold">{title}</p>
      {description ? <p className="text-sm">{description}</p> : null}
    </div>
  );
}

export function toastError(title: string, description?: string) {
  toast.error(<ToastText title={title} description={description} />, {
    id: TOAST_ID,
    className: 'toast-destructive',
    ariaProps: { role: 'alert', 'aria-live': 'assertive' },
  });
}

export function toastSuccess(title: string, description?: string) {
  toast.success(<ToastText title={title} description={description} />, { id: TOAST_ID });
}

export function toastWarning(title: string, description?: string) {
  toast(<ToastText title={title} description={description} />, { id: TOAST_ID, icon: '⚠️' });
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
