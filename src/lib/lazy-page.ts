import { type ComponentType, lazy, type LazyExoticComponent } from 'react';

type Loaded<P> = { default: ComponentType<P> };

export type LazyPage<P extends object = object> = LazyExoticComponent<ComponentType<P>> & {
  // Loads the page's code; the page then renders without suspending.
  preload: () => Promise<void>;
};

// React.lazy, plus a preload. React's lazy settles in the same render when its loader's thenable
// calls back synchronously, so a page whose module is already here commits at once instead of
// committing its Suspense fallback first and the page a task later (the guide's largest text
// used to paint about 350 ms after the spinner on a slow phone).
export function lazyPage<P extends object = object>(load: () => Promise<ComponentType<P>>): LazyPage<P> {
  let loaded: Loaded<P> | undefined;
  let loading: Promise<Loaded<P>> | undefined;
  const loadOnce = () => {
    // A failed load is tried again next time (the network may be back).
    loading ??= load().then(
      (component) => (loaded = { default: component }),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const page = lazy<ComponentType<P>>(() =>
    loaded ? ({ then: (resolve: (module: Loaded<P>) => void) => resolve(loaded!) } as Promise<Loaded<P>>) : loadOnce(),
  );
  return Object.assign(page, { preload: () => loadOnce().then(() => undefined) });
}
