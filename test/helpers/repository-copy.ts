import { execFile } from 'node:child_process'
import { cp, mkdir, mkdtemp, symlink } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { ROOT } from '../../server/config/paths.server.ts'

/**
 * The repository as a fresh clone has it (every file git knows, as it is now), in a new temporary folder,
 * with this checkout's installed packages linked in and, with `build`, its current production build.
 */
export async function copyRepository({ build = false }: { build?: boolean } = {}): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'leather-clone-'))
  const { stdout } = await promisify(execFile)(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
    {
      cwd: ROOT,
    },
  )
  for (const file of stdout.split('\0').filter(Boolean)) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true })
    await cp(path.join(ROOT, file), path.join(dir, file)).catch(() => {}) // a file deleted but not yet staged
  }
  await symlink(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'))
  if (build) await cp(path.join(ROOT, 'dist'), path.join(dir, 'dist'), { recursive: true })
  return dir
}
