/**
 * Outbound requests to addresses users give (Web Push endpoints) must reach the public internet
 * only: never this machine, the LAN, a cloud's metadata service or a multicast group.
 */
import dns from 'node:dns';
import net from 'node:net';
import ipaddr from 'ipaddr.js';

/** True for a public unicast address; IPv4-mapped IPv6 addresses are judged as the IPv4 address. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  // ipaddr.js names every special range (loopback, private, linkLocal, uniqueLocal, multicast,
  // carrierGradeNat, reserved, unspecified, broadcast, 6to4, teredo, …); only 'unicast' is public.
  return parsed.range() === 'unicast';
}

export type HostResolver = (hostname: string) => Promise<string[]>;

/** Every address a host name resolves to (an IP literal is itself). */
export const resolveHost: HostResolver = async (hostname) => {
  const bare = hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(bare)) return [bare];
  const addresses = await dns.promises.lookup(bare, { all: true, verbatim: true });
  return addresses.map((entry) => entry.address);
};

/** Why this URL's host is not a public address, or null when every address it resolves to is public. */
export async function nonPublicReason(url: URL, resolve: HostResolver = resolveHost): Promise<string | null> {
  let addresses: string[];
  try {
    addresses = await resolve(url.hostname);
  } catch {
    return 'its host name does not resolve';
  }
  if (addresses.length === 0) return 'its host name does not resolve';
  return addresses.every(isPublicAddress) ? null : 'it points to a private, local or reserved address';
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | dns.LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for sockets that refuses non-public addresses at connect time, so a host that
 * resolved to a public address when it was checked cannot be re-pointed at this machine later.
 */
export function publicOnlyLookup(hostname: string, options: dns.LookupOptions, callback: LookupCallback): void {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    const refused = addresses.find((entry) => !isPublicAddress(entry.address));
    if (refused || addresses.length === 0) {
      const denied = Object.assign(new Error(`${hostname} resolves to a non-public address`), { code: 'ENOTPUBLIC' });
      return callback(denied, []);
    }
    if (options.all) return callback(null, addresses);
    const [first] = addresses as [dns.LookupAddress];
    return callback(null, first.address, first.family);
  });
}
