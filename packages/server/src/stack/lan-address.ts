// The addresses phones on the same network reach this machine by, for the start banner (and its QR
// code) and the default public URL. IPv4 only: a phone's camera app and a person typing both
// handle it, and link-local IPv6 needs an interface name no URL carries.

import { type NetworkInterfaceInfo, networkInterfaces } from 'node:os';

/** Interfaces of containers, VMs and VPNs: reachable from this machine, rarely from a phone. */
const VIRTUAL_INTERFACE =
  /^(docker|br-|veth|virbr|vmnet|vboxnet|cni|flannel|cali|tun|tap|wg|zt|tailscale|utun|lxc|lxd)/;

function rank(name: string, address: string): number {
  const virtual = VIRTUAL_INTERFACE.test(name) ? 10 : 0;
  if (address.startsWith('192.168.')) return virtual + 0;
  if (address.startsWith('10.')) return virtual + 1;
  if (/^172\.(1[6-9]|2\d|3[01])\./.test(address)) return virtual + 2;
  return virtual + 3;
}

/** This machine's IPv4 addresses other than loopback, the likeliest to reach from a phone first:
 * a physical interface before a container bridge or VPN; 192.168/16, then 10/8, then 172.16/12. */
export function lanAddresses(
  interfaces: NodeJS.Dict<NetworkInterfaceInfo[]> = networkInterfaces(),
): string[] {
  const found: { address: string; rank: number }[] = [];
  for (const [name, entries] of Object.entries(interfaces)) {
    for (const entry of entries ?? []) {
      if (entry.internal || entry.family !== 'IPv4') continue;
      if (entry.address.startsWith('169.254.')) continue;
      found.push({ address: entry.address, rank: rank(name, entry.address) });
    }
  }
  return [...new Set(found.sort((a, b) => a.rank - b.rank).map((entry) => entry.address))];
}

/** The addresses other devices reach the server by, given what it listens on: none on loopback,
 * the address itself when it is one, every LAN address on a wildcard. */
export function reachableAddresses(listenHost: string, lan: readonly string[]): string[] {
  const host = listenHost.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  if (host === '0.0.0.0' || host === '::' || host === '') return [...lan];
  if (host === 'localhost' || host.startsWith('127.') || host === '::1') return [];
  return [host.includes(':') ? `[${host}]` : host];
}
