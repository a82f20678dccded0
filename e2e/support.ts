import { expect, type Page, type APIRequestContext } from '@playwright/test'
import { msIntoServiceHours } from '../server/test/support/service-hours'

export const DEMO = {
  entry: '/?ehc=demo&ec=DEMO',
  mobile: '13800138000',
  email: 'demo@example.com',
  userName: 'demo',
  password: 'Demo@2026',
}

/**
 * a second attendee of DEMO (its own code limits: the 60 s resend rule is per number/address), of
 * attendee type 'vip' (the demo microsite's VIP page is for that type only)
 */
export const COLLEAGUE = { mobile: '13800138001', email: 'lilei@example.com', name: 'Li Lei', userName: 'lilei', password: 'Lilei@2026' }

/** types into a TextField of the login form (Taro renders <taro-input-core><input/></taro-input-core>) */
export async function fill(page: Page, name: string, value: string): Promise<void> {
  const input = page.locator(`.text-field--${name} input`)
  await input.click()
  await input.fill(value)
}

export async function chooseMode(page: Page, mode: 'mobile' | 'email' | 'account'): Promise<void> {
  await page.locator(`.login-form__tab--${mode}`).click()
}

export async function agree(page: Page): Promise<void> {
  await page.locator('.login-form__check').click()
  await expect(page.locator('.login-form__check')).toHaveClass(/is-checked/)
}

export async function submit(page: Page): Promise<void> {
  await page.locator('.login-form__submit').click()
}

/**
 * Moves the server's clock past the 60-second wait between two codes to one address: specs share
 * the colleague's mobile, and a code another spec asked for a moment ago must not refuse this one.
 */
export async function pastResendWait(request: APIRequestContext): Promise<void> {
  await request.post('/dev/clock', { data: { advanceMs: 61_000 } })
}

/** the server's clock moved into the railway's ticketing and change hours when it is not (spec §9) */
export async function inServiceHours(request: APIRequestContext): Promise<void> {
  const now = Date.parse(((await (await request.get('/dev/clock')).json()) as { now: string }).now)
  const advanceMs = msIntoServiceHours(now)
  if (advanceMs > 0) expect((await request.post('/dev/clock', { data: { advanceMs } })).ok()).toBe(true)
}

/** the newest code sent to `to`, read from the sandbox outbox the way a person reads their SMS */
export async function latestCode(request: APIRequestContext, to: string): Promise<string> {
  let code = ''
  await expect
    .poll(async () => {
      const res = await request.get(`/dev/outbox?to=${encodeURIComponent(to)}`)
      const list = (await res.json()) as Array<{ code?: string }>
      code = list[0]?.code ?? ''
      return code
    })
    .toMatch(/^\d{6}$/)
  return code
}

export async function expectToast(page: Page, text: string | RegExp): Promise<void> {
  // the .taro__toast wrapper has no box of its own (its children are position: fixed): look at the text
  await expect(page.locator('.taro__toast').getByText(text).first()).toBeVisible()
}

/** from the event link to home by user name and password, the way a person does it */
export async function loginWithPassword(page: Page, entry: string = DEMO.entry, who: { userName: string; password: string } = DEMO): Promise<void> {
  await page.goto(entry)
  await chooseMode(page, 'account')
  await fill(page, 'userName', who.userName)
  await fill(page, 'password', who.password)
  await agree(page)
  await submit(page)
  await expect(page).toHaveURL(/\/home/)
}
