// Work that can wait for the first screen: the page's load event, a few seconds more, then a
// moment when the main thread is idle (where the browser can say so).
const AFTER_LOAD_MS = 5000;

export function afterFirstScreen(): Promise<void> {
  return new Promise((resolve) => {
    const whenIdle = () => {
      if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: AFTER_LOAD_MS });
      else resolve();
    };
    const afterLoad = () => setTimeout(whenIdle, AFTER_LOAD_MS);
    if (document.readyState === 'complete') afterLoad();
    else window.addEventListener('load', afterLoad, { once: true });
  });
}
