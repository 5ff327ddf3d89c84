// Which Host headers the server answers. A page on any web site can make a browser send requests
// to a name that the attacker's DNS points at this machine (DNS rebinding); such requests carry
// the attacker's name in Host. Accepted: loopback names, the public URL's host, ALLOWED_HOSTS, and,
// when the server listens beyond loopback (--host 0.0.0.0 for phones on the LAN), the machine's
// own addresses and host name, which no outside DNS controls.

import { networkInterfaces, hostname as osHostname } from 'node:os';

export interface HostPolicyOptions {
  /** The configured public URL, if any. */
  publicUrl: string | undefined;
  /** The address listened on (--host). */
  listenHost: string;
  /** ALLOWED_HOSTS: more names or addresses to accept. */
  allowedHosts: readonly string[];
}

export interface HostPolicy {
  /** The host name of an accepted Host header (lower case, IPv6 without brackets), else undefined. */
  accept(hostHeader: string | undefined): string | undefined;
}

const WILDCARD_ADDRESSES = new Set(['0.0.0.0', '::', '[::]', '']);

/** The host name of a Host header ('Example.test:80' -> 'example.test', '[::1]:5' -> '::1'). */
export function hostNameOf(hostHeader: string | undefined): string | undefined {
  if (!hostHeader) return undefined;
  // A Host header is a host and an optional port, nothing else.
  if (/[\s/?#@\\]/.test(hostHeader)) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(`http://${hostHeader}`);
  } catch (error) {
    if (error instanceof TypeError) return undefined;
    throw error;
  }
  return parsed.hostname.replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '');
}

export function isLoopbackName(name: string): boolean {
  return (
    name === 'localhost' ||
    name.endsWith('.localhost') ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(name) ||
    name === '::1' ||
    name === '::ffff:127.0.0.1'
  );
}

/** This machine's addresses and host name (`name`, `name.local`), as a browser would write them. */
export function machineNames(): Set<string> {
  const names = new Set<string>();
  for (const addresses of Object.values(networkInterfaces())) {
    for (const address of addresses ?? []) names.add(address.address.toLowerCase());
  }
  const host = osHostname().toLowerCase();
  names.add(host);
  names.add(`${host}.local`);
  return names;
}

export function createHostPolicy(options: HostPolicyOptions): HostPolicy {
  const configured = new Set<string>();
  if (options.publicUrl) configured.add(hostNameOf(new URL(options.publicUrl).host)!);
  for (const entry of options.allowedHosts) {
    const name = hostNameOf(entry);
    if (name) configured.add(name);
  }
  const listen = options.listenHost.toLowerCase();
  const listensBeyondLoopback = !isLoopbackName(hostNameOf(listen) ?? listen);
  const listensEverywhere = WILDCARD_ADDRESSES.has(listen);
  if (listensBeyondLoopback && !listensEverywhere) configured.add(hostNameOf(listen) ?? listen);
  // Interfaces come and go (Wi-Fi, DHCP): read again when a name is not known yet.
  let machine = listensEverywhere ? machineNames() : new Set<string>();

  return {
    accept(hostHeader) {
      const name = hostNameOf(hostHeader);
      if (name === undefined) return undefined;
      if (isLoopbackName(name) || configured.has(name)) return name;
      if (!listensEverywhere) return undefined;
      if (!machine.has(name)) machine = machineNames();
      return machine.has(name) ? name : undefined;
    },
  };
}

/** The URL of this server for a request that reached it by an accepted host name: built from the
 * configuration (the public URL, else the accepted name and the port listened on), never from the
 * raw header. */
export function serverUrlFor(
  acceptedName: string,
  port: number,
  publicUrl: string | undefined,
  scheme: 'http' | 'https' = 'http',
): string {
  if (publicUrl) return publicUrl;
  const host = acceptedName.includes(':') ? `[${acceptedName}]` : acceptedName;
  return `${scheme}://${host}:${port}`;
}
