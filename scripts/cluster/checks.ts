/**
 * The cluster suite's checks, each against instances sharing one PostgreSQL, through nginx or at
 * the instances directly. Each resolves with a sentence when it passes and throws one when not.
 */
import { Client } from 'pg'
import { guestLogin, logout } from '../../contracts/calls/auth'
import { getEventByHash } from '../../contracts/calls/event'
import { findFlightList } from '../../contracts/calls/flight'
import { downloadFileBase64, uploadFile } from '../../contracts/calls/register'
import {
  getTrainOrderInfo,
  listTravellers,
  loginRailway,
  paymentOrder,
  queryTrainTicket,
  saveTrainOrder,
  type TrainListView,
  type Traveller,
} from '../../contracts/calls/train'
import { SANDBOX_PAY_PAGE } from '../../server/src/payments/wechatpay'
import { expandTrainList } from '../../contracts/train-list'
import { SESSION_CACHE_TTL_MS } from '../../server/src/search-caches'
import { DEMO_RAILWAY_ACCOUNT } from '../../server/src/train/railway'
import { shanghaiDay } from '../../server/src/kernel/time/time'
import { pngOf } from '../../server/test/support/files'
import { msIntoServiceHours } from '../../server/test/support/service-hours'
import { call, failed, must, type Answer } from './api'
import { sleep, type Instance } from './processes'

export interface Cluster {
  /** nginx */
  front: string
  instances: Instance[]
  databaseUrl: string
  /** takes an instance (by port) out of nginx, or puts it back */
  setDown: (port: number, down: boolean) => Promise<void>
}

const day = (days: number) => shanghaiDay(new Date(Date.now() + days * 86_400_000))

/**
 * Every instance's clock moved to the same instant inside the railway's ticketing hours when it is
 * not there (a development server's /dev/clock), so an order can be saved at any hour of the day.
 */
async function intoServiceHours(c: Cluster): Promise<void> {
  for (const i of c.instances) {
    const { now } = (await (await fetch(`${i.base}/dev/clock`)).json()) as { now: string }
    const advanceMs = msIntoServiceHours(Date.parse(now))
    if (advanceMs === 0) continue
    const moved = await fetch(`${i.base}/dev/clock`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ advanceMs }) })
    if (moved.status !== 200) throw new Error(`${i.opts.name} did not move its clock: ${moved.status}`)
  }
}

export async function login(base: string, userName: string, password: string): Promise<string> {
  return (await must<{ token: string }>(base, guestLogin.path, { loginType: 'account', eventCode: 'DEMO', userName, password })).token
}

export async function readiness(c: Cluster): Promise<string> {
  for (const base of [c.front, ...c.instances.map((i) => i.base)]) {
    const r = await fetch(`${base}/readyz`)
    const body = (await r.json()) as { ready: boolean; sandboxes: string[] }
    if (r.status !== 200 || !body.ready) throw new Error(`${base}/readyz: ${r.status} ${JSON.stringify(body)}`)
    if (!body.sandboxes.includes('railway')) throw new Error(`${base}/readyz does not name the railway sandbox: ${JSON.stringify(body.sandboxes)}`)
  }
  const h = await fetch(`${c.front}/healthz`)
  if (h.status !== 200) throw new Error(`/healthz through nginx: ${h.status}`)
  if (!h.headers.get('x-request-id')) throw new Error('nginx sent no X-Request-Id')
  return `every instance and nginx answer /readyz 200 (sandboxes named) and /healthz 200`
}

export async function upload(c: Cluster): Promise<string> {
  const draftId = `cluster-${process.pid}-${Date.now()}`
  const png = pngOf(200, 260)
  const q = new URLSearchParams({ eventCode: 'DEMO', field: 'photo', contactType: 'attendee', tag: 'photo', draftId, name: 'me.png' })
  const res = await fetch(`${c.instances[0].base}${uploadFile.path}?${q}`, {
    method: 'POST',
    headers: { 'content-type': 'application/octet-stream' },
    body: new Uint8Array(png),
  })
  const up = (await res.json()) as { status: number; msgId: string; data: { fileCode: string } }
  if (up.status !== 200) throw new Error(`upload on ${c.instances[0].opts.name}: ${up.msgId}`)
  // with DATABASE_URL the files are in the database (docs/storage.md): every other instance first, then the one that took it
  const readers = [...c.instances.slice(1), ...c.instances.slice(0, 1)]
  for (const reader of readers) {
    const back = await must<{ base64: string }>(reader.base, downloadFileBase64.path, { fileCode: up.data.fileCode, draftId })
    if (!Buffer.from(back.base64, 'base64').equals(png)) throw new Error(`the file downloaded from ${reader.opts.name} is not the one uploaded`)
  }
  // through nginx too, often enough that every instance serves it at least once (round robin)
  for (let i = 0; i < 2 * c.instances.length; i++) await must(c.front, downloadFileBase64.path, { fileCode: up.data.fileCode, draftId })
  return `a file uploaded on ${c.instances[0].opts.name} downloads from every instance, directly and through nginx`
}

/**
 * Sessions are cached per instance for the searches (search-caches.ts SESSION_CACHE_TTL_MS): a
 * logout made on one instance is refused there at once and on the others within that bound (plus
 * one database read: a refresh started before the logout may land after it).
 */
export const LOGOUT_BOUND_MS = SESSION_CACHE_TTL_MS + 500

export async function logoutEverywhere(c: Cluster): Promise<string> {
  const token = await login(c.front, 'lilei', 'Lilei@2026')
  // a flight search reads the session through the per-instance cache (and needs no railway login)
  const search = { depCode: 'SHA', arrCode: 'BJS', date: day(2) }
  // every instance has the session in its cache
  for (const i of c.instances) await must(i.base, findFlightList.path, search, token)
  await must(c.instances[0].base, logout.path, {}, token)
  const loggedOutAt = Date.now()
  const refusedAfter: number[] = []
  for (const i of c.instances) {
    for (;;) {
      const a = await call(i.base, findFlightList.path, search, token)
      if (a.status !== 200) {
        refusedAfter.push(Date.now() - loggedOutAt)
        break
      }
      if (Date.now() - loggedOutAt > LOGOUT_BOUND_MS + 5_000)
        throw new Error(`${i.opts.name} still accepts the token ${Date.now() - loggedOutAt} ms after the logout`)
      await sleep(50)
    }
  }
  const worst = Math.max(...refusedAfter)
  if (refusedAfter[0] > 300) throw new Error(`the instance that logged out still accepted the token for ${refusedAfter[0]} ms`)
  if (worst > LOGOUT_BOUND_MS) throw new Error(`a logged-out token was accepted for ${worst} ms (bound ${LOGOUT_BOUND_MS} ms)`)
  return `a logout on ${c.instances[0].opts.name} is refused there at once and everywhere within ${worst} ms (bound ${LOGOUT_BOUND_MS} ms)`
}

/**
 * Every job runs once across the instances: a trigger (added for this suite only) records each
 * run, i.e. each time a job's due time or done time moves; 60 jobs due at once must show 60 runs.
 */
export async function jobsOnce(c: Cluster): Promise<string> {
  const pg = new Client({ connectionString: c.databaseUrl })
  await pg.connect()
  try {
    await pg.query(`CREATE TABLE IF NOT EXISTS cluster_job_runs (job_id int NOT NULL, old_due timestamptz, new_due timestamptz, done boolean, backend int)`)
    await pg.query(`CREATE OR REPLACE FUNCTION cluster_job_run() RETURNS trigger AS $$
      BEGIN
        IF NEW.due_at IS DISTINCT FROM OLD.due_at OR NEW.done_at IS DISTINCT FROM OLD.done_at THEN
          INSERT INTO cluster_job_runs VALUES (NEW.id, OLD.due_at, NEW.due_at, NEW.done_at IS NOT NULL, pg_backend_pid());
        END IF;
        RETURN NEW;
      END $$ LANGUAGE plpgsql`)
    await pg.query(`DROP TRIGGER IF EXISTS cluster_job_run ON jobs`)
    await pg.query(`CREATE TRIGGER cluster_job_run AFTER UPDATE ON jobs FOR EACH ROW EXECUTE FUNCTION cluster_job_run()`)
    const N = 60
    const ids = (
      await pg.query<{ id: number }>(
        `INSERT INTO jobs (kind, key, payload, due_at, created_at) SELECT 'cleanup', 'cluster-' || g, '{}', now() - interval '1 second', now() FROM generate_series(1, $1) g RETURNING id`,
        [N],
      )
    ).rows.map((r) => r.id)
    const started = Date.now()
    let runs: Array<{ job_id: number; n: string }> = []
    while (Date.now() - started < 30_000) {
      runs = (await pg.query(`SELECT job_id, count(*) AS n FROM cluster_job_runs WHERE job_id = ANY($1) GROUP BY job_id`, [ids])).rows
      if (runs.length === N) break
      await sleep(250)
    }
    // two more timer ticks of every instance: a second run would show now
    await sleep(1_500)
    runs = (await pg.query(`SELECT job_id, count(*) AS n FROM cluster_job_runs WHERE job_id = ANY($1) GROUP BY job_id`, [ids])).rows
    const errors = (await pg.query(`SELECT count(*)::int AS n FROM jobs WHERE id = ANY($1) AND (last_error IS NOT NULL OR attempts > 0)`, [ids])).rows[0].n
    const twice = runs.filter((r) => Number(r.n) !== 1)
    if (runs.length !== N) throw new Error(`${N - runs.length} of ${N} due jobs never ran within 30 s`)
    if (twice.length) throw new Error(`${twice.length} jobs ran more than once: ${JSON.stringify(twice.slice(0, 5))}`)
    if (errors) throw new Error(`${errors} jobs failed`)
    const backends = (await pg.query(`SELECT count(DISTINCT backend)::int AS n FROM cluster_job_runs WHERE job_id = ANY($1)`, [ids])).rows[0].n
    return `${N} jobs due at once ran exactly once each, on ${backends} database connection(s) of the ${c.instances.length} instances`
  } finally {
    await pg.query(`DROP TRIGGER IF EXISTS cluster_job_run ON jobs`).catch(() => {})
    await pg.end()
  }
}

/**
 * A rolling restart under load, the way docs/operations.md tells an operator of the open-source
 * nginx to do it: each instance in turn is taken out of the upstream (reload), gets SIGTERM (it
 * drains, finishes what it holds: kernel/health/shutdown.ts), exits 0, starts again and is put
 * back, while clients search and book through nginx. Not one request may fail.
 */
export async function rollingRestart(c: Cluster): Promise<string> {
  const token = await login(c.front, 'demo', 'Demo@2026')
  await must(c.front, loginRailway.path, { ...DEMO_RAILWAY_ACCOUNT, agreed: true }, token)
  const travellers = await must<Traveller[]>(c.front, listTravellers.path, {}, token)
  if (!travellers.length) throw new Error('the demo attendee has no traveller to book for')
  const trains: Array<{ trainCode: string; date: string; from: string; to: string }> = []
  for (const d of [3, 4, 5]) {
    const list = expandTrainList(
      await must<TrainListView>(c.front, queryTrainTicket.path, { fromStationCode: 'AOH', toStationCode: 'BJP', date: day(d) }, token),
    )
    for (const t of list.trains.filter((x) => x.bookable && x.seats.some((s) => s.seatType === 'second' && s.left > 10 && s.withinPolicy)))
      trains.push({ trainCode: t.trainCode, date: t.date, from: t.from.code, to: t.to.code })
  }
  if (!trains.length) throw new Error('no bookable train to load the cluster with')

  let running = true
  let sent = 0
  let booked = 0
  const failures: string[] = []
  const answers: Record<string, number> = {}
  let n = 0
  const one = async (): Promise<void> => {
    const k = n++
    let a: Answer | Error
    try {
      if (k % 5 === 4) {
        const t = trains[k % trains.length]
        const traveller = travellers[Math.floor(k / trains.length) % travellers.length]
        a = await call(
          c.front,
          saveTrainOrder.path,
          {
            idempotencyKey: `cluster-${process.pid}-${k}`,
            trainCode: t.trainCode,
            date: t.date,
            fromStationCode: t.from,
            toStationCode: t.to,
            seatType: 'second',
            passengers: [{ travellerId: traveller.id, passengerType: 'adult' }],
            contactName: '张伟',
            contactMobile: '13800138000',
            agreed: true,
          },
          token,
        )
        if (!(a instanceof Error) && a.status === 200) booked++
      } else if (k % 5 === 3) a = await call(c.front, getEventByHash.path, { eventHashCode: 'demo' })
      else a = await call(c.front, queryTrainTicket.path, { fromStationCode: 'AOH', toStationCode: 'BJP', date: day(2 + (k % 6)) }, token)
    } catch (e) {
      a = e as Error
    }
    sent++
    const f = failed(a)
    if (f) failures.push(f)
    else if (!(a instanceof Error)) answers[a.msgId || 'ok'] = (answers[a.msgId || 'ok'] ?? 0) + 1
  }
  const worker = async () => {
    while (running) await one()
  }
  const workers = Array.from({ length: 6 }, worker)
  const exits: string[] = []
  try {
    await sleep(1_000)
    for (const i of c.instances) {
      // as docs/operations.md tells an operator of the open-source nginx: out of the upstream first
      await c.setDown(i.opts.port, true)
      const code = await i.stop()
      exits.push(`${i.opts.name} exited ${code}`)
      if (code !== 0) throw new Error(`${i.opts.name} exited with ${code} on SIGTERM: ${i.logTail()}`)
      await i.start()
      await c.setDown(i.opts.port, false)
      await sleep(1_000)
    }
  } finally {
    running = false
    await Promise.all(workers)
  }
  if (failures.length) {
    const byKind: Record<string, number> = {}
    for (const f of failures) byKind[f] = (byKind[f] ?? 0) + 1
    throw new Error(`${failures.length} of ${sent} requests failed during the rolling restart: ${JSON.stringify(byKind)}`)
  }
  if (sent < 50) throw new Error(`only ${sent} requests were made during the rolling restart`)
  return `${sent} requests (searches, event pages, ${booked} orders saved) through nginx while ${c.instances.length} instances restarted one by one (${exits.join(', ')}): 0 failed; answers ${JSON.stringify(answers)}`
}

/**
 * A payment is counted once whichever instance WeChat's notification reaches. The instances on one
 * database are one WeChat Pay sandbox platform (its keys and records are the database's:
 * docs/sandboxes.md), as the servers of one merchant are one to WeChat: every instance knows the
 * payment; the payer confirms on two instances at once; then one signed notification (made by the
 * /dev route of one instance) is delivered to every instance directly and once more through nginx,
 * all at the same moment. Every delivery is acknowledged, the payment is paid and counted once,
 * and every instance shows the order paid.
 */
export async function paymentOnce(c: Cluster): Promise<string> {
  await intoServiceHours(c)
  const token = await login(c.front, 'demo', 'Demo@2026')
  await must(c.front, loginRailway.path, { ...DEMO_RAILWAY_ACCOUNT, agreed: true }, token)
  const travellers = await must<Traveller[]>(c.front, listTravellers.path, {}, token)
  let orderId = 0
  for (const d of [9, 10, 11, 12] as const) {
    const list = expandTrainList(
      await must<TrainListView>(c.front, queryTrainTicket.path, { fromStationCode: 'AOH', toStationCode: 'BJP', date: day(d) }, token),
    )
    const t = list.trains.find((x) => x.bookable && x.seats.some((s) => s.seatType === 'second' && s.left > 5 && s.withinPolicy))
    if (!t) continue
    const a = await call<{ id: number }>(
      c.front,
      saveTrainOrder.path,
      {
        idempotencyKey: `cluster-pay-${process.pid}-${d}`,
        trainCode: t.trainCode,
        date: t.date,
        fromStationCode: t.from.code,
        toStationCode: t.to.code,
        seatType: 'second',
        passengers: [{ travellerId: travellers[0].id, passengerType: 'adult' }],
        contactName: '张伟',
        contactMobile: '13800138000',
        agreed: true,
      },
      token,
    )
    if (a.status === 200) {
      orderId = a.data.id
      break
    }
  }
  if (!orderId) throw new Error('no train order could be saved to pay for')
  const start = await must<{ payment: { paymentNo: string; codeUrl: string } }>(
    c.front,
    paymentOrder.path,
    { orderId, idempotencyKey: `cluster-pay-${process.pid}-${orderId}`, tradeType: 'NATIVE', wxCode: '' },
    token,
  )
  const pr = new URL(start.payment.codeUrl, c.front).searchParams.get('pr')
  if (!pr) throw new Error(`no sandbox pay token in ${start.payment.codeUrl}`)
  const payPage = (i: Instance) => `${i.base}${SANDBOX_PAY_PAGE}?pr=${encodeURIComponent(pr)}`
  for (const i of c.instances) if ((await fetch(payPage(i))).status !== 200) throw new Error(`${i.opts.name} does not know the sandbox payment`)
  const switches = (i: Instance, notifications: 'drop' | 'deliver') =>
    fetch(`${i.base}/dev/wechatpay/switches`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ notifications }) })
  // the confirmations make no notification of their own: the one below is delivered by hand
  for (const i of c.instances) await switches(i, 'drop')
  const pg = new Client({ connectionString: c.databaseUrl })
  await pg.connect()
  try {
    const payers = c.instances.slice(0, 2)
    const confirm = (i: Instance) => fetch(payPage(i), { method: 'POST', headers: { accept: 'application/json' } })
    const states = await Promise.all(payers.map(async (i) => ((await (await confirm(i)).json()) as { state: string }).state))
    if (!states.every((s) => s === 'SUCCESS')) throw new Error(`the sandbox answered ${states.join(', ')}`)
    const made = await fetch(`${c.instances[0].base}/dev/wechatpay/notification`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ outTradeNo: start.payment.paymentNo }),
    })
    if (made.status !== 200) throw new Error(`no notification of the paid payment from ${c.instances[0].opts.name}: ${made.status}`)
    const d = (await made.json()) as { url: string; headers: Record<string, string>; body: string }
    const path = new URL(d.url, c.front).pathname
    const targets = [...c.instances.map((i) => ({ name: i.opts.name, base: i.base })), { name: 'nginx', base: c.front }]
    const answers = await Promise.all(targets.map(async (t) => (await fetch(`${t.base}${path}`, { method: 'POST', headers: d.headers, body: d.body })).status))
    const refused = targets.map((t, k) => `${t.name} (${answers[k]})`).filter((_, k) => answers[k] < 200 || answers[k] > 299)
    if (refused.length) throw new Error(`the notification was not acknowledged by ${refused.join(', ')}`)
    // every instance sees the order paid (through nginx, as many times as there are instances)
    for (let i = 0; i < c.instances.length; i++) {
      const order = await must<{ status: string }>(c.front, getTrainOrderInfo.path, { orderId }, token)
      if (order.status === 'toPay') throw new Error('the order is still waiting for its payment')
    }
    const paid = (await pg.query(`SELECT payment_no, status, counted FROM payments WHERE kind = 'train' AND order_id = $1`, [orderId])).rows
    const notes = (await pg.query(`SELECT count FROM payment_notifications WHERE payment_no = $1`, [start.payment.paymentNo])).rows
    const refunds = (await pg.query(`SELECT count(*)::int AS n FROM payment_refunds r JOIN payments p ON p.id = r.payment_id WHERE p.order_id = $1`, [orderId]))
      .rows[0].n
    if (paid.length !== 1 || paid[0].status !== 'paid' || paid[0].counted !== true) throw new Error(`payments of order ${orderId}: ${JSON.stringify(paid)}`)
    if (notes.length !== 1 || notes[0].count !== targets.length) throw new Error(`notifications of ${start.payment.paymentNo}: ${JSON.stringify(notes)}`)
    if (refunds) throw new Error(`${refunds} refunds of a payment settled once`)
    return `every instance knows a payment opened through nginx; confirmed on ${payers.map((i) => i.opts.name).join(' and ')} at once, its one notification delivered to ${targets.map((t) => t.name).join(', ')} at the same moment: all acknowledged (${answers.join(', ')}), one paid payment counted once, no refund, and every instance shows the order paid`
  } finally {
    for (const i of c.instances) await switches(i, 'deliver').catch(() => {})
    await pg.end()
  }
}
