import { readFile } from 'node:fs/promises'

/** One end of a TCP connection as the kernel reports it: its state and the bytes in its queues. */
export type TcpEnd = { state: 'established' | 'other'; unsent: number; unread: number }

/**
 * The kernel's view of the loopback connection from `localPort` to `remotePort` (Linux, IPv4), or
 * null once it is gone. `unsent`: bytes written but not taken by the other end; `unread`: bytes
 * received that the program has not read.
 */
export async function tcpEnd(localPort: number, remotePort: number): Promise<TcpEnd | null> {
  const table = await readFile('/proc/net/tcp', 'utf8')
  for (const line of table.split('\n').slice(1)) {
    const [, local, remote, state, queues] = line.trim().split(/\s+/)
    if (!local || !remote || !state || !queues) continue
    if (parseInt(local.split(':')[1]!, 16) !== localPort || parseInt(remote.split(':')[1]!, 16) !== remotePort) continue
    const [tx, rx] = queues.split(':').map((hex) => parseInt(hex, 16))
    return { state: state === '01' ? 'established' : 'other', unsent: tx!, unread: rx! }
  }
  return null
}
