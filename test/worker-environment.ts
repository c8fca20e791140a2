import { builtinEnvironments, type Environment } from 'vitest/environments'
import { launchedWorkerBrowser } from './helpers/worker-browser-slot.ts'

/**
 * Node's environment, which also closes the worker's Chromium when the worker stops: the worker waits for
 * it to exit, so none is left behind. (A count of the run's CPU by the processes it waits for, as
 * `/usr/bin/time` makes, sees Chromium's browser process; its renderers are its zygote's, never waited for.)
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
