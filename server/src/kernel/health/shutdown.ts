/**
 * The order an instance stops in on SIGTERM (a rolling restart, an orchestrator scaling down) so
 * that no client sees a failed request:
 *
 * 1. readiness goes false: /readyz answers 503 and every answer carries `Connection: close`;
 * 2. the job runner stops taking new runs, and a run in progress finishes;
 * 3. the instance keeps serving for the drain delay, while the balancer notices (2) and stops
 *    sending it requests;
 * 4. the server stops listening, waits for the requests in flight, closes the database, exits 0.
 *
 * A second signal during all this stops the process at once (exit code 1): an operator's second Ctrl-C.
 */
import type { FastifyInstance } from 'fastify'

export interface ShutdownOptions {
  drainDelayMs: number
  exit: (code: number) => void
}

export async function shutDown(app: FastifyInstance, signal: string, opts: ShutdownOptions): Promise<void> {
  app.readiness.startDraining()
  app.log.info({ signal, drainDelayMs: opts.drainDelayMs }, 'shutdown: draining (not ready; answers ask to close their connection)')
  try {
    await app.jobs.stop()
    app.log.info('shutdown: job runner stopped')
    if (opts.drainDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, opts.drainDelayMs))
    app.log.info('shutdown: closing the server (requests in flight finish)')
    // stop listening right after an event-loop turn's accepts: closing a listening socket resets
    // the connections queued in the kernel that the process has not accepted yet (a balancer's
    // request sent into one of them fails), and right after the poll phase that queue is empty
    await new Promise((resolve) => setImmediate(resolve))
    app.server.close()
    await app.close()
    app.log.info('shutdown: closed')
    opts.exit(0)
  } catch (err) {
    app.log.error({ err }, 'shutdown failed')
    opts.exit(1)
  }
}

/** SIGTERM and SIGINT start shutDown once; the second one exits at once */
export function onStopSignals(app: FastifyInstance, opts: ShutdownOptions): void {
  let stopping = false
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) {
        app.log.warn({ signal }, 'shutdown: second signal, exiting now')
        opts.exit(1)
        return
      }
      stopping = true
      void shutDown(app, signal, opts)
    })
  }
}
