/** Import boundaries of ARCHITECTURE.md §2, checked by `npm run boundaries`. */
module.exports = {
  forbidden: [
    { name: 'no-circular', severity: 'error', from: {}, to: { circular: true } },
    {
      name: 'domain-is-pure',
      comment: 'packages/domain imports no I/O, no framework, no app code',
      severity: 'error',
      from: { path: '^packages/domain' },
      to: {
        path: '^apps/|node_modules/(fastify|pg|@electric-sql|drizzle-orm|better-auth|react|nodemailer)|^(fs|net|http|https|child_process)$',
      },
    },
    {
      name: 'web-not-server',
      severity: 'error',
      from: { path: '^apps/web' },
      to: { path: '^apps/server' },
    },
    {
      name: 'server-not-web',
      severity: 'error',
      from: { path: '^apps/server' },
      to: { path: '^apps/web' },
    },
    {
      name: 'no-feature-to-feature',
      comment: 'web features do not import each other; shared UI lives in src/components',
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+/[^/]+)/' },
      to: { path: '^apps/web/src/features/[^/]+/[^/]+/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'no-module-internals',
      comment:
        'server modules talk to other modules through their operations and read their tables through their public file (<module>.public.ts), never their repository or *.table.ts (decision 222)',
      severity: 'error',
      from: { path: '^apps/server/src/modules/([^/]+/[^/]+)/' },
      to: {
        path: '^apps/server/src/modules/[^/]+/[^/]+/.+\\.(repository|table)\\.ts$',
        pathNot: '^apps/server/src/modules/$1/',
      },
    },
    {
      name: 'fixtures-through-public-files',
      comment:
        "the integration tests' fixtures (apps/server/test/fixtures) write a module's rows through its public file, never its repository or *.table.ts (decision 269)",
      severity: 'error',
      from: { path: '^apps/server/test/fixtures/' },
      to: { path: '^apps/server/src/modules/[^/]+/[^/]+/.+\\.(repository|table)\\.ts$' },
    },
    {
      name: 'no-barrels-or-utils',
      severity: 'error',
      from: {},
      to: { path: '(^|/)(utils|helpers)\\.ts$|/index\\.ts$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: 'node_modules|dist|drizzle/meta' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
      extensions: ['.ts', '.tsx', '.js', '.mjs'],
    },
  },
};
