/** Writes docs/rules.md from the error catalogue and the code that names each error: `npm run docs:regeln`. */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { REPO, regelnTabelle } from './regeln.ts';

const ziel = path.join(REPO, 'docs', 'rules.md');
writeFileSync(ziel, regelnTabelle());
console.log(`written: ${path.relative(process.cwd(), ziel)}`);
