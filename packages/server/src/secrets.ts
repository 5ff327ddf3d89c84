// Secrets of one installation, generated on first start and kept in the data directory (mode
// 600), so a restart keeps sessions and the database passwords.

import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { StartupError } from './errors.js';

export interface StackSecrets {
  /** HS256 key shared by the auth service and PostgREST. */
  jwtSecret: string;
  /** Password of the embedded cluster's superuser. */
  postgresPassword: string;
  /** Password of the authenticator role PostgREST logs in as. */
  authenticatorPassword: string;
  /** Issue time of the anon and service_role keys (s since epoch), so they stay the same. */
  apiKeysIssuedAt: number;
}

function generateSecret(bytes: number): string {
  return randomBytes(bytes).toString('base64url');
}

export async function loadOrCreateSecrets(
  dataDir: string,
  fixedJwtSecret?: string,
): Promise<StackSecrets> {
  const file = path.join(dataDir, 'secrets.json');
  let stored: Partial<StackSecrets> = {};
  try {
    stored = JSON.parse(await readFile(file, 'utf8')) as Partial<StackSecrets>;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
      throw new StartupError({
        code: 'secrets_unreadable',
        message: `Cannot read ${file}.`,
        expected: 'a JSON file written by an earlier start, or no file',
        received: (error as Error).message,
        hint: 'Restore the file from a backup; deleting it makes existing sessions invalid.',
        cause: error,
      });
    }
  }
  const secrets: StackSecrets = {
    jwtSecret: fixedJwtSecret ?? stored.jwtSecret ?? generateSecret(48),
    postgresPassword: stored.postgresPassword ?? generateSecret(24),
    authenticatorPassword: stored.authenticatorPassword ?? generateSecret(24),
    apiKeysIssuedAt: stored.apiKeysIssuedAt ?? Math.floor(Date.now() / 1000),
  };
  if (secrets.jwtSecret.length < 32) {
    throw new StartupError({
      code: 'jwt_secret_too_short',
      message: 'The JWT secret is too short to be safe.',
      expected: 'at least 32 characters',
      received: `${secrets.jwtSecret.length} characters`,
    });
  }
  await mkdir(dataDir, { recursive: true });
  await writeFile(file, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600 });
  return secrets;
}
