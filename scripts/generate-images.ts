/**
 * `npm run generate-images` (README.md). The data file has one writer: when a server
 * holds its lock this asks that server; otherwise it runs the generator here.
 */
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { DataFileError, lockHolder, openStore } from '../data/store.server.ts'
import { IMAGE_ANGLES } from '../domain/business.ts'
import {
  ANGLE_LABELS,
  estimateRun,
  formatUsd,
  GENERATION_STATUS,
  runFailed,
  type GenerationEvent,
  type GenerationResponse,
} from '../domain/image-generation.ts'
import { readEventStream } from '../lib/event-stream.ts'
import { readEnvFile } from '../server/config/env-file.server.ts'
import { ConfigError, loadConfig, type Config } from '../server/config/config.server.ts'
import { runningServers, shopDataFile } from '../server/running-server.server.ts'
import type { GenerationJob } from '../server/services/image-generator.server.ts'
import { configuredImageGenerator } from '../server/services/images/configured-generator.server.ts'
import { DailyImageLimit, DailyLimitError } from '../server/services/images/daily-limit.server.ts'

const USAGE = `Usage: npm run generate-images
  Generates 4 photographs (${IMAGE_ANGLES.join(', ')}) of every product with OpenAI's images API.
  Uses the server's environment: OPENAI_API_KEY, OPENAI_IMAGE_MODEL, DATA_FILE, and, when the
  server is running, PORT, HOST and ADMIN_PASSWORD to ask it to do the work.`

type Out = { write(text: string): unknown; isTTY?: boolean; columns?: number }

/** A bar redrawn in place on a TTY, one line per image otherwise (logs, CI). */
export class ProgressDisplay {
  private drawn = false
  private failedImages = 0

  constructor(private readonly out: Out) {}

  static bar(done: number, total: number, width = 28): string {
    const filled = total > 0 ? Math.round((done / total) * width) : 0
    return `[${'█'.repeat(filled)}${'░'.repeat(width - filled)}]`
  }

  private line(text: string) {
    if (this.drawn && this.out.isTTY) this.out.write('\r\x1b[K')
    this.drawn = false
    this.out.write(`${text}\n`)
  }

  private draw(text: string) {
    if (this.out.isTTY) {
      const max = Math.max(20, (this.out.columns ?? 100) - 1)
      this.out.write(`\r\x1b[K${text.length > max ? `${text.slice(0, max - 1)}…` : text}`)
      this.drawn = true
    } else {
      this.out.write(`${text}\n`)
    }
  }

  update = (event: GenerationEvent): void => {
    switch (event.type) {
      case 'start': {
        const estimate = estimateRun(event.products, event.model, event.concurrency)
        this.line(
          `${GENERATION_STATUS.starting} ${event.images} images ` +
            `(${IMAGE_ANGLES.length} angles × ${event.products} products) with ` +
            `${event.model}, ${event.concurrency} at a time.`,
        )
        const cost =
          estimate.costUsd === null
            ? `${estimate.images} images at OpenAI's price for ${event.model}`
            : `about ${formatUsd(estimate.costUsd)}`
        this.line(`Estimate: ${cost}, about ${estimate.minutes} min.`)
        this.draw(`${ProgressDisplay.bar(0, event.images)}   0/${event.images}   0%`)
        break
      }
      case 'image': {
        if (event.outcome === 'failed') {
          this.failedImages++
          this.line(`  ✗ ${event.productName}, ${ANGLE_LABELS[event.angle]}: ${event.error ?? 'failed'}`)
        }
        const percent = Math.floor((event.done / event.images) * 100)
        const mark = event.outcome === 'ok' ? '✓' : event.outcome === 'failed' ? '✗' : '–'
        this.draw(
          `${ProgressDisplay.bar(event.done, event.images)} ` +
            `${String(event.done).padStart(3)}/${event.images} ` +
            `${String(percent).padStart(3)}%  Generating ${event.done} of ` +
            `${event.images}: ${event.productName}, ${ANGLE_LABELS[event.angle]} ` +
            `${mark}`,
        )
        break
      }
      case 'product':
        if (!event.ok) this.line(`  ✗ ${event.productName} keeps its previous images.`)
        break
      case 'done':
        this.finish(event)
        break
      case 'error':
        this.line(`${GENERATION_STATUS.failed}: ${event.error}`)
        break
    }
  }

  finish(response: GenerationResponse): void {
    const { results, stoppedEarly } = response
    this.line(runFailed(results) ? GENERATION_STATUS.failed : GENERATION_STATUS.completed)
    if (stoppedEarly) this.line(`Stopped early: ${stoppedEarly}`)
    this.line(
      `Successful: ${results.successCount}   Failed: ${results.errorCount}   ` +
        `Total: ${results.total}   (products; a product succeeds when all ` +
        `${IMAGE_ANGLES.length} of its images were stored)`,
    )
  }
}

/** Where the server that holds the lock listens, as PORT and HOST say. */
export function serverUrl(config: Pick<Config, 'host' | 'port'>): string {
  const host = !config.host || config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host
  return `http://${host.includes(':') ? `[${host}]` : host}:${config.port}`
}

async function errorSentence(res: Response): Promise<string> {
  const text = await res.text()
  try {
    const body = JSON.parse(text) as { error?: unknown }
    if (typeof body.error === 'string') return body.error
  } catch {
    // not JSON
  }
  return text.trim() || res.statusText
}

/** Reads a streamed run until `done`; returns its results, or null when the stream broke off. */
async function followStream(res: Response, display: ProgressDisplay): Promise<GenerationResponse | null> {
  let final: GenerationResponse | null = null
  for await (const message of readEventStream(res.body!)) {
    const event = JSON.parse(message.data) as GenerationEvent
    display.update(event)
    if (event.type === 'done')
      final = { results: event.results, ...(event.stoppedEarly ? { stoppedEarly: event.stoppedEarly } : {}) }
  }
  return final
}

/** The server holds the data file: it does the work, this shows its progress. */
async function viaServer(config: Config, pid: number, out: Out, err: Out): Promise<number> {
  const base = serverUrl(config)
  out.write(
    `The server (pid ${pid}) is using ${path.resolve(config.dataFile)}: asking it at ${base} to generate the images.\n`,
  )
  const headers: Record<string, string> = { Accept: 'text/event-stream' }
  if (config.adminPassword)
    headers.Authorization = `Basic ${Buffer.from(`admin:${config.adminPassword}`).toString('base64')}`
  const display = new ProgressDisplay(out)
  let res: Response
  try {
    res = await fetch(`${base}/api/generate-images`, { method: 'POST', headers })
    if (res.status === 409) {
      out.write('A generation is already running on the server: following it.\n')
      res = await fetch(`${base}/api/generate-images/events`, { headers })
    }
  } catch (e) {
    err.write(
      `No server answers at ${base} ` +
        `(${((e as Error).cause as Error | undefined)?.message ?? (e as Error).message}), ` +
        `yet process ${pid} holds the data file. Set PORT and HOST to the ` +
        `server's, or stop that process and run this again.\n`,
    )
    return 1
  }
  if (res.status === 401) {
    err.write(
      `The server refused the admin password. Set ADMIN_PASSWORD to the server's admin password and run this again.\n`,
    )
    return 1
  }
  if (!res.ok) {
    err.write(`${GENERATION_STATUS.failed}: ${await errorSentence(res)}\n`)
    return 1
  }
  let final: GenerationResponse | null
  if ((res.headers.get('content-type') ?? '').includes('text/event-stream')) {
    final = await followStream(res, display)
  } else {
    final = (await res.json()) as GenerationResponse
    display.finish(final)
  }
  if (!final) {
    err.write(
      `${GENERATION_STATUS.failed}: the connection to the server broke off. The run may go on there: see /admin.\n`,
    )
    return 1
  }
  return final.results.errorCount === 0 ? 0 : 1
}

/** No server: this process becomes the data file's writer and runs the generator itself. */
async function inProcess(config: Config, out: Out, err: Out): Promise<number> {
  if (!config.openaiApiKey) {
    err.write(
      'Image generation is not set up: nothing was generated. To turn it on, set ' +
        'OPENAI_API_KEY to your OpenAI key (and OPENAI_IMAGE_MODEL for another model) and run this again.\n',
    )
    return 1
  }
  let store
  try {
    store = await openStore(config.dataFile)
  } catch (e) {
    if (e instanceof DataFileError) {
      err.write(`${e.message}\n`)
      return 1
    }
    throw e
  }
  try {
    // The same spend cap as the server's, counted in the same data file.
    const generator = configuredImageGenerator(config, store, {
      dailyLimit: new DailyImageLimit(store, config.imageDailyLimit),
    })
    let job: GenerationJob
    try {
      job = generator.start()
    } catch (e) {
      if (e instanceof DailyLimitError) {
        err.write(`${GENERATION_STATUS.failed}: ${e.message}\n`)
        return 1
      }
      throw e
    }
    let interrupted = false
    const onInterrupt = () => {
      if (interrupted) process.exit(130) // a second Ctrl-C: leave now (the data file is written atomically)
      interrupted = true
      err.write(
        '\nStopping: no new images will be requested; products already finished ' +
          'keep their new images. Ctrl-C again to quit at once.\n',
      )
      job.cancel('Stopped from the keyboard.')
    }
    process.on('SIGINT', onInterrupt)
    process.on('SIGTERM', onInterrupt)
    const display = new ProgressDisplay(out)
    job.subscribe(display.update)
    try {
      const response = await job.result
      return response.results.errorCount === 0 ? 0 : 1
    } catch (e) {
      err.write(`${GENERATION_STATUS.failed}: ${(e as Error).message}\n`)
      return 1
    } finally {
      process.off('SIGINT', onInterrupt)
      process.off('SIGTERM', onInterrupt)
    }
  } finally {
    await store.close()
  }
}

/**
 * Without DATA_FILE, the shop a server runs from this folder (found as `npm run messages` finds it, and
 * said), with the port it listens on; otherwise the environment as it is.
 */
async function runningShopEnv(env: NodeJS.ProcessEnv, err: Out): Promise<NodeJS.ProcessEnv> {
  if (env.DATA_FILE?.trim()) return env
  const file = await shopDataFile(undefined, (line) => err.write(line))
  const server = (await runningServers()).find((s) => s.dataFile === file)
  if (!server) return env
  return {
    ...env,
    DATA_FILE: file,
    ...(server.port && !env.PORT?.trim() ? { PORT: String(server.port) } : {}),
    ...(server.host && !env.HOST?.trim() ? { HOST: server.host } : {}),
  }
}

export async function main(
  argv: readonly string[] = process.argv.slice(2),
  out: Out = process.stdout,
  err: Out = process.stderr,
): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    out.write(`${USAGE}\n`)
    return 0
  }
  let config: Config
  try {
    config = loadConfig(await runningShopEnv(process.env, err))
  } catch (e) {
    if (e instanceof ConfigError) {
      err.write(`${e.message}\n`)
      return 1
    }
    throw e
  }
  const holder = await lockHolder(path.resolve(config.dataFile))
  return holder !== null && holder !== process.pid ? viaServer(config, holder, out, err) : inProcess(config, out, err)
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  // `.env`, as `npm start` reads it; the environment wins.
  Promise.resolve()
    .then(() => readEnvFile())
    .then(() => main())
    .then(
      (code) => process.exit(code),
      (e: unknown) => {
        console.error(GENERATION_STATUS.failed, e)
        process.exit(1)
      },
    )
}
