/**
 * Password hashes on worker threads of LOW CPU PRIORITY (Linux: each worker renices its own
 * thread, AUTH_RULES.hashNice). A hash takes ~60 ms of a core; at normal priority a storm of
 * logins competes with the event loop for the cores and every other call slows down with it.
 * At nice 10 the scheduler gives the event loop (nice 0) about nine tenths of a contested core:
 * the other calls keep their pace, and the logins are what waits (bounded by the hash slots,
 * kernel/cache/semaphore.ts, which answer ESYS0003 once their queue is full).
 *
 * Workers are started on demand up to the number of hash slots (the semaphore never lets more run
 * at once) and stay for the life of the app. Elsewhere than Linux (where renicing a thread would
 * renice the whole process) the workers run at normal priority: still off the event loop and off
 * node's shared thread pool.
 */
import { Worker } from 'node:worker_threads'
import type { ScryptOptions } from 'node:crypto'
import type { ScryptFn } from './rules/passwords'

// plain CommonJS, run with eval: the same in the server (tsx), the compiled build and jest
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads')
const { scryptSync } = require('node:crypto')
if (workerData.nice && process.platform === 'linux') {
  // pid 0 on Linux: this thread only
  try { require('node:os').setPriority(0, workerData.nice) } catch {}
}
parentPort.on('message', ({ id, password, salt, keylen, opts }) => {
  try {
    const key = scryptSync(password, Buffer.from(salt), keylen, opts)
    parentPort.postMessage({ id, key })
  } catch (err) {
    parentPort.postMessage({ id, error: String((err && err.message) || err) })
  }
})
`

interface Pending {
  resolve: (key: Buffer) => void
  reject: (err: Error) => void
}

export class HashWorkers {
  private readonly idle: Worker[] = []
  private readonly all = new Set<Worker>()
  private readonly pending = new Map<number, Pending & { worker: Worker }>()
  private nextId = 1
  private closed = false

  constructor(private readonly opts: { nice: number }) {}

  /** a ScryptFn for auth/rules/passwords.ts; one call at a time per worker */
  readonly scrypt: ScryptFn = (password: string, salt: Buffer, keylen: number, opts: ScryptOptions) => {
    if (this.closed) return Promise.reject(new Error('hash workers are closed'))
    const worker = this.idle.pop() ?? this.spawn()
    const id = this.nextId++
    return new Promise<Buffer>((resolve, reject) => {
      this.pending.set(id, { resolve, reject, worker })
      worker.postMessage({ id, password, salt, keylen, opts })
    })
  }

  /** threads started so far */
  get size(): number {
    return this.all.size
  }

  async close(): Promise<void> {
    this.closed = true
    await Promise.all([...this.all].map((w) => w.terminate()))
  }

  private spawn(): Worker {
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { nice: this.opts.nice } })
    // an idle worker must not keep the process alive
    worker.unref()
    this.all.add(worker)
    worker.on('message', (m: { id: number; key?: Uint8Array; error?: string }) => {
      const p = this.pending.get(m.id)
      if (!p) return
      this.pending.delete(m.id)
      this.idle.push(worker)
      if (m.error !== undefined) p.reject(new Error(m.error))
      else p.resolve(Buffer.from(m.key!))
    })
    worker.on('error', (err) => this.lose(worker, err))
    worker.on('exit', (code) => this.lose(worker, new Error(`hash worker exited with ${code}`)))
    return worker
  }

  /** a worker that died: its hash fails (the login answers ESYS0001), the next call starts a new one */
  private lose(worker: Worker, err: Error): void {
    this.all.delete(worker)
    const i = this.idle.indexOf(worker)
    if (i >= 0) this.idle.splice(i, 1)
    for (const [id, p] of this.pending) {
      if (p.worker !== worker) continue
      this.pending.delete(id)
      p.reject(err)
    }
  }
}
