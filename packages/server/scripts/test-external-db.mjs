// Runs the server's test suite on an existing PostgreSQL instead of the embedded one: DATABASE_URL
// when set, otherwise Debian's postgresql cluster, started by start-debian-postgres.sh. The test
// set-up creates a fresh database in that cluster and drops it afterwards.

import { execFileSync, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '..', '..', '..');

let databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  databaseUrl = execFileSync('bash', [path.join(here, 'start-debian-postgres.sh')], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  }).trim();
}
console.error(
  `test:external-db: running the server suite on ${databaseUrl.replace(/:[^:@/]*@/, ':***@')}`,
);
const result = spawnSync('pnpm', ['exec', 'vitest', 'run', '--project', 'server'], {
  cwd: repoRoot,
  stdio: 'inherit',
  env: { ...process.env, DATABASE_URL: databaseUrl },
});
process.exit(result.status ?? 1);
