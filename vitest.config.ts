import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    globalSetup: ['test/global-setup.ts'],
    // Generous: browser tests share two cores with each other and with a production build.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Two cores: browser tests are heavy, so no more than two files at once.
    maxWorkers: 2,
    env: { LOG_LEVEL: 'silent' },
  },
})
