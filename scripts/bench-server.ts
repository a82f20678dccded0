/**
 * The API server as scripts/bench-api.ts measures it: its own process (so the load generator does
 * not share its event loop), a throwaway PGlite folder (or DATABASE_URL), and rate limits lifted —
 * they protect production from abuse, and the benchmark is the abuse (BENCH_LIMITS=product keeps
 * them: the door rush). Prints `PORT <n> <db>` when
 * ready, then answers its parent over the IPC channel:
 *  - {cmd: 'travellers', n}: n travellers of the demo attendee, written straight to the database
 *    (saving train orders needs a distinct passenger per order of a train); answers their ids;
 *  - {cmd: 'seats'}: the double-sale check after the order run: pairs of active holds of one seat
 *    whose segments overlap (must be 0), the orders and holds counted, and the booking batches
 *    that saved them (train/orders/booking-batch.ts);
 *  - {cmd: 'attendees', n}: n attendees approved for the demo event, written straight to the
 *    database; answers their mobile numbers (the door rush of scripts/bench-door.ts);
 *  - {cmd: 'checkins', n}: the first n of those attendees checked in, across the demo event's
 *    points and a staff desk, one every 3 seconds over the morning (the live dashboard's figure);
 *  - {cmd: 'deskScans'}: the check-in desks' scans counted by the server's answer (the desk figure);
 *  - {cmd: 'rss'}: the peak resident memory since the last 'rss' (sampled every 50 ms), in MB;
 *  - {cmd: 'cpu'}: the CPU time the server has used so far (user + system), in ms, and on
 *    PostgreSQL that of each backend serving this database (by pid, when /proc shows it).
 *
 * Its clock runs from 10:00 China time of the next day (the railway sells 05:00-23:00, so the bench
 * gives the same answers whenever it runs), at real speed.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { build } from '../server/src/app'
import { DEMO_USER } from '../server/src/seed'
import { attendees, checkinPoints, checkins, deskScans, events, trainTravellers, users } from '../server/src/kernel/db/schema'
import { idCard } from '../server/test/train-support'

/** 10:00 in Shanghai (02:00 UTC) of the next day */
function benchEpoch(): number {
  const d = new Date()
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1, 2, 0, 0)
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'attendee-bench-'))
  const epoch = benchEpoch()
  const started = Date.now()
  const app = await build({
    config: { dataDir },
    staticDir: null,
    now: () => new Date(epoch + Date.now() - started),
    // the job timer would add its own load in the middle of a measurement
    jobIntervalMs: 0,
    // BENCH_LIMITS=product: the product's own limits (the door rush is measured against them)
    ...(process.env.BENCH_LIMITS === 'product' ? {} : { rateLimits: { pageViewPerMinute: 1e9, sendCodePerMinute: 1e9, loginPerMinute: 1e9 } }),
  })
  await app.listen({ host: '127.0.0.1', port: Number(process.env.BENCH_SERVER_PORT ?? 0) })
  const address = app.server.address()

  let peak = 0
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 50)
  sampler.unref()

  const db = app.dbHandle.db
  process.on('message', (m: { cmd?: string; n?: number }) => {
    // tsx relays its own messages on this channel too
    if (!['rss', 'cpu', 'travellers', 'seats', 'attendees', 'checkins', 'deskScans'].includes(m?.cmd ?? '')) return
    const answer = async (): Promise<unknown> => {
      if (m.cmd === 'rss') {
        const mb = Math.round(Math.max(peak, process.memoryUsage.rss()) / 1024 / 1024)
        peak = 0
        return mb
      }
      // CPU time used so far (user + system), in ms: this process, and on PostgreSQL the backends
      // serving this database (from /proc, by pid: the order figure counts the difference)
      if (m.cmd === 'cpu') {
        const u = process.cpuUsage()
        const backends: Record<number, number> = {}
        if (app.dbHandle.kind === 'postgres') {
          const pids = await db.execute(sql`SELECT pid FROM pg_stat_activity WHERE datname = current_database()`)
          for (const { pid } of ((pids as { rows?: unknown[] }).rows ?? []) as Array<{ pid: number }>) {
            try {
              // utime and stime, fields 14 and 15 of /proc/<pid>/stat, in clock ticks (100 a second)
              const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
              backends[pid] = (Number(fields[11]) + Number(fields[12])) * 10
            } catch {
              // gone, or another machine's PostgreSQL
            }
          }
        }
        return { serverMs: (u.user + u.system) / 1000, backends }
      }
      if (m.cmd === 'travellers') {
        const [u] = await db.select({ id: users.id }).from(users).where(eq(users.userCode, DEMO_USER.userCode))
        const [mine] = await db.select({ eventId: trainTravellers.eventId }).from(trainTravellers).where(eq(trainTravellers.userId, u.id))
        const now = app.deps.now()
        const rows = await db
          .insert(trainTravellers)
          .values(
            Array.from({ length: m.n ?? 0 }, (_, i) => ({
              userId: u.id,
              eventId: mine.eventId,
              name: `乘客${String.fromCharCode(0x4e00 + i)}`,
              documentType: 'idCard' as const,
              documentNumber: idCard('19900101', i + 1),
              passengerType: 'adult' as const,
              mobile: '13900000001',
              auditStatus: 'passed' as const,
              createdAt: now,
              updatedAt: now,
            })),
          )
          .returning({ id: trainTravellers.id })
        return rows.map((r) => r.id)
      }
      if (m.cmd === 'attendees') {
        // n attendees approved for the demo event, each with a mobile of its own (177 0000 0000 + i)
        const [demo] = await db.select({ id: events.id }).from(events).where(eq(events.eventCode, 'DEMO'))
        const now = app.deps.now()
        const mobiles = Array.from({ length: m.n ?? 0 }, (_, i) => `177${String(i).padStart(8, '0')}`)
        const people = await db
          .insert(users)
          .values(mobiles.map((mobile, i) => ({ userCode: `BENCH${i}`, name: `参会人${i}`, mobile, createdAt: now, updatedAt: now })))
          .returning({ id: users.id })
        await db.insert(attendees).values(people.map((p) => ({ eventId: demo.id, userId: p.id, status: 'approved', createdAt: now })))
        return mobiles
      }
      if (m.cmd === 'checkins') {
        const [demo] = await db.select({ id: events.id, start: events.startTime }).from(events).where(eq(events.eventCode, 'DEMO'))
        const points = await db.select({ id: checkinPoints.id }).from(checkinPoints).where(eq(checkinPoints.eventId, demo.id))
        const people = await db
          .select({ id: users.id })
          .from(users)
          .where(sql`${users.userCode} like 'BENCH%'`)
          .orderBy(users.id)
          .limit(m.n ?? 0)
        const at = (i: number) => new Date(demo.start.getTime() + i * 3000)
        // every fifth by staff at a desk (no point), the rest across the points
        const rows = people.map((p, i) => ({
          eventId: demo.id,
          userId: p.id,
          method: i % 5 === 0 ? 'staff' : 'scan',
          pointId: i % 5 === 0 ? null : points[i % points.length].id,
          checkedInAt: at(i),
          receivedAt: at(i),
        }))
        for (let i = 0; i < rows.length; i += 1000) await db.insert(checkins).values(rows.slice(i, i + 1000))
        return rows.length
      }
      if (m.cmd === 'deskScans') {
        // the desk figure's scans by what the server answered them
        const rows = await db
          .select({ outcome: sql<string>`${deskScans.answer}->>'outcome'`, n: sql<number>`count(*)::int` })
          .from(deskScans)
          .groupBy(sql`1`)
        return Object.fromEntries(rows.map((r) => [r.outcome, Number(r.n)]))
      }
      if (m.cmd === 'seats') {
        const rows = (r: unknown) => ((r as { rows?: unknown[] }).rows ?? (r as unknown[])) as Array<Record<string, number>>
        const [overlap] = rows(
          await db.execute(sql`SELECT count(*)::int AS n FROM train_seat_holds a JOIN train_seat_holds b
            ON a.run_id = b.run_id AND a.seat_index = b.seat_index AND a.id < b.id AND a.active AND b.active
            AND a.from_idx < b.to_idx AND b.from_idx < a.to_idx`),
        )
        // one statement, one snapshot: orders and their seats counted at the same instant
        const [counts] = rows(
          await db.execute(sql`SELECT (SELECT count(*)::int FROM train_orders) AS orders, (SELECT count(*)::int FROM train_seat_holds WHERE active) AS holds`),
        )
        return { doubleSold: overlap.n, orders: counts.orders, activeHolds: counts.holds, batches: app.deps.bookingBatcher.stats }
      }
      throw new Error(`unknown command ${m.cmd}`)
    }
    answer().then(
      (data) => process.send?.({ cmd: m.cmd, data }),
      (e: unknown) => process.send?.({ cmd: m.cmd, error: String(e) }),
    )
  })

  console.log(`PORT ${typeof address === 'object' && address ? address.port : 0} ${app.dbHandle.kind}`)
  const stop = async () => {
    await app.close()
    fs.rmSync(dataDir, { recursive: true, force: true })
    process.exit(0)
  }
  process.on('SIGTERM', stop)
  process.on('SIGINT', stop)
  process.on('disconnect', stop)
}

main().catch((e) => {
  console.error(e)
  process.exit(1)
})
