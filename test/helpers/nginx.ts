/**
 * A real nginx in front of a test server, configured as docs/operations.md tells the owner: the site's own
 * `server` block, read from docs/operations.md, with its upstream pointed at the test server. It runs as one
 * unprivileged process with everything (configuration, pid, temporary files, log) in a temp folder.
 */
import { execSync, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { connect } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { ROOT } from '../../server/config/paths.server.ts'
import { freePort } from '../../support/child-server.ts'
import { until } from '../../support/until.ts'

const CANDIDATES = [process.env.NGINX_PATH, '/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/bin/nginx']

const found = () => CANDIDATES.find((c): c is string => !!c && existsSync(c)) ?? null

/**
 * Debian's nginx: found, or installed as root on Debian (as `npm test` installs Chromium), or null.
 * RUNLEVEL=1 keeps the package from starting the system's own nginx on port 80.
 */
export function findNginx(): string | null {
  if (found()) return found()
  if (process.getuid?.() === 0 && existsSync('/etc/debian_version')) {
    try {
      execSync('apt-get update -qq && apt-get install -y -qq nginx', {
        stdio: 'ignore',
        env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive', RUNLEVEL: '1' },
      })
    } catch {
      // not installable here (no network, no package list): the caller says so and skips
    }
  }
  return found()
}

export const NO_NGINX =
  'nginx is not installed and could not be installed here: `sudo apt-get install nginx` ' +
  '(or NGINX_PATH) runs this test'

/** The operations guide's `server` block for the site (the last of its nginx example), without TLS and names. */
export async function readmeSiteBlock(upstream: string): Promise<string> {
  const readme = await readFile(path.join(ROOT, 'docs', 'operations.md'), 'utf8')
  const example = /```nginx\n([\s\S]*?)```/.exec(readme)?.[1]
  if (!example) throw new Error('docs/operations.md holds no nginx example')
  const site = example.slice(example.lastIndexOf('server {'))
  const body = site.slice(site.indexOf('{') + 1, site.lastIndexOf('}'))
  if (!body.includes('proxy_pass http://127.0.0.1:3000;'))
    throw new Error("The operations guide's nginx example no longer proxies")
  return body
    .split('\n')
    .filter((l) => !/^\s*(listen|server_name|ssl_certificate|ssl_certificate_key)\s/.test(l))
    .join('\n')
    .replace('proxy_pass http://127.0.0.1:3000;', `proxy_pass ${upstream};`)
}

export type Nginx = { url: string; log: () => Promise<string>; close: () => Promise<void> }

const answers = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1')
    socket.once('connect', () => resolve(!!socket.end()))
    socket.once('error', () => resolve(false))
  })

/** nginx on a free loopback port, passing every request to `upstream` (http://127.0.0.1:PORT). */
export async function startNginx(nginx: string, upstream: string): Promise<Nginx> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'leather-nginx-'))
  const site = await readmeSiteBlock(upstream)
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
  for (let attempt = 1; ; attempt++) {
    const port = await freePort()
    const conf = [
      'daemon off;',
      // One process, the test's own child: it never changes user, so it needs no root.
      'master_process off;',
      `pid ${dir}/nginx.pid;`,
      `error_log ${dir}/error.log warn;`,
      'events { worker_connections 64; }',
      'http {',
      '    access_log off;',
      ...temp.map((t) => `    ${t}_temp_path ${dir}/${t}_temp;`),
      '    server {',
      `        listen 127.0.0.1:${port};`,
      site,
      '    }',
      '}',
      '',
    ].join('\n')
    await writeFile(path.join(dir, 'nginx.conf'), conf)
    const child = spawn(nginx, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log')], {
      stdio: 'ignore',
    })
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
    let gone = false
    void exited.then(() => (gone = true))
    const log = () => readFile(path.join(dir, 'error.log'), 'utf8').catch(() => '')
    await until(`nginx on port ${port}`, async () => gone || (await answers(port)), { timeoutMs: 20_000 })
    if (!gone) {
      return {
        url: `http://127.0.0.1:${port}`,
        log,
        async close() {
          child.kill('SIGTERM')
          await exited
          await rm(dir, { recursive: true, force: true })
        },
      }
    }
    // Another process took the port between freePort and nginx's start: try another.
    if (attempt === 3) throw new Error(`nginx did not start: ${await log()}`)
  }
}
