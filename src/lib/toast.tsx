import type toastApi from 'react-hot-toast';

// react-hot-toast and its CSS-in-JS arrive with the first toast, not with the first page: most
// visits never show one. The layout mounts the toaster once one is wanted.
type Toast = typeof toastApi;
const loadToast = (): Promise<Toast> => import('react-hot-toast').then((module) => module.default);

let toasterWanted = false;
const wantListeners = new Set<() => void>();

export function subscribeToasterWanted(listener: () => void): () => void {
  wantListeners.add(listener);
  return () => wantListeners.delete(listener);
}

export function isToasterWanted(): boolean {
  return toasterWanted;
}

function show(display: (toast: Toast) => void): void {
  if (!toasterWanted) {
    toasterWanted = true;
    for (const listener of wantListeners) listener();
  }
  void loadToast().then(display);
}

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
  show((toast) =>
    toast.error(<ToastText title={title} description={description} />, {
      id: TOAST_ID,
      className: 'toast-destructive',
      ariaProps: { role: 'alert', 'aria-live': 'assertive' },
    }),
  );
}

// A mutation's onError (or a promise's rejection handler): the title, and what the api said.
export function toastFailure(title: string): (error: unknown) => void {
  return (error) => toastError(title, errorMessage(error));
}

export function toastSuccess(title: string, description?: string) {
  show((toast) => toast.success(<ToastText title={title} description={description} />, { id: TOAST_ID }));
}

export function toastWarning(title: string, description?: string) {
  show((toast) => toast(<ToastText title={title} description={description} />, { id: TOAST_ID, icon: '⚠️' }));
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
