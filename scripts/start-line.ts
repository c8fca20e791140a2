/** The one line that starts a shop on a given data file, as the owner would type it in a shell. */
import { createServer } from 'node:net'
import path from 'node:path'
import { shellWord } from '../lib/shell-word.ts'
import { ROOT } from '../server/config/paths.server.ts'

const DEFAULT_PORT = 3000

/** Whether something already listens on `port` (on every address, as the server listens by default). */
function taken(port: number, host: string | undefined): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer()
    probe.unref()
    probe.once('error', (err: NodeJS.ErrnoException) => resolve(err.code === 'EADDRINUSE'))
    probe.listen(port, host ?? '::', () => probe.close(() => resolve(false)))
  })
}

/**
 * `DATA_FILE=/srv/shop/db.json npm start`: with `cd` first when the shell is outside the site's folder,
 * and a free PORT when another process holds the one the shop would take.
 */
export async function startLine(dataFile: string, env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const words = [`DATA_FILE=${shellWord(path.resolve(dataFile))}`]
  const wanted = /^\d+$/.test(env.PORT?.trim() ?? '') ? Number(env.PORT) : DEFAULT_PORT
  if (wanted > 0 && (await taken(wanted, env.HOST?.trim() || undefined))) {
    for (let port = wanted + 1; port < wanted + 100 && port <= 65535; port++)
      if (!(await taken(port, env.HOST?.trim() || undefined))) {
        words.push(`PORT=${port}`)
        break
      }
  }
  const typedIn = path.resolve(env.INIT_CWD ?? process.cwd())
  const inSite = typedIn === ROOT || typedIn.startsWith(`${ROOT}${path.sep}`)
  return `${inSite ? '' : `cd ${shellWord(ROOT)} && `}${words.join(' ')} npm start`
}
