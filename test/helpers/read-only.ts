import { execFileSync } from 'node:child_process'
import { chmod } from 'node:fs/promises'

const isRoot = process.getuid?.() === 0

/**
 * Makes a folder refuse new files, as a read-only mount would. Root ignores permission bits,
 * so as root the folder is made immutable (chattr +i) instead.
 */
export async function makeReadOnly(dir: string): Promise<void> {
  if (isRoot) execFileSync('chattr', ['+i', dir])
  else await chmod(dir, 0o555)
}

export async function makeWritable(dir: string): Promise<void> {
  if (isRoot) execFileSync('chattr', ['-i', dir])
  else await chmod(dir, 0o755)
}
