import { availableParallelism } from 'node:os';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

/**
 * The integration files that take longest (measured on 27.11.2026: the bad-input walk alone took a quarter of
 * the tier's time) start first, so that the workers end together instead of one running the walk alone at
 * the end. The others keep vitest's order.
 */
const LONGEST_FIRST = [
  'http/bad-input-walk.int.test.ts',
  // these two wait on the wall clock (a TOTP step, an SMTP timeout), beside the others' work (29.11.2026: 63 and 30 s)
  'modules/identitaet/sso/sso.code-schritt.int.test.ts',
  'modules/plattform/mail/mail.outage.int.test.ts',
  'modules/identitaet/auth/auth.throttle.int.test.ts',
  'modules/identitaet/auth/auth.faktor-schutz.int.test.ts',
  'modules/identitaet/auth/auth.zwei-faktor.int.test.ts',
  'modules/verwaltung/mandant/mandant.platform-admin.int.test.ts',
];

class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const index = LONGEST_FIRST.findIndex((name) => file.moduleId.endsWith(name));
      return index === -1 ? LONGEST_FIRST.length : index;
    };
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

export default defineConfig({
  test: {
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/**/src/**/*.test.ts',
            'apps/**/src/**/*.test.{ts,tsx}',
            'e2e/support/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          exclude: ['**/node_modules/**', '**/*.int.test.ts'],
          environment: 'node',
          // Every core: vitest's default leaves one for its main process, which on the 2-core CI machine ran the
          // whole tier in one worker (93 s; 55 s with two, measured 28.11.2026 at a load of 7).
          maxWorkers: Math.max(2, availableParallelism()),
          // The files of a worker share one module graph, as in the integration tier: importing the domain and
          // the web app again for each of 158 files was most of the tier's time (decision 240). No unit test mocks
          // a module or keeps the fake timers; the three that stub `fetch` unstub it after each test.
          isolate: false,
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
          // Three on the 2-core CI machine: some files wait on the wall clock (a TOTP step of 30 s, an SMTP
          // timeout of 10 s) and a third worker uses that time: 424 s instead of 484 s for the tier on a quiet
          // 2-core machine (28.11.2026).
          maxWorkers: 3,
          // The files share a worker's module graph instead of importing the whole server again for each of
          // them (importing was the larger part of the tier's time: 158 s of 240 s for six files on a busy
          // machine, 34 s of 132 s shared). Nothing in the server keeps state at module level (every cache
          // belongs to the app that `buildApp` makes), and no integration test mocks a module or the timers.
          isolate: false,
        },
      },
    ],
  },
});
