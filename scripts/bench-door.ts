/**
 * Part of scripts/bench-api.ts (BENCH_CALLS=door): the door rush. DOOR_ATTENDEES (2,000) attendees
 * behind one address (this machine's, as behind a venue's Wi-Fi) log in by SMS code within ten
 * minutes — ask for a code, read it from the dev outbox, log in — against a server that keeps the
 * product's own limits (bench-server.ts with BENCH_LIMITS=product). Beside them, at the same
 * address, an abuser twice a second asks for codes for one victim's number, guesses that victim's
 * code, and guesses the demo attendee's password: it must be held by the limits per person while
 * every attendee gets in.
 *
 * Ten minutes are not waited for: the attendees come in ten rounds of a tenth each, and after a
 * round the server's clock is moved (POST /dev/clock) to the end of that round's minute, so the
 * per-minute, per-hour and per-day windows see the traffic of a ten-minute rush. A round that
 * takes longer than a minute of real time is not moved back: the figure then says so.
 */
import { guestLogin, sendLoginCode } from '../contracts/calls/auth'

const ATTENDEES = Number(process.env.DOOR_ATTENDEES ?? 2000)
const ROUNDS = 10
const CONCURRENCY = 50
const VICTIM = '13800138000'

export interface DoorFigure {
  attendees: number
  logged_in: number
  /** attendees who did not get in, by the msgId that stopped them */
  failures: Record<string, number>
  /** real seconds the rush took, and the server-clock minutes it spanned */
  real_s: number
  server_minutes: number
  /** the abuser's requests, by answer ('' = accepted) for each of its three kinds */
  abuser: Record<'codeRequests' | 'codeGuesses' | 'passwordGuesses', Record<string, number>>
}

async function call(base: string, path: string, body: object): Promise<string> {
  const res = await fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  const json = (await res.json()) as { msgId: string }
  return json.msgId
}

async function serverNow(base: string): Promise<number> {
  return Date.parse(((await (await fetch(`${base}/dev/clock`)).json()) as { now: string }).now)
}

/** one attendee at the door: a code, read from the outbox, and the login; '' or the msgId that stopped it */
async function arrive(base: string, mobile: string): Promise<string> {
  const sent = await call(base, sendLoginCode.path, { channel: 'sms', mobile, eventCode: 'DEMO' })
  if (sent) return `send:${sent}`
  const outbox = (await (await fetch(`${base}/dev/outbox?to=${mobile}`)).json()) as Array<{ code: string | null }>
  const code = outbox[0]?.code
  if (!code) return 'no code in the outbox'
  const login = await call(base, guestLogin.path, { loginType: 'mobile', eventCode: 'DEMO', mobile, code })
  return login ? `login:${login}` : ''
}

/** the abuser, until stop(): one request every 500 ms, its three kinds in turn */
function abuser(base: string): { stop: () => Promise<DoorFigure['abuser']> } {
  const tally: DoorFigure['abuser'] = { codeRequests: {}, codeGuesses: {}, passwordGuesses: {} }
  const note = (kind: keyof DoorFigure['abuser'], msgId: string) => (tally[kind][msgId] = (tally[kind][msgId] ?? 0) + 1)
  let running = true
  let k = 0
  const loop = (async () => {
    while (running) {
      const kind = k++ % 3
      if (kind === 0) note('codeRequests', await call(base, sendLoginCode.path, { channel: 'sms', mobile: VICTIM, eventCode: 'DEMO' }))
      else if (kind === 1)
        note('codeGuesses', await call(base, guestLogin.path, { loginType: 'mobile', eventCode: 'DEMO', mobile: VICTIM, code: String(k).padStart(6, '0') }))
      else note('passwordGuesses', await call(base, guestLogin.path, { loginType: 'account', eventCode: 'DEMO', userName: 'demo', password: `guess${k}` }))
      await new Promise((r) => setTimeout(r, 500))
    }
  })()
  return {
    stop: async () => {
      running = false
      await loop
      return tally
    },
  }
}

export async function doorRush(base: string, ask: <T>(cmd: { cmd: string; n?: number }) => Promise<T>): Promise<DoorFigure> {
  const mobiles = await ask<string[]>({ cmd: 'attendees', n: ATTENDEES })
  const failures: Record<string, number> = {}
  let loggedIn = 0
  const serverStart = await serverNow(base)
  const t0 = performance.now()
  const abuse = abuser(base)
  const perRound = Math.ceil(mobiles.length / ROUNDS)
  for (let round = 0; round < ROUNDS; round++) {
    const roundStart = await serverNow(base)
    const queue = mobiles.slice(round * perRound, (round + 1) * perRound)
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        for (let mobile = queue.shift(); mobile; mobile = queue.shift()) {
          const outcome = await arrive(base, mobile)
          if (outcome === '') loggedIn++
          else failures[outcome] = (failures[outcome] ?? 0) + 1
        }
      }),
    )
    // the rest of this round's minute passes on the server's clock
    const left = roundStart + 60_000 - (await serverNow(base))
    if (left > 0)
      await fetch(`${base}/dev/clock`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ advanceMs: left }) })
  }
  const abuserTally = await abuse.stop()
  return {
    attendees: mobiles.length,
    logged_in: loggedIn,
    failures,
    real_s: Number(((performance.now() - t0) / 1000).toFixed(1)),
    server_minutes: Number((((await serverNow(base)) - serverStart) / 60_000).toFixed(1)),
    abuser: abuserTally,
  }
}
