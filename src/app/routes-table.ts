// Every screen of the app, once, as data: router.tsx draws its <Route>s from this table and the
// build (build/page-preloads.ts, in Node, where no React component can be imported) writes each
// lazy page's files into index.html from it (ADR 0015). Plain strings only, for that reason.
//
// access: who may open the path. 'protected' sends a visitor to /auth, 'guest' sends a member on
// (the login page), 'public' lets everyone in.
// pages: the modules that draw the path, each in a chunk of its own, by file name (the build finds
// the one chunk made from <name>.tsx), outermost first (the vendor approval gate wraps the vendor
// page). Short names, since this table ships with the shell. None: the page ships with the shell
// (Home, ADR 0013).
// Order matters: the build's list is matched first to last (/rides/create before /rides/:id).
export type RouteAccess = 'public' | 'protected' | 'guest';

export interface RouteEntry {
  readonly path: string;
  readonly access: RouteAccess;
  readonly pages: readonly string[];
}

export const ROUTES = [
  { path: '/home', access: 'public', pages: [] },
  { path: '/auth', access: 'guest', pages: ['auth-page'] },
  { path: '/guide', access: 'public', pages: ['guide-route'] },
  { path: '/bus-guide', access: 'public', pages: ['bus-guide-page'] },
  { path: '/rides/create', access: 'protected', pages: ['ride-form-page-route'] },
  { path: '/rides/edit/:id', access: 'protected', pages: ['ride-form-page-route'] },
  { path: '/rides/:id/join', access: 'protected', pages: ['join-page-route'] },
  { path: '/rides/:id', access: 'public', pages: ['ride-detail-page-route'] },
  { path: '/series/:id', access: 'public', pages: ['series-page-route'] },
  { path: '/vendor', access: 'protected', pages: ['vendor-approval-gate', 'vendor-page-route'] },
  { path: '/profile', access: 'protected', pages: ['profile-route'] },
  { path: '/admin', access: 'protected', pages: ['admin-route'] },
  { path: '/inbox', access: 'protected', pages: ['inbox-page'] },
  { path: '/requests/new', access: 'protected', pages: ['ride-request-form-page'] },
  { path: '/requests/:id/edit', access: 'protected', pages: ['ride-request-form-page'] },
  { path: '/requests/:id', access: 'public', pages: ['ride-request-page-route'] },
  { path: '/privacy', access: 'public', pages: ['privacy-page'] },
  { path: '/rules', access: 'public', pages: ['rules-page'] },
] as const satisfies readonly RouteEntry[];

export type PageModule = (typeof ROUTES)[number]['pages'][number];

// The paths whose page is in a chunk of its own, with those chunks' modules: what the build
// preloads for each path, in the table's order.
export function lazyRoutes(): RouteEntry[] {
  return ROUTES.filter((route: RouteEntry) => route.pages.length > 0);
}
