// Writes dist/definition.schema.json from the zod schema, so editors and other languages can
// validate definition documents without running TypeScript.
import { writeFileSync } from 'node:fs';
import { definitionJsonSchema } from '../dist/index.js';

const target = new URL('../dist/definition.schema.json', import.meta.url);
writeFileSync(target, `${JSON.stringify(definitionJsonSchema(), null, 2)}\n`);
console.log(`wrote ${target.pathname}`);
