import { builtinEnvironments, type Environment } from 'vitest/environments'
import { launchedWorkerBrowser } from './helpers/worker-browser-slot.ts'

/**
 * Node's environment, which also closes the worker's Chromium when the worker stops: the worker waits for
 * it to exit, so none is left behind and its CPU time is counted with the run's.
 */
export default {
  name: 'node-with-browser',
  viteEnvironment: 'ssr',
  async setup(global, options) {
    const node = await builtinEnvironments.node.setup(global, options)
    return {
      async teardown(g) {
        await (await launchedWorkerBrowser())?.close()
        await node.teardown(g)
      },
    }
  },
} satisfies Environment
