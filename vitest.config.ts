import { defineConfig } from 'vitest/config'

// Two tiers, one run each. The everyday tier is what `npm test` runs: every behaviour a visitor or
// the owner sees. The slow tier (`npm run test:slow`) holds the long proofs: kill loops, ten years
// of enquiries, lock races, Lighthouse, full fuzzing. A test is slow by its file name.
const SLOW = 'test/**/*.slow.test.ts'

export default defineConfig({
  test: {
    globalSetup: ['test/global-setup.ts'],
    // Generous: browser tests share two cores with each other and with a production build.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Two cores: browser tests are heavy, so no more than two files at once.
    maxWorkers: 2,
    env: { LOG_LEVEL: 'silent' },
    projects: [
      {
        extends: true,
        // Each worker keeps the modules it loaded from one file to the next (loading them again cost
        // more than a minute a run): a file that changes the process (environment, a mocked module)
        // puts it back or loads what it mocks afresh.
        test: {
          name: 'everyday',
          include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
          exclude: [SLOW],
          isolate: false,
        },
      },
      { extends: true, test: { name: 'slow', include: [SLOW] } },
    ],
  },
})
