// The server's HTTPS: its certificate (from the local CA or one's own files), what the banner says
// about it, and the check a running server repeats to keep its certificate right (a new address
// from DHCP or another Wi-Fi, the end of its validity, renewed files).

import type { ServerConfig, TlsSource } from '../config.js';
import { machineNames } from '../http/host-policy.js';
import type { Logger } from '../log.js';
import type { LocalCa } from './local-ca.js';
import {
  loadOwnCertificate,
  type OwnCertificate,
  ownCertificateChanged,
} from './own-certificate.js';
import { serverNames } from './tls-names.js';

export interface ServerTls {
  cert: string;
  key: string;
  /** The local CA whose root phones install; undefined with one's own certificate. */
  localCa: LocalCa | undefined;
  /** Names this server answers that its certificate does not carry. */
  leftOut: string[];
  /** A new certificate when it must change, else undefined. Errors are logged, never thrown: the
   * server keeps serving the certificate it has. */
  refresh(): Promise<{ cert: string; key: string } | undefined>;
}

function wantedNames(config: ServerConfig) {
  return serverNames({
    machine: machineNames(),
    allowedHosts: config.allowedHosts,
    publicUrl: config.publicUrl,
    listenHost: config.host,
  });
}

async function fromLocalCa(config: ServerConfig, log: Logger): Promise<ServerTls> {
  // Loaded only here: the certificate library needs a global polyfill (reflect-metadata).
  const { loadOrCreateLocalCertificates } = await import('./local-ca.js');
  const load = async () => {
    const certificates = await loadOrCreateLocalCertificates(config.dataDir, wantedNames(config));
    if (certificates.made.ca) {
      log.info('tls_local_ca_created', {
        name: certificates.ca.commonName,
        fingerprint256: certificates.ca.fingerprint256,
      });
    }
    if (certificates.made.server) {
      log.info('tls_certificate_issued', {
        names: [...certificates.names.dnsNames, ...certificates.names.ipAddresses],
        notAfter: certificates.notAfter.toISOString(),
        reason: certificates.renewedBecause,
      });
    }
    if (certificates.leftOut.length > 0) {
      log.warn('tls_names_left_out', {
        names: certificates.leftOut,
        hint: `The local CA (made before these names) may not vouch for them; browsers warn on them. Remove ${config.dataDir}/tls to make a new CA (phones install it again), or use --tls-cert.`,
      });
    }
    return certificates;
  };
  let current = await load();
  return {
    cert: current.cert,
    key: current.key,
    localCa: current.ca,
    leftOut: current.leftOut,
    async refresh() {
      try {
        current = await load();
      } catch (error) {
        log.error('tls_refresh_failed', { error });
        return undefined;
      }
      return current.made.server ? { cert: current.cert, key: current.key } : undefined;
    },
  };
}

async function fromFiles(
  source: Extract<TlsSource, { kind: 'files' }>,
  log: Logger,
): Promise<ServerTls> {
  let current: OwnCertificate = await loadOwnCertificate(source);
  log.info('tls_certificate_loaded', {
    file: source.certFile,
    names: current.subjectAltName,
    notAfter: current.notAfter.toISOString(),
  });
  return {
    cert: current.cert,
    key: current.key,
    localCa: undefined,
    leftOut: [],
    async refresh() {
      try {
        if (!(await ownCertificateChanged(source, current))) return undefined;
        current = await loadOwnCertificate(source);
      } catch (error) {
        // Half-written by a renewal, perhaps: the next check reads it again.
        log.error('tls_certificate_reload_failed', { file: source.certFile, error });
        return undefined;
      }
      log.info('tls_certificate_reloaded', {
        file: source.certFile,
        notAfter: current.notAfter.toISOString(),
      });
      return { cert: current.cert, key: current.key };
    },
  };
}

/** The server's certificate as configured; undefined for plain HTTP. */
export async function prepareServerTls(
  config: ServerConfig,
  log: Logger,
): Promise<ServerTls | undefined> {
  if (!config.tls) return undefined;
  return config.tls.kind === 'local-ca'
    ? fromLocalCa(config, log.child('tls'))
    : fromFiles(config.tls, log.child('tls'));
}
