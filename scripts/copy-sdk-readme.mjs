// Before packing @reptemple/pose-sdk or @reptemple/definitions: the SDK guide (docs/sdk.md, which
// covers both packages) becomes the package's README, so the published package carries the docs
// its errors refer to. One source, copied at pack time rather than kept twice in the repository;
// `--remove` (after packing) deletes the copy again.
import { copyFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const guide = join(dirname(fileURLToPath(import.meta.url)), '..', 'docs', 'sdk.md');
const readme = join(process.cwd(), 'README.md');
if (process.argv.includes('--remove')) rmSync(readme, { force: true });
else copyFileSync(guide, readme);
