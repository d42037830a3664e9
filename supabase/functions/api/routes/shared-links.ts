// GET /api/shared-links/{rides|requests}/{id}?site=<origin>: a shared link's whole page as JSON,
// for a static host whose edge middleware answers /rides/{id} and /requests/{id} with it (issue 24
// §3, ADR 0020, docs/deploy.md). Supabase rewrites an edge function's text/html answers to
// text/plain, so the function cannot be the page itself: it hands the page to the host that
// serves the site. The shell is the site's own index.html, read from the site (one of the allowed
// origins, never an address from the request) and kept a few minutes.
import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';

import { refusal } from '../../_shared/refusals.ts';
import { sharedLinkPageSchema } from '../../_shared/schemas/shared-links-response.ts';
import { contractRoutes, json, mount, refused } from '../lib/contract.ts';
import type { Database } from '../lib/database.ts';
import { HttpError, invalidInput } from '../lib/http-error.ts';
import { requestLink } from '../shared-links/request-link.ts';
import { rideLink } from '../shared-links/ride-link.ts';
import { sharedLinkPage } from '../shared-links/shared-link-page.ts';

const SHELL_KEPT_MS = 5 * 60_000;
const SHELL_TIMEOUT_MS = 3_000;

// Each kind of link, by the first segment of its path.
const LINKS = { rides: rideLink, requests: requestLink } as const;

function isKind(text: string): text is keyof typeof LINKS {
  return Object.hasOwn(LINKS, text);
}

const querySchema = z.object({ site: z.string().max(200) });

const getSharedLink = createRoute({
  method: 'get',
  path: '/shared-links/{kind}/{id}',
  tags: ['Host'],
  summary: "A shared ride's or ride request's page, for the site's edge middleware",
  request: {
    // The id as the link has it: a page for one that is not there says so itself.
    params: z.object({ kind: z.enum(['rides', 'requests']), id: z.string() }),
    // One of the origins allowed to call the api: the site whose shell is filled in.
    query: querySchema,
  },
  responses: {
    200: json('The page, or null when the site did not answer', sharedLinkPageSchema),
    ...refused({ 400: ['invalid_input'], 404: ['not_found'] }),
  },
});

export function sharedLinkRoutes(database: Database, allowedOrigins: string[]) {
  const sites = new Set(allowedOrigins);
  const shells = new Map<string, { text: string; at: number }>();

  async function shellOf(site: string): Promise<string | undefined> {
    const kept = shells.get(site);
    if (kept && Date.now() - kept.at < SHELL_KEPT_MS) return kept.text;
    try {
      const answer = await fetch(new URL('/index.html', site), { signal: AbortSignal.timeout(SHELL_TIMEOUT_MS) });
      if (!answer.ok) return kept?.text;
      const text = await answer.text();
      shells.set(site, { text, at: Date.now() });
      return text;
    } catch {
      // The site did not answer: the last shell read, if any; else the middleware serves its own.
      return kept?.text;
    }
  }

  const routes = contractRoutes();
  mount(routes, getSharedLink, async (c) => {
    // The route matched, so both segments are there.
    const kind = c.req.param('kind')!;
    if (!isKind(kind)) throw new HttpError(404, refusal('not_found'));
    const parsed = querySchema.safeParse(c.req.query());
    if (!parsed.success || !sites.has(parsed.data.site)) {
      throw invalidInput('site must be one of the origins allowed to call the api', ['site']);
    }
    const site = parsed.data.site;
    const idText = c.req.param('id')!;
    const shell = await shellOf(site);
    c.header('Cache-Control', 'no-cache');
    if (shell === undefined) return c.json({ html: null }, 200);
    const logError = c.get('options').logError ?? (() => {});
    const address = { origin: site, path: `/${kind}/${idText}`, idText };
    const html =
      kind === 'rides'
        ? await sharedLinkPage(shell, database, LINKS.rides, address, logError)
        : await sharedLinkPage(shell, database, LINKS.requests, address, logError);
    return c.json({ html }, 200);
  });
  return routes;
}
