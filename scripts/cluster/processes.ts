/**
 * The processes of the cluster suite: API server instances (server/src/server.ts, one PostgreSQL,
 * each its own port and local folders) and Debian's nginx in front of them, run as the current
 * user from a temp folder with deploy/nginx/attendee.conf rendered for their ports.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'

export const ROOT = path.resolve(__dirname, '../..')

export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const s = net.createServer()
    s.on('error', reject)
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port
      s.close(() => resolve(port))
    })
  })

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

export interface InstanceOptions {
  name: string
  port: number
  dir: string
  databaseUrl: string
  /** variables on top of the suite's (FILE_STORAGE …) */
  env?: Record<string, string>
}

export class Instance {
  child: ChildProcess | null = null
  exited: Promise<number | null> = Promise.resolve(null)
  readonly base: string
  private readonly logFile: string

  constructor(readonly opts: InstanceOptions) {
    this.base = `http://127.0.0.1:${opts.port}`
    this.logFile = path.join(opts.dir, `${opts.name}.log`)
  }

  /** starts the server and resolves once its /readyz answers 200 */
  async start(timeoutMs = 120_000): Promise<void> {
    const { name, port, dir, databaseUrl } = this.opts
    const out = fs.openSync(this.logFile, 'a')
    // node with tsx as a loader, not the tsx CLI: SIGTERM must reach the server itself
    this.child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'server/src/server.ts')], {
      cwd: ROOT,
      stdio: ['ignore', out, out],
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'development',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATABASE_URL: databaseUrl,
        DB_POOL_SIZE: '10',
        DATA_DIR: path.join(dir, name, 'pglite'),
        UPLOADS_DIR: path.join(dir, name, 'uploads'),
        STATIC_DIR: fs.existsSync(path.join(ROOT, 'dist/h5/index.html')) ? path.join(ROOT, 'dist/h5') : path.join(dir, 'no-h5-build'),
        TRUST_PROXY: '1',
        DRAIN_DELAY_MS: process.env.CLUSTER_DRAIN_DELAY_MS ?? '5000',
        JOB_INTERVAL_MS: '500',
        LOG_LEVEL: 'warn',
        ...this.opts.env,
      },
    })
    fs.closeSync(out)
    const child = this.child
    this.exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)))
    const started = Date.now()
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${name} exited (${child.exitCode}) while starting: ${this.logTail()}`)
      const r = await fetch(`${this.base}/readyz`).catch(() => null)
      if (r?.status === 200) return
      if (Date.now() - started > timeoutMs) throw new Error(`${name} not ready after ${timeoutMs} ms: ${this.logTail()}`)
      await sleep(250)
    }
  }

  /** SIGTERM, and the exit code once the process is gone */
  async stop(): Promise<number | null> {
    if (!this.child || this.child.exitCode !== null) return this.child?.exitCode ?? null
    this.child.kill('SIGTERM')
    return this.exited
  }

  kill(): void {
    if (this.child && this.child.exitCode === null) this.child.kill('SIGKILL')
  }

  logTail(): string {
    try {
      return fs.readFileSync(this.logFile, 'utf8').slice(-2000)
    } catch {
      return ''
    }
  }
}

/** deploy/nginx/attendee.conf with the instances' ports and nginx's own port, in a main config of its own paths */
export function renderNginx(dir: string, listenPort: number, upstreamPorts: number[]): string {
  const site = fs
    .readFileSync(path.join(ROOT, 'deploy/nginx/attendee.conf'), 'utf8')
    .replace(/# cluster-test: servers\n(\s*server [^\n]+\n)+/, upstreamPorts.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=5s;\n`).join(''))
    .replace(/# cluster-test: listen\n\s*listen 80;/, `listen 127.0.0.1:${listenPort};`)
  if (!site.includes(`127.0.0.1:${listenPort}`) || !site.includes(`127.0.0.1:${upstreamPorts[0]}`))
    throw new Error('deploy/nginx/attendee.conf: the `# cluster-test:` lines were not found')
  const nginxDir = path.join(dir, 'nginx')
  for (const d of ['logs', 'tmp/body', 'tmp/proxy', 'tmp/fastcgi', 'tmp/uwsgi', 'tmp/scgi']) fs.mkdirSync(path.join(nginxDir, d), { recursive: true })
  fs.writeFileSync(path.join(nginxDir, 'attendee.conf'), site)
  const asRoot = process.getuid?.() === 0
  const main = `# rendered by scripts/cluster/processes.ts
${asRoot ? 'user root;' : ''}
worker_processes 1;
daemon off;
pid ${nginxDir}/nginx.pid;
error_log ${nginxDir}/logs/error.log warn;
events { worker_connections 1024; }
http {
  access_log ${nginxDir}/logs/access.log;
  client_body_temp_path ${nginxDir}/tmp/body;
  proxy_temp_path ${nginxDir}/tmp/proxy;
  fastcgi_temp_path ${nginxDir}/tmp/fastcgi;
  uwsgi_temp_path ${nginxDir}/tmp/uwsgi;
  scgi_temp_path ${nginxDir}/tmp/scgi;
  include ${nginxDir}/attendee.conf;
}
`
  const file = path.join(nginxDir, 'nginx.conf')
  fs.writeFileSync(file, main)
  return file
}

export function nginxBinary(): string {
  for (const p of ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/bin/nginx']) if (fs.existsSync(p)) return p
  throw new Error('nginx not found (apt-get install -y nginx)')
}

/**
 * Takes an instance out of nginx's upstream (`down`) or puts it back, and reloads nginx: what an
 * operator does around a restart, because the open-source nginx does not read /readyz
 * (docs/operations.md "Rolling restart"). A reload is graceful: the old worker finishes the
 * requests it holds, the new one sends nothing to a `down` server.
 */
export async function setUpstreamDown(dir: string, conf: string, port: number, down: boolean): Promise<void> {
  const prefix = path.join(dir, 'nginx')
  const site = path.join(prefix, 'attendee.conf')
  const line = new RegExp(`(server 127\\.0\\.0\\.1:${port} [^;\\n]*?)( down)?;`)
  const before = fs.readFileSync(site, 'utf8')
  if (!line.test(before)) throw new Error(`no upstream server on port ${port} in ${site}`)
  fs.writeFileSync(
    site,
    before.replace(line, (_m, server: string) => `${server}${down ? ' down' : ''};`),
  )
  const reload = spawnSync(nginxBinary(), ['-p', prefix, '-c', conf, '-s', 'reload'], { encoding: 'utf8' })
  if (reload.status !== 0) throw new Error(`nginx -s reload: ${reload.stderr}`)
  // the master starts the new worker on its signal; give it time to take over before the caller goes on
  await sleep(1_000)
}

/** checks the rendered config (nginx -t), then runs nginx in the foreground */
export async function startNginx(dir: string, conf: string, port: number): Promise<ChildProcess> {
  const prefix = path.join(dir, 'nginx')
  const test = spawnSync(nginxBinary(), ['-p', prefix, '-c', conf, '-t'], { encoding: 'utf8' })
  if (test.status !== 0) throw new Error(`nginx -t: ${test.stderr}`)
  const child = spawn(nginxBinary(), ['-p', prefix, '-c', conf], { stdio: ['ignore', 'ignore', 'inherit'] })
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) throw new Error(`nginx exited (${child.exitCode}): ${fs.readFileSync(path.join(prefix, 'logs/error.log'), 'utf8')}`)
    if (await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => null)) return child
    await sleep(100)
  }
  throw new Error('nginx did not answer')
}
