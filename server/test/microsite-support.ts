/**
 * Set-up of the microsite tests (microsite-*.test.ts), which together cover the microsite calls (contracts/calls/microsite.ts): bad input, who sees what (permission types
 * 1-4 on the microsite and on a page, attendee types, a login of another event), records of other
 * events, languages, formats, album pages, a switched-off microsite; and the loader behind
 * `npm run microsite:load` (checks, one transaction, sanitising on save, the seed leaving an
 * organiser's microsite alone).
 *
 * The expected access is written out here by hand (not computed with accessOf), so a change to
 * the rule has to change these tables too.
 */
import { guestLogin } from '@contracts/calls/auth'
import { COLLEAGUE_USER, DEMO_MICROSITE, DEMO_USER, LOCKED_ATTENDEE, LOCKED_EVENT } from '../src/seed'
import { loadMicrosite } from '../src/microsite/load'
import { setup, type TestContext } from './helper'

export let t: TestContext
/** logins: an attendee and a VIP of DEMO, and a login of another event (LOCKED) */
export const tokens = { attendee: '', vip: '', otherEvent: '' }
export type Viewer = 'guest' | keyof typeof tokens
export const VIEWERS: Viewer[] = ['guest', 'attendee', 'vip', 'otherEvent']
export const tokenOf = (v: Viewer) => (v === 'guest' ? undefined : tokens[v])

export async function login(eventCode: string, userName: string, password: string, extra: object = {}): Promise<string> {
  const r = await t.post(guestLogin.path, { loginType: 'account', eventCode, userName, password, ...extra })
  expect(r.body.msgId).toBe('')
  return r.body.data.token
}

export const load = (eventCode: string, file: unknown) => loadMicrosite(t.app.deps, eventCode, file)
export const demoWith = (changes: object) => ({ ...DEMO_MICROSITE, ...changes })

export const PAGE = { eventCode: 'DEMO', pageCode: 'guide' }
export const ARTICLE = { ...PAGE, articleCode: 'welcome' }
export const ALBUM = { ...PAGE, atlasCode: 'highlights', pageNo: 1, pageSize: 6 }

/** one app for the file, with the demo microsite loaded and the viewers logged in */
export function useMicrositeApp(): void {
  beforeAll(async () => {
    t = await setup()
    await t.reset()
    tokens.attendee = await login('DEMO', DEMO_USER.userName, DEMO_USER.password)
    tokens.vip = await login('DEMO', COLLEAGUE_USER.userName, COLLEAGUE_USER.password)
    tokens.otherEvent = await login(LOCKED_EVENT.eventCode, DEMO_USER.userName, DEMO_USER.password, {
      idNumber: DEMO_USER.idNumber,
      ...LOCKED_ATTENDEE,
    })
  })
  afterAll(async () => t?.close())
}
