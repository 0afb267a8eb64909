import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/**/src/**/*.test.ts', 'apps/**/src/**/*.test.{ts,tsx}'],
          exclude: ['**/node_modules/**', '**/*.int.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          include: ['apps/server/**/*.int.test.ts'],
          exclude: ['**/node_modules/**'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // one migrated embedded database that every file's databases are copied from
          globalSetup: ['apps/server/test/pglite-template.ts'],
          // Every suite opens its own databases (a fresh PGlite directory, a fresh `stellwerk_test_*` database on
          // PostgreSQL) and its own server on a free port, so two files may run at once: PGlite works in the
          // worker's process, PostgreSQL in its own, and the two cores of a CI machine are both busy.
          fileParallelism: true,
          maxWorkers: 2,
        },
      },
    ],
  },
});
