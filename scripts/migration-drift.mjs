#!/usr/bin/env node
/**
 * `npm run check`'s migration drift check: the tables in code and the committed migrations must agree. It runs
 * `drizzle-kit generate` (which writes a migration only when a table changed without one) and fails when that
 * left anything new or changed in apps/server/drizzle. Fix: `npm run db:generate -w @stellwerk/server -- --name
 * <what_changed>` and commit the migration with the table change.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '..');
const serverDir = path.join(repoRoot, 'apps/server');
const drizzleDir = path.join(serverDir, 'drizzle');

const status = () =>
  execFileSync('git', ['status', '--porcelain', '--', drizzleDir], {
    cwd: repoRoot,
    encoding: 'utf8',
  }).trim();

const before = status();
execFileSync('npx', ['drizzle-kit', 'generate', '--name', 'drift_check'], {
  cwd: serverDir,
  stdio: ['ignore', 'ignore', 'inherit'],
});
const after = status();
if (after !== before) {
  console.error(
    'Migration drift: a table in apps/server/src differs from the committed migrations; drizzle-kit wrote:\n' +
      after +
      '\nName the generated migration for what changed, check its SQL, and commit it with the table change.',
  );
  process.exit(1);
}
console.log('Migrations match the tables.');
