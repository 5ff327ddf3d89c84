// Which names the server's certificate carries, and which names the local certificate authority may
// ever vouch for. A participant installs the CA's root on their phone; should its key leak from the
// data directory, a CA without limits could vouch for their bank. So the root carries name
// constraints (RFC 5280 §4.2.1.10, marked critical): it vouches only for local-network names
// (`localhost`, `*.local`, `*.lan`, `*.internal`, `*.home.arpa`), private and loopback addresses,
// and the names this server had when the CA was made (its host name, ALLOWED_HOSTS, the public
// URL's host). Browsers and phones refuse a certificate from it for any other name.

import { BlockList, isIP } from 'node:net';
import { hostNameOf } from '../http/host-policy.js';

export interface CertificateNames {
  /** Host names, lower case, without a trailing dot. */
  dnsNames: string[];
  /** IPv4 and IPv6 addresses, as Node writes them. */
  ipAddresses: string[];
}

/** What the local CA may vouch for: a DNS name matches itself and every name below it; an IP
 * range is an address with its prefix length ('10.0.0.0/8'). */
export interface PermittedNames {
  dnsNames: string[];
  ipRanges: string[];
}

/** Names of private networks that no public DNS answers for. */
export const PRIVATE_DNS_SUFFIXES = ['localhost', 'local', 'lan', 'internal', 'home.arpa'];
/** Loopback, private (RFC 1918), shared (RFC 6598, e.g. Tailscale), link-local and unique-local
 * ranges. */
export const PRIVATE_IP_RANGES = [
  '127.0.0.0/8',
  '10.0.0.0/8',
  '172.16.0.0/12',
  '192.168.0.0/16',
  '100.64.0.0/10',
  '169.254.0.0/16',
  '::1/128',
  'fc00::/7',
  'fe80::/10',
];

const WILDCARD_ADDRESSES = new Set(['0.0.0.0', '::', '']);
/** A host name as a certificate may carry it: labels of letters, digits and hyphens. */
const DNS_NAME = /^(?!-)[a-z0-9-]{1,63}(?<!-)(\.(?!-)[a-z0-9-]{1,63}(?<!-))*$/;

/** The names a certificate for this server carries: loopback names, this machine's names and
 * addresses, ALLOWED_HOSTS, the public URL's host and the address listened on. Sorted, without
 * duplicates. */
export function serverNames(options: {
  machine: Iterable<string>;
  allowedHosts: readonly string[];
  publicUrl: string | undefined;
  listenHost: string;
}): CertificateNames {
  const candidates = ['localhost', '127.0.0.1', '::1', ...options.machine, ...options.allowedHosts];
  if (options.publicUrl) candidates.push(new URL(options.publicUrl).host);
  candidates.push(options.listenHost);
  const dnsNames = new Set<string>();
  const ipAddresses = new Set<string>();
  for (const candidate of candidates) {
    const bare = candidate.toLowerCase().replace(/^\[(.*)\]$/, '$1');
    // A bare IPv6 address is no Host header ('fe80::1'); anything else may carry a port.
    const name = isIP(bare) ? bare : (hostNameOf(bare) ?? '');
    if (WILDCARD_ADDRESSES.has(name)) continue;
    // An IPv4 address written as IPv6 (::ffff:a.b.c.d) is the IPv4 one, listed already.
    if (isIP(name) === 6 && name.startsWith('::ffff:')) continue;
    if (isIP(name)) ipAddresses.add(name);
    else if (DNS_NAME.test(name)) dnsNames.add(name);
  }
  return { dnsNames: [...dnsNames].sort(), ipAddresses: [...ipAddresses].sort() };
}

/** What a new local CA may vouch for: private networks, plus the names given (this server's at
 * the CA's creation) that lie outside them. */
export function permittedNamesFor(names: CertificateNames): PermittedNames {
  const base: PermittedNames = { dnsNames: PRIVATE_DNS_SUFFIXES, ipRanges: PRIVATE_IP_RANGES };
  const extraDns = names.dnsNames.filter((name) => !isPermitted(name, base));
  const extraIps = names.ipAddresses
    .filter((address) => !isPermitted(address, base))
    .map((address) => `${address}/${isIP(address) === 4 ? 32 : 128}`);
  return {
    dnsNames: [...PRIVATE_DNS_SUFFIXES, ...extraDns],
    ipRanges: [...PRIVATE_IP_RANGES, ...extraIps],
  };
}

/** Whether a CA with these constraints may vouch for a name or address. */
export function isPermitted(name: string, permitted: PermittedNames): boolean {
  const family = isIP(name);
  if (family === 0) {
    return permitted.dnsNames.some((base) => name === base || name.endsWith(`.${base}`));
  }
  const ranges = new BlockList();
  for (const range of permitted.ipRanges) {
    const [address, prefix] = range.split('/') as [string, string];
    const rangeFamily = isIP(address) === 4 ? 'ipv4' : 'ipv6';
    ranges.addSubnet(address, Number(prefix), rangeFamily);
  }
  return ranges.check(name, family === 4 ? 'ipv4' : 'ipv6');
}

/** The names a CA with these constraints may put in a certificate, and those it may not. */
export function splitByPermission(
  names: CertificateNames,
  permitted: PermittedNames,
): { covered: CertificateNames; leftOut: string[] } {
  const dnsNames = names.dnsNames.filter((name) => isPermitted(name, permitted));
  const ipAddresses = names.ipAddresses.filter((address) => isPermitted(address, permitted));
  const leftOut = [
    ...names.dnsNames.filter((name) => !dnsNames.includes(name)),
    ...names.ipAddresses.filter((address) => !ipAddresses.includes(address)),
  ];
  return { covered: { dnsNames, ipAddresses }, leftOut };
}
