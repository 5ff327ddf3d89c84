// The browser entry's declarations use DOM types (VideoFrame, HTMLVideoElement...). tsup drops the
// sources' `/// <reference lib="dom" />`, so a consumer compiling without the DOM lib got "Cannot
// find name 'VideoFrame'". Put the reference back at the top of the bundled declarations.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const file = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'browser', 'index.d.ts');
const reference = '/// <reference lib="dom" />\n';
const text = readFileSync(file, 'utf8');
if (!text.startsWith(reference)) writeFileSync(file, reference + text);
