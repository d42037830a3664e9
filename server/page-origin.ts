// The site's address written into a shared link's card (og:url, og:image): crawlers and chat
// apps cache the card and show it to others, so it must not come from a Host header whoever
// asked could set (issue 35 §6). PUBLIC_APP_URL when it is set;
// else the request's own origin when the deployment names it (ALLOWED_ORIGINS) or it is this
// machine; else none, and the card's links stay relative.
export interface PageOriginSettings {
  publicAppUrl: string | undefined;
  allowedOrigins: readonly string[];
  trustProxy: boolean;
}

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/;

export function pageOrigin(
  requestUrl: string,
  forwardedProto: string | undefined,
  settings: PageOriginSettings,
): string {
  if (settings.publicAppUrl) return settings.publicAppUrl;
  const url = new URL(requestUrl);
  const forwarded = settings.trustProxy ? forwardedProto?.split(',')[0]?.trim() : undefined;
  const scheme = forwarded === 'https' || forwarded === 'http' ? forwarded : url.protocol.slice(0, -1);
  const origin = `${scheme}://${url.host}`;
  return settings.allowedOrigins.includes(origin) || LOOPBACK.test(url.hostname) ? origin : '';
}
