// What the throttles count a caller's address as. One IPv6 subscriber holds a whole /64 (often
// far more), so an IPv6 address counts as its /64; an IPv4-mapped IPv6 address is its IPv4
// address. A network is an IPv4 /24 or an IPv6 /64: what one person can easily hop between.
// Anything that does not parse as an address (a test's label, a proxy's odd value) counts as
// itself, cut to a bounded length.

const MAX_OTHER_LENGTH = 100;

function ipv4Octets(text: string): number[] | null {
  const match = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (!match) return null;
  const octets = match.slice(1).map(Number);
  return octets.every((octet) => octet <= 255) ? octets : null;
}

// The eight 16-bit groups of an IPv6 address (brackets and a zone id allowed), or null.
function ipv6Groups(text: string): number[] | null {
  const bare = text.replace(/^\[(.*)\]$/, '$1').replace(/%.*$/, '');
  if (!/^[0-9a-fA-F:.]+$/.test(bare) || !bare.includes(':')) return null;
  const halves = bare.split('::');
  if (halves.length > 2) return null;
  const parse = (half: string): number[] | null => {
    if (half === '') return [];
    const groups: number[] = [];
    const parts = half.split(':');
    for (const [index, part] of parts.entries()) {
      if (part.includes('.')) {
        const octets = index === parts.length - 1 ? ipv4Octets(part) : null;
        if (!octets) return null;
        groups.push((octets[0]! << 8) | octets[1]!, (octets[2]! << 8) | octets[3]!);
      } else if (/^[0-9a-fA-F]{1,4}$/.test(part)) {
        groups.push(parseInt(part, 16));
      } else {
        return null;
      }
    }
    return groups;
  };
  const head = parse(halves[0]!);
  const tail = halves.length === 2 ? parse(halves[1]!) : [];
  if (!head || !tail) return null;
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  return [...head, ...Array<number>(missing).fill(0), ...tail];
}

type Parsed = { kind: 'ipv4'; octets: number[] } | { kind: 'ipv6'; groups: number[] } | { kind: 'other'; text: string };

function parseAddress(raw: string): Parsed {
  const text = raw.trim();
  const octets = ipv4Octets(text);
  if (octets) return { kind: 'ipv4', octets };
  const groups = ipv6Groups(text);
  if (groups) {
    const mapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
    if (mapped) return { kind: 'ipv4', octets: [groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255] };
    return { kind: 'ipv6', groups };
  }
  return { kind: 'other', text: text.slice(0, MAX_OTHER_LENGTH) };
}

function ipv6Slash64(groups: number[]): string {
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

// The subject of every per-address limit: an IPv4 address, or an IPv6 /64.
export function addressKey(raw: string): string {
  const parsed = parseAddress(raw);
  if (parsed.kind === 'ipv4') return parsed.octets.join('.');
  if (parsed.kind === 'ipv6') return ipv6Slash64(parsed.groups);
  return parsed.text;
}

// The subject of a per-network limit: an IPv4 /24, or an IPv6 /64.
export function networkKey(raw: string): string {
  const parsed = parseAddress(raw);
  if (parsed.kind === 'ipv4') return `${parsed.octets.slice(0, 3).join('.')}.0/24`;
  if (parsed.kind === 'ipv6') return ipv6Slash64(parsed.groups);
  return parsed.text;
}
