import { toastError, toastSuccess } from './toast';

interface ToastText {
  title: string;
  description?: string;
}

// Clipboard writes fail on insecure origins and when the page lost focus: every copy button
// then says so in a toast instead of looking as if it worked. `copied` is omitted by callers
// that show their own confirmation in place.
export async function copyText(
  text: string,
  { copied, failed }: { copied?: ToastText; failed: ToastText },
): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    toastError(failed.title, failed.description);
    return false;
  }
  if (copied) toastSuccess(copied.title, copied.description);
  return true;
}
