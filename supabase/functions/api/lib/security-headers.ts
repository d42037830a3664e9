// Security headers, one rule for every host: the api's JSON answers (Node host and the Supabase
// Edge Function) and the PWA's page and files the Node host serves. Set by hono/secure-headers,
// HSTS by us (ADR 0050).
import type { Context, MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';

// The outside hosts the PWA talks to (src/features/rides/components/location-map.tsx and
// geocoder.ts). Tiles are images on the page and fetch()es in the service worker (Workbox's
// runtime cache for tiles), so the tile host is in img-src and in connect-src.
export const MAP_TILE_ORIGIN = 'https://tile.openstreetmap.org';
export const GEOCODER_ORIGIN = 'https://nominatim.openstreetmap.org';

// The inline scripts of index.html, by their CSP hash. The first sets zod's global config
// (globalThis.__zod_globalConfig, which zod adopts when it loads) to jitless before any module
// runs; should a zod upgrade stop reading it, e2e/security-headers.test.ts sees the eval probe.
// The second starts public/warm-intl.js, a same-origin worker ('self' in worker-src). The third
// preloads the code of the page being opened and marks its links data-page for main.tsx; the list
// it reads is JSON, not a script, and its text is the same in every build (build/page-preloads.ts).
export const INLINE_SCRIPT_HASHES = [
  "'sha256-b9xsC5yGGg9UwGVYBjAHv7CSGQashucmetli6PBHOzQ='",
  "'sha256-NI7ZUNuDiS0aEXVyCqLSXRtXJsToggjz3o2tCgmlRzI='",
  "'sha256-XqBumVd6VDbUCukuAASQ+WEcy/VEctehZYFIGYlT34s='",
];

// JSON is never a document: nothing may load from it, nobody may frame it.
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

// One year. No includeSubDomains: the app may live on one subdomain of somebody else's domain.
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000';

// The PWA's policy. extraConnectSources: where the built app sends its api calls when they are
// not same-origin (VITE_API_URL's origin), and anything else the operator adds.
// - script-src 'self' and index.html's three inline scripts by hash (injectRegister: false, so no
//   registration script). No 'unsafe-eval': the first inline script makes zod jitless, as its eval
//   probe is a reported violation even when caught.
// - style-src 'unsafe-inline': react-hot-toast (goober) writes its rules into a <style> element
//   at run time; Leaflet and React set element.style (CSSOM), which CSP does not block.
// - img-src data:: daisyUI's and Leaflet's CSS carry data: images.
// - worker-src/manifest-src 'self': the Workbox service worker, the Intl warm-up worker and the
//   web manifest.
export function pageContentSecurityPolicy(extraConnectSources: readonly string[] = []): string {
  const connect = ["'self'", GEOCODER_ORIGIN, MAP_TILE_ORIGIN, ...extraConnectSources];
  return [
    "default-src 'self'",
    `script-src 'self' ${INLINE_SCRIPT_HASHES.join(' ')}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: ${MAP_TILE_ORIGIN}`,
    `connect-src ${[...new Set(connect)].join(' ')}`,
    "font-src 'self'",
    "manifest-src 'self'",
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

// A CSP source for an api base URL ('https://x.supabase.co/functions/v1' -> its origin), or
// null for a relative base (same origin) or something that is not a URL.
export function originOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

// Whether the browser reached us over https: the URL's own scheme, or what the proxy in front
// says when the host trusts one (TLS ends at the proxy).
function cameOverHttps(c: Context, trustForwardedProto: boolean): boolean {
  if (new URL(c.req.url).protocol === 'https:') return true;
  if (!trustForwardedProto) return false;
  const forwarded = c.req.header('x-forwarded-proto')?.split(',').at(-1)?.trim().toLowerCase();
  return forwarded === 'https';
}

export interface SecurityHeaderOptions {
  // The Content-Security-Policy for this answer.
  contentSecurityPolicy: string | ((c: Context) => string);
  // Believe X-Forwarded-Proto for HSTS. Harmless even when wrong: browsers ignore
  // Strict-Transport-Security on an http answer (RFC 6797 §8.1).
  trustForwardedProto: boolean;
}

type SecureHeadersOptions = NonNullable<Parameters<typeof secureHeaders>[0]>;
type ContentSecurityPolicyDirectives = NonNullable<SecureHeadersOptions['contentSecurityPolicy']>;

// A policy written as its header text, in the directives hono/secure-headers writes back as the
// same text ('frame-ancestors' is frameAncestors, sources joined by one space, '; ' between).
function directivesOf(policy: string): ContentSecurityPolicyDirectives {
  const directives: Record<string, string[]> = {};
  for (const part of policy.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) directives[name.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase())] = sources;
  }
  return directives as ContentSecurityPolicyDirectives;
}

// hono/secure-headers with only the headers this policy has always sent: its other defaults
// (COOP, CORP, Origin-Agent-Cluster, X-XSS-Protection, X-DNS-Prefetch-Control, X-Download-Options,
// X-Permitted-Cross-Domain-Policies) are off, so an answer's headers are what they were. HSTS is
// ours below: hono's is unconditional and includes subdomains.
function secureHeadersWith(policy: string): MiddlewareHandler {
  return secureHeaders({
    contentSecurityPolicy: directivesOf(policy),
    xContentTypeOptions: true,
    referrerPolicy: 'strict-origin-when-cross-origin',
    // frame-ancestors for browsers that predate it.
    xFrameOptions: 'DENY',
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: false,
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
    removePoweredBy: false,
  });
}

// Set after the handler, so every answer gets them: errors, 404s, CORS preflights.
export function securityHeaders(options: SecurityHeaderOptions): MiddlewareHandler {
  // One hono/secure-headers per policy text (a host has two: the page's and the api's).
  const byPolicy = new Map<string, MiddlewareHandler>();
  const middlewareFor = (policy: string) => {
    let middleware = byPolicy.get(policy);
    if (!middleware) byPolicy.set(policy, (middleware = secureHeadersWith(policy)));
    return middleware;
  };
  return async (c, next) => {
    const policy = options.contentSecurityPolicy;
    await middlewareFor(typeof policy === 'string' ? policy : policy(c))(c, next);
    if (cameOverHttps(c, options.trustForwardedProto))
      c.res.headers.set('Strict-Transport-Security', STRICT_TRANSPORT_SECURITY);
    else c.res.headers.delete('Strict-Transport-Security');
  };
}

// The api's JSON answers. Both hosts put the api behind something that ends TLS (the Supabase
// gateway; a reverse proxy for the Node host, whose own middleware decides by TRUST_PROXY), so
// X-Forwarded-Proto is believed here.
export function apiSecurityHeaders(): MiddlewareHandler {
  return securityHeaders({ contentSecurityPolicy: API_CONTENT_SECURITY_POLICY, trustForwardedProto: true });
}
