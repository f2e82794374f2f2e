import { configDefaults, defineConfig } from 'vitest/config';

const processTests = [
  'apps/server/test/scale.test.ts',
  'apps/server/test/analysis-recovery.test.ts',
  'apps/server/test/class-evaluations-recovery.test.ts',
  'apps/server/test/shutdown.test.ts',
];

const serverTests = {
  environment: 'node',
  testTimeout: 30_000,
  hookTimeout: 60_000,
  // one migrated PGlite for every test app to copy (see the file for why)
  globalSetup: ['apps/server/test/support/global-setup.ts'],
  // the files share a worker's loaded modules (the app, the engine's word lists, the drivers) instead
  // of importing them again per file; every test builds its own app, so no state is shared
  isolate: false,
} as const;

// every `npm run bench:*` at its small size, as child processes: `npm run test:bench`, last in `npm test`
const benchSmoke = 'scripts/bench-smoke.test.mjs';

// Three sizes of tests (ARCHITECTURE.md §6): `unit` and `web` are small, `server` is medium
// (a real database per test app, so its files run two at a time: `--maxWorkers=2` in package.json), e2e
// runs under Playwright, not here.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'scripts/**/*.test.mjs'],
          exclude: [...configDefaults.exclude, benchSmoke],
          // a few small tests start worker threads or load the engine's word lists on first use; on two busy
          // cores that alone passed vitest's 5 s default, so they failed for the machine, not for the code
          testTimeout: 15_000,
          // the files share a worker's loaded modules (the engine's word lists above all) instead of importing
          // them again per file: that import was two thirds of this project's time; no file mocks a module
          isolate: false,
        },
      },
      './apps/web/vitest.config.ts',
      {
        test: {
          name: 'server',
          ...serverTests,
          include: ['apps/server/test/**/*.test.ts', 'packages/grading/test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...processTests],
          sequence: { groupOrder: 0 },
        },
      },
      {
        // The tests that start and kill whole server and worker processes load both cores for a minute;
        // beside them, a PGlite test's job waited past its 30 s timeout in CI. They run after the rest.
        test: {
          name: 'server-processes',
          ...serverTests,
          include: processTests,
          sequence: { groupOrder: 1 },
        },
      },
      {
        // the benchmarks start their own apps, databases and browsers in child processes, two at a time
        // (the file's own limit: vitest's maxConcurrency let all fourteen start at once)
        test: { name: 'bench', environment: 'node', include: [benchSmoke], maxConcurrency: 20 },
      },
    ],
  },
});
