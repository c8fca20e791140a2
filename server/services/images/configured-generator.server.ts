import type { Store } from '../../../data/store.server.ts'
import type { Config } from '../../config/config.server.ts'
import { mediaDirFor } from '../../config/paths.server.ts'
import { createImageGenerator, type ImageGenerator, type ImageGeneratorOptions } from '../image-generator.server.ts'

/**
 * The generator as the configuration sets it up (model, concurrency, timeouts), writing into the
 * media folder beside the data file: the server's and `npm run generate-images`'s alike.
 */
export function configuredImageGenerator(
  config: Pick<Config, 'dataFile' | 'imageModel' | 'imageConcurrency' | 'openaiTimeoutMs' | 'openaiMaxRetries'>,
  store: Store,
  extra: Pick<ImageGeneratorOptions, 'logger' | 'dailyLimit' | 'saveProduct'>,
): ImageGenerator {
  return createImageGenerator({
    store,
    mediaDir: mediaDirFor(config.dataFile),
    model: config.imageModel,
    concurrency: config.imageConcurrency,
    timeoutMs: config.openaiTimeoutMs,
    maxRetries: config.openaiMaxRetries,
    ...extra,
  })
}
