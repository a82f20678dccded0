/**
 * The reference route of `npm run bench`: a bare Fastify 5 instance (no plugins, no hooks, no
 * database) answering POST /bare with a small JSON body, in a sibling process of the product's
 * server. A sibling, not a route inside the product: inside, it would run the product's hooks
 * (security headers, error envelope, session lookup) and share its heap and timers, and would then
 * not be the bare route; beside it, it measures what node and Fastify alone do on this machine at
 * this moment, which is what each ratio divides by. Prints `PORT <n>` when ready.
 */
import Fastify from 'fastify'

async function main(): Promise<void> {
  const app = Fastify({ logger: false })
  app.post('/bare', async () => ({ status: 200, msgId: '', msgText: '', data: { ok: true } }))
  await app.listen({ host: '127.0.0.1', port: Number(process.env.BENCH_BARE_PORT ?? 0) })
  const address = app.server.address()
  console.log(`PORT ${typeof address === 'object' && address ? address.port : 0}`)
  const stop = () => app.close().then(() => process.exit(0))
  process.on('SIGTERM', stop)
  process.on('SIGINT', stop)
  process.on('disconnect', stop)
}

main().catch((e) => {
  console.error(e)
  process.exit(1)
})
