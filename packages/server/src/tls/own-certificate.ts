// A certificate of one's own (--tls-cert, --tls-key): read, checked that the key belongs to it and
// that it is valid now, and read again when the files change (a renewal by certbot or the like).

import { createPrivateKey, X509Certificate } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { createSecureContext } from 'node:tls';
import { StartupError } from '../errors.js';

export interface OwnCertificate {
  key: string;
  cert: string;
  /** The first certificate's alternative names, as Node writes them ('DNS:a, IP Address:b'). */
  subjectAltName: string | undefined;
  notAfter: Date;
  /** Modification times of the two files, to notice a renewal. ms */
  modified: { cert: number; key: number };
}

function problem(
  file: string,
  message: string,
  expected: string,
  received: string,
  cause?: unknown,
): StartupError {
  return new StartupError({
    code: 'tls_certificate_unusable',
    message,
    expected,
    received,
    hint: `Check ${file}, or start with --https instead to use the local certificate authority.`,
    cause,
  });
}

async function readPem(file: string, what: string): Promise<{ text: string; modified: number }> {
  try {
    const [text, info] = await Promise.all([readFile(file, 'utf8'), stat(file)]);
    return { text, modified: info.mtimeMs };
  } catch (error) {
    throw problem(
      file,
      `Cannot read the ${what} ${file}.`,
      `a readable PEM file`,
      (error as Error).message,
      error,
    );
  }
}

export async function loadOwnCertificate(
  source: { certFile: string; keyFile: string },
  now = new Date(),
): Promise<OwnCertificate> {
  const [cert, key] = await Promise.all([
    readPem(source.certFile, 'certificate'),
    readPem(source.keyFile, 'private key'),
  ]);
  let first: X509Certificate;
  try {
    // The file holds the server's certificate first, then its chain.
    first = new X509Certificate(cert.text);
  } catch (error) {
    throw problem(
      source.certFile,
      `${source.certFile} holds no certificate.`,
      'a PEM certificate (-----BEGIN CERTIFICATE-----), its chain after it',
      (error as Error).message,
      error,
    );
  }
  let privateKey: ReturnType<typeof createPrivateKey>;
  try {
    privateKey = createPrivateKey(key.text);
  } catch (error) {
    throw problem(
      source.keyFile,
      `${source.keyFile} holds no private key (or a passphrase-protected one).`,
      'an unencrypted PEM private key',
      (error as Error).message,
      error,
    );
  }
  if (!first.checkPrivateKey(privateKey)) {
    throw problem(
      source.keyFile,
      `The key in ${source.keyFile} does not belong to the certificate in ${source.certFile}.`,
      `the private key of ${first.subject.replaceAll('\n', ', ')}`,
      'another key',
    );
  }
  const notAfter = new Date(first.validTo);
  if (notAfter.getTime() <= now.getTime()) {
    throw problem(
      source.certFile,
      `The certificate in ${source.certFile} expired on ${notAfter.toISOString()}.`,
      'a certificate valid now',
      `valid until ${first.validTo}`,
    );
  }
  try {
    createSecureContext({ cert: cert.text, key: key.text });
  } catch (error) {
    throw problem(
      source.certFile,
      `Node cannot serve ${source.certFile} with its key.`,
      'a certificate and key OpenSSL accepts',
      (error as Error).message,
      error,
    );
  }
  return {
    key: key.text,
    cert: cert.text,
    subjectAltName: first.subjectAltName,
    notAfter,
    modified: { cert: cert.modified, key: key.modified },
  };
}

/** Whether either file changed since they were read. */
export async function ownCertificateChanged(
  source: { certFile: string; keyFile: string },
  loaded: OwnCertificate,
): Promise<boolean> {
  const [cert, key] = await Promise.all([stat(source.certFile), stat(source.keyFile)]);
  return cert.mtimeMs !== loaded.modified.cert || key.mtimeMs !== loaded.modified.key;
}
