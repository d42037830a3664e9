// A push endpoint is a URL the server will POST to, chosen by whoever subscribes: only https to
// a public host, so nobody can aim the server at itself or at the network behind it (SSRF).
// Names are not resolved: a public name that resolves to a private address is the push
// service's DNS to get right, and the server never follows redirects (web-push does not).

type Verdict = 'public' | 'loopback' | 'private';

function ipv4Verdict(bytes: number[]): Verdict {
  const [a, b] = bytes as [number, number, number, number];
  if (a === 127) return 'loopback';
  if (
    a === 0 || // "this network", 0.0.0.0 reaches the host itself
    a === 10 ||
    (a === 100 && b >= 64 && b <= 127) || // carrier-grade NAT
    (a === 169 && b === 254) || // link-local, cloud metadata services
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 192 && b === 0 && bytes[2] === 0) || // IETF protocol assignments
    (a === 198 && (b === 18 || b === 19)) || // benchmarking
    a >= 224 // multicast, reserved, broadcast
  ) {
    return 'private';
  }
  return 'public';
}

function parseIpv4(host: string): number[] | null {
  // The URL parser has already turned 0x7f.1, 2130706433 and the like into dotted decimal.
  const match = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  if (!match) return null;
  const bytes = match.slice(1).map(Number);
  return bytes.every((byte) => byte <= 255) ? bytes : null;
}

// 16 bytes from the URL parser's canonical IPv6 text (lowercase hex groups, at most one "::",
// an embedded dotted quad already rewritten as two groups).
function parseIpv6(host: string): number[] | null {
  const halves = host.split('::');
  if (halves.length > 2) return null;
  const groups = (part: string | undefined) => (part ? part.split(':') : []);
  const head = groups(halves[0]);
  const tail = groups(halves[1]);
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 0) return null;
  const all = [...head, ...Array<string>(Math.max(missing, 0)).fill('0'), ...tail];
  const bytes: number[] = [];
  for (const group of all) {
    if (!/^[0-9a-f]{1,4}$/i.test(group)) return null;
    const value = parseInt(group, 16);
    bytes.push(value >> 8, value & 0xff);
  }
  return bytes;
}

function ipv6Verdict(bytes: number[]): Verdict {
  const zeroUpTo = (n: number) => bytes.slice(0, n).every((byte) => byte === 0);
  const embedded = (from: number) => ipv4Verdict(bytes.slice(from, from + 4));
  if (zeroUpTo(15) && bytes[15] === 1) return 'loopback'; // ::1
  if (zeroUpTo(16)) return 'private'; // ::
  if (zeroUpTo(10) && bytes[10] === 0xff && bytes[11] === 0xff) return embedded(12); // ::ffff:a.b.c.d
  if (zeroUpTo(12)) return embedded(12); // ::a.b.c.d, the old compatible form
  // 64:ff9b::a.b.c.d (NAT64) and 2002:aabb:ccdd:: (6to4) reach the IPv4 address inside.
  if (bytes[0] === 0x00 && bytes[1] === 0x64 && bytes[2] === 0xff && bytes[3] === 0x9b) return embedded(12);
  if (bytes[0] === 0x20 && bytes[1] === 0x02) return embedded(2);
  const first = bytes[0]!;
  if ((first & 0xfe) === 0xfc) return 'private'; // fc00::/7 unique local
  if (first === 0xfe && (bytes[1]! & 0xc0) === 0x80) return 'private'; // fe80::/10 link-local
  if (first === 0xfe && (bytes[1]! & 0xc0) === 0xc0) return 'private'; // fec0::/10 site-local
  if (first === 0xff) return 'private'; // multicast
  return 'public';
}

function hostVerdict(hostname: string): Verdict {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return 'loopback';
  if (host.startsWith('[') && host.endsWith(']')) {
    const bytes = parseIpv6(host.slice(1, -1));
    return bytes ? ipv6Verdict(bytes) : 'private';
  }
  const ipv4 = parseIpv4(host);
  if (ipv4) return ipv4Verdict(ipv4);
  // A name without a dot never belongs to a public push service (intranet names, "metadata").
  return host.includes('.') ? 'public' : 'private';
}

// Null when the server may POST to this URL; otherwise why not, to answer 400 with.
export function pushEndpointRefusal(endpoint: string, options: { allowLoopback: boolean }): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'Push endpoint must be a URL';
  }
  if (url.protocol !== 'https:') return 'Push endpoint must be an https URL';
  if (url.username || url.password) return 'Push endpoint must not carry credentials';
  const verdict = hostVerdict(url.hostname);
  if (verdict === 'public' || (verdict === 'loopback' && options.allowLoopback)) return null;
  return 'Push endpoint must be on a public host';
}
