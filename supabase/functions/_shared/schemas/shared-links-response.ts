import { z } from 'zod';

// GET /api/shared-links/{rides|requests}/{id}?site=<origin> (api/routes/shared-links.ts): a
// shared link's whole page, for the edge middleware of a static host that serves the site.

// The site's own shell with the ride's or request's title, description and preview filled in;
// null when the shell could not be read, and the middleware then serves its own.
export const sharedLinkPageSchema = z.object({ html: z.string().nullable() }).meta({ id: 'SharedLinkPage' });
export type SharedLinkPage = z.infer<typeof sharedLinkPageSchema>;
