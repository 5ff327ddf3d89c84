// The local certificate authority of `--https`: made on the first start and kept in the data
// directory (`tls/`), so a phone that installed its root once trusts every later start. Its root
// (10 years) signs the server's certificate (397 days, renewed 30 days before it ends, or at once
// when this machine has a name or address the certificate lacks). ECDSA P-256 throughout: every
// phone and browser takes it, and Node makes the keys in a millisecond.
//
// Certificates are made with @peculiar/x509 over Node's WebCrypto (docs/decisions.md, "HTTPS on
// the local network"); it needs the reflect-metadata polyfill loaded before it, which is why this
// module is imported only when --https uses the local CA.

import 'reflect-metadata';
import { createPrivateKey, X509Certificate as NodeCertificate, webcrypto } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import { AsnConvert } from '@peculiar/asn1-schema';
import {
  GeneralName,
  GeneralSubtree,
  GeneralSubtrees,
  id_ce_nameConstraints,
  NameConstraints,
} from '@peculiar/asn1-x509';
import * as x509 from '@peculiar/x509';
import {
  DAY_MS,
  LOCAL_CA_VALIDITY_DAYS,
  SERVER_CERT_RENEW_DAYS,
  SERVER_CERT_VALIDITY_DAYS,
} from '../constants.js';
import { StartupError } from '../errors.js';
import {
  type CertificateNames,
  type PermittedNames,
  permittedNamesFor,
  splitByPermission,
} from './tls-names.js';

type CryptoKey = webcrypto.CryptoKey;

x509.cryptoProvider.set(webcrypto as unknown as Parameters<typeof x509.cryptoProvider.set>[0]);

const KEY_ALGORITHM = { name: 'ECDSA', namedCurve: 'P-256' } as const;
const SIGNING_ALGORITHM = { ...KEY_ALGORITHM, hash: 'SHA-256' } as const;
/** Phones' clocks run behind; a certificate valid from yesterday is valid on them too. ms */
const CLOCK_SKEW_MS = DAY_MS;

export interface LocalCa {
  certPem: string;
  /** The root as phones install it (DER, `.crt`). */
  certDer: Buffer;
  /** SHA-256 of the root, 'AB:CD:...', to compare with what a phone shows. */
  fingerprint256: string;
  /** e.g. 'RepTemple local CA on studio (2026-11-30)' */
  commonName: string;
  permitted: PermittedNames;
  notAfter: Date;
}

export interface LocalCertificates {
  ca: LocalCa;
  /** The server's certificate and key (PEM). */
  key: string;
  cert: string;
  /** Names in the server's certificate. */
  names: CertificateNames;
  /** Names this server answers that the CA may not vouch for (it was made before they existed). */
  leftOut: string[];
  notAfter: Date;
  /** What this call made: a new CA (phones install it), a new server certificate. */
  made: { ca: boolean; server: boolean };
  /** Why the stored server certificate was replaced, when it was. */
  renewedBecause?: string;
}

export interface LocalCaFiles {
  caCert: string;
  caKey: string;
  serverCert: string;
  serverKey: string;
}

export function localCaFiles(dataDir: string): LocalCaFiles {
  const dir = path.join(dataDir, 'tls');
  return {
    caCert: path.join(dir, 'ca.pem'),
    caKey: path.join(dir, 'ca-key.pem'),
    serverCert: path.join(dir, 'server.pem'),
    serverKey: path.join(dir, 'server-key.pem'),
  };
}

async function readIfPresent(file: string): Promise<string | undefined> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** Written whole or not at all: a crash never leaves half a key. */
async function writeAtomically(file: string, text: string, mode: number): Promise<void> {
  const partial = `${file}.partial`;
  await writeFile(partial, text, { mode });
  await rename(partial, file);
}

function randomSerial(): string {
  const bytes = webcrypto.getRandomValues(new Uint8Array(16));
  // Positive and without a leading zero byte, as RFC 5280 asks.
  bytes[0] = (bytes[0]! & 0x7f) | 0x01;
  return Buffer.from(bytes).toString('hex');
}

async function exportKeyPem(key: CryptoKey): Promise<string> {
  const pkcs8 = await webcrypto.subtle.exportKey('pkcs8', key);
  return x509.PemConverter.encode(pkcs8, 'PRIVATE KEY');
}

function importSigningKey(pem: string): Promise<CryptoKey> {
  const der = createPrivateKey(pem).export({ type: 'pkcs8', format: 'der' });
  return webcrypto.subtle.importKey('pkcs8', der, KEY_ALGORITHM, false, ['sign']);
}

function nameConstraintsExtension(permitted: PermittedNames): x509.Extension {
  const subtrees = [
    ...permitted.dnsNames.map((dNSName) => new GeneralName({ dNSName })),
    ...permitted.ipRanges.map((iPAddress) => new GeneralName({ iPAddress })),
  ].map((base) => new GeneralSubtree({ base }));
  const value = AsnConvert.serialize(
    new NameConstraints({ permittedSubtrees: new GeneralSubtrees(subtrees) }),
  );
  return new x509.Extension(id_ce_nameConstraints, true, value);
}

function permittedNamesOf(ca: x509.X509Certificate): PermittedNames | undefined {
  const extension = ca.getExtension(id_ce_nameConstraints);
  if (!extension) return undefined;
  const constraints = AsnConvert.parse(extension.value, NameConstraints);
  const bases = [...(constraints.permittedSubtrees ?? [])].map((subtree) => subtree.base);
  return {
    dnsNames: bases.flatMap((base) => (base.dNSName ? [base.dNSName] : [])),
    ipRanges: bases.flatMap((base) => (base.iPAddress ? [base.iPAddress] : [])),
  };
}

function describeCa(ca: x509.X509Certificate, permitted: PermittedNames): LocalCa {
  const der = Buffer.from(ca.rawData);
  return {
    certPem: ca.toString('pem'),
    certDer: der,
    fingerprint256: new NodeCertificate(der).fingerprint256,
    commonName: ca.subjectName.getField('CN')[0] ?? ca.subject,
    permitted,
    notAfter: ca.notAfter,
  };
}

function caProblem(files: LocalCaFiles, problem: string, cause?: unknown): StartupError {
  return new StartupError({
    code: 'local_ca_unusable',
    message: `The local certificate authority in ${path.dirname(files.caCert)} cannot be used: ${problem}.`,
    expected: `${files.caCert} and ${files.caKey} as an earlier start wrote them`,
    received: problem,
    hint: `Restore them from a backup, or remove ${path.dirname(files.caCert)} to make a new one (every phone then installs the new root), or start with --tls-cert and --tls-key.`,
    cause,
  });
}

async function createCa(
  files: LocalCaFiles,
  permitted: PermittedNames,
  now: Date,
): Promise<{ ca: x509.X509Certificate; key: CryptoKey }> {
  const keys = await webcrypto.subtle.generateKey(KEY_ALGORITHM, true, ['sign', 'verify']);
  const day = now.toISOString().slice(0, 10);
  // The host name and the day tell two installations' roots apart in a phone's list.
  const commonName = `RepTemple local CA on ${hostname()} (${day})`.replace(/[,+=\\"<>;]/g, ' ');
  const ca = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: randomSerial(),
    name: [{ CN: [commonName] }, { O: ['RepTemple'] }],
    notBefore: new Date(now.getTime() - CLOCK_SKEW_MS),
    notAfter: new Date(now.getTime() + LOCAL_CA_VALIDITY_DAYS * DAY_MS),
    keys,
    signingAlgorithm: SIGNING_ALGORITHM,
    extensions: [
      // It signs server certificates only, never another CA.
      new x509.BasicConstraintsExtension(true, 0, true),
      new x509.KeyUsagesExtension(
        x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign,
        true,
      ),
      await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
      nameConstraintsExtension(permitted),
    ],
  });
  await mkdir(path.dirname(files.caCert), { recursive: true, mode: 0o700 });
  await writeAtomically(files.caKey, await exportKeyPem(keys.privateKey), 0o600);
  await writeAtomically(files.caCert, ca.toString('pem'), 0o644);
  return { ca, key: keys.privateKey };
}

async function loadCa(
  files: LocalCaFiles,
  certPem: string,
): Promise<{ ca: x509.X509Certificate; key: CryptoKey; permitted: PermittedNames }> {
  const keyPem = await readIfPresent(files.caKey);
  if (keyPem === undefined) throw caProblem(files, `${files.caKey} is missing`);
  try {
    if (!new NodeCertificate(certPem).checkPrivateKey(createPrivateKey(keyPem))) {
      throw caProblem(files, 'its key does not belong to its certificate');
    }
    const ca = new x509.X509Certificate(certPem);
    const permitted = permittedNamesOf(ca);
    if (!permitted) throw caProblem(files, 'its certificate has no name constraints');
    return { ca, key: await importSigningKey(keyPem), permitted };
  } catch (error) {
    if (error instanceof StartupError) throw error;
    throw caProblem(files, (error as Error).message, error);
  }
}

interface StoredServerCertificate {
  key: string;
  cert: string;
  names: CertificateNames;
  notAfter: Date;
}

/** The stored server certificate when it is this CA's, not near its end and carries every name
 * wanted; otherwise why a new one is needed. */
async function storedServerCertificate(
  files: LocalCaFiles,
  ca: x509.X509Certificate,
  wanted: CertificateNames,
  now: Date,
): Promise<StoredServerCertificate | { renewBecause: string }> {
  const [cert, key] = await Promise.all([
    readIfPresent(files.serverCert),
    readIfPresent(files.serverKey),
  ]);
  if (cert === undefined || key === undefined) return { renewBecause: 'none stored' };
  let parsed: x509.X509Certificate;
  try {
    if (!new NodeCertificate(cert).checkPrivateKey(createPrivateKey(key))) {
      return { renewBecause: 'its key does not match it' };
    }
    parsed = new x509.X509Certificate(cert);
    if (!(await parsed.verify({ publicKey: ca.publicKey, signatureOnly: true }))) {
      return { renewBecause: 'another CA signed it' };
    }
  } catch (error) {
    // It is derived data (phones trust the CA, not it): a new one replaces an unreadable one.
    return { renewBecause: `unreadable (${(error as Error).message})` };
  }
  if (parsed.notAfter.getTime() - now.getTime() < SERVER_CERT_RENEW_DAYS * DAY_MS) {
    return { renewBecause: `it ends on ${parsed.notAfter.toISOString()}` };
  }
  const names = namesOf(parsed);
  const missing = [
    ...wanted.dnsNames.filter((name) => !names.dnsNames.includes(name)),
    ...wanted.ipAddresses.filter((address) => !names.ipAddresses.includes(address)),
  ];
  if (missing.length > 0) return { renewBecause: `it lacks ${missing.join(', ')}` };
  return { key, cert, names, notAfter: parsed.notAfter };
}

export function namesOf(certificate: x509.X509Certificate): CertificateNames {
  const san = certificate.getExtension(x509.SubjectAlternativeNameExtension);
  const items = san?.names.items ?? [];
  return {
    dnsNames: items.filter((item) => item.type === 'dns').map((item) => item.value),
    ipAddresses: items.filter((item) => item.type === 'ip').map((item) => item.value),
  };
}

async function issueServerCertificate(
  files: LocalCaFiles,
  ca: { ca: x509.X509Certificate; key: CryptoKey },
  names: CertificateNames,
  now: Date,
): Promise<{ key: string; cert: string; notAfter: Date }> {
  const keys = await webcrypto.subtle.generateKey(KEY_ALGORITHM, true, ['sign', 'verify']);
  const notAfter = new Date(now.getTime() + SERVER_CERT_VALIDITY_DAYS * DAY_MS);
  const certificate = await x509.X509CertificateGenerator.create({
    serialNumber: randomSerial(),
    // Not a host name (browsers read only the alternative names), so no name constraint applies.
    subject: [{ CN: ['RepTemple server'] }, { O: ['RepTemple'] }],
    issuer: ca.ca.subject,
    notBefore: new Date(now.getTime() - CLOCK_SKEW_MS),
    notAfter,
    signingKey: ca.key,
    publicKey: keys.publicKey,
    signingAlgorithm: SIGNING_ALGORITHM,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
      new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.serverAuth]),
      new x509.SubjectAlternativeNameExtension([
        ...names.dnsNames.map((value) => ({ type: 'dns' as const, value })),
        ...names.ipAddresses.map((value) => ({ type: 'ip' as const, value })),
      ]),
      await x509.AuthorityKeyIdentifierExtension.create(ca.ca),
      await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
    ],
  });
  const key = await exportKeyPem(keys.privateKey);
  const cert = certificate.toString('pem');
  await writeAtomically(files.serverKey, key, 0o600);
  await writeAtomically(files.serverCert, cert, 0o644);
  return { key, cert, notAfter };
}

/** The local CA and the server's certificate for these names: read from the data directory, made
 * there when missing, and the server's renewed when it nears its end or lacks a name. */
export async function loadOrCreateLocalCertificates(
  dataDir: string,
  wanted: CertificateNames,
  now = new Date(),
): Promise<LocalCertificates> {
  const files = localCaFiles(dataDir);
  const storedCa = await readIfPresent(files.caCert);
  let authority: { ca: x509.X509Certificate; key: CryptoKey; permitted: PermittedNames };
  if (storedCa === undefined) {
    const permitted = permittedNamesFor(wanted);
    authority = { ...(await createCa(files, permitted, now)), permitted };
  } else {
    authority = await loadCa(files, storedCa);
    if (authority.ca.notAfter.getTime() <= now.getTime()) {
      throw caProblem(files, `its root expired on ${authority.ca.notAfter.toISOString()}`);
    }
  }
  const { covered, leftOut } = splitByPermission(wanted, authority.permitted);
  const stored = await storedServerCertificate(files, authority.ca, covered, now);
  const server =
    'renewBecause' in stored
      ? { ...(await issueServerCertificate(files, authority, covered, now)), names: covered }
      : stored;
  return {
    ca: describeCa(authority.ca, authority.permitted),
    key: server.key,
    cert: server.cert,
    names: server.names,
    leftOut,
    notAfter: server.notAfter,
    made: { ca: storedCa === undefined, server: 'renewBecause' in stored },
    ...('renewBecause' in stored ? { renewedBecause: stored.renewBecause } : {}),
  };
}
