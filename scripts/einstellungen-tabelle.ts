/**
 * Writes docs/einstellungen.md, the table of every settings option, from the catalogue (R368). Run after changing
 * an option: `npm run docs:einstellungen`. apps/server/src/modules/verwaltung/customizing/einstellungen-tabelle.test.ts fails
 * while the committed file is stale.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { einstellungenTabelle } from '../packages/domain/src/verwaltung/customizing-tabelle.ts';

const ziel = path.join(import.meta.dirname, '..', 'docs', 'customizing.md');
writeFileSync(ziel, einstellungenTabelle());
console.log(`written: ${path.relative(process.cwd(), ziel)}`);
