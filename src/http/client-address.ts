// Which client a request is attributed to, for rate limits and the access log.
//
// X-Forwarded-For is read only when the TCP peer is a trusted proxy
// (TRUSTED_PROXIES: addresses or CIDR ranges). It is walked from the right:
// each entry was appended by the hop to its right, so entries are believed
// only while that hop is trusted; the first untrusted address is the client.
// Anyone else can write anything in the header, so from an untrusted peer it
// is ignored.
//
// IPv6 clients are counted per /64: one host is routinely given a whole /64,
// so counting single addresses would let one client rotate through 2^64 of
// them. IPv4-mapped IPv6 addresses count as the IPv4 address.

import { BlockList, isIP } from 'node:net';

/** Eight 16-bit groups of an IPv6 address, or null when `s` is not one. */
function parseIPv6(s: string): number[] | null {
  let text = s;
  const zone = text.indexOf('%');
  if (zone !== -1) text = text.slice(0, zone);
  if (isIP(text) !== 6) return null;
  // An embedded IPv4 tail (::ffff:1.2.3.4) stands for the last two groups.
  let v4: number[] = [];
  const lastColon = text.lastIndexOf(':');
  const last = text.slice(lastColon + 1);
  if (last.includes('.')) {
    const o = last.split('.').map(Number);
    v4 = [(o[0]! << 8) | o[1]!, (o[2]! << 8) | o[3]!];
    text = text.slice(0, lastColon + 1);
    if (!text.endsWith('::')) text = text.slice(0, -1);
  }
  const split = (part: string) => (part === '' ? [] : part.split(':').map((h) => parseInt(h, 16)));
  const dbl = text.indexOf('::');
  let groups: number[];
  if (dbl === -1) {
    groups = [...split(text), ...v4];
  } else {
    const left = split(text.slice(0, dbl));
    const right = [...split(text.slice(dbl + 2)), ...v4];
    groups = [...left, ...new Array<number>(Math.max(0, 8 - left.length - right.length)).fill(0), ...right];
  }
  return groups.length === 8 ? groups : null;
}

/** The address in canonical text form (IPv4 dotted, IPv6 lower-case uncompressed groups), or null. */
export function canonicalAddress(raw: string): { family: 4 | 6; text: string; groups?: number[] } | null {
  const s = raw.trim().replace(/^\[|\]$/g, '');
  if (isIP(s) === 4) return { family: 4, text: s.split('.').map(Number).join('.') };
  const g = parseIPv6(s);
  if (!g || g.length !== 8) return null;
  // ::ffff:a.b.c.d is an IPv4 client on a dual-stack socket.
  if (g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff) {
    return { family: 4, text: [g[6]! >> 8, g[6]! & 255, g[7]! >> 8, g[7]! & 255].join('.') };
  }
  return { family: 6, text: g.map((x) => x.toString(16)).join(':'), groups: g };
}

/**
 * The last answer of `fn`, kept: a keep-alive connection sends request
 * after request from one address, and parsing it each time is a tenth of
 * the main thread's time on a dictionary look-up (bench/lookup-ratio.ts).
 */
function rememberLast(fn: (s: string) => string): (s: string) => string {
  let lastIn: string | null = null;
  let lastOut = '';
  return (s) => {
    if (s !== lastIn) {
      lastOut = fn(s);
      lastIn = s;
    }
    return lastOut;
  };
}

/** The key a client is counted under: the IPv4 address, or the IPv6 /64 prefix. */
export const clientKey = rememberLast((address: string): string => {
  const c = canonicalAddress(address);
  if (!c) return address;
  if (c.family === 4) return c.text;
  return `${c
    .groups!.slice(0, 4)
    .map((x) => x.toString(16))
    .join(':')}::/64`;
});

const canonicalText = rememberLast((address: string): string => canonicalAddress(address)?.text ?? address);

export class ClientResolver {
  private readonly trusted = new BlockList();
  private readonly any: boolean;

  /** @param trustedProxies addresses or CIDR ranges; an invalid one throws, naming it. */
  constructor(trustedProxies: readonly string[]) {
    for (const entry of trustedProxies) {
      const [addr, prefix, extra] = entry.trim().split('/');
      const c = addr === undefined ? null : canonicalAddress(addr);
      if (!c || extra !== undefined) throw new Error(`TRUSTED_PROXIES: ${JSON.stringify(entry)} is not an IP address or CIDR range`);
      const type = c.family === 4 ? 'ipv4' : 'ipv6';
      if (prefix === undefined) {
        this.trusted.addAddress(c.text, type);
      } else {
        const bits = /^\d{1,3}$/.test(prefix) ? Number(prefix) : NaN;
        if (!(bits >= 0 && bits <= (c.family === 4 ? 32 : 128))) {
          throw new Error(`TRUSTED_PROXIES: ${JSON.stringify(entry)} has an invalid prefix length`);
        }
        this.trusted.addSubnet(c.text, bits, type);
      }
    }
    this.any = trustedProxies.length > 0;
  }

  isTrusted(address: string): boolean {
    if (!this.any) return false;
    const c = canonicalAddress(address);
    if (!c) return false;
    return this.trusted.check(c.text, c.family === 4 ? 'ipv4' : 'ipv6');
  }

  /** The client address: the peer, or the first untrusted hop of X-Forwarded-For read from the right. */
  resolve(peer: string, forwardedFor: string): string {
    const peerCanon = canonicalText(peer);
    if (forwardedFor === '' || !this.isTrusted(peerCanon)) return peerCanon;
    const hops = forwardedFor.split(',');
    let current = peerCanon;
    for (let i = hops.length - 1; i >= 0; i--) {
      const hop = hops[i]!.trim();
      if (hop === '') continue;
      const c = canonicalAddress(hop);
      // A trusted proxy passed on something that is not an address: believe
      // no further than the proxy itself.
      if (!c) return current;
      if (!this.isTrusted(c.text)) return c.text;
      current = c.text;
    }
    return current;
  }
}
