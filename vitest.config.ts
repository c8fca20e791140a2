import { defineConfig } from 'vitest/config'

// Two tiers, one run each. The everyday tier is what `npm test` runs: every behaviour a visitor or
// the owner sees. The slow tier (`npm run test:slow`) holds the long proofs: kill loops, ten years
// of enquiries, lock races, Lighthouse, full fuzzing. A test is slow by its file name.
const SLOW = 'test/**/*.slow.test.ts'

// `npm run test:quick`: the everyday files that start no site and no browser, so they need neither the
// production build nor Chromium (the rules, the data file, the scripts' checks, the page cache, the mail).
// A file here that starts the site fails saying so (test/helpers/server.ts).
const QUICK = [
  'test/domain/*.test.ts',
  'test/lib/*.test.ts',
  'test/data/*.test.ts',
  'test/docs/*.test.ts',
  'test/server/statistics/statistics*.test.ts',
  ...['check-data', 'check-shape', 'messages', 'restore-checks', 'restore-stops', 'snapshots-history'].map(
    (name) => `test/scripts/${name}.test.ts`,
  ),
  ...[
    'config',
    'daily-limit',
    'enquiry-csv',
    'enquiry-mail',
    'first-start',
    'image-generator',
    'inbox',
    'paced-dispatch',
    'page-cache',
    'segmented-cache',
    'site-host',
  ].map((name) => `test/server/${name}.test.ts`),
]

export default defineConfig({
  test: {
    // Generous: browser tests share two cores with each other and with a production build.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // The compiled test and source modules are kept on disk (node_modules/.experimental-vitest-cache/): a second
    // run compiles only what changed. No plugin here reads files of its own, the case where the cache goes stale.
    experimental: { fsModuleCache: true },
    // Two cores: browser tests are heavy, so no more than two files at once.
    maxWorkers: 2,
    // The site under test runs as it does in production, where Vike sets NODE_ENV to 'production' when it
    // serves the build (it leaves a value already set, and Vitest's own is 'test'): React's production build.
    env: { LOG_LEVEL: 'silent', NODE_ENV: 'production' },
    // Each worker launches its own Chromium at its first browser test and closes it when it stops
    // (test/helpers/shared-browser.ts); what a file leaves open is closed after it.
    environment: './test/worker-environment.ts',
    setupFiles: ['./test/browser-contexts.setup.ts'],
    projects: [
      {
        extends: true,
        // Each worker keeps the modules it loaded from one file to the next (loading them again cost
        // more than a minute a run): a file that changes the process (environment, a mocked module)
        // puts it back or loads what it mocks afresh.
        test: {
          name: 'everyday',
          globalSetup: ['test/global-setup.ts'],
          include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
          exclude: [SLOW],
          isolate: false,
        },
      },
      {
        extends: true,
        test: { name: 'quick', include: QUICK, exclude: [SLOW], isolate: false, env: { TEST_TIER: 'quick' } },
      },
      { extends: true, test: { name: 'slow', globalSetup: ['test/global-setup.ts'], include: [SLOW] } },
    ],
  },
})
