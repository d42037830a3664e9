// The pages that ship in their own chunk, by the paths that open them (router.tsx's routes) and
// the modules that draw them (router.tsx's lazy imports). The build writes each path's files
// into index.html (build/page-preloads.ts), so a page opened directly, from a shared ride link or
// the home screen's guide, fetches its code alongside the shell's instead of after it.
// router.test.tsx keeps the paths in step with the router's, both ways; the build fails on a
// module that has no chunk of its own.
export const PAGE_MODULES: ReadonlyArray<{ path: string; modules: readonly string[] }> = [
  { path: '/auth', modules: ['src/features/auth/components/auth-page.tsx'] },
  { path: '/guide', modules: ['src/app/routes/guide-route.tsx'] },
  { path: '/bus-guide', modules: ['src/features/guides/components/bus-guide-page.tsx'] },
  { path: '/rides/create', modules: ['src/features/rides/components/ride-form-page.tsx'] },
  { path: '/rides/edit/:id', modules: ['src/features/rides/components/ride-form-page.tsx'] },
  { path: '/rides/:id/join', modules: ['src/features/rides/components/join-page.tsx'] },
  { path: '/rides/:id', modules: ['src/app/routes/ride-detail-page-route.tsx'] },
  {
    path: '/vendor',
    modules: ['src/features/rides/components/vendor-approval-gate.tsx', 'src/features/rides/components/vendor-page.tsx'],
  },
  { path: '/profile', modules: ['src/app/routes/profile-route.tsx'] },
  { path: '/inbox', modules: ['src/features/notifications/components/inbox-page.tsx'] },
];

// The id of the JSON block in the built index.html: [[path pattern, [file URL, ...]], ...].
export const PAGE_PRELOADS_ID = 'page-preloads';

// Whether index.html's inline script found this page in the build's list and started fetching
// its code (it marks those links data-page). Any other path (Home, which ships with the shell)
// renders at once, without first matching the router's routes, which would add its cost to the
// task that runs the shell's code. False in development (no list).
export function pageCodeRequested(): boolean {
  return document.querySelector('link[data-page]') !== null;
}
