import path from 'node:path'
import { ROOT } from './paths.server.ts'

/** The settings file `.env.example` is copied to, in the repository root. */
export const ENV_FILE = path.join(ROOT, '.env')

/**
 * Reads `.env` into the environment when there is one, with Node's own reader (`process.loadEnvFile`,
 * as `node --env-file` does): a variable the environment already has keeps its value, so a service's
 * own settings and a value typed before a command win over the file. Returns the file read, or
 * undefined when there is none.
 */
export function readEnvFile(file = ENV_FILE): string | undefined {
  // Servers and commands a test starts have the test's settings alone, whatever a developer keeps in `.env`.
  if (process.env.VITEST) return undefined
  try {
    process.loadEnvFile(file)
    return file
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw new Error(`Cannot read the settings file ${file}: ${(err as Error).message}`, { cause: err })
  }
}
